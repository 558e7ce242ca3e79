package e2e

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The queens timing points (seed 000 "Constraints": 1000 ms for the first turn, 50 ms
// after; README "Limits"). These tests are not parallel so that the package's other
// games do not load the machine while they run.

// TestQueensSlowTurnIsTimeout: a bot that sleeps 150 ms on turn 3 is out with status
// `timeout` on that turn and loses.
//
// The first three answers must come in time for the point to be judged. On a loaded
// machine a python3 start alone can exceed the 1000 ms of the first turn, so after a
// miss on an earlier turn the same proportions are tried with all limits scaled up
// (sleep 3× the per-turn limit), up to roomy's 100 times; the test is skipped only if no
// scale could judge it.
func TestQueensSlowTurnIsTimeout(t *testing.T) {
	const sleepTurn = 3
	for _, scale := range []int{1, 4, 20, 100} {
		sleep := 150 * scale
		bots := []string{
			statementBot(t, "queens", "--sleep-turn", fmt.Sprint(sleepTurn), "--sleep-ms", fmt.Sprint(sleep)),
			"builtin:greedy",
		}
		res, r := play(t, bots, "--game", "queens", "--seed", "5", "--time-scale", fmt.Sprint(scale))
		p := res.Players[0]
		if p.Status == "timeout" && res.Turns < sleepTurn+1 {
			t.Logf("time scale %d: timed out on an earlier turn (%d turns, %q): machine too busy, scaling up", scale, res.Turns, p.Message)
			continue
		}
		if p.Status != "timeout" {
			t.Fatalf("time scale %d: slept %d ms on turn %d against a %d ms limit: status %q (%s), want timeout\n%s",
				scale, sleep, sleepTurn, 50*scale, p.Status, p.Message, r.stdout)
		}
		if res.Turns != sleepTurn+1 {
			t.Errorf("time scale %d: timed out after %d turns, want it on turn %d (%d turns)", scale, res.Turns, sleepTurn, sleepTurn+1)
		}
		if want := fmt.Sprintf("%d ms", 50*scale); !strings.Contains(p.Message, want) {
			t.Errorf("timeout message %q does not name the %s limit", p.Message, want)
		}
		if res.Winner != 1 || res.Players[1].Status != "ok" {
			t.Errorf("winner %d, opponent status %q: the bot that timed out must lose", res.Winner, res.Players[1].Status)
		}
		t.Logf("judged at time scale %d: %s", scale, p.Message)
		return
	}
	t.Skip("machine too loaded: even with limits scaled 100× the bot missed an earlier turn")
}

// TestQueensUnknownCommandIsInvalid: `FLY 1 2 3` on turn 2 ⇒ status `invalid`, with
// the offending text quoted in the message (README "Limits"; seed "Lose Conditions").
func TestQueensUnknownCommandIsInvalid(t *testing.T) {
	bots := []string{statementBot(t, "queens", "--fly-turn", "2"), "builtin:greedy"}
	res, r := play(t, bots, "--game", "queens", "--seed", "5", "--time-scale", roomy)
	p := res.Players[0]
	if p.Status != "invalid" {
		t.Fatalf("status %q (%s), want invalid\n%s", p.Status, p.Message, r.stdout)
	}
	if !strings.Contains(p.Message, `"FLY 1 2 3"`) {
		t.Errorf("message %q does not quote the offending line \"FLY 1 2 3\"", p.Message)
	}
	if res.Turns != 3 {
		t.Errorf("game lasted %d turns, want the invalid answer to end it on turn 2 (3 turns)", res.Turns)
	}
	if res.Winner != 1 {
		t.Errorf("winner %d, want the opponent (1)", res.Winner)
	}
}

// TestQueensSlowFirstTurnWithinLimits: 800 ms on the first turn, then 25 ms on every
// turn, stays within 1000 ms / 50 ms: the bot plays the whole game with status ok. This
// is judged at the real limits, so it is skipped when the machine is too loaded: before
// the game, when a python3 start is slow; after it, when the bot was timed out against the
// right limit and measured over it (the machine made it late, not arena's limits).
func TestQueensSlowFirstTurnWithinLimits(t *testing.T) {
	if d := pythonStart(t); d > 150*time.Millisecond {
		t.Skipf("machine too loaded to judge 800 ms against a 1000 ms limit: a trivial python3 start takes %v (> 150 ms)", d.Round(time.Millisecond))
	}
	bots := []string{statementBot(t, "queens", "--first-sleep-ms", "800", "--every-sleep-ms", "25"), "builtin:greedy"}
	res, r := play(t, bots, "--game", "queens", "--seed", "5")
	p := res.Players[0]
	if p.Status == "timeout" && strings.Contains(p.Message, "busy") {
		t.Skipf("machine became too loaded during the game, arena says: %s", p.Message)
	}
	if p.Status == "timeout" {
		limit := 50.0 // the turn it timed out on is the last one played
		if res.Turns == 1 {
			limit = 1000
		}
		if late, ok := measuredOver(p.Message); ok && late.limit == limit && late.took >= limit {
			t.Skipf("machine too loaded: the bot was late on turn %d against the right %v ms limit: %s", res.Turns-1, limit, p.Message)
		}
	}
	if p.Status != "ok" {
		t.Fatalf("status %q (%s), want ok: 800 ms < 1000 ms and 25 ms < 50 ms\n%s", p.Status, p.Message, r.stdout)
	}
}

// lateness is what a timeout message says of a late answer: the time it took (the whole
// limit when there was no answer) and the limit.
type lateness struct{ took, limit float64 }

var (
	answeredOver = regexp.MustCompile(`answered in ([0-9.]+) ms of wall time, over the ([0-9.]+) ms limit`)
	// A timeout on a busy machine goes on with "; the machine was busy: ...".
	noAnswer = regexp.MustCompile(`^no answer within ([0-9.]+) ms(;|$)`)
)

func measuredOver(message string) (lateness, bool) {
	if m := answeredOver.FindStringSubmatch(message); m != nil {
		took, err1 := strconv.ParseFloat(m[1], 64)
		limit, err2 := strconv.ParseFloat(m[2], 64)
		return lateness{took, limit}, err1 == nil && err2 == nil
	}
	if m := noAnswer.FindStringSubmatch(message); m != nil {
		limit, err := strconv.ParseFloat(m[1], 64)
		return lateness{limit, limit}, err == nil
	}
	return lateness{}, false
}

// TestQueensSurplusLineIsNextTurnsAnswer: README "Writing a bot" — output is read line by
// line, as on CodinGame, so a third line printed on turn 1 is not dropped: it is the first
// line of turn 2's answer, and turn 2's "WAIT" then stands where TRAIN must be. The replay
// records each line with the turn that read it, and the message quotes the line.
func TestQueensSurplusLineIsNextTurnsAnswer(t *testing.T) {
	needPython(t)
	bot := writeFile(t, "surplus.py", `import sys
rl = sys.stdin.readline
n = int(rl())
for _ in range(n): rl()
turn = 0
while rl():
    for _ in range(n): rl()
    for _ in range(int(rl())): rl()
    print("WAIT\nTRAIN\nMOVE 0 0" if turn == 1 else "WAIT\nTRAIN", flush=True)
    turn += 1
`)
	replay := filepath.Join(t.TempDir(), "surplus.json")
	res, r := play(t, []string{"python3 " + bot, "builtin:random"},
		"--game", "queens", "--seed", "404", "--time-scale", roomy, "--replay", replay)
	p := res.Players[0]
	if res.Turns != 3 || res.Winner != 1 || p.Status != "invalid" || !strings.Contains(p.Message, `"WAIT": the second line must start with TRAIN`) {
		t.Fatalf("want player 0 invalid on turn 2 for the WAIT read as its TRAIN line, got %d turns, winner %d, %s %q\n%s",
			res.Turns, res.Winner, p.Status, p.Message, r)
	}
	turns := readReplay(t, replay).turns()
	var got []string
	for _, turn := range turns {
		out, _ := moveOf(turn, 0)["output"].(string)
		got = append(got, out)
	}
	want := []string{"WAIT\nTRAIN\n", "WAIT\nTRAIN\n", "MOVE 0 0\nWAIT\n"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("player 0's recorded outputs per turn (-want +got):\n%s", diff)
	}
}

// The skip of TestQueensSlowFirstTurnWithinLimits reads arena's own timeout message: a bot
// late on purpose must give a message it reads, with the time over the limit. The limits
// are roomy (100 s, then 5000 ms), so that the bot is late where it means to be, on turn 2
// by 10 s, and not on a turn a busy machine made it miss (python3 started in over a second).
func TestTimeoutMessageIsReadable(t *testing.T) {
	bots := []string{statementBot(t, "queens", "--sleep-turn", "2", "--sleep-ms", "15000"), "builtin:greedy"}
	res, r := play(t, bots, "--game", "queens", "--seed", "5", "--time-scale", roomy)
	p := res.Players[0]
	late, ok := measuredOver(p.Message)
	if p.Status != "timeout" || res.Turns != 3 || !ok || late.limit != 5000 || late.took < late.limit {
		t.Fatalf("status %q after %d turns, message %q: want a timeout on turn 2 whose message says the time over the 5000 ms limit (read: %+v, %v)\n%s", p.Status, res.Turns, p.Message, late, ok, r.stdout)
	}
}
