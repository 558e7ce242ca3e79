package flags

// pathfinder computes a minion's next step the way the original referee did: a BFS from the
// minion over floor cells expanding neighbours up, down, left, right, where each cell keeps
// the neighbour that discovered it first. Its buffers are reused across calls.
type pathfinder struct {
	grid   *Grid
	parent []int32
	seen   []uint32
	stamp  uint32
	queue  []int32
}

func newPathfinder(g *Grid) *pathfinder {
	n := g.H * g.W
	return &pathfinder{grid: g, parent: make([]int32, n), seen: make([]uint32, n), queue: make([]int32, 0, n)}
}

// NextStep returns the cell a minion at from moves to when told to go to target, and false
// when it stays: target is its own cell, a wall or unreachable (spec §8.1).
func (p *pathfinder) NextStep(from, target Cell) (Cell, bool) {
	g := p.grid
	if from == target || !g.Floor(from) || !g.Floor(target) {
		return from, false
	}
	p.stamp++
	if p.stamp == 0 { // wrapped: clear the marks once every 4 billion searches
		clear(p.seen)
		p.stamp = 1
	}
	start, goal := int32(g.index(from)), int32(g.index(target))
	p.seen[start] = p.stamp
	p.queue = append(p.queue[:0], start)
	found := false
	for head := 0; head < len(p.queue) && !found; head++ {
		cur := p.queue[head]
		r, c := int(cur)/g.W, int(cur)%g.W
		for _, d := range directions {
			n := Cell{r + d.R, c + d.C}
			if !g.Floor(n) {
				continue
			}
			ni := int32(g.index(n))
			if p.seen[ni] == p.stamp {
				continue
			}
			p.seen[ni] = p.stamp
			p.parent[ni] = cur
			if ni == goal {
				found = true
				break
			}
			p.queue = append(p.queue, ni)
		}
	}
	if !found {
		return from, false
	}
	step := goal
	for p.parent[step] != start {
		step = p.parent[step]
	}
	return Cell{int(step) / g.W, int(step) % g.W}, true
}

// Distances returns BFS distances (in steps) from origin to every cell, −1 where
// unreachable. Used by drawing and tests, not by the rules.
func (g *Grid) Distances(origin Cell) []int {
	dist := make([]int, g.H*g.W)
	for i := range dist {
		dist[i] = -1
	}
	if !g.Floor(origin) {
		return dist
	}
	queue := []Cell{origin}
	dist[g.index(origin)] = 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, d := range directions {
			n := Cell{cur.R + d.R, cur.C + d.C}
			if g.Floor(n) && dist[g.index(n)] < 0 {
				dist[g.index(n)] = dist[g.index(cur)] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}
