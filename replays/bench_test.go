package replays

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/queens"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/queens"
)

// recordQueens plays a queens game between two greedy built-in bots in-process and records
// it the way the runner does (inputs, outputs, times, frames, sealed turns), so that the
// replay benchmarks work on a real game's replay without starting processes.
func recordQueens(tb testing.TB, seed int64) *Replay {
	tb.Helper()
	ref, err := queens.Game{}.New(referee.Config{Seed: seed, Players: 2})
	if err != nil {
		tb.Fatal(err)
	}
	r := ref.(referee.TurnBased)
	bot, err := builtin.Lookup(queens.Name, "greedy")
	if err != nil {
		tb.Fatal(err)
	}
	type pipe struct {
		in  *io.PipeWriter
		out *protocol.LineReader
	}
	var wg sync.WaitGroup
	seats := make([]pipe, 2)
	for i := range seats {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		seats[i] = pipe{in: inW, out: protocol.NewLineReader(outR, 1<<20)}
		wg.Add(1)
		go func() {
			defer wg.Done()
			bot(inR, outW)
			outW.Close()
		}()
	}
	rec := &Replay{
		Format: Format, Arena: "bench", Game: queens.Name, RefereeVersion: queens.Version, Seed: seed,
		Options:  map[string]string{},
		Players:  []Player{{Name: "builtin:greedy", Command: "builtin:greedy"}, {Name: "builtin:greedy", Command: "builtin:greedy"}},
		Settings: Settings{Style: referee.StyleTurns, TimeScale: 1, Clock: "wall", Timing: "strict", Meter: "task-clock"},
		Turns:    []Turn{},
	}
	for !r.Over() {
		turn := r.Turn()
		reqs := r.Requests()
		answers := make([]referee.Answer, len(reqs))
		moves := make([]Move, len(reqs))
		for i, req := range reqs {
			s := seats[req.Player]
			if _, err := io.WriteString(s.in, req.Input); err != nil {
				tb.Fatal(err)
			}
			lines := make([]string, req.Lines)
			for k := range lines {
				if lines[k], err = s.out.ReadLine(); err != nil {
					tb.Fatal(err)
				}
			}
			cpu := 0.123
			answers[i] = referee.Answer{Player: req.Player, Lines: lines, Status: referee.StatusOK}
			moves[i] = Move{Player: req.Player, Input: req.Input, Output: JoinLines(lines), TimeMS: 0.25, CPUMS: &cpu}
		}
		r.Play(answers)
		t := Turn{Turn: turn, Moves: moves, Frame: r.Frame()}
		t.Seal()
		rec.Turns = append(rec.Turns, t)
	}
	for _, s := range seats {
		s.in.Close()
	}
	wg.Wait()
	rec.Result = NewResult(queens.Name, seed, len(rec.Turns), rec.Players, r.Result())
	return rec
}

// BenchmarkEncode measures encoding a whole queens game (greedy against greedy) to JSON, as
// `arena run --replay` does, without the file system.
//
//	go test ./replays -run '^$' -bench . -benchmem
func BenchmarkEncode(b *testing.B) {
	rec := recordQueens(b, 7)
	var buf bytes.Buffer
	if err := Encode(&buf, rec); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		if err := Encode(io.Discard, rec); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rec.Turns)), "turns")
}

// BenchmarkWrite is BenchmarkEncode plus the atomic write: temporary file, fsync, rename.
func BenchmarkWrite(b *testing.B) {
	rec := recordQueens(b, 7)
	for _, name := range []string{"replay.json", "replay.json.gz"} {
		b.Run(strings.TrimPrefix(name, "replay."), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), name)
			b.ReportAllocs()
			for b.Loop() {
				if err := Write(path, rec); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRead measures reading a replay back: decoding and validation.
func BenchmarkRead(b *testing.B) {
	rec := recordQueens(b, 7)
	for _, name := range []string{"replay.json", "replay.json.gz"} {
		b.Run(strings.TrimPrefix(name, "replay."), func(b *testing.B) {
			path := filepath.Join(b.TempDir(), name)
			if err := Write(path, rec); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Read(path); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestRecordQueensVerifies keeps the benchmarks honest: the replay they measure is one that
// verifies, like a replay the runner writes.
func TestRecordQueensVerifies(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	rec := recordQueens(t, 7)
	if err := Verify(rec); err != nil {
		t.Fatal(err)
	}
	var in, out, moves int
	for _, turn := range rec.Turns {
		for _, m := range turn.Moves {
			in += len(m.Input)
			out += len(m.Output)
			moves++
		}
	}
	t.Logf("%d turns, %d exchanges, %.0f bytes in and %.0f bytes out per exchange", len(rec.Turns), moves, float64(in)/float64(moves), float64(out)/float64(moves))
}
