package replays

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The stream's writer runs in the idle scheduling class, so that it never takes a CPU from
// a bot: one thread of the process, and only while the stream is open. When its goroutine
// ends, the runtime ends the thread, or parks it for good if it is the main thread (which
// cannot end): no other goroutine runs on it again.
func TestWriterRunsInTheIdleClass(t *testing.T) {
	before := idleThreadsAfterAWhile(t)
	if len(before) > 1 || len(before) == 1 && before[0] != os.Getpid() {
		t.Fatalf("idle threads before the stream: %v", before)
	}
	s, err := Create(filepath.Join(t.TempDir(), "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	s.Final(recordQueens(t, 3), 5)
	s.caughtUp()
	if open := idleThreads(t); len(open) != len(before)+1 {
		t.Errorf("idle threads while a stream is open: %v (before: %v), want the writer's too", open, before)
	}
	s.Abort()
	if after := idleThreadsAfterAWhile(t); len(after) > 1 || len(after) == 1 && after[0] != os.Getpid() {
		t.Errorf("idle threads left after the stream ended: %v (only a parked main thread may stay)", after)
	}
}

// idleThreadsAfterAWhile gives a thread whose goroutine ended the time to end too (the
// runtime ends it on its own schedule): the count once it is zero, or after a second.
func idleThreadsAfterAWhile(t *testing.T) []int {
	n := idleThreads(t)
	for deadline := time.Now().Add(time.Second); len(n) > 1 && time.Now().Before(deadline); n = idleThreads(t) {
		time.Sleep(time.Millisecond)
	}
	return n
}

// idleThreads lists the process's threads whose scheduling policy is SCHED_IDLE (5): the
// 41st field of /proc/self/task/TID/stat.
func idleThreads(t *testing.T) []int {
	t.Helper()
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		t.Skip(err)
	}
	var idle []int
	for _, task := range tasks {
		stat, err := os.ReadFile(filepath.Join("/proc/self/task", task.Name(), "stat"))
		if err != nil {
			continue // the thread ended
		}
		// Fields after the command (in parentheses, which may hold spaces) start at 3.
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(fields) > 38 && fields[38] == "5" {
			tid, _ := strconv.Atoi(task.Name())
			idle = append(idle, tid)
		}
	}
	return idle
}
