package players

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// A marker is "<runner pid>-<process nonce>-<random>": unique per bot, and traceable to the
// arena process that started it (by its pid, for its warden once it is gone).
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
// ended it should be empty. For this process, only its own markers count: pids are reused
// (every 32768 processes by default), and what an earlier arena of the same pid left behind
// when it was killed with its warden (pkill -9 arena) is not this one's; the markers this
// process gives carry a nonce of its own after the pid.
func FindMarkedByRunner(runnerPid int) []int {
	prefix := markerPrefix(runnerPid)
	if runnerPid == os.Getpid() {
		prefix += processNonce + "-"
	}
	return scanEnviron([]byte("\x00" + MarkerVar + "=" + prefix))
}

// processNonce tells this process's markers from those of an earlier process of the same
// pid.
var processNonce = func() string {
	b := make([]byte, 4)
	rand.Read(b)
	return hex.EncodeToString(b)
}()

// scanEnviron lists the processes whose environment holds needle (which starts and ends
// with a NUL, or starts with one for a prefix). Every bot's stop runs it over all of /proc,
// so it reads each environment with one open, one read and one close into a reused
// buffer, rather than os.ReadFile's five system calls and fresh buffers.
func scanEnviron(needle []byte) []int {
	self := os.Getpid()
	var pids []int
	buf := make([]byte, 64<<10)
	path := make([]byte, 0, 32)
	for _, pid := range procDirPids("/proc") {
		if pid == self {
			continue
		}
		path = strconv.AppendInt(append(path[:0], "/proc/"...), int64(pid), 10)
		path = append(path, "/environ"...)
		var haystack []byte // NUL, the environment, NUL: every entry between NULs
		if haystack, buf = readEnviron(string(path), buf); len(haystack) <= 2 {
			continue // gone, a zombie, or not ours to read
		}
		if bytes.Contains(haystack, needle) {
			pids = append(pids, pid)
		}
	}
	return pids
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
