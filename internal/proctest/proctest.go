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
