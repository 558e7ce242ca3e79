package queens_test

import (
	"io"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/queens"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/queens"
)

// recordGame plays the greedy built-in against itself in-process and returns each turn's
// answers, so that a benchmark can replay the game without the bots.
func recordGame(tb testing.TB, seed int64) [][]referee.Answer {
	tb.Helper()
	bot, err := builtin.Lookup(queens.Name, "greedy")
	if err != nil {
		tb.Fatal(err)
	}
	ref, err := queens.Game{}.New(referee.Config{Seed: seed, Players: 2})
	if err != nil {
		tb.Fatal(err)
	}
	r := ref.(referee.TurnBased)
	type seat struct {
		in  *io.PipeWriter
		out *protocol.LineReader
	}
	seats := make([]seat, 2)
	for i := range seats {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		seats[i] = seat{in: inW, out: protocol.NewLineReader(outR, 1<<20)}
		go func() {
			bot(inR, outW)
			outW.Close()
		}()
	}
	defer func() {
		for _, s := range seats {
			s.in.Close()
		}
	}()
	var turns [][]referee.Answer
	for !r.Over() {
		var answers []referee.Answer
		for _, req := range r.Requests() {
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
			answers = append(answers, referee.Answer{Player: req.Player, Lines: lines, Status: referee.StatusOK})
		}
		turns = append(turns, answers)
		r.Play(answers)
	}
	return turns
}

// BenchmarkGame is the referee's average cost per turn over a whole game of the greedy
// built-in against itself, as the runner drives it: both requests and the answers applied
// (turn), and the frame drawn too (framed). Each op is one turn.
//
//	go test ./referee/queens -run '^$' -bench Game -benchmem
func BenchmarkGame(b *testing.B) {
	turns := recordGame(b, 7)
	for _, framed := range []bool{false, true} {
		name := "turn"
		if framed {
			name = "framed"
		}
		b.Run(name, func(b *testing.B) {
			var r referee.TurnBased
			i := len(turns)
			b.ReportAllocs()
			b.ResetTimer()
			for n := 0; n < b.N; n++ {
				if i == len(turns) {
					b.StopTimer()
					ref, _ := queens.Game{}.New(referee.Config{Seed: 7, Players: 2})
					r, i = ref.(referee.TurnBased), 0
					b.StartTimer()
				}
				r.Requests()
				r.Play(turns[i])
				if framed {
					r.Frame()
				}
				i++
			}
			b.ReportMetric(float64(len(turns)), "turns/game")
		})
	}
}
