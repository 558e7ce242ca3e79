package players

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
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
	for {
		select {
		case <-p.exited:
			return
		case <-tick.C:
		}
		pids := processTree(p.Pid())
		var msg string
		if p.spec.MaxProcesses > 0 && len(pids) > p.spec.MaxProcesses {
			msg = fmt.Sprintf("started too many processes: %d running, limit %d", len(pids), p.spec.MaxProcesses)
		}
		if msg == "" && p.spec.MaxMemory > 0 {
			var rss int64
			for _, pid := range pids {
				rss += residentPages(pid) * pageSize
			}
			if rss > p.spec.MaxMemory {
				msg = fmt.Sprintf("used too much memory: %d MiB, limit %d MiB", rss>>20, p.spec.MaxMemory>>20)
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

// processTree lists a process and its descendants (through /proc/PID/task/TID/children).
func processTree(root int) []int {
	tree := []int{root}
	for i := 0; i < len(tree) && len(tree) < 100000; i++ {
		tasks, err := os.ReadDir("/proc/" + strconv.Itoa(tree[i]) + "/task")
		if err != nil {
			continue
		}
		for _, t := range tasks {
			b, err := os.ReadFile("/proc/" + strconv.Itoa(tree[i]) + "/task/" + t.Name() + "/children")
			if err != nil {
				continue
			}
			for _, f := range strings.Fields(string(b)) {
				if pid, err := strconv.Atoi(f); err == nil {
					tree = append(tree, pid)
				}
			}
		}
	}
	return tree
}

// residentPages reads a process's resident set size, in pages.
func residentPages(pid int) int64 {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	v, _ := strconv.ParseInt(f[1], 10, 64)
	return v
}
