package e2e

// Acceptance tests of agrid (Deadline24 2017, A-grid-culture, seed §6) as a 2017
// contestant runs it: a client written from the seed (testdata/bots/agrid_client.py)
// plays through `arena run` (pipes, lockstep) and `arena serve` (TCP, real clock).

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The seed's error table (§6.8) for the wrong commands the client sends, by probe name.
var agridProbes = []d24Probe{
	{"unknown-command", "FAILED 2 unknown command", "§6.8 code 2: FOO, lower-case wait"},
	{"too-many-arguments", "FAILED 4 too many arguments", "§6.8 code 4: TIME_TO_END 1, DESTROY 1 2, WAIT 1"},
	{"bad-format", "FAILED 3 bad format", "§6.8 code 3: MOVE 1 a b, PUT 1, SCORE 1"},
	{"show-map-limit", "FAILED 100 show map command limit reached", "§6.7 SHOW_MAP once every E turns, code 100"},
	{"invalid-worker-id", "FAILED 101 invalid worker id", "§6.8 code 101"},
	{"move-scheduled", "FAILED 102 worker already has move scheduled", "§6.8 code 102"},
	{"invalid-move-offset", "FAILED 103 invalid move offset", "§6.3.3 moves along a FENCE only: MOVE id 1 1, code 103"},
	{"put-scheduled", "FAILED 105 worker already has put scheduled", "§6.8 code 105"},
	{"put-in-crowd", "FAILED 108 cannot put in crowd", "§6.3.3 alone at the POST, code 108"},
	{"marker-not-carried", "FAILED 109 worker does not carry specified marker", "§6.7 PUT of another colour, code 109"},
	{"destroy-scheduled", "FAILED 110 worker already has destroy scheduled", "§6.8 code 110"},
	{"cannot-destroy-here", "FAILED 111 cannot destroy here", "§6.3.3 only an own MaRKeR, code 111"},
	{"destroy-in-crowd", "FAILED 112 cannot destroy in crowd", "§6.3.3, code 112"},
	{"invalid-position", "FAILED 113 invalid position", "§6.7 SCORE 0 ≤ X < A, code 113"},
	{"test-score-limit", "FAILED 114 test score command limit reached", "§6.4 once per turn, invalid calls count, code 114"},
	{"no-marker", "FAILED 117 no marker at specified position", "§6.8 code 117"},
}

// TEST_SCORE errors come as a data line "ERR code message" after OK (seed §6.7: "In
// case they contain errors, server will answer with a line containing ERR and an error
// message").
var agridTestScoreProbes = map[string]string{
	"test-map-size":        "ERR 115 invalid test map size",
	"test-map-description": "ERR 116 invalid test map description",
}

// TestDeadline24AgridFourBots — issue point: four bots play a full game through
// `arena run a b c d --game=agrid`; every team harvests; the scores are what LAST_SCORE
// told each client; `arena replay verify` passes on the replay.
func TestDeadline24AgridFourBots(t *testing.T) {
	dir := t.TempDir()
	replay := filepath.Join(dir, "agrid.json")
	args := []string{"--game=agrid", "--seed", "2017", "--replay", replay}
	for i := 0; i < 4; i++ {
		args = append(args, d24Client(t, "agrid", "--log", fmt.Sprintf("p%d.log", i)))
	}
	res, r := d24Play(t, dir, args...)
	d24AllOK(t, res, r)
	t.Logf("agrid, 4 bots: %d turns in %v", res.Turns, r.wall.Round(time.Millisecond))
	for i, p := range res.Players {
		recs := d24Transcript(t, filepath.Join(dir, fmt.Sprintf("p%d.log", i)))
		turns, _ := strconv.Atoi(strings.Fields(d24FirstData(t, recs, "TIME_TO_END"))[0])
		// §6.5: the game ends after the season (TIME_TO_END U + 1 turns; 0 is shown in
		// the last turn), or earlier when nobody puts a marker for V turns.
		if res.Turns != turns+1 {
			t.Errorf("player %d: %d turns played; TIME_TO_END said %d more after turn 0", i, res.Turns, turns)
		}
		if end := d24Events(recs, "end"); len(end) != 1 || end[0].Turn != res.Turns-1 {
			t.Errorf("player %d: the client saw %v; want the end of input after turn %d", i, end, res.Turns-1)
		}
		tally := d24Tally(recs)
		for _, cmd := range []string{"DESCRIBE_WORLD", "SHOW_MAP", "TIME_TO_END", "LAST_SCORE", "LIST_MY_WORKERS", "LIST_ENEMY_WORKERS", "PUT", "MOVE", "SCORE", "WAIT"} {
			if tally[cmd]["OK"] == 0 {
				t.Errorf("player %d: %s never answered OK: %v", i, cmd, tally[cmd])
			}
		}
		for cmd, answers := range tally {
			for answer, n := range answers {
				if regexp.MustCompile(`^FAILED [2-6] `).MatchString(answer) {
					t.Errorf("player %d: %s answered %q %d times", i, cmd, answer, n)
				}
			}
		}
		// The client harvests nothing in the last turn, so the gains LAST_SCORE showed
		// for its colour (§6.7) add up to its score (K = 1).
		color := d24WorldValue(t, recs, 2)
		sum := 0.0
		for _, rec := range recs {
			if rec.Cmd == "LAST_SCORE" && rec.Turn > 0 && len(rec.Reply) == 2 {
				sum += d24Gains(t, rec.Reply[1])[color]
			}
		}
		agridHistory(t, recs, color)
		if p.Score <= 0 {
			t.Errorf("player %d (%s) scored %v; every seed client harvests squares", i, color, p.Score)
		}
		if !d24Near(sum, p.Score) {
			t.Errorf("player %d (%s): score %v, but LAST_SCORE gains add up to %v", i, color, p.Score, sum)
		}
	}
	d24Verify(t, replay)
}

func d24FirstData(t *testing.T, recs []d24Record, cmd string) string {
	t.Helper()
	for _, r := range recs {
		if r.Cmd == cmd && len(r.Reply) >= 2 && r.Reply[0] == "OK" {
			return r.Reply[1]
		}
	}
	t.Fatalf("no answer to %s in the transcript", cmd)
	return ""
}

// d24Gains parses a LAST_SCORE line (§6.7: S_last, then S_last pairs C S).
func d24Gains(t *testing.T, line string) map[string]float64 {
	t.Helper()
	f := strings.Fields(line)
	if len(f) == 0 {
		t.Fatalf("empty LAST_SCORE line")
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || len(f) != 1+2*n {
		t.Fatalf("LAST_SCORE line %q: want S_last and S_last pairs C S", line)
	}
	out := map[string]float64{}
	for i := 0; i < n; i++ {
		v, err := strconv.ParseFloat(f[2+2*i], 64)
		if err != nil {
			t.Fatalf("LAST_SCORE line %q: %v", line, err)
		}
		out[f[1+2*i]] = v
	}
	return out
}

// TestDeadline24AgridSameSeed — issue point: the same seed twice gives the same agrid
// game (README: same seed and same bot outputs, same replay).
func TestDeadline24AgridSameSeed(t *testing.T) {
	d24SameSeed(t, "agrid", 5, []string{"--option", "turns=300"}, 3)
}

// TestDeadline24AgridErrorCodes — issue point: wrong agrid commands get the seed's
// error codes (§6.8), the command limit forces waiting (§2.2), over pipes.
func TestDeadline24AgridErrorCodes(t *testing.T) {
	dir := t.TempDir()
	args := []string{"--game", "agrid", "--seed", "3", "--option", "turns=40",
		d24Client(t, "agrid", "--probe", "--log", "probe.log"), d24Client(t, "agrid"), d24Client(t, "agrid"), d24Client(t, "agrid")}
	res, r := d24Play(t, dir, args...)
	d24AllOK(t, res, r)
	recs := d24Transcript(t, filepath.Join(dir, "probe.log"))
	limit, _ := strconv.Atoi(d24WorldValue(t, recs, 17))
	t.Run("command-limit", func(t *testing.T) { d24CheckLimit(t, recs, limit, true) })
	d24CheckProbes(t, recs, agridProbes, map[string]bool{"destroy-in-crowd": true})
	for probe, want := range agridTestScoreProbes {
		t.Run(probe, func(t *testing.T) {
			n := 0
			for _, r := range recs {
				if r.Probe == probe {
					n++
					if len(r.Reply) != 2 || r.Reply[0] != "OK" || r.Reply[1] != want {
						t.Errorf("%q answered %q; want OK, %q", d24Trim(r.Cmd), r.Reply, want)
					}
				}
			}
			if n == 0 {
				t.Errorf("probe %s never sent", probe)
			}
		})
	}
}

// A TEST_SCORE case: a test board drawn with '@' (the harvesting client's colour), '%'
// and '&' (two other teams), '#' hills and '.' empty posts, and the expected answer.
type agridCase struct {
	name  string
	point string // what of the seed it checks
	size  int
	x, y  int
	draw  func(b *agridBoard)
	want  func(p agridParams) map[string]float64 // gains by placeholder colour
	err   string                                 // or the ERR line
}

type agridParams struct{ D, Z, W, T, Sw, Sh, Ss, N, M float64 }

type agridBoard [][]byte

func newAgridBoard(n int) agridBoard {
	b := make(agridBoard, n)
	for y := range b {
		b[y] = []byte(strings.Repeat(".", n))
	}
	return b
}

// rect puts colour c on the posts of the fence around fields x0..x1-1 × y0..y1-1.
func (b agridBoard) rect(x0, y0, x1, y1 int, c byte) {
	for x := x0; x <= x1; x++ {
		b[y0][x], b[y1][x] = c, c
	}
	for y := y0; y <= y1; y++ {
		b[y][x0], b[y][x1] = c, c
	}
}

func (b agridBoard) rows() []string {
	out := make([]string, len(b))
	for i, r := range b {
		out[i] = string(r)
	}
	return out
}

// blob is the value of one BLOB (§6.6.2 (10)): Q^D · (1 + bonuses).
func (p agridParams) blob(q float64, bonuses ...float64) float64 {
	s := 1.0
	for _, b := range bonuses {
		s += b
	}
	return math.Pow(q, p.D) * s
}

var agridCases = []agridCase{
	{
		name: "simple harvest", point: "§6.3.4 'Example of simple harvest': a BLOB of 4 fields",
		size: 21, x: 2, y: 2,
		draw: func(b *agridBoard) { b.rect(2, 2, 4, 4, '@') },
		want: func(p agridParams) map[string]float64 { return map[string]float64{"@": p.blob(4, p.Ss)} },
	},
	{
		name: "simple harvest, not a square", point: "§6.6.1 S_s only for a square: 1 × 4 fields",
		size: 21, x: 6, y: 3,
		draw: func(b *agridBoard) { b.rect(2, 2, 6, 3, '@') },
		want: func(p agridParams) map[string]float64 { return map[string]float64{"@": p.blob(4)} },
	},
	{
		name: "encompassing BLOB", point: "§6.3.4/§6.6.2: Q excludes an internal BLOB of another team (8×8 − 2×2 fields)",
		size: 21, x: 1, y: 1,
		draw: func(b *agridBoard) { b.rect(1, 1, 9, 9, '@'); b.rect(4, 4, 6, 6, '%') },
		want: func(p agridParams) map[string]float64 {
			// 8 opponent MaRKeRs inside, none of mine: Z; n·N to me, n·M to the owner.
			return map[string]float64{"@": p.blob(60, p.Z, p.Ss) + 8*p.N, "%": 8 * p.M}
		},
	},
	{
		name: "internal BLOB", point: "§6.3.4 'harvesting an internal BLOB': only its own area counts",
		size: 21, x: 4, y: 4,
		draw: func(b *agridBoard) { b.rect(1, 1, 9, 9, '%'); b.rect(4, 4, 6, 6, '@') },
		want: func(p agridParams) map[string]float64 { return map[string]float64{"@": p.blob(4, p.Ss)} },
	},
	{
		name: "deeply nested BLOB", point: "§6.3.4 'harvesting a deeply nested BLOB'",
		size: 21, x: 5, y: 5,
		draw: func(b *agridBoard) { b.rect(1, 1, 11, 11, '@'); b.rect(3, 3, 9, 9, '%'); b.rect(5, 5, 7, 7, '@') },
		want: func(p agridParams) map[string]float64 { return map[string]float64{"@": p.blob(4, p.Ss)} },
	},
	{
		name: "bridged BLOBs", point: "§6.3.4 'bridged BLOBs': two BLOBs of 8 fields joined by one FENCE, scored separately; S_w (§6.6.1)",
		size: 21, x: 1, y: 1,
		draw: func(b *agridBoard) { b.rect(1, 1, 3, 5, '@'); b.rect(5, 1, 7, 5, '@'); (*b)[3][4] = '@' },
		want: func(p agridParams) map[string]float64 {
			return map[string]float64{"@": 2 * p.blob(8) * (1 + p.Sw)}
		},
	},
	{
		name: "three bridged BLOBs", point: "§6.6.2 (11): three BLOBs of equal area, (1 + S_w + S_h)",
		size: 21, x: 1, y: 1,
		draw: func(b *agridBoard) {
			b.rect(1, 1, 3, 5, '@')
			b.rect(5, 1, 7, 5, '@')
			b.rect(9, 1, 11, 5, '@')
			(*b)[3][4], (*b)[3][8] = '@', '@'
		},
		want: func(p agridParams) map[string]float64 {
			return map[string]float64{"@": 3 * p.blob(8) * (1 + p.Sw + p.Sh)}
		},
	},
	{
		name: "inside fully covered", point: "§6.6.1 T: every inner POST holds a MaRKeR",
		size: 21, x: 2, y: 2,
		draw: func(b *agridBoard) { b.rect(2, 2, 4, 4, '@'); (*b)[3][3] = '@' },
		want: func(p agridParams) map[string]float64 { return map[string]float64{"@": p.blob(4, p.T, p.Ss)} },
	},
	{
		name: "two opponents inside", point: "§6.6.1/§6.6.2 Z, W, n·N and the compensation n_e·M (12)",
		size: 21, x: 2, y: 2,
		draw: func(b *agridBoard) { b.rect(2, 2, 5, 5, '@'); (*b)[3][3] = '%'; (*b)[4][4] = '&' },
		want: func(p agridParams) map[string]float64 {
			return map[string]float64{"@": p.blob(9, p.Z, p.W, p.Ss) + 2*p.N, "%": p.M, "&": p.M}
		},
	},
	{
		name: "largest spread", point: "§6.3.4: a spread of ⌊(21−1)/2⌋ = 10 is allowed",
		size: 21, x: 1, y: 1,
		draw: func(b *agridBoard) { b.rect(1, 1, 11, 3, '@') },
		want: func(p agridParams) map[string]float64 { return map[string]float64{"@": p.blob(20)} },
	},
	{
		name: "too large territory", point: "§6.3.4 spread larger than ⌊(size−1)/2⌋, code 118",
		size: 21, x: 1, y: 1,
		draw: func(b *agridBoard) { b.rect(1, 1, 12, 3, '@') },
		err:  "ERR 118 too large territory",
	},
	{
		name: "no marker at the start", point: "§6.8 code 117",
		size: 21, x: 0, y: 0,
		draw: func(b *agridBoard) { b.rect(2, 2, 4, 4, '@') },
		err:  "ERR 117 no marker at specified position",
	},
	{
		name: "smallest board", point: "§6.7 5 ≤ S_max",
		size: 5, x: 1, y: 1,
		draw: func(b *agridBoard) { b.rect(1, 1, 3, 3, '@') },
		want: func(p agridParams) map[string]float64 { return map[string]float64{"@": p.blob(4, p.Ss)} },
	},
}

// TestDeadline24AgridTestScore — issue point: the seed's TEST_SCORE examples (§6.3.4,
// §6.4, §6.6) reachable from a client behave as §6 says: first with every bonus 0, as the
// seed's examples assume, then with the bonuses of the grid1 server and M = 1.
func TestDeadline24AgridTestScore(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params agridParams
		opts   []string
	}{
		{"bonuses 0", agridParams{D: 2}, []string{"--option", "Z=0", "--option", "W=0", "--option", "T=0", "--option", "Sw=0", "--option", "Sh=0", "--option", "Ss=0", "--option", "N=0", "--option", "M=0"}},
		{"grid1 bonuses, M 1, D 1.5", agridParams{D: 1.5, Z: 0.2, W: 0.2, T: 0.5, Sw: 0.5, Sh: 1, Ss: 1, N: 0.5, M: 1}, []string{"--option", "variant=grid1", "--option", "M=1", "--option", "D=1.5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var cases []map[string]any
			for _, c := range agridCases {
				b := newAgridBoard(c.size)
				c.draw(&b)
				cases = append(cases, map[string]any{"name": c.name, "size": c.size, "x": c.x, "y": c.y, "rows": b.rows()})
			}
			data, _ := json.Marshal(cases)
			if err := os.WriteFile(filepath.Join(dir, "cases.json"), data, 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"--game", "agrid", "--seed", "8", "--option", fmt.Sprintf("turns=%d", len(cases)+3)}, tc.opts...)
			args = append(args, d24Client(t, "agrid", "--cases", filepath.Join(dir, "cases.json"), "--log", "ts.log"), d24Client(t, "agrid"), d24Client(t, "agrid"))
			res, r := d24Play(t, dir, args...)
			d24AllOK(t, res, r)
			recs := d24Transcript(t, filepath.Join(dir, "ts.log"))
			d := d24WorldValue(t, recs, 3)
			if v, _ := strconv.ParseFloat(d, 64); v != tc.params.D {
				t.Fatalf("DESCRIBE_WORLD D = %s; the option set %v", d, tc.params.D)
			}
			got := map[string]d24Record{}
			for _, ev := range d24Events(recs, "test-score") {
				got[ev.raw["name"].(string)] = ev
			}
			for _, c := range agridCases {
				t.Run(c.name, func(t *testing.T) {
					ev, ok := got[c.name]
					if !ok {
						t.Fatal("the case was not sent")
					}
					colours := map[string]string{}
					for k, v := range ev.raw["colors"].(map[string]any) {
						colours[v.(string)] = k
					}
					reply := ev.Reply
					if len(reply) < 2 || reply[0] != "OK" {
						t.Fatalf("TEST_SCORE answered %q; want OK and a line (%s)", reply, c.point)
					}
					// §6.7: "a single line identical to one provided by LAST_SCORE, but
					// preceded with another OK".
					line := strings.TrimPrefix(reply[len(reply)-1], "OK ")
					if c.err != "" {
						if line != c.err {
							t.Errorf("TEST_SCORE answered %q; want %q (%s)", reply, c.err, c.point)
						}
						return
					}
					gains := map[string]float64{}
					for colour, v := range d24Gains(t, line) {
						gains[colours[colour]] = v
					}
					want := c.want(tc.params)
					for k, v := range want {
						if v == 0 {
							delete(want, k) // a colour with no points is absent (§6.7 LAST_SCORE)
						}
					}
					bad := len(gains) != len(want)
					for k, v := range want {
						if !d24Near(gains[k], v) {
							bad = true
						}
					}
					if bad {
						t.Errorf("TEST_SCORE answered %q = %v; want %v (%s)", reply, gains, want, c.point)
					}
				})
			}
		})
	}
}

// TestDeadline24AgridServe — issue point: the agrid client plays through
// `arena serve --game agrid` over TCP, and `arena replay verify` passes on the replay.
func TestDeadline24AgridServe(t *testing.T) {
	const scale = 0.1
	srv := d24Serve(t, "--game", "agrid", "--teams", "2", "--seed", "12", "--time-scale", fmt.Sprint(scale), "--option", "turns=50")
	dir := t.TempDir()
	var clients []*d24Proc
	for i := 1; i <= 2; i++ {
		clients = append(clients, d24Start(t, d24Client(t, "agrid", "--host", "127.0.0.1", "--port", srv.port(), "--login", fmt.Sprintf("login%d", i), "--pass", "secret", "--log", filepath.Join(dir, fmt.Sprintf("login%d.log", i)))))
	}
	out := srv.wait(2 * time.Minute)
	for _, c := range clients {
		c.wait(t, 10*time.Second)
	}
	if !regexp.MustCompile(`agrid\s+seed 12\s+50 turns`).MatchString(out) {
		t.Errorf("no summary of a 50-turn game on stdout\n%s", srv.output())
	}
	replay := filepath.Join(srv.dir, "agrid-12.json")
	rep := d24ReplayResult(t, replay)
	for i := 1; i <= 2; i++ {
		recs := d24Transcript(t, filepath.Join(dir, fmt.Sprintf("login%d.log", i)))
		d24CheckWaiting(t, recs, scale)
		if l := d24Events(recs, "login"); len(l) != 1 || strings.Join(l[0].Reply, ",") != "LOGIN,PASS,OK" {
			t.Errorf("login%d: login exchange %v; want LOGIN, PASS, OK", i, l)
		}
		if len(d24Events(recs, "end")) != 1 {
			t.Errorf("login%d: the client did not see the connection close", i)
		}
		tally := d24Tally(recs)
		t.Logf("login%d: %d turns waited, SCORE %v, score %v", i, tally["WAIT"]["OK"], tally["SCORE"], rep.Players[i-1].Score)
		for _, cmd := range []string{"DESCRIBE_WORLD", "SHOW_MAP", "LIST_MY_WORKERS", "PUT", "MOVE", "WAIT"} {
			if tally[cmd]["OK"] == 0 {
				t.Errorf("login%d: %s never answered OK over TCP: %v", i, cmd, tally[cmd])
			}
		}
		if tally["SCORE"]["OK"] > 0 && rep.Players[i-1].Score <= 0 {
			t.Errorf("login%d harvested %d times and scored %v", i, tally["SCORE"]["OK"], rep.Players[i-1].Score)
		}
	}
	d24Verify(t, replay)
}

// d24ReplayResult reads the result at the end of a replay.
func d24ReplayResult(t *testing.T, path string) d24Result {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	var rep struct {
		Result d24Result `json:"result"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rep.Result
}

// agridHistory: SHOW_HISTORY (seed §6.7) lists, the turn after, every MaRKeR the client
// put (PUT answered OK: X Y C triplets, the position of the worker before its MOVE, since
// PUT runs before MOVE at the end of the turn) and has the documented line formats.
func agridHistory(t *testing.T, recs []d24Record, color string) {
	t.Helper()
	puts := map[int][]string{}     // turn -> "x y c" put in that turn
	history := map[int][]string{}  // turn -> the three lines of SHOW_HISTORY
	harvests := map[int][]string{} // turn -> "x y" of SCORE answered OK
	for _, r := range recs {
		switch {
		case r.Event == "put":
			at := r.raw["at"].([]any)
			puts[r.Turn] = append(puts[r.Turn], fmt.Sprintf("%v %v %s", at[0], at[1], color))
		case r.Event == "score":
			at := r.raw["at"].([]any)
			harvests[r.Turn] = append(harvests[r.Turn], fmt.Sprintf("%v %v", at[0], at[1]))
		case r.Cmd == "SHOW_HISTORY" && r.Probe == "" && len(r.Reply) == 4 && r.Reply[0] == "OK":
			history[r.Turn] = r.Reply[1:]
		}
	}
	checked, scored := 0, 0
	for turn, lines := range history {
		for i, per := range []int{2, 3, 2} {
			f := strings.Fields(lines[i])
			n, err := strconv.Atoi(f[0])
			if err != nil || len(f) != 1+per*n {
				t.Fatalf("turn %d: SHOW_HISTORY line %d %q: want a count and count groups of %d", turn, i+1, lines[i], per)
			}
		}
		placed := map[string]bool{}
		f := strings.Fields(lines[1])
		for i := 1; i+2 < len(f); i += 3 {
			placed[strings.Join(f[i:i+3], " ")] = true
		}
		for _, p := range puts[turn-1] {
			checked++
			if !placed[p] {
				t.Errorf("turn %d: SHOW_HISTORY %q does not list the MaRKeR put at %s in the previous turn", turn, lines[1], p)
				return
			}
		}
		done := map[string]bool{}
		f = strings.Fields(lines[2])
		for i := 1; i+1 < len(f); i += 2 {
			done[strings.Join(f[i:i+2], " ")] = true
		}
		for _, h := range harvests[turn-1] {
			if done[h] {
				scored++
			}
		}
	}
	if checked == 0 {
		t.Error("no PUT to check against SHOW_HISTORY")
	}
	t.Logf("%s: %d PUTs found in SHOW_HISTORY the turn after; %d SCOREs listed as harvests", color, checked, scored)
}

// TestDeadline24KCoefficient — issue point (seed §3.1, docs/deadline24-protocol.md: "The
// K coefficient of the contest (scores multiplied by K) is the game option K"):
// DESCRIBE_WORLD shows K, and the final scores are K times what the game gave.
func TestDeadline24KCoefficient(t *testing.T) {
	const k = 2.5
	t.Run("agrid", func(t *testing.T) {
		dir := t.TempDir()
		res, r := d24Play(t, dir, "--game", "agrid", "--seed", "7", "--option", fmt.Sprintf("K=%v", k), "--option", "turns=150",
			d24Client(t, "agrid", "--log", "a.log"), d24Client(t, "agrid", "--log", "b.log"))
		d24AllOK(t, res, r)
		for i, name := range []string{"a.log", "b.log"} {
			recs := d24Transcript(t, filepath.Join(dir, name))
			if got := d24WorldValue(t, recs, 18); got != "2.500000" {
				t.Errorf("DESCRIBE_WORLD K = %q; want 2.500000", got)
			}
			color := d24WorldValue(t, recs, 2)
			sum := 0.0
			for _, rec := range recs {
				if rec.Cmd == "LAST_SCORE" && rec.Turn > 0 && len(rec.Reply) == 2 {
					sum += d24Gains(t, rec.Reply[1])[color]
				}
			}
			if sum <= 0 || !d24Near(res.Players[i].Score, k*sum) {
				t.Errorf("player %d: score %v; LAST_SCORE gains add up to %v, times K = %v", i, res.Players[i].Score, sum, k*sum)
			}
		}
	})
	t.Run("bestow", func(t *testing.T) {
		dir := t.TempDir()
		res, r := d24Play(t, dir, "--game", "bestow", "--seed", "7", "--option", fmt.Sprintf("K=%v", k), "--option", "Ee=100",
			d24Client(t, "bestow", "--log", "a.log"), d24Client(t, "bestow"))
		d24AllOK(t, res, r)
		if got := d24WorldValue(t, d24Transcript(t, filepath.Join(dir, "a.log")), 16); got != "2.500000" {
			t.Errorf("DESCRIBE_WORLD K = %q; want 2.500000", got)
		}
		if w := res.Winner; w < 0 || res.Players[w].Score != 300*k || res.Players[1-w].Score >= 100*k {
			t.Errorf("scores %v / %v; want 300·K = %v for the winner (§5.7.5) and less than 100·K", res.Players[0].Score, res.Players[1].Score, 300*k)
		}
	})
}

// d24ReplaySettings reads the settings of a replay (docs/replay-format.md).
func d24ReplaySettings(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	var rep struct {
		Settings map[string]any `json:"settings"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rep.Settings
}
