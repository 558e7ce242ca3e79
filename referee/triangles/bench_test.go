package triangles_test

import (
	"strings"
	"testing"

	bots "github.com/arena-games/arena/players/builtin/triangles"
	"github.com/arena-games/arena/referee"
)

// recordGreedyGame plays greedy against greedy and returns each turn's answers: a long,
// busy game (many units, captures, spawns and attacks every turn).
func recordGreedyGame(tb testing.TB, g referee.Game, seed int64) [][]referee.Answer {
	ref, err := g.New(referee.Config{Seed: seed, Players: 2})
	if err != nil {
		tb.Fatal(err)
	}
	r := ref.(referee.TurnBased)
	readers := [2]*bots.Reader{}
	var turns [][]referee.Answer
	for !r.Over() {
		var answers []referee.Answer
		for _, req := range r.Requests() {
			if readers[req.Player] == nil {
				readers[req.Player] = bots.NewReader(strings.NewReader(req.Input))
			} else {
				readers[req.Player] = readers[req.Player].Continue(strings.NewReader(req.Input))
			}
			turn, err := readers[req.Player].Next()
			if err != nil {
				tb.Fatal(err)
			}
			answers = append(answers, referee.Answer{Player: req.Player, Lines: []string{bots.GreedyLine(turn)}, Status: referee.StatusOK})
		}
		turns = append(turns, answers)
		r.Play(answers)
	}
	return turns
}

// BenchmarkTurn measures one turn (both inputs written, both answers parsed and applied,
// the resolution and the frame) averaged over a long greedy-against-greedy game.
func BenchmarkTurn(b *testing.B) {
	g := triangles(b)
	const seed = 5
	turns := recordGreedyGame(b, g, seed)
	b.Logf("%d turns per game", len(turns))
	var r referee.TurnBased
	i := len(turns)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if i == len(turns) {
			b.StopTimer()
			ref, _ := g.New(referee.Config{Seed: seed, Players: 2})
			r, i = ref.(referee.TurnBased), 0
			b.StartTimer()
		}
		r.Requests()
		r.Play(turns[i])
		i++
	}
}
