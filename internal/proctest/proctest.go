// Package proctest helps tests follow the processes a bot starts (the pid files its script
// writes, and whether those processes still run), read what runs beside them writes, and
// keep a CPU busy.
package proctest

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
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

// Spin keeps n processes spinning on one CPU this process may use, until the test ends,
// and returns that CPU: a bot pinned there waits for it most of the time. The test is
// skipped where processes cannot be pinned.
func Spin(t testing.TB, n int) int {
	t.Helper()
	var self unix.CPUSet
	if err := unix.SchedGetaffinity(0, &self); err != nil {
		t.Skip(err)
	}
	cpu := 0
	for !self.IsSet(cpu) {
		cpu++
	}
	var set unix.CPUSet
	set.Set(cpu)
	for range n {
		hog := exec.Command("sh", "-c", "while :; do :; done")
		if err := hog.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { hog.Process.Kill(); hog.Wait() })
		if err := unix.SchedSetaffinity(hog.Process.Pid, &set); err != nil {
			t.Skipf("cannot pin a process to CPU %d: %v", cpu, err)
		}
	}
	return cpu
}

// Buffer is a buffer that a process's output or a logger may write from other goroutines
// while the test reads it.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// HangUpDefault makes a hang-up (SIGHUP) kill or reach the processes the test starts from
// now on, as it does without nohup, until the test ends. Run under nohup, the tests would
// pass the signal on ignored, and a process that honours nohup, as arena does, rightly
// plays on; a handler in the test process is reset to the default in what it starts.
func HangUpDefault(t testing.TB) {
	if !signal.Ignored(syscall.SIGHUP) {
		return
	}
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	t.Cleanup(func() { signal.Stop(hup) })
}
