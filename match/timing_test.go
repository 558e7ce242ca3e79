package match

import (
	"testing"
	"time"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/referee"
)

// Under --time-scale the compute limit a bot is judged against is scaled, and its verdict
// says from what: the referee's message beside it quotes the game's own limits (towers:
// "over the hard compute limit on turn 4 … (60ms CPU …): used …"). An answer within the
// soft limit but over 80% of it is near the limit.
func TestComputeVerdictNamesTheLimitApplied(t *testing.T) {
	lim := &referee.ComputeLimit{SoftCPU: 20 * time.Millisecond, HardCPU: 60 * time.Millisecond}
	cpu := func(ms int) players.Usage {
		return players.Usage{CPU: time.Duration(ms) * time.Millisecond, CPUOK: true}
	}
	for _, c := range []struct {
		name     string
		usage    players.Usage
		wall     time.Duration
		scale    float64
		answered bool
		verdict  referee.Verdict
		message  string
		near     bool // over 80% of the soft limit, within it
	}{
		{"within", cpu(10), 0, 1, true, referee.VerdictOK, "used 10 ms of CPU time", false},
		{"near", cpu(17), 0, 1, true, referee.VerdictOK, "used 17 ms of CPU time", true},
		{"near, scaled", cpu(33), 0, 2, true, referee.VerdictOK, "used 33 ms of CPU time", true},
		{"not near, scaled", cpu(31), 0, 2, true, referee.VerdictOK, "used 31 ms of CPU time", false},
		{"near, no meter", players.Usage{}, 18 * time.Millisecond, 1, true, referee.VerdictOK, "used 18 ms of wall time (no CPU meter)", true},
		{"soft", cpu(27), 0, 1, true, referee.VerdictSoft, "used 27 ms of CPU time, over the soft limit of 20 ms", false},
		{"hard", cpu(75), 0, 1, true, referee.VerdictHard, "used 75 ms of CPU time, over the hard limit of 60 ms", false},
		{"hard, scaled", cpu(130), 0, 2, true, referee.VerdictHard, "used 130 ms of CPU time, over the hard limit of 120 ms (60 ms × --time-scale 2)", false},
		{"hard, scaled down", cpu(31), 0, 0.5, true, referee.VerdictHard, "used 31 ms of CPU time, over the hard limit of 30 ms (60 ms × --time-scale 0.5)", false},
		{"soft, scaled", cpu(75), 0, 2, true, referee.VerdictSoft, "used 75 ms of CPU time, over the soft limit of 40 ms (20 ms × --time-scale 2)", false},
		{"no meter, scaled", players.Usage{}, 50 * time.Millisecond, 2, true, referee.VerdictSoft, "used 50 ms of wall time (no CPU meter), over the soft limit of 40 ms (20 ms × --time-scale 2)", false},
		{"stopped", cpu(61), 0, 1, false, referee.VerdictHard, "used 61 ms of CPU time without answering, over the hard limit of 60 ms", false},
	} {
		verdict, message, near := computeVerdict(lim, c.usage, c.wall, c.scale, c.answered)
		if verdict != c.verdict || message != c.message || near != c.near {
			t.Errorf("%s: %q %q near %v, want %q %q near %v", c.name, verdict, message, near, c.verdict, c.message, c.near)
		}
	}
}
