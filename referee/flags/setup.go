package flags

import (
	"fmt"
	"math/rand/v2"

	"github.com/arena-games/arena/referee"
)

// newGame builds the initial state from a seed (spec §3–§4).
func newGame(seed int64, profile Profile) (*Referee, error) {
	grid, baseRow, err := generateMaze(referee.NewPCG(seed, rngStreamMap))
	if err != nil {
		return nil, err
	}
	rng := referee.NewPCG(seed, rngStreamPlacement)
	k := minMinions + rng.IntN(maxMinions-minMinions+1)
	bases := [2]Cell{{baseRow, 1}, {baseRow, grid.W - 2}}
	starts, err := startCells(rng, grid, bases[0], k)
	if err != nil {
		return nil, err
	}
	return newReferee(grid, bases, starts, profile), nil
}

// startCells chooses k distinct floor cells in the strict left half, player 0's base
// excluded, uniformly at random.
func startCells(rng *rand.Rand, g *Grid, base0 Cell, k int) ([]Cell, error) {
	var free []Cell
	for r := 0; r < g.H; r++ {
		for c := 0; c < g.W/2; c++ {
			cell := Cell{r, c}
			if g.Floor(cell) && cell != base0 {
				free = append(free, cell)
			}
		}
	}
	if len(free) < k {
		return nil, fmt.Errorf("flags: only %d free start cells for %d minions", len(free), k)
	}
	out := make([]Cell, k)
	for i := range out {
		j := rng.IntN(len(free))
		out[i] = free[j]
		free = append(free[:j], free[j+1:]...)
	}
	return out, nil
}

// newReferee places flags, minions (player 1 mirrored) and coins on a grid. Tests build
// hand-made positions with it too.
func newReferee(g *Grid, bases [2]Cell, starts []Cell, profile Profile) *Referee {
	r := &Referee{profile: profile, grid: g, bases: bases, k: len(starts), path: newPathfinder(g), wallShapes: wallRects(g)}
	for p := 0; p < 2; p++ {
		r.flags[p] = flag{pos: bases[p], carrier: -1}
		r.teams[p].minions = make([]minion, len(starts))
		for i, s := range starts {
			if p == 1 {
				s = Cell{s.R, g.W - 1 - s.C}
			}
			r.teams[p].minions[i] = minion{id: i, owner: p, pos: s, hp: minionHP}
		}
	}
	r.coins = make([]bool, g.H*g.W)
	for i := range r.coins {
		cell := Cell{i / g.W, i % g.W}
		r.coins[i] = g.Floor(cell) && cell != bases[0] && cell != bases[1]
	}
	for p := range r.teams {
		for _, m := range r.teams[p].minions {
			r.coins[g.index(m.pos)] = false
		}
	}
	r.winner = -1
	return r
}
