package towers

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// midGame plays 500 turns of plausible answers: towers built, soldiers fighting.
func midGame(b testing.TB) *game {
	r, err := Game{}.New(referee.Config{Seed: 1, Players: 2})
	if err != nil {
		b.Fatal(err)
	}
	g := r.(*game)
	rng := rand.New(rand.NewPCG(5, 5))
	for g.turn < 500 && !g.Over() {
		var answers []referee.Answer
		for _, req := range g.Requests() {
			answers = append(answers, referee.Answer{Player: req.Player, Lines: plausibleAnswer(rng, req), Status: referee.StatusOK})
		}
		g.Play(answers)
	}
	if g.Over() {
		b.Fatalf("game over at turn %d", g.turn)
	}
	return g
}

// clone copies a game deeply enough to replay a turn on it.
func (g *game) clone() *game {
	c := *g
	for p := range 2 {
		c.towers[p] = append([]tower(nil), g.towers[p]...)
	}
	c.events = nil
	return &c
}

// busyAnswers orders every soldier of both players to attack and adds economy commands.
func busyAnswers() []referee.Answer {
	answers := make([]referee.Answer, 2)
	for p := range 2 {
		var cmds []string
		for i := range soldiersEach {
			id := p*soldiersEach + i
			cmds = append(cmds, "ATTACK "+strconv.Itoa(id)+" "+strconv.Itoa((1-p)*soldiersEach+(i*7)%soldiersEach))
		}
		cmds = append(cmds, "BUILD 6 6", "BUILD 2 7", "UPGRADE "+strconv.Itoa(firstTowerID+p))
		answers[p] = referee.Answer{Player: p, Lines: []string{strings.Join(cmds, ";")}, Status: referee.StatusOK}
	}
	return answers
}

// BenchmarkTurn measures one busy mid-game turn as the match loop drives it: both inputs
// formatted, both answers parsed, validated and resolved (the state copy is included).
func BenchmarkTurn(b *testing.B) {
	start := midGame(b)
	answers := busyAnswers()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g := start.clone()
		g.Requests()
		g.Play(answers)
	}
}

// BenchmarkFrame measures drawing one mid-game frame.
func BenchmarkFrame(b *testing.B) {
	g := midGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		g.Frame()
	}
}
