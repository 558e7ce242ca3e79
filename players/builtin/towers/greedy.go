package towers

import (
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"
)

// greedy plays a simple, strong-enough strategy: every living soldier is assigned to the
// nearest enemy soldier that still needs attackers (two for a full-health soldier, so fire
// is focused), spare soldiers attack the nearest enemy tower or wait next to the enemy's
// respawn point, and every 800 of money buys whichever build or upgrade adds the most tiles.
func greedy(in io.Reader, out io.Writer) error {
	return play(in, out, greedyTurn)
}

func greedyTurn(s *setup, st *turnState) string {
	cmds := soldierOrders(s, st)
	cmds = append(cmds, purchases(s, st)...)
	if len(cmds) == 0 {
		return "WAIT"
	}
	return strings.Join(cmds, ";")
}

const (
	soldierDamage  = 50
	immunePenalty  = 400 * 400 // an immune enemy counts as this much farther away (squared)
	campOffset     = 35        // spare soldiers wait this far from the enemy's respawn point
	enemyBaseShift = 4         // the enemy base tile is (mapSize−1−4, mapSize−1−4) in my view
)

func soldierOrders(s *setup, st *turnState) []string {
	type pair struct{ cost, me, enemy int }
	var pairs []pair
	need := map[int]int{}
	for _, e := range st.enemies {
		if !e.alive() {
			continue
		}
		need[e.id] = (e.hp + soldierDamage - 1) / soldierDamage
		for i, u := range st.mine {
			if !u.alive() {
				continue
			}
			c := dist2(u.x, u.y, e.x, e.y)
			if e.immune > 0 {
				c += immunePenalty
			}
			pairs = append(pairs, pair{c, i, e.id})
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		return cmp.Or(cmp.Compare(a.cost, b.cost), cmp.Compare(a.me, b.me), cmp.Compare(a.enemy, b.enemy))
	})
	assigned := make([]bool, len(st.mine))
	var cmds []string
	for _, p := range pairs {
		if assigned[p.me] || need[p.enemy] == 0 {
			continue
		}
		assigned[p.me] = true
		need[p.enemy]--
		cmds = append(cmds, "ATTACK "+strconv.Itoa(st.mine[p.me].id)+" "+strconv.Itoa(p.enemy))
	}
	world := s.mapSize * s.tileSize
	respawn := world - (enemyBaseShift*s.tileSize + s.tileSize/2) // enemy respawn point, both axes
	for i, u := range st.mine {
		if !u.alive() || assigned[i] {
			continue
		}
		if t, ok := nearestTower(s, u, st.enemyTowers); ok {
			cmds = append(cmds, "ATTACK "+strconv.Itoa(u.id)+" "+strconv.Itoa(t.id))
			continue
		}
		camp := respawn - campOffset
		cmds = append(cmds, "MOVE "+strconv.Itoa(u.id)+" "+strconv.Itoa(camp)+" "+strconv.Itoa(camp))
	}
	return cmds
}

func nearestTower(s *setup, u unit, towers []building) (building, bool) {
	best, found, bestD := building{}, false, 0
	for _, t := range towers {
		if t.base {
			continue
		}
		cx, cy := t.tx*s.tileSize+s.tileSize/2, t.ty*s.tileSize+s.tileSize/2
		if d := dist2(u.x, u.y, cx, cy); !found || d < bestD {
			best, found, bestD = t, true, d
		}
	}
	return best, found
}

func dist2(ax, ay, bx, by int) int { return (ax-bx)*(ax-bx) + (ay-by)*(ay-by) }

// purchases spends the money on the builds and upgrades that add the most tiles, one at a
// time, counting the tiles the previous purchases of the turn already add.
func purchases(s *setup, st *turnState) []string {
	n := s.mapSize
	mine := make([][]bool, n)
	for y := range mine {
		mine[y] = make([]bool, n)
		for x := range n {
			mine[y][x] = st.grid[y][x] == '1' || st.grid[y][x] == '3'
		}
	}
	ranges := []int{0, s.range1, s.range2, s.range3}
	costs := []int{0, s.buildCost, s.upgradeCost2, s.upgradeCost3}
	// gain counts the tiles a square of range r around (tx, ty) would add.
	gain := func(tx, ty, r int) int {
		g := 0
		for y := max(0, ty-r); y <= min(n-1, ty+r); y++ {
			for x := max(0, tx-r); x <= min(n-1, tx+r); x++ {
				if !mine[y][x] {
					g++
				}
			}
		}
		return g
	}
	claim := func(tx, ty, r int) {
		for y := max(0, ty-r); y <= min(n-1, ty+r); y++ {
			for x := max(0, tx-r); x <= min(n-1, tx+r); x++ {
				mine[y][x] = true
			}
		}
	}
	money, towers := st.money, len(st.myTowers)
	commanded := map[int]bool{}
	built := map[[2]int]bool{}
	var cmds []string
	for {
		bestGain, bestCmd := 0, ""
		var apply func()
		for _, t := range st.myTowers {
			if t.level >= 3 || commanded[t.id] || money < costs[t.level+1] {
				continue
			}
			if g := gain(t.tx, t.ty, ranges[t.level+1]); g > bestGain {
				t := t
				bestGain, bestCmd = g, "UPGRADE "+strconv.Itoa(t.id)
				apply = func() { commanded[t.id] = true; money -= costs[t.level+1]; claim(t.tx, t.ty, ranges[t.level+1]) }
			}
		}
		if towers < s.maxTowers && money >= s.buildCost {
			for y := range n {
				for x := range n {
					if st.grid[y][x] != '1' || built[[2]int{x, y}] || hasTower(st.myTowers, x, y) {
						continue
					}
					if g := gain(x, y, ranges[1]); g > bestGain {
						x, y := x, y
						bestGain, bestCmd = g, "BUILD "+strconv.Itoa(x)+" "+strconv.Itoa(y)
						apply = func() { built[[2]int{x, y}] = true; towers++; money -= s.buildCost; claim(x, y, ranges[1]) }
					}
				}
			}
		}
		if bestGain == 0 {
			return cmds
		}
		apply()
		cmds = append(cmds, bestCmd)
	}
}
