package flags

var steps = [4]Cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

// distances is a BFS from one cell over the floor: steps to every cell, −1 when unreachable.
func (w *World) distances(from Cell) []int {
	dist := make([]int, w.H*w.W)
	for i := range dist {
		dist[i] = -1
	}
	if !w.Floor(from) {
		return dist
	}
	queue := []Cell{from}
	dist[from.R*w.W+from.C] = 0
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for _, s := range steps {
			n := Cell{cur.R + s.R, cur.C + s.C}
			if w.Floor(n) && dist[n.R*w.W+n.C] < 0 {
				dist[n.R*w.W+n.C] = dist[cur.R*w.W+cur.C] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// sees reports whether b lies on one of a's rows or columns with no wall in between.
func (w *World) sees(a, b Cell) bool {
	if a.R != b.R && a.C != b.C {
		return false
	}
	dr, dc := sign(b.R-a.R), sign(b.C-a.C)
	for c := a; ; c = (Cell{c.R + dr, c.C + dc}) {
		if !w.Floor(c) {
			return false
		}
		if c == b {
			return true
		}
	}
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func manhattan(a, b Cell) int { return abs(a.R-b.R) + abs(a.C-b.C) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
