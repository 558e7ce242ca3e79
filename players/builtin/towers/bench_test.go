package towers

import (
	"bufio"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	game "github.com/arena-games/arena/referee/towers"
)

// midGameInput drives the referee directly (greedy against random) for 500 turns and
// returns player 0's setup and its input for turn 501.
func midGameInput(tb testing.TB) (setup, string) {
	r, err := game.Game{}.New(referee.Config{Seed: 1, Players: 2})
	if err != nil {
		tb.Fatal(err)
	}
	ref := r.(referee.TurnBased)
	var setups [2]setup
	rng := rand.New(rand.NewPCG(1, 1))
	for ref.Turn() < 500 && !ref.Over() {
		var answers []referee.Answer
		for _, req := range ref.Requests() {
			rd := &reader{r: bufio.NewReader(strings.NewReader(req.Input))}
			if ref.Turn() == 0 {
				if setups[req.Player], err = rd.readSetup(); err != nil {
					tb.Fatal(err)
				}
			}
			st, err := rd.readTurn(setups[req.Player].mapSize)
			if err != nil {
				tb.Fatal(err)
			}
			line := greedyTurn(&setups[req.Player], st)
			if req.Player == 1 {
				line = randomTurn(rng, &setups[1], st)
			}
			answers = append(answers, referee.Answer{Player: req.Player, Lines: []string{line}, Status: referee.StatusOK})
		}
		ref.Play(answers)
	}
	if ref.Over() {
		tb.Fatalf("game over at turn %d: %+v", ref.Turn(), ref.Result())
	}
	return setups[0], ref.Requests()[0].Input
}

// BenchmarkGreedyTurn measures what the greedy bot spends on one mid-game turn: parsing
// the input and choosing its commands (the soft limit is 20 ms of CPU).
func BenchmarkGreedyTurn(b *testing.B) {
	s, input := midGameInput(b)
	b.ReportAllocs()
	for b.Loop() {
		rd := &reader{r: bufio.NewReader(strings.NewReader(input))}
		st, err := rd.readTurn(s.mapSize)
		if err != nil {
			b.Fatal(err)
		}
		greedyTurn(&s, st)
	}
}

// BenchmarkRandomTurn is the same for the random bot.
func BenchmarkRandomTurn(b *testing.B) {
	s, input := midGameInput(b)
	rng := rand.New(rand.NewPCG(2, 2))
	b.ReportAllocs()
	for b.Loop() {
		rd := &reader{r: bufio.NewReader(strings.NewReader(input))}
		st, err := rd.readTurn(s.mapSize)
		if err != nil {
			b.Fatal(err)
		}
		randomTurn(rng, &s, st)
	}
}
