package players

import (
	"os"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

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
		got, ok := schedstatField([]byte(tc.in), tc.k)
		if got != tc.want || ok != tc.ok {
			t.Errorf("schedstatField(%q, %d) = %d, %v; want %d, %v", tc.in, tc.k, got, ok, tc.want, tc.ok)
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
	if !first.rqOK {
		t.Fatal("no runqueue reading from /proc/PID/schedstat")
	}
	if _, err := p.Write("go\n", time.Now().Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.ReadLines(1, time.Now().Add(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	u := p.Sample().Since(first)
	if !u.CPUOK || u.CPU <= 0 {
		t.Errorf("usage %+v: want CPU time measured", u)
	}
	if u.Runqueue < 0 {
		t.Errorf("runqueue wait went back: %v", u.Runqueue)
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
	onCPUKept, _ := schedstatField(kept[:n], 0)
	onCPUFresh, _ := schedstatField(fresh, 0)
	if onCPUKept <= 0 || onCPUKept > onCPUFresh {
		t.Errorf("time on CPU: %d through the kept descriptor, %d through a fresh open", onCPUKept, onCPUFresh)
	}
}
