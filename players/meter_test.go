package players

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/arena-games/arena/internal/proctest"
)

// The schedstat counters are read as the other /proc fields are (field, atoi).
func TestSchedstatField(t *testing.T) {
	tests := []struct {
		in   string
		k    int
		want int64
		ok   bool
	}{
		{"123 456 7\n", 0, 123, true},
		{"123 456 7\n", 1, 456, true},
		{"123 456 7\n", 2, 7, true},
		{"123  456 7\n", 1, 456, true},
		{"123 456 7\n", 3, 0, false},
		{"123\n", 1, 0, false},
		{"", 0, 0, false},
		{"x 1 2\n", 0, 0, false},
	}
	for _, tc := range tests {
		got, ok := atoi(field([]byte(tc.in), tc.k))
		if got != tc.want || ok != tc.ok {
			t.Errorf("atoi(field(%q, %d)) = %d, %v; want %d, %v", tc.in, tc.k, got, ok, tc.want, tc.ok)
		}
	}
}

// The schedstat file is opened while the launcher holds the bot; it must still describe the
// bot after the launcher's exec, and a sample must see the bot's CPU time grow.
func TestSampleFollowsTheBotThroughTheLauncher(t *testing.T) {
	p := start(t, `while read l; do i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; echo done; done`, func(s *Spec) { s.Meter = MeterCounters })
	defer p.Stop(time.Second)
	if p.MeterName() == MeterNone {
		t.Skip("no meter on this machine")
	}
	first := p.Sample()
	if p.meter.schedstat < 0 {
		t.Fatal("/proc/PID/schedstat was not opened")
	}
	if _, err := p.Write("go\n", time.Now().Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.ReadLines(1, time.Now().Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	u := p.Sample().Since(first)
	if !u.CPUOK || u.CPU <= 0 {
		t.Errorf("usage %+v: want CPU time measured", u)
	}
	// The kept descriptor reads the same task as a fresh open: the bot, not the launcher.
	var kept [96]byte
	n, err := unix.Pread(p.meter.schedstat, kept[:], 0)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := os.ReadFile("/proc/" + strconv.Itoa(p.Pid()) + "/schedstat")
	if err != nil {
		t.Fatal(err)
	}
	onCPUKept, _ := atoi(field(kept[:n], 0))
	onCPUFresh, _ := atoi(field(fresh, 0))
	if onCPUKept <= 0 || onCPUKept > onCPUFresh {
		t.Errorf("time on CPU: %d through the kept descriptor, %d through a fresh open", onCPUKept, onCPUFresh)
	}
}

// computeBotEnv makes this test binary a bot that, for each line it reads, computes for the
// given number of milliseconds of its own CPU time, then answers "done".
const computeBotEnv = "ARENA_TEST_COMPUTE_MS"

func computeBot(msText string) {
	ms, err := strconv.Atoi(msText)
	if err != nil {
		panic(err)
	}
	runtime.LockOSThread() // the thread's own CPU clock is the time computed
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		var start, now unix.Timespec
		unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &start)
		for {
			unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &now)
			if time.Duration(now.Nano()-start.Nano()) >= time.Duration(ms)*time.Millisecond {
				break
			}
		}
		fmt.Println("done")
	}
}

// computeSpec starts this test binary as a bot computing ms of CPU time per line.
func computeSpec(t *testing.T, ms int) Spec {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Spec{Name: "compute", Argv: []string{self}, Env: []string{computeBotEnv + "=" + strconv.Itoa(ms)}, Meter: MeterProcessCPU}
}

// exchangeTimed writes a line and reads the answer, returning how long that took.
func exchangeTimed(t *testing.T, p *Process) time.Duration {
	t.Helper()
	start := time.Now()
	if _, err := p.Write("go\n", start.Add(20*time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.ReadLines(1, start.Add(20*time.Second)); err != nil {
		t.Fatal(err)
	}
	return time.Since(start)
}

// A bot that shares its CPU with three spinning processes waits for the CPU most of the
// time it takes to answer, and RunqueueWait says so; a bot that sleeps waits for nothing;
// an answer that is there before the runner waits for it has no wait read at all.
func TestRunqueueWait(t *testing.T) {
	t.Run("behind spinning processes", func(t *testing.T) {
		cpu := proctest.Spin(t, 3)
		spec := computeSpec(t, 30)
		spec.CPUs = []int{cpu}
		p, err := Start(spec)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Stop(time.Second)
		before := p.Sample()
		took := exchangeTimed(t, p)
		cpuTime := p.Sample().Since(before).CPU
		rq, ok := p.RunqueueWait()
		if !ok {
			t.Fatal("no run-queue wait read for an answer the runner waited for")
		}
		// Sharing the CPU four ways, the bot waits about three times its 30 ms of CPU.
		if rq < 30*time.Millisecond || rq > took {
			t.Errorf("waited %v for a CPU, computed %v, answered in %v: want a wait of at least 30 ms, within the answer's time", rq, cpuTime, took)
		}
	})
	t.Run("sleeping", func(t *testing.T) {
		p := start(t, `while read l; do sleep 0.2; echo done; done`, func(s *Spec) { s.Meter = MeterProcessCPU })
		took := exchangeTimed(t, p)
		rq, ok := p.RunqueueWait()
		if !ok || rq > took/4 {
			t.Errorf("a bot asleep for 200 ms of %v: waited %v for a CPU (known: %v), want known and little", took, rq, ok)
		}
	})
	t.Run("answer already there", func(t *testing.T) {
		p := start(t, `while read l; do echo done; done`, func(s *Spec) { s.Meter = MeterProcessCPU })
		if _, err := p.Write("go\n", time.Now().Add(20*time.Second)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond) // the answer is in the pipe, or already read by the drain
		if _, _, err := p.ReadLines(1, time.Now().Add(20*time.Second)); err != nil {
			t.Fatal(err)
		}
		if rq, ok := p.RunqueueWait(); ok {
			t.Errorf("an answer read without waiting: run-queue wait %v read, want none", rq)
		}
	})
}
