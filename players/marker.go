package players

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// A marker is "<runner pid>-<random>": unique per bot, and traceable to the arena process
// that started it.
func markerPrefix(runnerPid int) string { return fmt.Sprintf("%d-", runnerPid) }

// FindMarked returns the pids of the live processes whose environment carries
// MarkerVar=marker: a bot's descendants, even those that left its process group. Processes
// that cleared their environment cannot be found this way; the process group and the
// parent-death signal cover the rest.
func FindMarked(marker string) []int {
	return scanEnviron([]byte("\x00" + MarkerVar + "=" + marker + "\x00"))
}

// FindMarkedByRunner returns the pids of the live processes carrying the marker of any bot
// started by the arena process runnerPid (os.Getpid() for this one): after every game has
// ended it should be empty. For this process, only the markers it gave are counted: pids
// are reused (every 32768 processes by default), and what an earlier arena of the same pid
// left behind when it was killed with its warden (pkill -9 arena) is not this one's.
func FindMarkedByRunner(runnerPid int) []int {
	needle := []byte("\x00" + MarkerVar + "=" + markerPrefix(runnerPid))
	if runnerPid != os.Getpid() {
		return scanEnviron(needle)
	}
	var pids []int
	for pid, marker := range scanMarkers(needle) {
		if givenHere(marker) {
			pids = append(pids, pid)
		}
	}
	slices.Sort(pids)
	return pids
}

// given holds the markers this process has given its bots.
var given struct {
	sync.Mutex
	markers map[string]bool
}

func rememberGiven(marker string) {
	given.Lock()
	defer given.Unlock()
	if given.markers == nil {
		given.markers = map[string]bool{}
	}
	given.markers[marker] = true
}

func givenHere(marker string) bool {
	given.Lock()
	defer given.Unlock()
	return given.markers[marker]
}

// scanMarkers is scanEnviron that also says which marker each process carries: needle is
// "\x00MarkerVar=" and the start of the value.
func scanMarkers(needle []byte) map[int]string {
	found := map[int]string{}
	eachEnviron(func(pid int, env []byte) {
		if i := bytes.Index(env, needle); i >= 0 {
			value := env[i+len("\x00"+MarkerVar+"="):]
			found[pid] = string(value[:bytes.IndexByte(value, 0)]) // env ends with a NUL
		}
	})
	return found
}

// scanEnviron lists the processes whose environment holds needle (which starts and ends
// with a NUL, or starts with one for a prefix). Every bot's stop runs it over all of /proc,
// so it reads each environment with one open, one read and one close into a reused
// buffer, rather than os.ReadFile's five system calls and fresh buffers.
func scanEnviron(needle []byte) []int {
	var pids []int
	eachEnviron(func(pid int, env []byte) {
		if bytes.Contains(env, needle) {
			pids = append(pids, pid)
		}
	})
	return pids
}

// eachEnviron calls f with every other process's environment that can be read: a NUL, the
// environment, a NUL, so that every entry is between NULs. env is only valid during f.
func eachEnviron(f func(pid int, env []byte)) {
	self := os.Getpid()
	buf := make([]byte, 64<<10)
	path := make([]byte, 0, 32)
	for _, pid := range procDirPids("/proc") {
		if pid == self {
			continue
		}
		path = strconv.AppendInt(append(path[:0], "/proc/"...), int64(pid), 10)
		path = append(path, "/environ"...)
		var haystack []byte
		if haystack, buf = readEnviron(string(path), buf); len(haystack) <= 2 {
			continue // gone, a zombie, or not ours to read
		}
		f(pid, haystack)
	}
}

// readEnviron reads a process's environment into buf, between a NUL before and a NUL
// after, and returns it with the buffer (grown when the environment did not fit).
func readEnviron(path string, buf []byte) (env, grown []byte) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, buf
	}
	defer unix.Close(fd)
	buf[0] = 0
	n := 1
	for {
		if len(buf)-n < 2 {
			buf = append(buf, make([]byte, len(buf))...)
		}
		m, err := unix.Read(fd, buf[n:len(buf)-1])
		if err == unix.EINTR {
			continue
		}
		if err != nil || m <= 0 {
			buf[n] = 0
			return buf[:n+1], buf
		}
		n += m
	}
}
