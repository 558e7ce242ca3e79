package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arena-games/arena/bench/floor"
	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/queens"
	"github.com/arena-games/arena/referee"
	_ "github.com/arena-games/arena/referee/queens"
	_ "github.com/arena-games/arena/referee/towers"
	"github.com/arena-games/arena/replays"
)

// builtinEnv makes this test binary play a built-in bot instead of running tests (see
// TestMain), so that games can pit real subprocesses against the built-ins.
const builtinEnv = "ARENA_TEST_BUILTIN"

func TestMain(m *testing.M) {
	name := os.Getenv(builtinEnv)
	if os.Getenv(floor.PeerEnv) != "" {
		name = "floor/peer" // bench/floor starts this binary as its peer (scripts/bench.sh)
	}
	if name != "" {
		game, bot, _ := cutSlash(name)
		b, err := builtin.Lookup(game, bot)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		if err := b(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func cutSlash(s string) (string, string, bool) {
	for i := range s {
		if s[i] == '/' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

func builtinPlayer(t *testing.T, name string) Player {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return Player{Name: "builtin:" + name, Command: "builtin:" + name, Argv: []string{self}, Env: []string{builtinEnv + "=" + name}}
}

func hostile(mode string) Player {
	argv := []string{"python3", "testdata/hostile/bot.py", mode}
	return Player{Name: mode, Command: "python3 testdata/hostile/bot.py " + mode, Argv: argv}
}

// busyNote is what a timeout's message may end with when the machine, busy, kept the bot
// waiting for a CPU (README: "a timeout caused that way says so"); nothing else may follow
// the reason.
const busyNote = `(; the machine was busy: the bot waited [\d.]+ ms for a CPU \(--clock=cpu measures the bot's own time\))?$`

// The hostile-bot suite: each bot plays a queens game against the greedy built-in; the
// game must end within seconds with the right status, and nothing it started may survive.
func TestHostileBots(t *testing.T) {
	queens, err := referee.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	// The status and message of each hostile bot, on limits that leave no doubt: 100 times
	// CodinGame's (100 s for the first answer, 5 s after), so that a busy machine cannot
	// turn a well-played turn into a timeout (one kept a bot waiting 1.3 s for a CPU, past
	// the 1 s of 20 times); they only bound the waits, the games take no longer. A bot
	// that is late after good answers sleeps 30 s: far beyond the limit of its turn, and
	// short of the first answer's. A bot that never answers has 5 times CodinGame's
	// limits, whose first its message names: the opponent's first answer needs that room
	// too. A timeout on a busy machine may say so after its reason (busyNote).
	tests := []struct {
		mode     string
		status   referee.Status
		message  string  // regexp
		opponent string  // default queens/greedy; "hostile:MODE" is a hostile bot
		scale    float64 // default 100
	}{
		{"plain", referee.StatusOK, "", "", 0},
		{"never", referee.StatusTimeout, `^no answer within 5000 ms` + busyNote, "", 5},
		{"late3", referee.StatusTimeout, `^no answer within 5000 ms` + busyNote, "", 0},
		{"sleepafter1", referee.StatusTimeout, `^no answer within 5000 ms` + busyNote, "", 0},
		{"exit3", referee.StatusCrash, `^exited with code 3$`, "", 0},
		{"sigSIGSEGV", referee.StatusCrash, `^killed by signal 11 \(segmentation fault\)$`, "", 0},
		{"sigSIGABRT", referee.StatusCrash, `^killed by signal 6 \(aborted\)$`, "", 0},
		{"sigSIGKILL", referee.StatusCrash, `^killed by signal 9 \(killed\)$`, "", 0},
		{"sigSIGTERM", referee.StatusCrash, `^killed by signal 15 \(terminated\)$`, "", 0},
		{"sigSIGBUS", referee.StatusCrash, `^killed by signal 7 \(bus error\)$`, "", 0},
		{"sigSIGFPE", referee.StatusCrash, `^killed by signal 8 \(floating point exception\)$`, "", 0},
		{"closeout", referee.StatusCrash, `^closed its output but kept running$`, "", 0},
		{"hugeline", referee.StatusLimit, `^printed a line longer than 1 MiB: "x{60}"…$`, "", 0},
		{"toomany", referee.StatusInvalid, `WAIT`, "", 0},
		// Every line of the flood is a valid answer, read one turn at a time: against an
		// opponent that only waits, and with the flooding bot still reading its input, the
		// game lasts its 250 turns, which leaves the flood far more time than it needs to
		// pass 1 MiB (against greedy, a bot starved of CPU on a busy machine could lose its
		// queen first).
		{"flood", referee.StatusLimit, `^flooded its output: more than 1 MiB not read as answers, starting ("WAIT {56}"… \(944 more bytes\)|"TRAIN")$`, "hostile:plain", 0},
		{"stderrflood", referee.StatusOK, "", "", 0},
		// Against random the game lasts long enough for its unread input to fill the pipe.
		{"noread", referee.StatusTimeout, `^did not read its input \(limit 5000 ms\)` + busyNote, "queens/random", 0},
		{"forkhold", referee.StatusCrash, `^exited with code 0$`, "", 0},
		{"daemon", referee.StatusOK, "", "", 0},
		{"ignoreterm", referee.StatusOK, "", "", 0},
		{"memory", referee.StatusLimit, `^used too much memory: \d+ MiB, limit 768 MiB$`, "", 0},
		{"forkbomb", referee.StatusLimit, `^started too many processes: \d+ running, limit 64$`, "", 0},
		// Orphans of a double fork are counted too (they stay in the bot's process group).
		{"doublefork", referee.StatusLimit, `^started too many processes: \d+ running, limit 64$`, "", 0},
		{"doubleforkmemory", referee.StatusLimit, `^used too much memory: \d+ MiB, limit 768 MiB$`, "", 0},
		{"spin", referee.StatusOK, "", "", 0},
		{"noflush", referee.StatusTimeout, `^no answer within 5000 ms` + busyNote, "", 5},
		{"badbytes", referee.StatusInvalid, `\\ufffd|\\x00|�`, "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			start := time.Now()
			opponent := tc.opponent
			if opponent == "" {
				opponent = "queens/greedy"
			}
			other := builtinPlayer(t, opponent)
			if mode, ok := strings.CutPrefix(opponent, "hostile:"); ok {
				other = hostile(mode)
			}
			scale := tc.scale
			if scale == 0 {
				scale = 100
			}
			rec, err := Run(context.Background(), Config{Game: queens, Seed: 5, TimeScale: scale, Players: []Player{hostile(tc.mode), other}})
			if err != nil {
				t.Fatal(err)
			}
			took := time.Since(start)
			p := rec.Result.Players[0]
			if p.Status != tc.status || !regexp.MustCompile(tc.message).MatchString(p.Message) {
				t.Errorf("status %s, message %q; want %s matching /%s/", p.Status, p.Message, tc.status, tc.message)
			}
			if g := rec.Result.Players[1]; g.Status != referee.StatusOK {
				t.Errorf("%s: %s %s", opponent, g.Status, g.Message)
			}
			if tc.status != referee.StatusOK && rec.Result.Winner != 1 {
				t.Errorf("winner %d, want the built-in bot", rec.Result.Winner)
			}
			if err := replays.Verify(rec); err != nil {
				t.Errorf("verify: %v", err)
			}
			if left := players.FindMarkedByRunner(os.Getpid()); len(left) > 0 {
				t.Errorf("processes left behind: %v", left)
			}
			t.Logf("%s: %s %q in %v, %d turns", tc.mode, p.Status, p.Message, took.Round(time.Millisecond), rec.Result.Turns)
		})
	}
}

// On the CPU clock the runner waits for an answer in steps, reading the bot's CPU time
// between them: a bot that exits while a child of its own holds its output open must still
// be found gone once the grace for its last lines is over, not at the wall-clock net.
func TestForkHoldOnTheCPUClock(t *testing.T) {
	queens, err := referee.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Run(context.Background(), Config{Game: queens, Seed: 5, TimeScale: 100, Clock: ClockCPU,
		Players: []Player{hostile("forkhold"), builtinPlayer(t, "queens/greedy")}})
	if err != nil {
		t.Fatal(err)
	}
	if p := rec.Result.Players[0]; p.Status != referee.StatusCrash || p.Message != "exited with code 0" {
		t.Errorf("status %s, message %q; want crash, exited with code 0", p.Status, p.Message)
	}
	if left := players.FindMarkedByRunner(os.Getpid()); len(left) > 0 {
		t.Errorf("processes left behind: %v", left)
	}
}

// A bot out of the game without answering, maybe still computing (a timeout, or found over
// the hard compute limit while it computes), is stopped there, not left computing while the
// players after it in the turn are asked: they would share a CPU with it, against "players
// never compete for a core", and be timed on it.
func TestStoppedWhenOutWithoutAnswering(t *testing.T) {
	for _, tc := range []struct {
		game    string
		options map[string]string
		answer  string // the second player's answer
		status  referee.Status
		message string
	}{
		{"towers", map[string]string{"init_cpu_ms": "100"}, "echo WAIT", referee.StatusLimit, "without answering"},
		{"queens", nil, "echo WAIT; echo TRAIN", referee.StatusTimeout, "no answer within 1000 ms"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			game, err := referee.Lookup(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			pidFile := filepath.Join(t.TempDir(), "pid")
			spinner := Player{Name: "spinner", Command: "spinner", Argv: []string{"sh", "-c", `echo $$ >"$1"; while :; do :; done`, "sh", pidFile}}
			// Asked after the spinner, it says on stderr whether the spinner still runs.
			checker := Player{Name: "checker", Command: "checker", Argv: []string{"sh", "-c",
				`read x; if kill -0 "$(cat "$1")" 2>/dev/null; then echo running >&2; else echo stopped >&2; fi; ` + tc.answer + `; sleep 30`, "sh", pidFile}}
			rec, err := Run(context.Background(), Config{Game: game, Seed: 1, Options: tc.options, Players: []Player{spinner, checker}})
			if err != nil {
				t.Fatal(err)
			}
			if p := rec.Result.Players[0]; p.Status != tc.status || !strings.Contains(p.Message, tc.message) {
				t.Fatalf("spinner: status %s, message %q; want %s, %q", p.Status, p.Message, tc.status, tc.message)
			}
			if m := rec.Turns[0].Moves[1]; m.Stderr != "stopped\n" {
				t.Errorf("the second player found the first %q when it was asked; want stopped", strings.TrimSpace(m.Stderr))
			}
		})
	}
}
