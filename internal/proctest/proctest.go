// Package proctest helps tests follow the processes a bot starts: the pid files its script
// writes, and whether those processes still run.
package proctest

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// WaitPidFile waits (up to 30 s) for a script to write a pid into path and returns it.
func WaitPidFile(t testing.TB, path string) int {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile(path)
		if pid, perr := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && perr == nil {
			return pid
		}
	}
	t.Fatalf("no pid written to %s", path)
	return 0
}

// Alive reports whether a process exists and is not a zombie waiting to be reaped.
func Alive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')') // the command name may hold anything, ')' included
	return i >= 0 && i+2 < len(s) && s[i+2] != 'Z'
}

// WaitGone waits (up to 20 s) for a process to end, and reports whether it did. A killed
// process dies once the kernel next runs it, which on a busy machine can take a while:
// a check made at once would blame a kill that is only pending.
func WaitGone(pid int) bool {
	for deadline := time.Now().Add(20 * time.Second); Alive(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			return false
		}
	}
	return true
}
