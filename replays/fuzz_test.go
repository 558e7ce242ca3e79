package replays

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	_ "github.com/arena-games/arena/referee/games"
)

// FuzzDecode reads any bytes as a replay: never a panic; a refusal names the field or the
// place in the file; what is accepted passes its own validation.
//
//	go test ./replays -run '^$' -fuzz '^FuzzDecode$' -fuzztime 60s
func FuzzDecode(f *testing.F) {
	var plain bytes.Buffer
	if err := Encode(&plain, sample()); err != nil {
		f.Fatal(err)
	}
	f.Add(plain.Bytes())
	table := sample() // the same replay with its shapes in a shape table
	table.ShapeTable = []referee.Shape{{Kind: "rect", W: 1, H: 2}, {Kind: "circle", R: 3}}
	table.Turns[0].ShapeIDs, table.Turns[1].ShapeIDs = []int{1, 0}, []int{0}
	table.Turns[0].Frame.Shapes = nil
	if b, err := canonicalJSON(table); err == nil {
		f.Add(b)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain.Bytes())
	zw.Close()
	f.Add(gz.Bytes())
	f.Add(gz.Bytes()[:gz.Len()/2])
	for _, s := range []string{
		`{"format":"arena-replay/1","game":"queens","players":[{}],"turns":[{"turn":"0"}]}`,
		`{"format":"arena-replay/1","game":"queens","players":[{}],"shape_table":[{}],"turns":[{"turn":0,"shape_ids":[1]}]}`,
		`{"format":"arena-replay/2","game":"queens","players":[{}],"turns":[{"turn":0,"new_shapes":[{}],"shape_ids":[0]},{"turn":1,"shape_ids":[0,1]}]}`,
		`{"format":"arena-replay/1","game":"queens","players":[{},7]}`,
		`{"format":"arena-replay/1",`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			if !decodeErrorSaysWhere(err) {
				t.Fatalf("error names neither a field nor a place in the file: %v", err)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("Decode accepted a replay that Validate refuses: %v", err)
		}
	})
}

// decodeErrorSaysWhere reports whether a Decode error says where the problem is: a field,
// a line of the file, or the compression.
func decodeErrorSaysWhere(err error) bool {
	for _, where := range []string{"field ", "line ", "gzip: ", "not valid JSON", "the replay ("} {
		if strings.Contains(err.Error(), where) {
			return true
		}
	}
	return false
}

// shortReplay records the first turns of a game the way the runner does, players doing
// nothing much, so that fuzzing mutates real replays that re-simulate in a moment. The
// game is not over: the replay is marked unfinished.
func shortReplay(tb testing.TB, game string, seed int64, options map[string]string, turns int) *Replay {
	tb.Helper()
	g, err := referee.Lookup(game)
	if err != nil {
		tb.Fatal(err)
	}
	rec := &Replay{
		Format: Format, Arena: "fuzz", Game: game, RefereeVersion: g.Info().Version, Seed: seed,
		Options: options, Players: []Player{{Name: "a", Command: "./a"}, {Name: "b", Command: "./b"}},
		Settings: Settings{Style: g.Info().Style, TimeScale: 1},
	}
	ref, err := g.New(rec.Config())
	if err != nil {
		tb.Fatal(err)
	}
	idle := map[string][]string{"queens": {"WAIT", "TRAIN"}, "flags": {""}}
	for len(rec.Turns) < turns && !ref.Over() {
		t := Turn{Turn: ref.Turn()}
		switch r := ref.(type) {
		case referee.TurnBased:
			var answers []referee.Answer
			for _, req := range r.Requests() {
				lines := idle[game]
				if lines == nil {
					lines = []string{"WAIT"}
				}
				answers = append(answers, referee.Answer{Player: req.Player, Lines: lines, Status: referee.StatusOK})
				t.Moves = append(t.Moves, Move{Player: req.Player, Input: req.Input, Output: JoinLines(lines), TimeMS: 1})
			}
			r.Play(answers)
		case referee.Session:
			for p := range rec.Players {
				// Each seat waited in the turn before, so the turn starts with its OK.
				var input []string
				if len(rec.Turns) > 0 {
					input = append(input, protocol.OK)
				}
				team := referee.SessionTeam(r, p)
				for _, line := range []string{"DESCRIBE_WORLD", "WAIT"} {
					_, resp := team.Respond(line, false, func(tokens []string) []string { return r.Command(p, tokens) }, func() float64 { return 0.75 })
					input = append(input, resp...)
				}
				t.Moves = append(t.Moves, Move{Player: p, Input: JoinLines(input), Output: "DESCRIBE_WORLD\nWAIT\n", TimeMS: 1})
			}
			r.EndTurn()
		}
		t.Frame = ref.Frame()
		t.Seal()
		rec.Turns = append(rec.Turns, t)
	}
	rec.Result = NewResult(game, seed, len(rec.Turns), rec.Players, ref.Result())
	rec.Result.Unfinished = !ref.Over()
	return rec
}

// withoutSeconds blanks the seconds of an input's WAITING lines.
func withoutSeconds(input string) string {
	lines := strings.Split(input, "\n")
	for i, l := range lines {
		if protocol.IsWaiting(l) {
			lines[i] = "WAITING"
		}
	}
	return strings.Join(lines, "\n")
}

// FuzzVerify changes one field of a short real replay of each game, writes it and reads
// it back as arena replay verify does, and verifies it: never a panic; a replay that is
// refused names the field; a change to what was recorded is a *Mismatch naming the turn;
// any other error names what is wrong.
//
//	go test ./replays -run '^$' -fuzz '^FuzzVerify$' -fuzztime 60s
func FuzzVerify(f *testing.F) {
	games := []struct {
		name    string
		seed    int64
		options map[string]string
	}{
		{"queens", 7, map[string]string{}},
		{"triangles", 43, map[string]string{}},
		{"towers", 4, map[string]string{}},
		{"flags", 7, map[string]string{}},
		{"bestow", 3, map[string]string{"pieces": "20"}},
		{"agrid", 3, map[string]string{"turns": "20"}},
		{"rockets", 5, map[string]string{"cities": "12", "turns": "20"}},
	}
	var recorded [][]byte
	for _, g := range games {
		var b bytes.Buffer
		if err := Encode(&b, shortReplay(f, g.name, g.seed, g.options, 2)); err != nil {
			f.Fatal(err)
		}
		recorded = append(recorded, b.Bytes())
	}
	// game, turn, move, field to change (+128: with the check digest made again), and the new
	// value as text and as a number
	f.Add(uint8(0), uint8(0), uint8(0), uint8(0), "WAIT\nTRAIN 1\n", int64(0))
	f.Add(uint8(0), uint8(1), uint8(1), uint8(0), "MOVE 1\n", int64(0))
	f.Add(uint8(1), uint8(0), uint8(0), uint8(1), "", int64(0))
	f.Add(uint8(2), uint8(1), uint8(0), uint8(2), "timeout", int64(0))
	f.Add(uint8(3), uint8(0), uint8(1), uint8(3), "", int64(5))
	f.Add(uint8(4), uint8(0), uint8(0), uint8(4), "", int64(7))
	f.Add(uint8(5), uint8(1), uint8(0), uint8(5), "turns", int64(3))
	f.Add(uint8(6), uint8(0), uint8(0), uint8(6), "cities", int64(-1))
	f.Add(uint8(6), uint8(0), uint8(1), uint8(7), "3 2 1\n1\n0 5 7\n1 2 10\n2 3 20\n", int64(0))
	f.Add(uint8(4), uint8(1), uint8(1), uint8(8), "crash", int64(0))
	f.Add(uint8(2), uint8(0), uint8(0), uint8(9), "2", int64(1))
	f.Add(uint8(4), uint8(1), uint8(0), uint8(1), "OK\nOK\n", int64(0))
	f.Add(uint8(5), uint8(1), uint8(1), uint8(1), "OK\nWAITING 0.123456\n", int64(0))
	f.Add(uint8(0), uint8(1), uint8(0), uint8(128), "MOVE 1 2\n", int64(0))
	f.Add(uint8(1), uint8(1), uint8(1), uint8(128), "", int64(0))
	f.Add(uint8(4), uint8(1), uint8(1), uint8(128), "BUY_PIECE 1\nPLACE_OWN_PIECE 0 0 0 0 0 0\n", int64(0))
	f.Add(uint8(6), uint8(0), uint8(0), uint8(130), "crash", int64(0))
	f.Fuzz(func(t *testing.T, game, turn, move, field uint8, text string, n int64) {
		r, err := Decode(recorded[int(game)%len(recorded)])
		if err != nil {
			t.Fatal(err)
		}
		tn := &r.Turns[int(turn)%len(r.Turns)]
		m := &tn.Moves[int(move)%len(tn.Moves)]
		recordedChange := true // the change is to what was recorded: verify must notice it
		switch field % 10 {
		case 0:
			m.Output = text
		case 1:
			// A session game's WAITING lines tell the real time left: their seconds are
			// not compared.
			recordedChange = r.Settings.Style == referee.StyleTurns || withoutSeconds(m.Input) != withoutSeconds(text)
			m.Input = text
		case 2:
			m.Status, m.Message = referee.Status(text), "changed"
		case 3:
			m.Player = int(n)
		case 4:
			tn.Turn = int(n)
		case 5:
			r.Options[text] = strings.TrimSpace(strings.Repeat("1", int(uint64(n)%4)))
			recordedChange = false
		case 6:
			r.Options[text] = strings.Repeat("9", int(uint64(n)%24))
			recordedChange = false
		case 7:
			if r.Files == nil {
				r.Files = map[string]string{}
			}
			r.Files["map"], r.Options["map"] = text, "fuzzed.map"
			recordedChange = false
		case 8:
			r.Result.Players[int(n&1)].Status = referee.Status(text)
			recordedChange = false // an unfinished game has no result to check
		case 9:
			r.Seed, r.Turns[0].Frame.Events = n, append(r.Turns[0].Frame.Events, text)
		}
		if field >= 128 {
			// A replay edited by hand, its check digest made again: the change reaches the
			// referee, which may then legitimately play the same game.
			tn.Seal()
			recordedChange = false
		}
		var b bytes.Buffer
		if err := Encode(&b, r); err != nil {
			return // not written: nothing to read back
		}
		again, err := Decode(b.Bytes())
		if err != nil {
			if !strings.Contains(err.Error(), "field ") {
				t.Fatalf("a replay refused without naming the field: %v", err)
			}
			return
		}
		if g, err := referee.Lookup(again.Game); err == nil {
			if ref, err := Resimulate(g, again); err == nil {
				for i, o := range ref.Result() {
					switch o.Status {
					case referee.StatusOK, referee.StatusTimeout, referee.StatusInvalid, referee.StatusCrash, referee.StatusLimit:
					default:
						t.Fatalf("the replay is read, and its player %d ends with status %q, which is no status", i, o.Status)
					}
				}
			}
		}
		err = Verify(again)
		var mm *Mismatch
		if errors.As(err, &mm) {
			return
		}
		if recordedChange && err != nil && strings.HasPrefix(err.Error(), "an unfinished game: its") {
			unchanged, _ := Decode(recorded[int(game)%len(recorded)])
			var before bytes.Buffer
			Encode(&before, unchanged)
			if !bytes.Equal(before.Bytes(), b.Bytes()) {
				t.Fatalf("field %d changed to %q/%d, yet the turns verify", field%10, text, n)
			}
			return
		}
		if err == nil {
			t.Fatalf("an unfinished replay verified")
		}
		for _, what := range []string{"field ", "option", "referee version", "unfinished game"} {
			if strings.Contains(err.Error(), what) {
				return
			}
		}
		t.Fatalf("error names neither a turn nor a field: %v", err)
	})
}
