package triangles

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

// houseOwner is §5: the neighbour clause first (judged on the neighbours' unit majority
// only, not recursively), then the house's own majority.
func (b *board) houseOwner(h int) int {
	if ns := b.nbrs[h]; len(ns) > 0 {
		for p := 0; p < 2; p++ {
			all := true
			for _, n := range ns {
				if b.units[n][p] <= b.units[n][1-p] {
					all = false
					break
				}
			}
			if all {
				return p
			}
		}
	}
	switch u := b.units[h]; {
	case u[0] > u[1]:
		return 0
	case u[1] > u[0]:
		return 1
	}
	return none
}

// updateEligibility is §7.1: an owned triangle can only be captured by the other player;
// a neutral one becomes capturable again for a player with no unit on its corners.
func (b *board) updateEligibility() {
	for _, t := range b.triangles {
		for p := 0; p < 2; p++ {
			if t.owner != none {
				t.canCapture[p] = t.owner != p
			} else if !t.canCapture[p] {
				t.canCapture[p] = b.units[t.c[0]][p] == 0 && b.units[t.c[1]][p] == 0 && b.units[t.c[2]][p] == 0
			}
		}
	}
}

// canUse is §8.2: the player owns the triangle, owned it at the start of the turn, and has
// at least cost units on every corner that stayed there the whole turn.
func (b *board) canUse(t *triangle, p, cost int) bool {
	if t.owner != p || t.ownerAtTurnStart != p {
		return false
	}
	for _, c := range t.c {
		if b.remaining[c][p] < cost {
			return false
		}
	}
	return true
}

// use pays the cost on each corner (as far as units remain) and makes the triangle neutral;
// its user may capture it again only once it has left all corners (§8.2).
func (b *board) use(t *triangle, cost int) {
	p := t.owner
	if p == none { // only reachable if a caller skipped canUse
		return
	}
	for _, c := range t.c {
		paid := min(cost, b.units[c][p])
		b.units[c][p] -= paid
		b.remaining[c][p] -= paid
	}
	t.canCapture[p] = false
	t.owner = none
}

// killSurrounded is §6: units on a house whose neighbours all had an opponent majority
// before any kill die. The snapshot means kills never cascade within a turn.
func (b *board) killSurrounded(events *[]string) {
	n := b.size()
	adv := make([][2]bool, n)
	for h, u := range b.units {
		adv[h] = [2]bool{u[0] > u[1], u[1] > u[0]}
	}
	for p := 0; p < 2; p++ {
		for h := 0; h < n; h++ {
			if b.units[h][p] == 0 || len(b.nbrs[h]) == 0 {
				continue
			}
			surrounded := true
			for _, nb := range b.nbrs[h] {
				if !adv[nb][1-p] {
					surrounded = false
					break
				}
			}
			if surrounded {
				*events = append(*events, fmt.Sprintf("P%d surrounded %s of P%d on house %d", 1-p, referee.Count(b.units[h][p], "unit", "units"), p, h))
				b.units[h][p] = 0
			}
		}
	}
}

// captureTriangles is §7.2.
func (b *board) captureTriangles(events *[]string) {
	if len(b.triangles) == 0 {
		return
	}
	owners := make([]int, b.size())
	for h := range owners {
		owners[h] = b.houseOwner(h)
	}
	for _, t := range b.triangles {
		for p := 0; p < 2; p++ {
			if t.canCapture[p] && owners[t.c[0]] == p && owners[t.c[1]] == p && owners[t.c[2]] == p {
				t.owner = p
				*events = append(*events, fmt.Sprintf("P%d captured triangle %d %d %d", p, t.c[0], t.c[1], t.c[2]))
			}
		}
	}
}

// scoreTriangles is §9.4: each owned triangle scores for its owner, and the owners are
// recorded as the owners at the start of the next turn.
func (b *board) scoreTriangles(scores *[2]int) {
	for _, t := range b.triangles {
		if t.owner != none {
			scores[t.owner]++
		}
		t.ownerAtTurnStart = t.owner
	}
}

// resolve is the end-of-turn resolution (§9.5). The original re-reads the units into
// remaining at every step of its frame loop, so remaining also reflects the kills.
func (b *board) resolve(scores *[2]int, events *[]string) {
	b.resetRemaining()
	b.updateEligibility()
	b.killSurrounded(events)
	b.resetRemaining()
	b.updateEligibility()
	b.captureTriangles(events)
	b.updateEligibility()
	b.scoreTriangles(scores)
}

func (b *board) resetRemaining() {
	copy(b.remaining, b.units)
}
