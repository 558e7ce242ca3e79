package e2e

// Acceptance tests of bestow (Deadline24 2017, B.E.S.T.O.W., seed §5) as a 2017 contestant
// runs it: a client written from the seed (testdata/bots/bestow_client.py) plays through
// `arena run` (pipes, lockstep) and `arena serve` (TCP, real clock).

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The seed's error table (§5.9) for the wrong commands the client sends, by probe name.
var bestowProbes = []d24Probe{
	{"unknown-command", "FAILED 2 unknown command", "§2.2/§5.9 code 2: FOO, lower-case get_match_info"},
	{"too-many-arguments", "FAILED 4 too many arguments", "§5.9 code 4: GET_MATCH_INFO 1, BUY_PIECE 1 2, WAIT 1"},
	{"bad-format", "FAILED 3 bad format", "§5.9 code 3: BUY_PIECE x, missing and 65-bit arguments"},
	{"not-your-turn", "FAILED 103 not your turn", "§5.8 'available only for an active player', §5.9 code 103"},
	{"piece-not-available", "FAILED 102 piece not available", "§5.5.5/§5.8 BUY_PIECE past the pieces in range, code 102"},
	{"all-pieces-limit", "FAILED 101 specific command limit reached", "§5.8 GET_ALL_PIECES once per 100 turns, code 101"},
	{"no-piece", "FAILED 106 you do not have a piece", "§5.9 code 106"},
	{"out-of-bounds", "FAILED 104 piece out of space bounds", "§5.9 code 104"},
	{"occupied", "FAILED 105 one of the elements placed on non empty space", "§5.9 code 105"},
	{"cannot-afford", "FAILED 107 cannot afford a piece", "§5.5.6, §5.9 code 107"},
	{"already-placed-own", "FAILED 108 piece already placed on own space", "§5.5.9, §5.9 code 108"},
	{"already-placed-shared", "FAILED 109 piece already placed on shared space", "§5.5.9, §5.9 code 109"},
	{"color-does-not-exist", "FAILED 111 color does not exist", "§5.9 code 111"},
	{"invalid-multiplier", "FAILED 112 invalid multiplier", "§5.5.12 pool [1, 3, 5], code 112"},
	{"opponent-multiplier", "FAILED 113 equal multiplier already assigned to this color by opponent", "§5.5.12, code 113"},
	{"already-taken", "FAILED 114 piece already taken this turn", "§5.5.4 one piece per turn, code 114"},
	{"no-single-cube", "FAILED 115 no single cube piece available", "§5.5.13, code 115"},
	{"no-single-square", "FAILED 116 no single square piece available", "§5.5.13, code 116"},
	{"color-has-multiplier", "FAILED 117 you already picked a multiplier for this color", "§5.5.12, code 117"},
	{"multiplier-has-color", "FAILED 118 you already picked a different color for this multiplier", "§5.5.12, code 118"},
}

// TestDeadline24BestowLockstep — issue point: two bots play bestow through `arena run` in
// lockstep far faster than real time (turns per second against the turn duration T), the
// seed's command formats are accepted, and `arena replay verify` passes on the replay.
func TestDeadline24BestowLockstep(t *testing.T) {
	dir := t.TempDir()
	replay := filepath.Join(dir, "bestow.json")
	res, r := d24Play(t, dir, "--game", "bestow", "--seed", "2017", "--replay", replay,
		d24Client(t, "bestow", "--log", "a.log"), d24Client(t, "bestow", "--log", "b.log"))
	d24AllOK(t, res, r)
	if res.Game != "bestow" || res.Seed != 2017 || res.Turns <= 0 {
		t.Fatalf("result: %+v", res)
	}

	for _, name := range []string{"a.log", "b.log"} {
		recs := d24Transcript(t, filepath.Join(dir, name))
		ee, _ := strconv.Atoi(d24WorldValue(t, recs, 0))
		period, _ := strconv.ParseFloat(d24WorldValue(t, recs, 14), 64)

		// Speed: each turn would last T seconds on a contest server.
		speedup := float64(res.Turns) * period / r.wall.Seconds()
		t.Logf("%s: %d turns of T = %gs in %v: %.0f turns/s, %.0f× real time", name, res.Turns, period, r.wall.Round(time.Millisecond), float64(res.Turns)/r.wall.Seconds(), speedup)
		if speedup < 10 {
			t.Errorf("lockstep: %d turns of %gs took %v, only %.1f× faster than real time; want ≥ 10× (docs/deadline24-protocol.md: a turn ends as soon as every bot waits)", res.Turns, period, r.wall, speedup)
		}

		// The client followed every turn to the end of the game (§5.6: both efforts
		// past E_e), and exited at the end of its input.
		end := d24Events(recs, "end")
		if len(end) != 1 || end[0].Turn != res.Turns-1 {
			t.Errorf("%s: the client saw %v turns before its input ended; want the %d turns of the game", name, end, res.Turns)
		}
		var last d24Record
		for _, rec := range recs {
			if rec.Cmd == "GET_MATCH_INFO" && len(rec.Reply) == 4 {
				last = rec
			}
		}
		if last.Cmd == "" {
			t.Fatalf("%s: no GET_MATCH_INFO answer", name)
		}
		e1, _ := strconv.Atoi(strings.Fields(last.Reply[1])[5])
		e2, _ := strconv.Atoi(strings.Fields(last.Reply[2])[5])
		if max(e1, e2) < ee {
			t.Errorf("%s: at the start of the last turn the efforts were %d and %d; the game ends when both pass E_e = %d (§5.6)", name, e1, e2, ee)
		}

		// Every command of the client's own play, in the seed's formats, was accepted.
		tally := d24Tally(recs)
		for _, cmd := range []string{"DESCRIBE_WORLD", "GET_MATCH_INFO", "GET_ALL_PIECES", "GET_PIECES_IN_RANGE", "GET_MY_SPACE", "GET_SHARED_SPACE", "BUY_PIECE", "PLACE_OWN_PIECE", "PLACE_SHARED_PIECE", "ROTATE_PIECE", "PROJECT_PIECE", "SET_MULTIPLIER", "WAIT"} {
			if tally[cmd]["OK"] == 0 {
				t.Errorf("%s: %s never answered OK: %v", name, cmd, tally[cmd])
			}
			for answer, n := range tally[cmd] {
				if answer != "OK" {
					t.Errorf("%s: %s answered %q %d times; the client sends it only when the seed's rules allow it", name, cmd, answer, n)
				}
			}
		}
		// GET_MY_SPACE (§5.8) shows the pieces exactly where PLACE_OWN_PIECE put them,
		// rotated as ROTATE_PIECE said.
		if m := d24Events(recs, "own-space-mismatch"); len(m) > 0 {
			t.Errorf("%s: GET_MY_SPACE differs from the placements: %v", name, m[0].raw)
		}
		if p := d24Events(recs, "projection"); len(p) == 1 {
			t.Logf("%s: PROJECT_PIECE projects an unrotated piece as %v (axis, sign, axis, sign)", name, p[0].raw["map"])
		}
		t.Run("rules "+name, func(t *testing.T) { bestowRules(t, recs) })
	}
	// §5.7.5: victory is worth 300 points (×K = 1), the defeated player its combined
	// score as a percentage of the winner's, below 100.
	if w := res.Winner; w < 0 || res.Players[w].Score != 300 || res.Players[1-w].Score >= 100 || res.Players[1-w].Score < 0 {
		t.Errorf("result: winner %d, scores %v / %v; want 300 for the winner and less than 100 for the other", w, res.Players[0].Score, res.Players[1].Score)
	}
	d24Verify(t, replay)
}

// TestDeadline24BestowSameSeed — issue point: the same seed twice gives the same game
// (README: the same seed and the same bot outputs give the same replay, but for what is measured).
func TestDeadline24BestowSameSeed(t *testing.T) {
	d24SameSeed(t, "bestow", 3, []string{"--option", "Ee=150"}, 2)
}

// d24SameSeed plays the same game twice (seed, options, n copies of the seed client)
// and compares results, every line exchanged and every frame.
func d24SameSeed(t *testing.T, game string, seed int, opts []string, n int) {
	var replays [2]string
	var results [2]d24Result
	for i := range replays {
		dir := t.TempDir()
		replays[i] = filepath.Join(dir, "r.json")
		args := append([]string{"--game", game, "--seed", strconv.Itoa(seed), "--replay", replays[i]}, opts...)
		for j := 0; j < n; j++ {
			args = append(args, d24Client(t, game, "--log", fmt.Sprintf("p%d.log", j)))
		}
		res, r := d24Play(t, dir, args...)
		d24AllOK(t, res, r)
		results[i] = res
	}
	a, b := results[0], results[1]
	if a.Turns != b.Turns || a.Winner != b.Winner || len(a.Players) != len(b.Players) {
		t.Fatalf("seed %d twice: %d turns, winner %d vs %d turns, winner %d", seed, a.Turns, a.Winner, b.Turns, b.Winner)
	}
	for i := range a.Players {
		if a.Players[i].Score != b.Players[i].Score {
			t.Errorf("seed %d twice: player %d scored %v then %v", seed, i, a.Players[i].Score, b.Players[i].Score)
		}
	}
	ta, tb := d24Turns(t, replays[0]), d24Turns(t, replays[1])
	if len(ta) != len(tb) {
		t.Fatalf("seed %d twice: %d then %d turns in the replays", seed, len(ta), len(tb))
	}
	for i := range ta {
		if ta[i] != tb[i] {
			t.Fatalf("seed %d twice: turn %d differs\nfirst:  %s\nsecond: %s", seed, i, d24Trim(ta[i]), d24Trim(tb[i]))
		}
	}
	t.Logf("seed %d twice: the same %d turns, scores %v", seed, a.Turns, a.Players)
}

var d24WaitingValue = regexp.MustCompile(`WAITING [0-9.]+`)

// d24Turns returns each replay turn as a string of its moves (input with the WAITING
// seconds blanked, output) and frame: what must not depend on timing.
func d24Turns(t *testing.T, path string) []string {
	t.Helper()
	turns := d24ReplayTurns(t, path)
	out := make([]string, len(turns))
	for i, turn := range turns {
		var b strings.Builder
		for _, m := range turn.Moves {
			fmt.Fprintf(&b, "player %d\nin: %q\nout: %q\n", m.Player, d24WaitingValue.ReplaceAllString(m.Input, "WAITING x"), m.Output)
		}
		fmt.Fprintf(&b, "frame: %s", turn.Frame)
		out[i] = b.String()
	}
	return out
}

// d24Turn is a replay turn as the tests read it: each move's exchange, and the frame.
type d24Turn struct {
	Moves []struct {
		Player int    `json:"player"`
		Input  string `json:"input"`
		Output string `json:"output"`
	} `json:"moves"`
	Frame json.RawMessage `json:"frame"`
}

// d24ReplayTurns reads the turns of a replay.
func d24ReplayTurns(t *testing.T, path string) []d24Turn {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Turns []d24Turn `json:"turns"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rep.Turns
}

// TestDeadline24BestowErrorCodes — issue point: wrong commands get the documented FAILED
// codes (not your turn, piece not available, bad format, unknown command, too many
// arguments, the command limit with forced waiting, and the rest of the seed's §5.9
// table), over pipes, where no turn boundary can fall between a probe and its answer.
func TestDeadline24BestowErrorCodes(t *testing.T) {
	dir := t.TempDir()
	var recs []d24Record
	for i, opts := range [][]string{
		{"--seed", "4", "--option", "Ee=100"},
		// ten pieces: near the end fewer than R are in range (§5.5.5)
		{"--seed", "6", "--option", "Ee=100", "--option", "pieces=10"},
	} {
		log := fmt.Sprintf("probe%d.log", i)
		args := append([]string{"--game", "bestow"}, opts...)
		res, r := d24Play(t, dir, append(args, d24Client(t, "bestow"), d24Client(t, "bestow", "--probe", "--log", log))...)
		d24AllOK(t, res, r)
		got := d24Transcript(t, filepath.Join(dir, log))
		if len(d24Clean(got)) != len(got) {
			t.Errorf("over pipes a probe was answered in another turn than it was sent in: %v", d24Events(got, "turn-check"))
		}
		if i == 0 {
			limit, _ := strconv.Atoi(d24WorldValue(t, got, 15))
			t.Run("command-limit", func(t *testing.T) { d24CheckLimit(t, got, limit, true) })
		}
		recs = append(recs, got...)
	}
	d24CheckProbes(t, recs, bestowProbes, nil)
	d24CheckWhitespace(t, recs)
}

// d24CheckWhitespace: a whitespace-only line gets no answer, and tabs, spaces and a CR
// around the tokens are fine (seed §2.3, docs/deadline24-protocol.md "Lines").
func d24CheckWhitespace(t *testing.T, recs []d24Record) {
	t.Helper()
	for _, probe := range []string{"blank-line", "whitespace"} {
		n := 0
		for _, r := range recs {
			if r.Probe != probe {
				continue
			}
			n++
			if len(r.Reply) < 2 || r.Reply[0] != "OK" {
				t.Errorf("%s: %q answered %q; want OK and the data lines of the command", probe, r.Cmd, r.Reply)
			}
		}
		if n == 0 {
			t.Errorf("probe %s never sent", probe)
		}
	}
}

// TestDeadline24BestowServe — issue point: the bestow client logs in to
// `arena serve --game bestow` over TCP (§2.1), plays a game to the end with the seed's
// command formats on the real clock, gets the documented FAILED codes, and
// `arena replay verify` passes on the replay the server wrote.
func TestDeadline24BestowServe(t *testing.T) {
	const scale = 0.1
	// Ten pieces: after a few turns fewer than R are in range (§5.5.5), for code 102.
	srv := d24Serve(t, "--game", "bestow", "--seed", "9", "--time-scale", fmt.Sprint(scale), "--option", "Ee=100", "--option", "pieces=10")
	dir := t.TempDir()
	logs := []string{filepath.Join(dir, "login1.log"), filepath.Join(dir, "login2.log")}
	c1 := d24Start(t, d24Client(t, "bestow", "--host", "127.0.0.1", "--port", srv.port(), "--login", "login1", "--pass", "secret", "--log", logs[0]))
	c2 := d24Start(t, d24Client(t, "bestow", "--host", "127.0.0.1", "--port", srv.port(), "--login", "login2", "--pass", "secret", "--log", logs[1], "--probe"))
	out := srv.wait(2 * time.Minute)
	c1.wait(t, 10*time.Second)
	c2.wait(t, 10*time.Second)

	m := regexp.MustCompile(`bestow\s+seed 9\s+(\d+) turns`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no game summary on stdout (docs: each finished game's summary is printed)\n%s", srv.output())
	}
	turns, _ := strconv.Atoi(m[1])
	// docs/deadline24-protocol.md: every turn lasts the turn duration on the real clock.
	if min := time.Duration(float64(turns) * scale * 0.9 * float64(time.Second)); srv.wall < min {
		t.Errorf("%d turns of %gs took %v; on the real clock they last at least %v", turns, scale, srv.wall, min)
	}
	t.Logf("serve: %d turns of %gs in %v", turns, scale, srv.wall.Round(time.Millisecond))

	for i, log := range logs {
		recs := d24Transcript(t, log)
		d24CheckWaiting(t, recs, scale)
		login := d24Events(recs, "login")
		if len(login) != 1 || strings.Join(login[0].Reply, ",") != "LOGIN,PASS,OK" {
			t.Errorf("login%d: login exchange %v; want LOGIN, PASS, OK (seed §2.1)", i+1, login)
		}
		if len(d24Events(recs, "end")) != 1 {
			t.Errorf("login%d: the client did not see the end of the game (connection closed)", i+1)
		}
		tally := d24Tally(recs)
		for _, cmd := range []string{"DESCRIBE_WORLD", "GET_MATCH_INFO", "GET_ALL_PIECES", "BUY_PIECE", "PLACE_OWN_PIECE", "PLACE_SHARED_PIECE", "WAIT"} {
			if tally[cmd]["OK"] == 0 {
				t.Errorf("login%d: %s never answered OK over TCP: %v", i+1, cmd, tally[cmd])
			}
		}
		for cmd, answers := range tally {
			for answer, n := range answers {
				if strings.HasPrefix(answer, "FAILED 2 ") || strings.HasPrefix(answer, "FAILED 3 ") || strings.HasPrefix(answer, "FAILED 4 ") || strings.HasPrefix(answer, "FAILED 5 ") {
					t.Errorf("login%d: %s answered %q %d times", i+1, cmd, answer, n)
				}
			}
		}
	}

	// The probes of turns answered within one turn (the clock may end a turn between
	// two lines on a busy machine).
	all := d24Transcript(t, logs[1])
	recs := d24Clean(all)
	t.Logf("probing turns answered within the turn: %d of %d", len(d24Events(recs, "turn-check")), len(d24Events(all, "turn-check")))
	optional := map[string]bool{}
	for _, p := range bestowProbes {
		optional[p.probe] = true
	}
	for _, p := range []string{"unknown-command", "too-many-arguments", "bad-format", "not-your-turn", "piece-not-available"} {
		optional[p] = false
	}
	d24CheckProbes(t, recs, bestowProbes, optional)
	limit, _ := strconv.Atoi(d24WorldValue(t, all, 15))
	t.Run("command-limit", func(t *testing.T) { d24CheckLimit(t, all, limit, false) })

	replay := filepath.Join(srv.dir, "bestow-9.json")
	if _, err := os.Stat(replay); err != nil {
		t.Fatalf("replay: %v (docs: written to --replays DIR as GAME-SEED.json)\n%s", err, srv.output())
	}
	if got := d24ReplaySettings(t, replay)["transport"]; got != "tcp" {
		t.Errorf("replay settings transport %v; want tcp (docs/replay-format.md)", got)
	}
	d24Verify(t, replay)
}
