package triangles

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

const (
	// spawnCap: the greedy bot spawns only while it has fewer units than this; every spawn
	// costs the triangle's points until it is captured again.
	spawnCap = 9
	// attackMin: the fewest opponent units on a house worth paying three units and a
	// triangle to kill.
	attackMin = 3
	// maxTargets: how many triangles the greedy bot goes for at once.
	maxTargets = 4
)

// Greedy captures the cheapest triangles first: each turn it sends its nearest units to
// the corners it lacks, spawns while it is small, and attacks big stacks next to its
// triangles.
func Greedy(in io.Reader, out io.Writer) error {
	return play(in, out, func(_ *Reader, t *Turn) string { return GreedyLine(t) })
}

// GreedyLine is one turn of the greedy bot.
func GreedyLine(t *Turn) string {
	g := &greedy{t: t, dist: t.Distances(), mine: make([]int, len(t.Houses))}
	for i, h := range t.Houses {
		g.mine[i] = h.Mine
	}
	g.useTriangles()
	g.planMoves()
	if len(g.cmds) == 0 {
		return "WAIT"
	}
	return strings.Join(g.cmds, ";")
}

type greedy struct {
	t    *Turn
	dist [][]int
	mine []int // my units per house still free to move this turn
	cmds []string
}

func (g *greedy) useTriangles() {
	units := g.t.MyUnits()
	for _, tri := range g.t.Triangles {
		if tri.Owner != 0 {
			continue
		}
		c := tri.Corners
		if g.mine[c[0]] > 0 && g.mine[c[1]] > 0 && g.mine[c[2]] > 0 {
			if target, ok := g.attackTarget(tri); ok {
				g.cmds = append(g.cmds, fmt.Sprintf("ATTACK %d %d %d %d", c[0], c[1], c[2], target))
				for _, h := range c {
					g.mine[h]--
				}
				units -= 3
				continue
			}
		}
		if units < spawnCap {
			// Spawn on the corner nearest to a triangle still to capture.
			spawn := c[0]
			for _, h := range c {
				if g.nearestTarget(h) < g.nearestTarget(spawn) {
					spawn = h
				}
			}
			others := make([]int, 0, 2)
			for _, h := range c {
				if h != spawn {
					others = append(others, h)
				}
			}
			g.cmds = append(g.cmds, fmt.Sprintf("SPAWN %d %d %d", spawn, others[0], others[1]))
			units++
		}
	}
}

func (g *greedy) attackTarget(tri Triangle) (int, bool) {
	best, most := -1, attackMin-1
	for _, c := range tri.Corners {
		for _, h := range append([]int{c}, g.t.Houses[c].Neighbours...) {
			if g.t.Houses[h].Theirs > most {
				best, most = h, g.t.Houses[h].Theirs
			}
		}
	}
	return best, best >= 0
}

// nearestTarget is the distance from h to the closest corner of a triangle to capture.
func (g *greedy) nearestTarget(h int) int {
	best := len(g.t.Houses)
	for _, tri := range g.t.Triangles {
		if tri.Owner == 0 || !tri.MeCanCapture {
			continue
		}
		for _, c := range tri.Corners {
			best = min(best, g.dist[h][c])
		}
	}
	return best
}

// unit is one of my units: where it is and where it should go.
type unit struct {
	at, target int
	assigned   bool
}

// planMoves assigns units to the corners of the cheapest triangles to capture, one
// triangle at a time; the cost of a triangle is the number of turns until its last corner
// is reached.
func (g *greedy) planMoves() {
	var units []unit
	for h, n := range g.mine {
		for i := 0; i < n; i++ {
			units = append(units, unit{at: h, target: h})
		}
	}
	planned := make([]int, len(g.t.Houses)) // my units that will stand on each house
	chosen := make([]bool, len(g.t.Triangles))
	for round := 0; round < maxTargets; round++ {
		bestTri, bestCost, bestSum := -1, 1<<30, 1<<30
		var bestPick []int
		for i, tri := range g.t.Triangles {
			if chosen[i] || tri.Owner == 0 || !tri.MeCanCapture {
				continue
			}
			pick, cost, sum, ok := g.assign(tri, units, planned)
			if ok && (cost < bestCost || cost == bestCost && sum < bestSum) {
				bestTri, bestCost, bestSum, bestPick = i, cost, sum, pick
			}
		}
		if bestTri < 0 {
			break
		}
		chosen[bestTri] = true
		for _, pair := range bestPick {
			u, corner := pair>>8, pair&0xff
			units[u].target, units[u].assigned = corner, true
			planned[corner]++
		}
	}
	g.leaveBlockedTriangles(units)
	moves := map[[2]int]int{}
	var order [][2]int
	for _, u := range units {
		if u.target == u.at {
			continue
		}
		key := [2]int{u.at, u.target}
		if moves[key] == 0 {
			order = append(order, key)
		}
		moves[key]++
	}
	sort.Slice(order, func(i, j int) bool {
		return order[i][0] < order[j][0] || order[i][0] == order[j][0] && order[i][1] < order[j][1]
	})
	for _, k := range order {
		g.cmds = append(g.cmds, fmt.Sprintf("MOVE %d %d %d", k[0], k[1], moves[k]))
	}
}

// assign picks, for each corner of tri that I would not hold, the nearest free units until
// I would have the majority there. It returns the picks as unit<<8|corner.
func (g *greedy) assign(tri Triangle, units []unit, planned []int) ([]int, int, int, bool) {
	taken := map[int]bool{}
	var picks []int
	cost, sum := 0, 0
	for _, c := range tri.Corners {
		for need := g.t.Houses[c].Theirs + 1 - planned[c]; need > 0; need-- {
			best := -1
			for i, u := range units {
				if !u.assigned && !taken[i] && (best < 0 || g.dist[u.at][c] < g.dist[units[best].at][c]) {
					best = i
				}
			}
			if best < 0 || g.dist[units[best].at][c] >= len(g.t.Houses) {
				return nil, 0, 0, false
			}
			taken[best] = true
			picks = append(picks, best<<8|c)
			d := g.dist[units[best].at][c]
			cost, sum = max(cost, d), sum+d
		}
	}
	return picks, cost, sum, true
}

// leaveBlockedTriangles moves idle units off the corners of triangles I may not capture
// until none of my units stands on them.
func (g *greedy) leaveBlockedTriangles(units []unit) {
	for i, u := range units {
		if u.assigned {
			continue
		}
		for _, tri := range g.t.Triangles {
			if tri.Owner == 0 || tri.MeCanCapture || !hasCorner(tri, u.at) {
				continue
			}
			for _, nb := range g.t.Houses[u.at].Neighbours {
				if !hasCorner(tri, nb) {
					units[i].target = nb
					break
				}
			}
			break
		}
	}
}

func hasCorner(tri Triangle, h int) bool {
	return tri.Corners[0] == h || tri.Corners[1] == h || tri.Corners[2] == h
}
