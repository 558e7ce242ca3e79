package triangles

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// testMap is a fixed map in the notation of the spec's test vectors.
type testMap struct {
	houses []point
	paths  [][2]int
	units  map[int][2]int // house → {P0, P1}; houses not listed are empty
}

func (tm testMap) options() map[string]string {
	var nodes, edges, units []string
	for _, h := range tm.houses {
		nodes = append(nodes, fmt.Sprintf("%d,%d", h.x, h.y))
	}
	for _, e := range tm.paths {
		edges = append(edges, fmt.Sprintf("%d,%d", e[0], e[1]))
	}
	for h := range tm.houses {
		u := tm.units[h]
		units = append(units, fmt.Sprintf("%d,%d", u[0], u[1]))
	}
	return map[string]string{"nodes": strings.Join(nodes, "_"), "edges": strings.Join(edges, "_"), "units": strings.Join(units, "_")}
}

// with returns a copy of the map with other units and extra paths.
func (tm testMap) with(units map[int][2]int, extraPaths ...[2]int) testMap {
	out := tm
	out.units = units
	out.paths = append(append([][2]int(nil), tm.paths...), extraPaths...)
	return out
}

// newTestMatch loads a fixed map through the game's options, as a user would.
func newTestMatch(t *testing.T, tm testMap) *match {
	t.Helper()
	r, err := game{}.New(referee.Config{Seed: 1, Players: 2, Options: tm.options()})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return r.(*match)
}

func newSeedMatch(t *testing.T, seed int64) *match {
	t.Helper()
	r, err := game{}.New(referee.Config{Seed: seed, Players: 2})
	if err != nil {
		t.Fatalf("New(seed %d): %v", seed, err)
	}
	return r.(*match)
}

// turnBlock is a player's input for the current turn without the map block.
func turnBlock(m *match, p int) string {
	asked := m.asked[p]
	m.asked[p] = true
	defer func() { m.asked[p] = asked }()
	return m.input(p, m.b.turnFacts())
}

// turnLines is turnBlock split into lines.
func turnLines(m *match, p int) []string {
	return strings.Split(strings.TrimSuffix(turnBlock(m, p), "\n"), "\n")
}

// playTurn answers every request of the turn: the player's line from lines (by seat).
func playTurn(t *testing.T, m *match, lines ...string) {
	t.Helper()
	reqs := m.Requests()
	if len(reqs) == 0 {
		t.Fatalf("turn %d: no request", m.turn+1)
	}
	answers := make([]referee.Answer, len(reqs))
	for i, r := range reqs {
		line := ""
		if r.Player < len(lines) {
			line = lines[r.Player]
		}
		answers[i] = referee.Answer{Player: r.Player, Lines: []string{line}, Status: referee.StatusOK}
	}
	m.Play(answers)
}

// triangleRows are a player's triangle lines of the current turn input.
func triangleRows(m *match, p int) []string {
	var rows []string
	for _, t := range m.b.triangles {
		owner := none
		if t.owner != none {
			owner = 0
			if t.owner != p {
				owner = 1
			}
		}
		rows = append(rows, fmt.Sprintf("%d %d %d %d %d %d", t.c[0], t.c[1], t.c[2], owner, flag(t.canCapture[p]), flag(t.canCapture[1-p])))
	}
	return rows
}

// unitsOf lists the non-empty houses as house → {P0, P1}.
func unitsOf(m *match) map[int][2]int {
	out := map[int][2]int{}
	for h, u := range m.b.units {
		if u != [2]int{} {
			out[h] = u
		}
	}
	return out
}

func pathsOf(m *match) [][2]int { return m.b.paths() }
