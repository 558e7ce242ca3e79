package triangles

// none is the owner of a neutral triangle or house.
const none = -1

// triangle is a capturable triangle. It is an object with identity (§4.5): it survives
// graph changes that keep its three sides, and commands hold a pointer to it so that a
// command still works on a triangle destroyed earlier in the same turn (QUIRK §12.5).
type triangle struct {
	c                [3]int // corners, ascending
	owner            int
	canCapture       [2]bool
	ownerAtTurnStart int
}

func newTriangle(c1, c2, c3 int) *triangle {
	return &triangle{c: [3]int{c1, c2, c3}, owner: none, canCapture: [2]bool{true, true}, ownerAtTurnStart: none}
}

func (t *triangle) hasCorner(h int) bool {
	return t.c[0] == h || t.c[1] == h || t.c[2] == h
}

// findTriangles enumerates the triangles of the current graph in the original's order,
// which is lexicographic by corners (§4.4). It calls found for each corner triple.
func (b *board) findTriangles(found func(c1, c2, c3 int)) {
	for i := range b.nbrs {
		for _, j := range b.nbrs[i] {
			if j <= i {
				continue
			}
			for _, k := range b.nbrs[j] {
				if k <= j || !b.adj[i][k] || b.anyInside(i, j, k) {
					continue
				}
				found(i, j, k)
			}
		}
	}
}

func (b *board) anyInside(i, j, k int) bool {
	c1, c2, c3 := b.pos[i], b.pos[j], b.pos[k]
	for n, p := range b.pos {
		if n != i && n != j && n != k && inside(p, c1, c2, c3) {
			return true
		}
	}
	return false
}

// updateTriangles recomputes the triangle list after a graph change, keeping the objects
// of triangles that still exist (§4.5).
func (b *board) updateTriangles() {
	old := make(map[[3]int]*triangle, len(b.triangles))
	for _, t := range b.triangles {
		old[t.c] = t
	}
	next := make([]*triangle, 0, len(b.triangles)+2)
	b.findTriangles(func(c1, c2, c3 int) {
		if t, ok := old[[3]int{c1, c2, c3}]; ok {
			next = append(next, t)
		} else {
			next = append(next, newTriangle(c1, c2, c3))
		}
	})
	b.triangles = next
}

// countTriangles counts the triangles of the current graph without building them (map
// generation tests many graphs).
func (b *board) countTriangles() int {
	count := 0
	b.findTriangles(func(int, int, int) { count++ })
	return count
}

// lookupTriangle resolves the corners named in a command: the first triangle in list order
// that contains every named house, so that repeated ids still name a triangle
// (QUIRK §12.4). It returns nil when there is none.
func (b *board) lookupTriangle(ids [3]int) *triangle {
	for _, t := range b.triangles {
		if t.hasCorner(ids[0]) && t.hasCorner(ids[1]) && t.hasCorner(ids[2]) {
			return t
		}
	}
	return nil
}
