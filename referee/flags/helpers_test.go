package flags

import (
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// vectorGrid is the 5×7 grid of spec §14 vectors 1–3 (not symmetric: rule tests only).
var vectorGrid = []string{
	"#######",
	"#...#.#",
	"#.#...#",
	"#.....#",
	"#######",
}

// openGrid is a walled rectangle of h×w cells with an open interior.
func openGrid(h, w int) []string {
	rows := make([]string, h)
	for r := range rows {
		if r == 0 || r == h-1 {
			rows[r] = strings.Repeat("#", w)
		} else {
			rows[r] = "#" + strings.Repeat(".", w-2) + "#"
		}
	}
	return rows
}

func mustGrid(t testing.TB, rows []string) *Grid {
	t.Helper()
	g, err := NewGrid(rows)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// scenario builds a referee on a hand-made grid with the given minion cells for each player
// (same count), bases, and no coins unless the test adds them.
func scenario(t testing.TB, rows []string, profile Profile, bases [2]Cell, p0, p1 []Cell) *Referee {
	t.Helper()
	if len(p0) != len(p1) {
		t.Fatalf("scenario: %d vs %d minions", len(p0), len(p1))
	}
	r := newReferee(mustGrid(t, rows), bases, p0, profile)
	for i, c := range p1 {
		r.teams[1].minions[i].pos = c
	}
	for _, team := range r.teams {
		for _, m := range team.minions {
			if !r.grid.Floor(m.pos) {
				t.Fatalf("scenario: minion on %v, not a floor cell", m.pos)
			}
		}
	}
	clear(r.coins)
	return r
}

// play resolves one turn with the given answer lines for players 0 and 1.
func play(r *Referee, line0, line1 string) {
	r.Play([]referee.Answer{
		{Player: 0, Lines: []string{line0}, Status: referee.StatusOK},
		{Player: 1, Lines: []string{line1}, Status: referee.StatusOK},
	})
}

// inputLines is the turn part of player p's next input.
func inputLines(r *Referee, p int) []string {
	var b strings.Builder
	r.writeTurnInput(&b, p)
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}

func hps(r *Referee, p int) []int {
	var out []int
	for _, m := range r.teams[p].minions {
		out = append(out, m.hp)
	}
	return out
}

func positions(r *Referee, p int) []Cell {
	var out []Cell
	for _, m := range r.teams[p].minions {
		out = append(out, m.pos)
	}
	return out
}
