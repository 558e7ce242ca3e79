package players

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// resourcePoll is how often a bot's memory and process count are checked.
const resourcePoll = 25 * time.Millisecond

// watchResources checks the bot's tree while it runs and stops it when it goes over its
// memory or process limit, so that the limit is reported as such (status "limit") rather
// than as whatever crash it would otherwise cause.
func (p *Process) watchResources() {
	tick := time.NewTicker(resourcePoll)
	defer tick.Stop()
	pageSize := int64(os.Getpagesize())
	var memfds memfdWatch
	groups.acquire()
	defer groups.release()
	for {
		select {
		case <-p.exited:
			return
		case <-tick.C:
		}
		pids := withOrphans(processTree(p.Pid()), p.Pid())
		var msg string
		if p.spec.MaxProcesses > 0 && len(pids) > p.spec.MaxProcesses {
			msg = fmt.Sprintf("started too many processes: %d running, limit %d", len(pids), p.spec.MaxProcesses)
		}
		if msg == "" && p.spec.MaxMemory > 0 {
			var rss int64
			for _, pid := range pids {
				rss += residentPages(pid) * pageSize
			}
			rss += memfds.held(pids)
			if rss > p.spec.MaxMemory {
				msg = memoryMessage(rss, p.spec.MaxMemory)
			}
		}
		if msg == "" {
			continue
		}
		p.mu.Lock()
		p.limitErr = &Error{Kind: KindLimit, Msg: msg}
		p.mu.Unlock()
		p.signalTree(syscall.SIGKILL)
		p.interrupt()
		return
	}
}

// memoryMessage says a bot used rss bytes over its limit. The MiB it used are rounded up:
// rounded down, a bot over its limit by less than one would read as within it ("100 MiB,
// limit 100 MiB").
func memoryMessage(rss, limit int64) string {
	return fmt.Sprintf("used too much memory: %d MiB, limit %d MiB", (rss+1<<20-1)>>20, limit>>20)
}

// processTree lists a process and its descendants (through /proc/PID/task/TID/children).
func processTree(root int) []int {
	tree := []int{root}
	buf := make([]byte, 512)
	for i := 0; i < len(tree) && len(tree) < 100000; i++ {
		task := "/proc/" + strconv.Itoa(tree[i]) + "/task/"
		for _, tid := range procDirPids(task) {
			var children []byte
			children, buf = readProc(task+strconv.Itoa(tid)+"/children", buf)
			for k := 0; ; k++ {
				f := field(children, k)
				if f == nil {
					break
				}
				if pid, ok := atoi(f); ok {
					tree = append(tree, int(pid))
				}
			}
		}
	}
	return tree
}

// withOrphans adds to a bot's process tree the processes of its process group that are not
// in the tree: the orphans of a double fork (a child that forks and exits at once), which
// the kernel hands to init, so that the limits count them too. The group is the bot's pid
// (it is started in a group of its own); the shared scan says who was in it a moment ago,
// and each of those few is looked at again now.
func withOrphans(tree []int, group int) []int {
	members := groups.members(group)
	if len(members) == 0 {
		return tree
	}
	in := make(map[int]bool, len(tree))
	for _, pid := range tree {
		in[pid] = true
	}
	for _, pid := range members {
		if !in[pid] && groupOf(pid) == group {
			tree = append(tree, pid)
		}
	}
	return tree
}

// groupScanEvery is how often the shared scan lists the machine's process groups: orphans
// are rare, and reading every process's stat is work for the whole machine's processes.
const groupScanEvery = 250 * time.Millisecond

// groups is the shared scan of the process groups, running while some bot is watched.
var groups groupScan

type groupScan struct {
	mu      sync.Mutex
	users   int
	stop    chan struct{}
	byGroup map[int][]int // process group → its processes, at the last scan
}

func (g *groupScan) acquire() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.users++
	if g.users == 1 {
		g.stop = make(chan struct{})
		go g.run(g.stop)
	}
}

func (g *groupScan) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.users--
	if g.users == 0 {
		close(g.stop)
		g.byGroup = nil
	}
}

func (g *groupScan) run(stop chan struct{}) {
	tick := time.NewTicker(groupScanEvery)
	defer tick.Stop()
	for {
		found := scanGroups()
		g.mu.Lock()
		select {
		case <-stop:
			g.mu.Unlock()
			return
		default:
		}
		g.byGroup = found
		g.mu.Unlock()
		select {
		case <-stop:
			return
		case <-tick.C:
		}
	}
}

func (g *groupScan) members(group int) []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.byGroup[group]
}

// scanGroups lists every process of the machine by process group, but those alone in theirs.
func scanGroups() map[int][]int {
	found := map[int][]int{}
	buf := make([]byte, 1024)
	for _, pid := range procDirPids("/proc") {
		var group int
		if group, buf = readGroup(pid, buf); group > 0 && group != pid {
			found[group] = append(found[group], pid)
		}
	}
	return found
}

// groupOf reads a process's process group from /proc/PID/stat (0 when it is gone).
func groupOf(pid int) int {
	group, _ := readGroup(pid, make([]byte, 1024))
	return group
}

// readGroup is groupOf reading into buf, which it returns (grown if it had to).
func readGroup(pid int, buf []byte) (int, []byte) {
	stat, buf := readProc("/proc/"+strconv.Itoa(pid)+"/stat", buf)
	// "pid (comm) state ppid pgrp ...".
	group, _ := atoi(statField(stat, 2))
	return int(group), buf
}

// memfdWatch keeps what memfdBytes last found of a bot's tree. A look at every open
// descriptor of the tree costs about as much as the rest of the watch's look for a bot of a
// few descriptors, and in proportion to how many it holds, up to hundreds of thousands: it
// is made every memfdEvery, and only once the watch has spent nine times as long without
// it, so that a bot holding that many cannot make the watch take a CPU from the others.
type memfdWatch struct {
	bytes int64
	next  time.Time
}

// memfdEvery is how often the memory files are looked for: a bot hoarding memory that way
// is stopped a few looks later than one whose resident memory grows, but stopped all the
// same, and the usual bot, which holds none, does not pay for the look every 25 ms.
const memfdEvery = 250 * time.Millisecond

func (w *memfdWatch) held(pids []int) int64 {
	if start := time.Now(); !start.Before(w.next) {
		w.bytes = memfdBytes(pids)
		w.next = start.Add(max(memfdEvery, 10*time.Since(start)))
	}
	return w.bytes
}

// memfdBytes is the memory held by the memory files (memfd_create) the processes have
// open, each file counted once: what is written into one is memory, freed only when
// the last descriptor closes, but it is resident memory of no process until it is
// mapped, so a bot could hold any amount of it under its resident-memory limit. (A file
// also mapped is counted in both.)
func memfdBytes(pids []int) int64 {
	var total int64
	var seen map[uint64]bool
	link := make([]byte, 64)
	for _, pid := range pids {
		dir := "/proc/" + strconv.Itoa(pid) + "/fd/"
		for _, fd := range procDirPids(dir) {
			path := dir + strconv.Itoa(fd)
			n, err := unix.Readlink(path, link)
			if err != nil || !bytes.HasPrefix(link[:n], []byte("/memfd:")) {
				continue
			}
			var st unix.Stat_t
			if unix.Stat(path, &st) != nil || seen[st.Ino] {
				continue
			}
			if seen == nil {
				seen = map[uint64]bool{}
			}
			seen[st.Ino] = true
			total += st.Blocks * 512
		}
	}
	return total
}

// residentPages reads a process's resident set size, in pages: the second field of
// /proc/PID/statm.
func residentPages(pid int) int64 {
	statm, _ := readProc("/proc/"+strconv.Itoa(pid)+"/statm", make([]byte, 128))
	pages, _ := atoi(field(statm, 1))
	return pages
}
