package flags

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// clone copies the mutable state; the grid is immutable and the pathfinder only scratch.
func (r *Referee) clone() *Referee {
	c := *r
	for p := range c.teams {
		c.teams[p].minions = slices.Clone(r.teams[p].minions)
	}
	c.coins = slices.Clone(r.coins)
	c.mines = slices.Clone(r.mines)
	c.log = turnLog{}
	return &c
}

// busyAnswers sends every alive minion of each player across the map, with one FIRE and one
// FREEZE, so that a turn runs all steps.
func busyAnswers(r *Referee) []referee.Answer {
	answers := make([]referee.Answer, 2)
	for p := range answers {
		var cmds []string
		for i, m := range r.teams[p].minions {
			if !m.alive() {
				continue
			}
			switch i {
			case 1:
				cmds = append(cmds, fmt.Sprintf("FIRE %d", i))
			case 2:
				cmds = append(cmds, fmt.Sprintf("FREEZE %d", i))
			default:
				target := r.bases[1-p]
				cmds = append(cmds, fmt.Sprintf("MOVE %d %d %d", i, target.R, target.C))
			}
		}
		answers[p] = referee.Answer{Player: p, Lines: []string{strings.Join(cmds, " | ")}, Status: referee.StatusOK}
	}
	return answers
}

// BenchmarkTurn measures one busy mid-game turn: parsing both answers, BFS moves for every
// minion, coins, a FIRE and a FREEZE per player, flags and the end check.
//
//	go test ./referee/flags -run '^$' -bench Turn -benchmem
func BenchmarkTurn(b *testing.B) {
	r, err := newGame(3, ProfileOriginal)
	if err != nil {
		b.Fatal(err)
	}
	for t := 0; t < 12; t++ { // march everyone towards the other side, collecting coins
		answers := busyAnswers(r)
		for p := range answers {
			answers[p].Lines[0] = strings.NewReplacer("FIRE", "WAIT", "FREEZE", "WAIT").Replace(answers[p].Lines[0])
		}
		r.Play(answers)
	}
	for p := range r.teams {
		r.teams[p].score = 100
	}
	if r.over {
		b.Fatal("game over before the benchmark")
	}
	answers := busyAnswers(r)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		c := r.clone()
		c.Play(answers)
	}
}

// BenchmarkRequests measures writing both players' input for a mid-game turn.
func BenchmarkRequests(b *testing.B) {
	r, err := newGame(3, ProfileOriginal)
	if err != nil {
		b.Fatal(err)
	}
	r.Play(busyAnswers(r))
	b.ReportAllocs()
	for b.Loop() {
		r.Requests()
	}
}
