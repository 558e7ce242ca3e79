package match

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rs/zerolog"

	"github.com/arena-games/arena/internal/proctest"
	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

func init() {
	referee.Register(countGame{turns: 6})
	referee.Register(sumGame{turns: 4})
}

func pyBot(args ...string) Player {
	argv := append([]string{"python3", "testdata/count_bot.py"}, args...)
	return Player{Command: strings.Join(argv, " "), Argv: argv}
}

func runCount(t *testing.T, bots ...Player) *replays.Replay {
	t.Helper()
	return runCountScaled(t, 5, bots...)
}

// runCountScaled plays the count game with limits multiplied by scale: tests whose point
// is not a timeout use roomy limits, so that a busy machine cannot make one happen.
func runCountScaled(t *testing.T, scale float64, bots ...Player) *replays.Replay {
	t.Helper()
	rec, err := Run(context.Background(), Config{Game: countGame{turns: 6}, Seed: 1, Players: bots, TimeScale: scale})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return rec
}

func TestTurnsStatuses(t *testing.T) {
	tests := []struct {
		name    string
		scale   float64
		bot     Player
		status  referee.Status
		score   float64
		message string // regexp
	}{
		{"plays well", 20, pyBot(), referee.StatusOK, 6, "^$"},
		// Limits 20 s then 1000 ms: an answer that takes 6 s on turn 3 is six times its limit
		// whatever the machine's load (and within the first answer's, which must not apply),
		// while the good answers have the limits to spare.
		{"late once", 20, pyBot("sleep=3:6000"), referee.StatusTimeout, -1, `^(no answer within 1000 ms|answered in .* over the 1000 ms limit)` + busyNote},
		// Limits 10 s then 500 ms: a slow first answer (1.2 s, well over the later limit) is
		// fine, and later ones that take 50 ms are quick, with room for a busy machine.
		{"slow start, quick after", 10, pyBot("sleep=0:1200", "sleep=*:50"), referee.StatusOK, 6, "^$"},
		{"garbage", 20, pyBot("say=2:FLY 1 2 3"), referee.StatusInvalid, -1, `"FLY 1 2 3"`},
		{"exits", 20, pyBot("exit=2:3"), referee.StatusCrash, -1, "^exited with code 3$"},
		{"raises", 20, pyBot("raise=2"), referee.StatusCrash, -1, "^exited with code 1: ZeroDivisionError: integer division or modulo by zero$"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := runCountScaled(t, tc.scale, tc.bot, pyBot())
			got := rec.Result.Players[0]
			if got.Status != tc.status || got.Score != tc.score || !regexp.MustCompile(tc.message).MatchString(got.Message) {
				t.Errorf("player 0: status %s, score %v, message %q; want %s, %v, /%s/", got.Status, got.Score, got.Message, tc.status, tc.score, tc.message)
			}
			if other := rec.Result.Players[1]; other.Status != referee.StatusOK || other.Score != 6 {
				t.Errorf("player 1: %+v, want ok with 6", other)
			}
			wantWinner := 1
			if tc.status == referee.StatusOK {
				wantWinner = -1
			}
			if rec.Result.Winner != wantWinner {
				t.Errorf("winner %d, want %d", rec.Result.Winner, wantWinner)
			}
			if err := replays.Verify(rec); err != nil {
				t.Errorf("verify: %v", err)
			}
		})
	}
}

// Each move's stderr and CPU time are its own, whether they are read at once (bots asked
// concurrently), while the other bot thinks (in turn), or before the only bot's next input.
// The limits are roomy: a timeout here is not the point, and at the real ones a busy
// machine starts python3 in more than the first answer's second.
func TestStderrAndCPURecordedPerMove(t *testing.T) {
	for _, tc := range []struct {
		seats      int
		concurrent bool
	}{{2, false}, {2, true}, {1, false}} {
		t.Run(fmt.Sprintf("seats=%d/concurrent=%v", tc.seats, tc.concurrent), func(t *testing.T) {
			bots := []Player{pyBot("stderr=p0 thinking on {turn}"), pyBot("stderr=p1 thinking on {turn}")}[:tc.seats]
			rec, err := Run(context.Background(), Config{Game: countGame{turns: 6}, Seed: 1, Concurrent: tc.concurrent, TimeScale: 20, Players: bots})
			if err != nil {
				t.Fatal(err)
			}
			if len(rec.Turns) != 6 {
				t.Fatalf("%d turns, want 6", len(rec.Turns))
			}
			for _, turn := range rec.Turns {
				for _, m := range turn.Moves {
					if want := fmt.Sprintf("p%d thinking on %d\n", m.Player, turn.Turn); m.Stderr != want {
						t.Errorf("turn %d: player %d stderr %q, want %q", turn.Turn, m.Player, m.Stderr, want)
					}
					if m.CPUMS == nil {
						t.Errorf("turn %d: player %d: no cpu_ms", turn.Turn, m.Player)
					}
				}
				if turn.Check == "" {
					t.Errorf("turn %d is not sealed", turn.Turn)
				}
			}
			if err := replays.Verify(rec); err != nil {
				t.Errorf("verify: %v", err)
			}
		})
	}
}

func TestBotThatCannotStart(t *testing.T) {
	_, err := Run(context.Background(), Config{Game: countGame{turns: 2}, Players: []Player{
		pyBot(), {Command: "./no-such-bot", Argv: []string{"./no-such-bot"}},
	}})
	var se *StartError
	if !errors.As(err, &se) || se.Player != 1 || !strings.Contains(err.Error(), "no-such-bot") {
		t.Fatalf("got %v, want a StartError for player 1 naming the command", err)
	}
}

// Ctrl-C in the middle of a turn: the turn is not recorded, and its response times do not
// enter the timing health either. The bot asked after the stop was never sent its input,
// and its "time" came out as the largest duration there is.
func TestInterruptedTurnLeavesTheTimingHealth(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Player 0 says each turn on its stderr before it answers, and sleeps through turn 2:
	// Ctrl-C comes once it says "turn 2", however slowly a busy machine played turns 0
	// and 1.
	asleep := &watchWriter{want: "p0 in turn 2", seen: cancel}
	rec, err := Run(ctx, Config{Game: countGame{turns: 6}, Seed: 1, NoTimeout: true, Stderr: asleep,
		Players: []Player{pyBot("stderr=p0 in turn {turn}", "sleep=2:60000", "term=p0 stopped"), pyBot()}})
	if err == nil || rec == nil || !rec.Result.Unfinished || len(rec.Turns) != 2 {
		t.Fatalf("Run: %v; want an interrupted game of 2 recorded turns", err)
	}
	var got, want [][3]float64 // first, max and later max response time of each player
	for i, p := range rec.Result.Players {
		var times []float64
		for _, turn := range rec.Turns {
			for _, m := range turn.Moves {
				if m.Player == i {
					times = append(times, m.TimeMS)
				}
			}
		}
		want = append(want, [3]float64{times[0], slices.Max(times), slices.Max(times[1:])})
		got = append(got, [3]float64{p.Timing.FirstMS, p.Timing.MaxMS, p.Timing.LaterMaxMS})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("timing health (first, max, later max) against the recorded moves (-want +got):\n%s", diff)
	}
	// The turn in progress is kept apart, as far as it went: what player 0 was sent and
	// printed before it slept (the bot being debugged), and nothing of player 1, which was
	// never sent its input.
	st := rec.Result.Stopped
	if st == nil || st.Turn != 2 {
		t.Fatalf("stopped turn %+v, want turn 2", st)
	}
	if m := st.Move(0); m == nil || m.Input != "turn 2\n" || !strings.Contains(m.Stderr, "p0 in turn 2") || m.TimeMS != 0 || m.Status != "" {
		t.Errorf("player 0's move in the stopped turn: %+v; want its input and stderr, no time or status", m)
	}
	// What it printed as it was stopped (SIGTERM) is of that turn too, not of the turn
	// before, the last recorded.
	if m := st.Move(0); m == nil || !strings.Contains(m.Stderr, "p0 stopped") {
		t.Errorf("player 0's last words %+v; want them in the stopped turn", m)
	}
	if m := lastMove(rec, 0); m == nil || strings.Contains(m.Stderr, "p0 stopped") {
		t.Errorf("player 0's last recorded move %+v holds the last words of the stopped turn", m)
	}
	if m := st.Move(1); m != nil {
		t.Errorf("player 1 was never sent turn 2, yet its stopped move is %+v", m)
	}
}

// Under a time limit, the times of the turn cut by Ctrl-C would come near it (that of the
// bot asked after the stop is the largest duration there is): dropped with the turn, their
// near-the-limit marks go with them, and the recorded answers, far within the limit, count
// none.
func TestInterruptedTurnCountsNothingNearTheLimit(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	asleep := &watchWriter{want: "p0 in turn 2", seen: cancel}
	// Limits of 100 s and 5 s: the sleep is cut by the stop, not by a timeout.
	rec, err := Run(ctx, Config{Game: countGame{turns: 6}, Seed: 1, TimeScale: 100, Stderr: asleep,
		Players: []Player{pyBot("stderr=p0 in turn {turn}", "sleep=2:60000"), pyBot()}})
	if err == nil || rec == nil || !rec.Result.Unfinished || len(rec.Turns) != 2 {
		t.Fatalf("Run: %v; want an interrupted game of 2 recorded turns", err)
	}
	for i, p := range rec.Result.Players {
		if p.Timing == nil || p.Timing.NearLimit != 0 {
			t.Errorf("player %d: timing %+v, want no answer near the limit", i, p.Timing)
		}
	}
}

// watchWriter calls seen once what was written to it holds want.
type watchWriter struct {
	mu   sync.Mutex
	buf  strings.Builder
	want string
	seen func()
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	had := strings.Contains(w.buf.String(), w.want)
	w.buf.Write(p)
	if !had && strings.Contains(w.buf.String(), w.want) {
		w.seen()
	}
	return len(p), nil
}

// interruptedSessionGame plays a session game whose second seat never answers and cuts it
// by Ctrl-C after a second, in its first turn: nothing is recorded.
func interruptedSessionGame(t *testing.T) *replays.Replay {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(time.Second, cancel)
	silent := Player{Command: "sh -c 'echo thinking >&2; exec sleep 60'", Argv: []string{"sh", "-c", "echo thinking >&2; exec sleep 60"}}
	rec, err := Run(ctx, Config{Game: sumGame{turns: 4}, Seed: 1, NoTimeout: true, Players: []Player{sumBot("2"), silent}})
	if err == nil || rec == nil || !rec.Result.Unfinished || len(rec.Turns) != 0 {
		t.Fatalf("Run: %v; want an interrupted game with no recorded turn", err)
	}
	return rec
}

// The session turn cut by Ctrl-C is kept apart, as far as it went: the lines the answering
// bot sent and the answers it got, and what the silent one printed on stderr (a bestow bot stopped in its first turn left a replay
// that said it had received no input at all).
func TestInterruptedSessionTurnIsKeptApart(t *testing.T) {
	rec := interruptedSessionGame(t)
	st := rec.Result.Stopped
	if st == nil || st.Turn != 0 {
		t.Fatalf("stopped turn %+v, want turn 0", st)
	}
	if m := st.Move(0); m == nil || !strings.Contains(m.Output, "ADD 2") || !strings.Contains(m.Input, "OK") {
		t.Errorf("the answering bot's move in the stopped turn: %+v; want its commands and their answers", m)
	}
	// The silent bot sent nothing, but said on stderr that it was thinking, in that turn.
	if m := st.Move(1); m == nil || m.Input != "" || m.Output != "" || m.Stderr != "thinking\n" {
		t.Errorf("the silent bot's stopped move is %+v; want its stderr only", m)
	}
}

// Seats served one after another: Ctrl-C while the first one is served (it never answers)
// leaves the second's lines, queued since the turn began, unanswered. Answered after the
// stop, they put into the stopped turn answers no bot received, and so into replay stdin.
func TestStoppedSessionTurnAnswersNothingAfterTheStop(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(time.Second, cancel)
	silent := Player{Command: "sleep 60", Argv: []string{"sleep", "60"}}
	rec, err := Run(ctx, Config{Game: sumGame{turns: 4, sequential: true}, Seed: 1, NoTimeout: true, Players: []Player{silent, sumBot("2")}})
	if err == nil || rec == nil || len(rec.Turns) != 0 {
		t.Fatalf("Run: %v; want an interrupted game with no recorded turn", err)
	}
	if m := rec.Result.Stopped.Move(1); m != nil {
		t.Errorf("the seat served after the stop: stopped move %+v; want none (it was sent nothing)", m)
	}
}

// The same for a session game: a turn cut by Ctrl-C is not recorded, nor are its times
// (the silent bot would show the second it was waited for).
func TestInterruptedSessionTurnLeavesTheTimingHealth(t *testing.T) {
	rec := interruptedSessionGame(t)
	for i, p := range rec.Result.Players {
		if p.Timing != nil {
			t.Errorf("player %d: timing %+v for no recorded move", i, *p.Timing)
		}
	}
}

// The result of a session game cut by Ctrl-C is the position of the recorded turns: the
// lines the referee took during the cut turn, and the seats it saw leave when the bots were
// stopped, are not in the replay, so they are not in its result either. In particular the
// bot stopped while it was being served has not crashed: the runner stopped it.
func TestInterruptedSessionResultIsTheRecordedPosition(t *testing.T) {
	rec := interruptedSessionGame(t)
	for i, p := range rec.Result.Players {
		if p.Status != referee.StatusOK || p.Message != "" || p.Score != 0 {
			t.Errorf("player %d: %s %q, score %v; want ok and 0, as nothing was recorded", i, p.Status, p.Message, p.Score)
		}
	}
}

func TestReplayDeterministicAndVerifies(t *testing.T) {
	a := runCount(t, pyBot(), pyBot("say=4:oops"))
	b := runCount(t, pyBot(), pyBot("say=4:oops"))
	if diff := cmp.Diff(withoutTimes(a), withoutTimes(b)); diff != "" {
		t.Errorf("two runs differ beyond timings (-first +second):\n%s", diff)
	}
	timing := a.Result.Players[0].Timing
	if err := replays.Verify(a); err != nil {
		t.Fatalf("verify: %v", err)
	}
	if timing == nil || a.Result.Players[0].Timing != timing {
		t.Errorf("verify changed the replay's timing summary: %v, was %v", a.Result.Players[0].Timing, timing)
	}
	// A changed answer in the middle of the game must be caught: by re-simulation when it
	// changes the game, by the turn's check digest when it does not.
	for _, tamper := range []string{"999\n", " 3\n"} {
		c := withoutTimes(a)
		c.Turns[2].Moves[0].Output = tamper
		err := replays.Verify(c)
		var mm *replays.Mismatch
		if !errors.As(err, &mm) || mm.Turn != 2 {
			t.Fatalf("verify after changing an output to %q: got %v, want a mismatch at turn 2", tamper, err)
		}
		// Edited with its digest left out: refused as such, whatever the edit.
		c.Turns[2].Check = ""
		if err := replays.Verify(c); err == nil || !strings.Contains(err.Error(), "field turns[2].check: missing") {
			t.Errorf("verify after changing an output to %q and leaving out the digest: got %v, want the check named missing", tamper, err)
		}
		// Edited with its digest made again: re-simulation alone, which notices the
		// edit that changes the game.
		c.Turns[2].Seal()
		if err := replays.Verify(c); (err == nil) != (tamper == " 3\n") {
			t.Errorf("re-simulation alone after changing an output to %q: %v", tamper, err)
		}
	}
}

// A turn removed from a replay is reported as missing, by its number.
func TestVerifyNamesAMissingTurn(t *testing.T) {
	c := withoutTimes(runCount(t, pyBot(), pyBot()))
	c.Turns = append(c.Turns[:2], c.Turns[3:]...)
	err := replays.Verify(c)
	var mm *replays.Mismatch
	if !errors.As(err, &mm) || mm.Turn != 2 || !strings.Contains(err.Error(), "turn 2: missing from the replay, which goes on with turn 3") {
		t.Fatalf("verify without turn 2: got %v, want turn 2 reported missing", err)
	}
}

// A replay without its referee version is refused as missing that field.
func TestVerifyNamesAMissingRefereeVersion(t *testing.T) {
	c := withoutTimes(runCount(t, pyBot(), pyBot()))
	c.RefereeVersion = ""
	if err := replays.Verify(c); err == nil || !strings.Contains(err.Error(), "field referee_version: missing") {
		t.Fatalf("verify without a referee version: got %v, want the field named missing", err)
	}
}

// A turn without its frame is refused as missing that field, not as a frame that differs.
func TestVerifyNamesAMissingFrame(t *testing.T) {
	c := withoutTimes(runCount(t, pyBot(), pyBot()))
	c.Turns[1].Frame = referee.Frame{}
	if err := replays.Verify(c); err == nil || !strings.Contains(err.Error(), "field turns[1].frame: missing") {
		t.Fatalf("verify without turn 1's frame: got %v, want the field named missing", err)
	}
}

// withoutTimes blanks what is measured rather than simulated.
func withoutTimes(r *replays.Replay) *replays.Replay {
	b, _ := json.Marshal(r)
	var c replays.Replay
	json.Unmarshal(b, &c)
	for i := range c.Turns {
		for j := range c.Turns[i].Moves {
			c.Turns[i].Moves[j].TimeMS = 0
			c.Turns[i].Moves[j].CPUMS = nil
			c.Turns[i].Moves[j].Delayed = false
		}
	}
	for i := range c.Result.Players {
		c.Result.Players[i].Timing = nil
	}
	return &c
}

func TestConcurrentAsksAtOnce(t *testing.T) {
	// Both bots sleep 400 ms on turn 1 (limit 50 ms × 10): asked one after another that
	// turn takes over 800 ms, asked at once about 400 ms.
	bots := []Player{pyBot("sleep=1:400"), pyBot("sleep=1:400")}
	start := time.Now()
	rec, err := Run(context.Background(), Config{Game: countGame{turns: 3}, Players: bots, Concurrent: true, TimeScale: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rec.Result.Players {
		if p.Status != referee.StatusOK {
			t.Fatalf("player %d: %s %s", p.Index, p.Status, p.Message)
		}
	}
	if d := time.Since(start); d > 790*time.Millisecond+time.Second {
		t.Logf("took %v", d) // informative only: timing asserts are not reliable
	}
	if !rec.Settings.Concurrent {
		t.Error("settings do not record concurrent asking")
	}
}

func sumBot(n string) Player {
	argv := []string{"python3", "testdata/sum_bot.py", n}
	return Player{Command: strings.Join(argv, " "), Argv: argv}
}

func TestSessionLockstep(t *testing.T) {
	for _, seq := range []bool{false, true} {
		g := sumGame{turns: 4, sequential: seq}
		// Bot 0 adds 2 twice per turn; bot 1 tries 7 ADDs but the limit L=5 forces it to
		// wait after 5 (FAILED 6, WAITING x, then OK next turn).
		rec, err := Run(context.Background(), Config{Game: g, Seed: 3, TimeScale: 5, Players: []Player{sumBot("2"), sumBot("7")}})
		if err != nil {
			t.Fatal(err)
		}
		got := []float64{rec.Result.Players[0].Score, rec.Result.Players[1].Score}
		if diff := cmp.Diff([]float64{4 * 2 * 2, 4 * 5 * 7}, got); diff != "" {
			t.Errorf("sequential=%v: scores (-want +got):\n%s", seq, diff)
		}
		in1 := rec.Turns[1].Moves
		var bot1 replays.Move
		for _, m := range in1 {
			if m.Player == 1 {
				bot1 = m
			}
		}
		if !strings.HasPrefix(bot1.Input, "OK\n") || !strings.Contains(bot1.Input, "FAILED 6 commands limit reached, forced waiting activated\nWAITING ") {
			t.Errorf("sequential=%v: bot 1 turn 1 input %q lacks the opening OK or the forced wait", seq, bot1.Input)
		}
		// The forced wait reaches the game, which keeps account of it (RefusalRecorder).
		if want := []string{`1: "ADD 7" → FAILED 6 commands limit reached, forced waiting activated`}; !cmp.Equal(rec.Turns[1].Frame.Events, want) {
			t.Errorf("sequential=%v: turn 1 events %q, want %q", seq, rec.Turns[1].Frame.Events, want)
		}
		for _, p := range rec.Result.Players {
			if p.Status != referee.StatusOK {
				t.Errorf("player %d: %s %s", p.Index, p.Status, p.Message)
			}
		}
		if err := replays.Verify(rec); err != nil {
			t.Errorf("verify: %v", err)
		}
		// A session game's turns last a fixed time: no --timing applies, and the replay
		// names none (the viewer showed "timing strict").
		if rec.Settings.Timing != "" {
			t.Errorf("sequential=%v: settings.timing %q, want none", seq, rec.Settings.Timing)
		}
	}
}

// A session game's turns run on the wall clock whatever the clock asked for: no answer is
// measured on it (the bots are not metered), so the replay records wall, and a replay of
// the CPU clock played again (replay rerun) records wall too.
func TestSessionRecordsTheWallClock(t *testing.T) {
	rec, err := Run(context.Background(), Config{Game: sumGame{turns: 2}, Seed: 3, TimeScale: 5, Clock: ClockCPU, Players: []Player{sumBot("2"), sumBot("3")}})
	if err != nil {
		t.Fatal(err)
	}
	if rec.Settings.Clock != ClockWall {
		t.Errorf("settings.clock %q, want %q", rec.Settings.Clock, ClockWall)
	}
}

func TestSessionCrashIdles(t *testing.T) {
	bad := Player{Command: "sh -c 'echo ADD 1; exit 4'", Argv: []string{"sh", "-c", "echo ADD 1; read x; read y; exit 4"}}
	rec, err := Run(context.Background(), Config{Game: sumGame{turns: 4}, TimeScale: 5, Players: []Player{sumBot("1"), bad}})
	if err != nil {
		t.Fatal(err)
	}
	p := rec.Result.Players[1]
	if p.Status != referee.StatusCrash || p.Message != "exited with code 4" || p.Score != 1 {
		t.Errorf("crashed seat: %+v, want crash, exited with code 4, score 1 kept", p)
	}
	if rec.Result.Turns != 4 {
		t.Errorf("game lasted %d turns, want 4 (a crash does not end a session game)", rec.Result.Turns)
	}
	if err := replays.Verify(rec); err != nil {
		t.Errorf("verify: %v", err)
	}
}

// A command the referee panics on (a bug in the game) is answered FAILED 5 and the game
// goes on, as on the contest server; the runner logs the line, the panic and its stack,
// so that the bug can be reported, and re-simulation answers the same.
func TestSessionRefereePanicIsLoggedAndAnsweredFailed5(t *testing.T) {
	script := `echo PANIC; read a; echo ADD 3; read b; read c; echo WAIT; read d; read e
while read ok; do echo WAIT; read f; read g; done`
	bot := Player{Command: "sh panic-bot", Argv: []string{"sh", "-c", script}}
	var log proctest.Buffer
	rec, err := Run(context.Background(), Config{Game: sumGame{turns: 4}, Seed: 1, TimeScale: 5,
		Players: []Player{bot}, Log: zerolog.New(&log).Level(zerolog.ErrorLevel)})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rec.Turns[0].Moves[0].Input, "FAILED 5 internal error, sorry...\nOK\n3\n"; !strings.HasPrefix(got, want) {
		t.Errorf("turn 0: the bot was sent %q, want it to start with %q", got, want)
	}
	if p := rec.Result.Players[0]; p.Status != referee.StatusOK || p.Score != 3 {
		t.Errorf("the bot after the panic: %s, score %v, want ok and 3 (the game went on)", p.Status, p.Score)
	}
	for _, want := range []string{`"level":"error"`, `"player":0`, `"line":"\"PANIC\""`, `"panic":"sum: PANIC"`, "sumRef", "referee panicked"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log %q does not contain %q", log.String(), want)
		}
	}
	if err := replays.Verify(rec); err != nil {
		t.Errorf("verify: %v", err)
	}
}

// The game's wall-clock cap bounds a session game as it does the others: a bot that sends
// nothing is stopped when the cap is reached, not given every turn's whole budget.
func TestSessionGameTimeout(t *testing.T) {
	silent := Player{Command: "sh -c 'echo thinking >&2; exec sleep 60'", Argv: []string{"sh", "-c", "echo thinking >&2; exec sleep 60"}}
	start := time.Now()
	rec, err := Run(context.Background(), Config{Game: sumGame{turns: 4}, TimeScale: 5, GameTimeout: 300 * time.Millisecond,
		Players: []Player{sumBot("1"), silent}})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 4*time.Second {
		t.Errorf("the game took %s, want it stopped soon after the 300 ms cap", took)
	}
	p := rec.Result.Players[1]
	if p.Status != referee.StatusTimeout || p.Message != "the game's wall-clock cap of 300ms was reached" {
		t.Errorf("silent seat: %s %q, want a timeout naming the game's cap", p.Status, p.Message)
	}
	if err := replays.Verify(rec); err != nil {
		t.Errorf("verify: %v", err)
	}
}

func TestNoProcessLeftBehind(t *testing.T) {
	// A bot that starts a background child holding nothing but its marker, then plays.
	sneaky := Player{Command: "sneaky", Argv: []string{"sh", "-c", "sleep 30 & exec python3 testdata/count_bot.py"}}
	// Limits of 20 s then 1000 ms: the sneaky bot must play the game through, busy machine or not.
	rec := runCountScaled(t, 20, sneaky, pyBot())
	if rec.Result.Players[0].Status != referee.StatusOK {
		t.Fatalf("sneaky bot: %+v", rec.Result.Players[0])
	}
	// Every bot of the game is stopped by the time Run returns: no process carries a
	// marker of this test binary's children.
	if left := markedChildren(); len(left) > 0 {
		t.Fatalf("processes left behind: %v", left)
	}
}

// markedChildren finds live processes carrying any bot marker (the test runs no other bots
// at the same time when this is called from a non-parallel test).
func markedChildren() []int {
	return players.FindMarkedByRunner(os.Getpid())
}

// The timing regimes of --timing. Each late answer is placed well inside the window its
// case is about, on a clock the test controls:
//   - a strike is an answer over the limit by at most 50 ms (StrikeGrace, whatever the time
//     scale): a window no wall clock can hit on a busy machine, so those answers compute for
//     50 ms of CPU time against a 25 ms limit on the CPU clock (time scale 0.5), which waiting
//     for a CPU does not move; the wall-clock net of that clock, over a second, leaves the
//     bot room to wait for a CPU twenty times as long as it computes;
//   - the other cases sleep on the wall clock with limits of 1000 ms (time scale 20) and a
//     bank of 4 s: an answer that draws on the bank is 2 s late, one that must lose is 1 s
//     or more beyond what it is allowed, and the good answers have the limit to spare;
//   - the first turn, which no case is about, allows 10 s (scaled): room for the bots'
//     start, whatever starts python3 (a pyenv shim alone used 0.55 s of CPU time on one
//     machine, over the 500 ms a first answer has at time scale 0.5).
func TestTimingRegimes(t *testing.T) {
	bank := func(ms int) Timing { return Timing{Kind: "bank", Bank: time.Duration(ms) * time.Millisecond} }
	const cpu, wall = ClockCPU, ClockWall
	tests := []struct {
		name    string
		timing  Timing
		clock   string
		scale   float64
		bot     Player
		status  referee.Status
		message string // regexp on the result's message
		notes   int    // moves carrying a note (a strike, a withdrawal from the bank)
	}{
		{"strikes: two slightly late answers go on", Timing{Kind: "strikes"}, cpu, 0.5, pyBot("spin=2:50", "spin=4:50"), referee.StatusOK, "^$", 2},
		{"strikes: the third loses", Timing{Kind: "strikes"}, cpu, 0.5, pyBot("spin=1:50", "spin=2:50", "spin=3:50"), referee.StatusTimeout, `^answered in [\d.]+ ms of CPU time, over the 25 ms limit \(strike 3 of 3\)$`, 2},
		{"strikes: far over the limit loses at once", Timing{Kind: "strikes"}, wall, 20, pyBot("sleep=2:6000"), referee.StatusTimeout, `^(answered in .* by more than 50 ms|no answer within 1050 ms \(the 1000 ms limit and the 50 ms a strike allows\))` + busyNote, 0},
		{"bank: late answers draw on it", bank(4000), wall, 20, pyBot("sleep=2:3000"), referee.StatusOK, "^$", 1},
		// 2 s drawn on turn 2 leave 2 s; turn 3 is 3 s late: more than is left, less than
		// the whole bank, so that a withdrawal that was not taken off would be seen.
		{"bank: an empty bank loses", bank(4000), wall, 20, pyBot("sleep=2:3000", "sleep=3:4000"), referee.StatusTimeout, `(time bank had [\d.]+ ms left|the 1000 ms limit and the [\d.]+ ms left in the time bank\))` + busyNote, 1},
		{"strict: late loses", Timing{Kind: "strict"}, wall, 20, pyBot("sleep=2:6000"), referee.StatusTimeout, `^(no answer within 1000 ms|answered in .* over the 1000 ms limit)` + busyNote, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			game := countGame{turns: 6, first: 10 * time.Second}
			rec, err := Run(context.Background(), Config{Game: game, Seed: 1, TimeScale: tc.scale, Clock: tc.clock, Timing: tc.timing, Players: []Player{tc.bot, pyBot()}})
			if err != nil {
				t.Fatal(err)
			}
			p := rec.Result.Players[0]
			if p.Status != tc.status || !regexp.MustCompile(tc.message).MatchString(p.Message) {
				t.Errorf("status %s, message %q; want %s matching /%s/", p.Status, p.Message, tc.status, tc.message)
			}
			if other := rec.Result.Players[1]; other.Status != referee.StatusOK {
				t.Errorf("player 1: %s %q, want ok", other.Status, other.Message)
			}
			notes := 0
			for _, turn := range rec.Turns {
				for _, m := range turn.Moves {
					if m.Player == 0 && m.Status == "" && m.Message != "" {
						notes++
					}
				}
			}
			if notes != tc.notes {
				t.Errorf("%d moves with a note, want %d", notes, tc.notes)
			}
			// The result's timing counts them: what a tournament sums per bot.
			if p.Timing == nil || p.Timing.OverLimit != tc.notes {
				t.Errorf("result timing %+v, want over_limit %d", p.Timing, tc.notes)
			}
			if rec.Settings.Timing != tc.timing.String() {
				t.Errorf("settings record timing %q, want %q", rec.Settings.Timing, tc.timing)
			}
		})
	}
}

func TestParseTiming(t *testing.T) {
	for in, want := range map[string]Timing{"": {Kind: "strict"}, "strict": {Kind: "strict"}, "strikes": {Kind: "strikes"}, "bank:1500": {Kind: "bank", Bank: 1500 * time.Millisecond}} {
		if got, err := ParseTiming(in); err != nil || got != want {
			t.Errorf("ParseTiming(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"bank", "bank:", "bank:-5", "bank:1.5", "lenient"} {
		if _, err := ParseTiming(bad); err == nil {
			t.Errorf("ParseTiming(%q) accepted", bad)
		}
	}
}

// The replay written while the game is played is byte for byte the replay encoded at the
// end, with each turn handed over once nothing can change it: a turn stays back while a
// bot's last move is in it (a failed bot's stays to the end: what it writes to stderr
// after it is stopped joins that move). The turns handed over leave their frames to the
// stream: the replay Run returns has none for them, and the file has them all, as the
// referee drew them.
func TestReplayStreamedDuringTheGame(t *testing.T) {
	crasher := Player{Command: "crasher", Argv: []string{"sh", "-c", "echo ADD 1; read x; read y; echo last words >&2; exit 4"}}
	tests := []struct {
		name       string
		game       referee.Game
		bots       []Player
		concurrent bool
		final      int    // turns handed to the replay as final during the game
		lastWords  string // what a failed bot writes last to stderr
	}{
		{"two bots in turn", countGame{turns: 6}, []Player{pyBot("stderr=p0 on {turn}"), pyBot("stderr=p1 on {turn}")}, false, 5, ""},
		{"two bots at once", countGame{turns: 6}, []Player{pyBot("stderr=p0 on {turn}"), pyBot("stderr=p1 on {turn}")}, true, 5, ""},
		{"one bot", countGame{turns: 6}, []Player{pyBot("stderr=alone on {turn}")}, false, 5, ""},
		{"a bot that fails on turn 2", countGame{turns: 6}, []Player{pyBot("raise=2"), pyBot("stderr=p1 on {turn}")}, false, 2, "ZeroDivisionError"},
		{"session", sumGame{turns: 4}, []Player{sumBot("2"), sumBot("7")}, false, 3, ""},
		{"session, a bot that crashes", sumGame{turns: 4}, []Player{sumBot("1"), crasher}, false, 0, "last words"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := t.TempDir() + "/r.json"
			stream, err := replays.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			defer stream.Abort()
			rec, err := Run(context.Background(), Config{Game: tc.game, Seed: 1, Players: tc.bots, Concurrent: tc.concurrent, TimeScale: 5, Replay: stream})
			if err != nil {
				t.Fatal(err)
			}
			if err := stream.Finish(rec); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if n := stream.Handed(); n != tc.final {
				t.Errorf("%d turns handed over as final during the game, want %d", n, tc.final)
			}
			// The frames are the file's (Verify holds them to the referee's drawing), the
			// rest the runner's.
			read, err := replays.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := replays.Verify(read); err != nil {
				t.Errorf("the streamed replay does not verify: %v", err)
			}
			whole := *rec
			whole.Turns = slices.Clone(rec.Turns)
			for k := range whole.Turns {
				if taken := reflect.ValueOf(rec.Turns[k].Frame).IsZero(); taken != (k < stream.Handed()) {
					t.Errorf("turn %d: the runner's replay has a frame: %v, want %v (%d turns handed over)", k, !taken, k >= stream.Handed(), stream.Handed())
				}
				if k < len(read.Turns) {
					whole.Turns[k].Frame = read.Turns[k].Frame
				}
			}
			var want strings.Builder
			if err := replays.Encode(&want, &whole); err != nil {
				t.Fatal(err)
			}
			if string(got) != want.String() {
				t.Errorf("the streamed replay differs from the replay encoded at the end:\n%s", cmp.Diff(want.String(), string(got)))
			}
			// What a failed bot writes last reaches its last move after it is stopped.
			if tc.lastWords != "" && !strings.Contains(string(got), tc.lastWords) {
				t.Errorf("the replay lacks the failed bot's last stderr %q", tc.lastWords)
			}
		})
	}
}

var timeLeft = regexp.MustCompile(`WAITING [0-9.]+`)

// NoFrames leaves the drawings out of the recording and nothing else: the same games,
// turn-based (queens between the greedy built-ins) and in sessions (the sum game), played
// with and without it, differ only in their frames.
func TestNoFramesLeavesOnlyTheDrawingsOut(t *testing.T) {
	queens, err := referee.Lookup("queens")
	if err != nil {
		t.Fatal(err)
	}
	games := []struct {
		name string
		cfg  func() Config
	}{
		{"queens", func() Config {
			return Config{Game: queens, Seed: 7, TimeScale: 20,
				Players: []Player{builtinPlayer(t, "queens/greedy"), builtinPlayer(t, "queens/greedy")}}
		}},
		{"session", func() Config {
			return Config{Game: sumGame{turns: 4}, Seed: 3, TimeScale: 5, Players: []Player{sumBot("2"), sumBot("7")}}
		}},
	}
	for _, g := range games {
		drawn, err := Run(context.Background(), g.cfg())
		if err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		cfg := g.cfg()
		cfg.NoFrames = true
		bare, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%s without frames: %v", g.name, err)
		}
		for i, turn := range drawn.Turns {
			if reflect.ValueOf(turn.Frame).IsZero() {
				t.Errorf("%s: turn %d has no frame", g.name, i)
			}
		}
		for i, turn := range bare.Turns {
			if !reflect.ValueOf(turn.Frame).IsZero() {
				t.Errorf("%s without frames: turn %d has a frame", g.name, i)
			}
		}
		a, b := withoutTimes(drawn), withoutTimes(bare)
		for i := range a.Turns {
			a.Turns[i].Frame = referee.Frame{}
		}
		// A session tells a waiting bot the time left in the turn: measured, not simulated.
		for _, r := range []*replays.Replay{a, b} {
			for i := range r.Turns {
				for j := range r.Turns[i].Moves {
					m := &r.Turns[i].Moves[j]
					m.Input = timeLeft.ReplaceAllString(m.Input, "WAITING _")
				}
			}
		}
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("%s: the games differ beyond their frames (-with frames +without):\n%s", g.name, diff)
		}
	}
}

// A session game served at once in arrival order (SessionRules.ArrivalOrder, rockets with
// parallel=1) records its lines in the order the referee handled them, a move per run of
// one seat's lines, so that its replay re-simulates: TAKE hands out the tickets of a counter
// both seats share, and the recorded answers must read 1, 2, 3… in record order. Seat 0
// waits before taking, so seat 1's tickets usually come first, against the seat order.
func TestSessionArrivalOrder(t *testing.T) {
	g := sumGame{turns: 4, arrival: true} // as registered, for Verify
	take := func(delayMS, n string) Player {
		argv := []string{"python3", "testdata/take_bot.py", delayMS, n}
		return Player{Command: strings.Join(argv, " "), Argv: argv}
	}
	rec, err := Run(context.Background(), Config{Game: g, Seed: 3, TimeScale: 5, Players: []Player{take("300", "2"), take("0", "2")}})
	if err != nil {
		t.Fatal(err)
	}
	var tickets []string
	for _, turn := range rec.Turns {
		for _, m := range turn.Moves {
			lines := replays.SplitLines(m.Input)
			for i, l := range lines {
				if l == "OK" && i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "WAITING") && lines[i+1] != "OK" {
					tickets = append(tickets, lines[i+1])
				}
			}
		}
	}
	var want []string
	for i := 1; i <= 4*2*2; i++ {
		want = append(want, strconv.Itoa(i))
	}
	if diff := cmp.Diff(want, tickets); diff != "" {
		t.Errorf("tickets in record order (-want +got):\n%s\nturns: %+v", diff, rec.Turns)
	}
	for _, p := range rec.Result.Players {
		if p.Status != referee.StatusOK {
			t.Errorf("player %d: %s %s", p.Index, p.Status, p.Message)
		}
	}
	if err := replays.Verify(rec); err != nil {
		t.Errorf("verify: %v", err)
	}
}

// Verify rebuilds what every seat of a session game was sent, whichever way its turns were
// served (at once, one seat after another, in arrival order), for a seat held to the limit
// (FAILED 6) and one that leaves mid-game: an input changed in any one byte is a mismatch
// that names the turn and the player.
func TestSessionVerifyComparesInputs(t *testing.T) {
	// Sends ADD 1, waits, then in turn 1 sends ADD 2 and exits: it crashes mid-game.
	leaver := Player{Command: "sh leaver", Argv: []string{"sh", "-c", "echo ADD 1; read a; read b; echo WAIT; read a; read b; read c; echo ADD 2; read a; read b; exit 4"}}
	for _, g := range []sumGame{{turns: 4}, {turns: 4, sequential: true}, {turns: 4, arrival: true}} {
		rec, err := Run(context.Background(), Config{Game: g, Seed: 3, TimeScale: 5, Players: []Player{sumBot("2"), sumBot("7"), leaver}})
		if err != nil {
			t.Fatal(err)
		}
		if p := rec.Result.Players[2]; p.Status != referee.StatusCrash {
			t.Fatalf("%+v: the leaving seat: %s %s, want a crash", g, p.Status, p.Message)
		}
		everyInputByteCounts(t, rec)
		// Seat 0 waited in every turn: a turn without its move lacks the OK that starts it.
		c := withoutTimes(rec)
		c.Turns[2].Moves = slices.DeleteFunc(c.Turns[2].Moves, func(m replays.Move) bool { return m.Player == 0 })
		c.Turns[2].Seal() // so that re-simulation, not the digest, finds the move missing
		if err := replays.Verify(c); err == nil || !strings.Contains(err.Error(), "turn 2: player 0 has no move") {
			t.Errorf("%+v: verify without seat 0's move of turn 2: got %v, want it named missing", g, err)
		}
	}
}

// everyInputByteCounts changes each byte of every input of a session replay in turn:
// Verify must name the turn and the player, but for a digit of the seconds of a WAITING
// line, which are measured, not simulated.
func everyInputByteCounts(t *testing.T, rec *replays.Replay) {
	t.Helper()
	if err := replays.Verify(rec); err != nil {
		t.Fatalf("verify: %v", err)
	}
	changes := 0
	for i := range rec.Turns {
		for j := range rec.Turns[i].Moves {
			m := &rec.Turns[i].Moves[j]
			input := m.Input
			for k := 0; k < len(input); k++ {
				b := []byte(input)
				start := strings.LastIndexByte(input[:k], '\n') + 1
				line, _, _ := strings.Cut(input[start:], "\n")
				seconds := protocol.IsWaiting(line) && k-start >= len("WAITING ") && b[k] >= '0' && b[k] <= '9'
				if seconds {
					b[k] = '0' + (b[k]-'0'+1)%10
				} else {
					b[k] ^= 1
				}
				m.Input = string(b)
				err := replays.Verify(rec)
				m.Input = input
				var mm *replays.Mismatch
				switch {
				case seconds && err != nil:
					t.Errorf("turn %d, player %d: the seconds of %q changed to %q: %v", rec.Turns[i].Turn, m.Player, line, b[start:start+len(line)], err)
				case !seconds && (!errors.As(err, &mm) || mm.Turn != rec.Turns[i].Turn || !strings.Contains(err.Error(), fmt.Sprintf("input of player %d ", m.Player))):
					t.Errorf("turn %d, player %d: byte %d of the input %q changed: got %v, want an input mismatch naming the turn and the player", rec.Turns[i].Turn, m.Player, k, input, err)
				}
				changes++
			}
		}
	}
	if changes == 0 {
		t.Error("no input to change")
	}
}

// A session seat that sends nothing all game idles, as the rules say; its result says so,
// with the usual cause (a bot whose output never leaves it), quoting the line it left
// without its newline if any, and verification checks the note against the recorded lines.
// Replays written before the note verify without it.
func TestSessionSilentSeatIsNoted(t *testing.T) {
	// Prints a command without its newline, so that arena never gets a line.
	unended := Player{Command: "sh unended", Argv: []string{"sh", "-c", "printf 'ADD 5'; exec sleep 60"}}
	mute := Player{Command: "sh mute", Argv: []string{"sh", "-c", "exec sleep 60"}}
	rec, err := Run(context.Background(), Config{Game: sumGame{turns: 4}, Seed: 2, TimeScale: 0.1, ExitGrace: 100 * time.Millisecond, StartupGrace: time.Second,
		Players: []Player{sumBot("2"), unended, mute}})
	if err != nil {
		t.Fatal(err)
	}
	res := rec.Result.Players
	want := []string{"", `sent no command in the whole game, only "ADD 5" without a newline`, replays.SilentNote}
	for i, w := range want {
		if res[i].Status != referee.StatusOK || res[i].Message != w {
			t.Errorf("seat %d: %s %q; want ok and %q", i, res[i].Status, res[i].Message, w)
		}
	}
	if err := replays.Verify(rec); err != nil {
		t.Errorf("verify: %v", err)
	}
	old := withoutTimes(rec) // as written before the note
	old.Result.Players[1].Message, old.Result.Players[2].Message = "", ""
	if err := replays.Verify(old); err != nil {
		t.Errorf("verify without the note: %v", err)
	}
	wrong := withoutTimes(rec) // the note on a seat that did speak
	wrong.Result.Players[0].Message = replays.SilentNote
	if err := replays.Verify(wrong); err == nil || !strings.Contains(err.Error(), "result: differs") {
		t.Errorf("verify with the note on a seat that spoke: %v; want a result mismatch", err)
	}
}

// A session seat that plays, then sends nothing more with its pipes open (stuck, or its
// output no longer flushed), idles; its result says from which turn on, and quotes the
// line it left without its newline. A seat quiet only in the last turns, as a late client
// may be, has nothing said of it. Verification checks the notes against the recorded lines,
// and accepts replays written before them.
func TestSessionSeatSilentFromATurnIsNoted(t *testing.T) {
	// Each WAITs in the turns given, then reads on to the end of its input, as a bot
	// waiting for a line that never comes.
	waits := func(name string, turns int, then string) Player {
		script := fmt.Sprintf("for i in $(seq %d); do echo WAIT; read a; read b; read c; done; %s while read a; do :; done", turns, then)
		return Player{Command: "sh " + name, Argv: []string{"sh", "-c", script}}
	}
	// The game registered for verification lasts 4 turns.
	rec, err := Run(context.Background(), Config{Game: sumGame{turns: 4}, Seed: 2, TimeScale: 0.3, ExitGrace: time.Second, StartupGrace: 1500 * time.Millisecond,
		Players: []Player{sumBot("2"), waits("unended", 1, "printf WAIT;"), waits("stuck", 1, ""), waits("late", 2, ""), waits("mute", 0, "")}})
	if err != nil {
		t.Fatal(err)
	}
	res := rec.Result.Players
	const hint = " (is it stuck, or is its output no longer flushed?)"
	want := []string{
		"",
		`sent no command from turn 1 on, the last 3 turns of the game, only "WAIT" without a newline`,
		"sent no command from turn 1 on, the last 3 turns of the game" + hint,
		"", // silent in the last 2 turns only
		replays.SilentNote,
	}
	for i, w := range want {
		if res[i].Status != referee.StatusOK || res[i].Message != w {
			t.Errorf("seat %d: %s %q; want ok and %q", i, res[i].Status, res[i].Message, w)
		}
	}
	if err := replays.Verify(rec); err != nil {
		t.Errorf("verify: %v", err)
	}
	// Replays written before the notes from a turn on, with the whole-game note or before it.
	for _, whole := range []string{replays.SilentNote, ""} {
		old := withoutTimes(rec)
		old.Result.Players[1].Message, old.Result.Players[2].Message, old.Result.Players[4].Message = "", "", whole
		if err := replays.Verify(old); err != nil {
			t.Errorf("verify without the notes from a turn on (whole-game note %q): %v", whole, err)
		}
	}
	for seat, msg := range map[int]string{
		1: `sent no command from turn 2 on, the last 2 turns of the game, only "WAIT" without a newline`, // the wrong turn
		2: "sent no command from turn 1 on, the last 3 turns of the game, only WAIT without a newline",   // not a quote
		3: "sent no command from turn 2 on, the last 2 turns of the game" + hint,                         // too short a silence
		0: "sent no command from turn 1 on, the last 3 turns of the game" + hint,                         // a seat that played
	} {
		wrong := withoutTimes(rec)
		wrong.Result.Players[seat].Message = msg
		if err := replays.Verify(wrong); err == nil || !strings.Contains(err.Error(), "result: differs") {
			t.Errorf("verify with seat %d's note %q: %v; want a result mismatch", seat, msg, err)
		}
	}
}

// The end of a session game gives every bot the same exit grace: a bot that exits after it
// does not make the runner wait on the next one for as long as that one lives (the grace
// was a timer's channel, which told only the first bot still waiting when it ran out).
func TestSessionExitGraceEndsForEveryBot(t *testing.T) {
	late := Player{Command: "sh late", Argv: []string{"sh", "-c", "while read a; do :; done; exec sleep 2"}}
	lingering := Player{Command: "sh lingering", Argv: []string{"sh", "-c", "exec sleep 120"}}
	done := make(chan error, 1)
	go func() {
		_, err := Run(context.Background(), Config{Game: sumGame{turns: 2}, Seed: 1, TimeScale: 0.1, ExitGrace: 100 * time.Millisecond, StartupGrace: time.Second,
			Players: []Player{late, lingering}})
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the game was still waiting for its bots to exit a minute after its end, with an exit grace of 100 ms")
	}
}

// An answer a bot has not read yet may wait a second for it (sessionWriteLimit), scaled
// like every limit by --time-scale and lifted by --no-timeout: a bot held in a debugger,
// or slowed at 5× on a busy machine, is not dropped for reading a long answer late.
func TestSessionWriteLimitIsScaled(t *testing.T) {
	slow := func(seconds string) Player {
		argv := []string{"python3", "testdata/sum_bot.py", "1", seconds}
		return Player{Command: strings.Join(argv, " "), Argv: argv}
	}
	for _, c := range []struct {
		name      string
		cfg       Config
		sleep     string
		status    referee.Status
		message   string
		wantScore float64
	}{
		{"no timeout", Config{NoTimeout: true}, "1.5", referee.StatusOK, "", 4},
		{"5×", Config{TimeScale: 5}, "1.5", referee.StatusOK, "", 4},
		{"0.5×", Config{TimeScale: 0.5}, "2", referee.StatusTimeout, "did not read its input (limit 500 ms)", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.Game, cfg.Seed, cfg.Players = sumGame{turns: 4}, 1, []Player{sumBot("1"), slow(c.sleep)}
			rec, err := Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if p := rec.Result.Players[1]; p.Status != c.status || p.Message != c.message || p.Score != c.wantScore {
				t.Errorf("slow reader: %s %q, score %v; want %s %q, score %v", p.Status, p.Message, p.Score, c.status, c.message, c.wantScore)
			}
			if p := rec.Result.Players[0]; p.Status != referee.StatusOK || p.Score != 4 {
				t.Errorf("the other bot: %s %q, score %v; want ok, score 4", p.Status, p.Message, p.Score)
			}
			if err := replays.Verify(rec); err != nil {
				t.Errorf("verify: %v", err)
			}
		})
	}
}

// A bot that answered once has no later answers: its timing has no later max, and the
// replay leaves the field out rather than write a made-up 0.
func TestTimingOfASingleAnswer(t *testing.T) {
	rec, err := Run(context.Background(), Config{Game: countGame{turns: 1}, Seed: 1, Players: []Player{pyBot()}, TimeScale: 5})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	tm := rec.Result.Players[0].Timing
	if tm == nil || tm.FirstMS <= 0 || tm.MaxMS != tm.FirstMS || tm.LaterMaxMS != 0 {
		t.Fatalf("timing %+v, want the one answer's time as first and max, and no later max", tm)
	}
	b, err := json.Marshal(tm)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "later_max_ms") {
		t.Errorf("timing %s has a later max", b)
	}
}
