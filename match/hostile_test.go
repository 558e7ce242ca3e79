package match

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"testing"
	"time"

	"github.com/arena-games/arena/bench/floor"
	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/queens"
	"github.com/arena-games/arena/referee"
	_ "github.com/arena-games/arena/referee/queens"
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

// The hostile-bot suite: each bot plays a queens game against the greedy built-in; the
// game must end within seconds with the right status, and nothing it started may survive.
func TestHostileBots(t *testing.T) {
	queens, err := referee.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		mode     string
		status   referee.Status
		message  string // regexp
		opponent string // default queens/greedy
	}{
		{"plain", referee.StatusOK, "", ""},
		{"never", referee.StatusTimeout, `^no answer within 1000 ms$`, ""},
		{"late3", referee.StatusTimeout, `50 ms`, ""},
		{"sleepafter1", referee.StatusTimeout, `^no answer within 50 ms$`, ""},
		{"exit3", referee.StatusCrash, `^exited with code 3$`, ""},
		{"sigSIGSEGV", referee.StatusCrash, `^killed by signal 11 \(segmentation fault\)$`, ""},
		{"sigSIGABRT", referee.StatusCrash, `^killed by signal 6 \(aborted\)$`, ""},
		{"sigSIGKILL", referee.StatusCrash, `^killed by signal 9 \(killed\)$`, ""},
		{"sigSIGTERM", referee.StatusCrash, `^killed by signal 15 \(terminated\)$`, ""},
		{"sigSIGBUS", referee.StatusCrash, `^killed by signal 7 \(bus error\)$`, ""},
		{"sigSIGFPE", referee.StatusCrash, `^killed by signal 8 \(floating point exception\)$`, ""},
		{"closeout", referee.StatusCrash, `^closed its output but kept running$`, ""},
		{"hugeline", referee.StatusLimit, `^printed a line longer than 1 MiB: "x{60}"… \(1048516 more bytes\)$`, ""},
		{"toomany", referee.StatusInvalid, `WAIT`, ""},
		{"flood", referee.StatusLimit, `^flooded its output: more than 1 MiB not read as answers, starting ("WAIT {56}"… \(944 more bytes\)|"TRAIN")$`, ""},
		{"stderrflood", referee.StatusOK, "", ""},
		// Against random the game lasts long enough for its unread input to fill the pipe.
		{"noread", referee.StatusTimeout, `^did not read its input`, "queens/random"},
		{"forkhold", referee.StatusCrash, `^exited with code 0$`, ""},
		{"daemon", referee.StatusOK, "", ""},
		{"ignoreterm", referee.StatusOK, "", ""},
		{"memory", referee.StatusLimit, `^used too much memory: \d+ MiB, limit 768 MiB$`, ""},
		{"forkbomb", referee.StatusLimit, `^started too many processes: \d+ running, limit 64$`, ""},
		// Orphans of a double fork are counted too (they stay in the bot's process group).
		{"doublefork", referee.StatusLimit, `^started too many processes: \d+ running, limit 64$`, ""},
		{"doubleforkmemory", referee.StatusLimit, `^used too much memory: \d+ MiB, limit 768 MiB$`, ""},
		{"spin", referee.StatusOK, "", ""},
		{"noflush", referee.StatusTimeout, `^no answer within 1000 ms$`, ""},
		{"badbytes", referee.StatusInvalid, `\\ufffd|\\x00|�`, ""},
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			start := time.Now()
			opponent := tc.opponent
			if opponent == "" {
				opponent = "queens/greedy"
			}
			// Cases that must not end in a timeout get roomier limits, so that a busy test
			// machine cannot turn them into one; timeout cases keep CodinGame's limits.
			scale := 5.0
			if tc.status == referee.StatusTimeout && tc.mode != "noread" {
				scale = 1
			}
			rec, err := Run(context.Background(), Config{Game: queens, Seed: 5, TimeScale: scale, Players: []Player{hostile(tc.mode), builtinPlayer(t, opponent)}})
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
