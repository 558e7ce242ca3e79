package match

import (
	"testing"
	"time"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/referee"
)

// What a bot that has not answered is judged against while it is waited for: the CPU
// clock's limit on its CPU time, the hard compute limit on its best measure; and a metered
// bot whose counters cannot be read (reaped) is not judged on the wall time instead.
func TestWatchWhileWaiting(t *testing.T) {
	hard := &referee.ComputeLimit{SoftCPU: 20 * time.Millisecond, HardCPU: 60 * time.Millisecond, SoftInstructions: 1000, HardInstructions: 3000}
	cpu := func(ms int) players.Usage {
		return players.Usage{CPU: time.Duration(ms) * time.Millisecond, CPUOK: true}
	}
	for _, tc := range []struct {
		name   string
		w      watch
		u      players.Usage
		waited time.Duration
		want   overLimit
	}{
		{"within the CPU clock's limit", watch{clock: 50 * time.Millisecond, metered: true, scale: 1}, cpu(40), time.Second, overNothing},
		{"over the CPU clock's limit", watch{clock: 50 * time.Millisecond, metered: true, scale: 1}, cpu(51), time.Second, overClock},
		{"within the hard compute limit", watch{compute: hard, metered: true, scale: 1}, cpu(59), time.Second, overNothing},
		{"over the hard compute limit", watch{compute: hard, metered: true, scale: 1}, cpu(61), time.Second, overCompute},
		{"over it with the time scaled", watch{compute: hard, metered: true, scale: 2}, cpu(61), time.Second, overNothing},
		{"instructions counted", watch{compute: hard, metered: true, scale: 1}, players.Usage{Instructions: 3001, InstrOK: true, CPU: time.Millisecond, CPUOK: true}, time.Second, overCompute},
		{"counters unreadable: not judged on the wall time", watch{compute: hard, metered: true, scale: 1}, players.Usage{}, time.Second, overNothing},
		{"--no-meter: judged on the wall time", watch{compute: hard, metered: false, scale: 1}, players.Usage{}, 61 * time.Millisecond, overCompute},
		{"the CPU clock's limit first", watch{clock: 50 * time.Millisecond, compute: hard, metered: true, scale: 1}, cpu(70), time.Second, overClock},
	} {
		if got := tc.w.over(tc.u, tc.waited); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
