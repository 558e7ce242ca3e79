package triangles

import "slices"

// board is the game's world: houses, the path graph, units and triangles.
type board struct {
	pos []point
	// adj[a][b] says whether a and b are connected; adj[h][h] is a self-loop (QUIRK §12.3).
	adj [][]bool
	// nbrs lists each house's neighbours in ascending id order, which MOVE tie-breaks and
	// triangle enumeration depend on. A self-looped house lists itself.
	nbrs [][]int
	// units and remaining are indexed [house][player]; remaining counts the units that
	// have been on the house since the start of the turn (§8.1).
	units     [][2]int
	remaining [][2]int
	triangles []*triangle
	// facts are the graph's lists for the input and the frame, made when first asked for
	// after the graph changed (turnFacts); nil until then.
	facts *facts
}

func newBoard(pos []point) *board {
	n := len(pos)
	b := &board{
		pos:       pos,
		adj:       make([][]bool, n),
		nbrs:      make([][]int, n),
		units:     make([][2]int, n),
		remaining: make([][2]int, n),
	}
	for i := range b.adj {
		b.adj[i] = make([]bool, n)
	}
	return b
}

func (b *board) size() int { return len(b.pos) }

// link adds the path a–b to the graph without recomputing triangles.
func (b *board) link(a, c int) {
	if b.adj[a][c] {
		return
	}
	b.adj[a][c], b.adj[c][a] = true, true
	b.facts = nil
	b.nbrs[a] = insertSorted(b.nbrs[a], c)
	if a != c {
		b.nbrs[c] = insertSorted(b.nbrs[c], a)
	}
}

// unlink removes the path a–b from the graph without recomputing triangles.
func (b *board) unlink(a, c int) {
	if !b.adj[a][c] {
		return
	}
	b.adj[a][c], b.adj[c][a] = false, false
	b.facts = nil
	b.nbrs[a] = removeSorted(b.nbrs[a], c)
	if a != c {
		b.nbrs[c] = removeSorted(b.nbrs[c], a)
	}
}

// connect and disconnect change the graph during play and keep the triangles up to date
// (§4.5). Both are no-ops on the graph when the path already exists (or is already gone).
func (b *board) connect(a, c int) {
	b.link(a, c)
	b.updateTriangles()
}

func (b *board) disconnect(a, c int) {
	b.unlink(a, c)
	b.updateTriangles()
}

func insertSorted(s []int, v int) []int {
	i, found := slices.BinarySearch(s, v)
	if found {
		return s
	}
	return slices.Insert(s, i, v)
}

func removeSorted(s []int, v int) []int {
	i, found := slices.BinarySearch(s, v)
	if !found {
		return s
	}
	return slices.Delete(s, i, i+1)
}

// paths lists the paths as pairs a < b in ascending order; self-loops are never paths.
func (b *board) paths() [][2]int {
	var out [][2]int
	for a, ns := range b.nbrs {
		for _, c := range ns {
			if c > a {
				out = append(out, [2]int{a, c})
			}
		}
	}
	return out
}

// canConnect is §4.3: short enough and crossing no current path. It checks neither
// whether the houses are already connected nor whether they are the same house.
func (b *board) canConnect(from, to int) bool {
	if d2(b.pos[from], b.pos[to]) > maxPathD2 {
		return false
	}
	for a, ns := range b.nbrs {
		for _, c := range ns {
			if c > a && crosses(b.pos, from, to, a, c) {
				return false
			}
		}
	}
	return true
}

// linkable is the input's list of paths that could be added (§4.6).
func (b *board) linkable() [][2]int {
	var out [][2]int
	n := b.size()
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if !b.adj[i][j] && b.canConnect(i, j) {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// distancesTo returns the BFS distance of every house to target over the current graph;
// unreachable houses get len(houses), larger than any real distance.
func (b *board) distancesTo(target int, dist []int, queue []int) []int {
	n := b.size()
	for i := range dist {
		dist[i] = n
	}
	dist[target] = 0
	queue = append(queue[:0], target)
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, next := range b.nbrs[cur] {
			if dist[next] == n {
				dist[next] = dist[cur] + 1
				queue = append(queue, next)
			}
		}
	}
	return dist
}

// totalUnits counts a player's units on the board.
func (b *board) totalUnits(p int) int {
	total := 0
	for _, u := range b.units {
		total += u[p]
	}
	return total
}

// ownedTriangles counts the triangles a player owns.
func (b *board) ownedTriangles(p int) int {
	count := 0
	for _, t := range b.triangles {
		if t.owner == p {
			count++
		}
	}
	return count
}
