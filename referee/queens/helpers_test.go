package queens

import (
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// blankState is a game on a custom field: the given sites (ids must be 0..n−1), both
// queens at the given points with 100 HP and 100 gold, turn 0.
func blankState(prof profile, q0, q1 vec, sites ...*site) *state {
	g := &state{prof: prof, sites: sites}
	for i, q := range [2]vec{q0, q1} {
		g.players[i] = &player{queen: body{pos: q, radius: queenRadius, mass: queenMass}, hp: 100, gold: startGold, active: true, status: referee.StatusOK}
	}
	return g
}

// addCreep gives player p a creep of kind k at pos with full HP.
func (g *state) addCreep(p int, k creepKind, pos vec) *creep {
	st := k.stats()
	c := &creep{body: body{pos: pos, radius: st.radius, mass: st.mass}, owner: p, kind: k, hp: g.prof.creepHP(k)}
	g.players[p].creeps = append(g.players[p].creeps, c)
	return c
}

// play runs one turn with the two players' lines (first line, TRAIN line).
func play(g *state, p0, p1 [2]string) {
	var answers []referee.Answer
	for p, lines := range [2][2]string{p0, p1} {
		if g.players[p].active {
			answers = append(answers, referee.Answer{Player: p, Lines: lines[:], Status: referee.StatusOK})
		}
	}
	g.playTurn(answers)
}

var idle = [2]string{"WAIT", "TRAIN"}

// input is player p's turn input, as lines.
func input(g *state, p int) []string {
	var b strings.Builder
	g.turnInput(&b, p)
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}

// siteLine is the line of site id in player p's input.
func siteLine(g *state, p, id int) string { return input(g, p)[1+id] }

// unitLines are the unit lines of player p's input (after the count).
func unitLines(g *state, p int) []string {
	lines := input(g, p)
	return lines[1+len(g.sites)+1:]
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if d := got - want; d > tol || d < -tol {
		t.Errorf("%s = %.9f, want %.9f (±%g)", what, got, want, tol)
	}
}
