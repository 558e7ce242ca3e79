package flags

import (
	"fmt"
	"strings"
)

// Cell is a grid position: row from the top, column from the left (the original protocol's
// "x y" is "row column").
type Cell struct{ R, C int }

func (c Cell) String() string { return fmt.Sprintf("(%d, %d)", c.R, c.C) }

func manhattan(a, b Cell) int { return abs(a.R-b.R) + abs(a.C-b.C) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Directions in the original BFS expansion order: up, down, left, right.
var directions = [4]Cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}

const (
	dirUp = iota
	dirDown
	dirLeft
	dirRight
)

// Grid is the maze. For every floor cell it keeps the number of floor cells in each of the
// four directions before the first wall, so that vision, FIRE, FREEZE and the mine blast are
// range checks (spec §12).
type Grid struct {
	H, W int
	wall []bool
	rays [][4]int
}

// NewGrid builds a grid from rows of '#' (wall) and '.' (floor).
func NewGrid(rows []string) (*Grid, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("flags: empty grid")
	}
	g := &Grid{H: len(rows), W: len(rows[0])}
	g.wall = make([]bool, g.H*g.W)
	for r, row := range rows {
		if len(row) != g.W {
			return nil, fmt.Errorf("flags: grid row %d has %d cells, want %d", r, len(row), g.W)
		}
		for c := 0; c < g.W; c++ {
			switch row[c] {
			case '#':
				g.wall[r*g.W+c] = true
			case '.':
			default:
				return nil, fmt.Errorf("flags: grid row %d: bad cell %q", r, row[c])
			}
		}
	}
	g.computeRays()
	return g, nil
}

func newGridFromWalls(h, w int, wall []bool) *Grid {
	g := &Grid{H: h, W: w, wall: wall}
	g.computeRays()
	return g
}

func (g *Grid) computeRays() {
	g.rays = make([][4]int, g.H*g.W)
	for r := 0; r < g.H; r++ {
		for c := 0; c < g.W; c++ {
			if g.wall[r*g.W+c] {
				continue
			}
			for d, dir := range directions {
				n := 0
				for g.Floor(Cell{r + dir.R*(n+1), c + dir.C*(n+1)}) {
					n++
				}
				g.rays[r*g.W+c][d] = n
			}
		}
	}
}

// Inside reports whether a cell lies in the grid.
func (g *Grid) Inside(c Cell) bool { return c.R >= 0 && c.R < g.H && c.C >= 0 && c.C < g.W }

// Floor reports whether a cell is inside the grid and not a wall.
func (g *Grid) Floor(c Cell) bool { return g.Inside(c) && !g.wall[c.R*g.W+c.C] }

func (g *Grid) index(c Cell) int { return c.R*g.W + c.C }

// Reaches reports whether target lies on one of the four straight rays from origin, at most
// limit cells away, with no wall in between. From a floor cell this is vision (limit
// unbounded), the FIRE/FREEZE area, and with limit 2 the mine blast.
func (g *Grid) Reaches(origin, target Cell, limit int) bool {
	if !g.Floor(origin) || !g.Floor(target) {
		return false
	}
	ray := g.rays[g.index(origin)]
	switch {
	case origin == target:
		return true
	case origin.R == target.R && target.C < origin.C:
		d := origin.C - target.C
		return d <= ray[dirLeft] && d <= limit
	case origin.R == target.R:
		d := target.C - origin.C
		return d <= ray[dirRight] && d <= limit
	case origin.C == target.C && target.R < origin.R:
		d := origin.R - target.R
		return d <= ray[dirUp] && d <= limit
	case origin.C == target.C:
		d := target.R - origin.R
		return d <= ray[dirDown] && d <= limit
	}
	return false
}

// Sees reports vision: target on one of origin's rays, up to the first wall (spec §5).
func (g *Grid) Sees(origin, target Cell) bool { return g.Reaches(origin, target, g.H+g.W) }

// Area lists the cells reached from origin within limit, origin first, then the rays in the
// order up, down, left, right.
func (g *Grid) Area(origin Cell, limit int) []Cell {
	if !g.Floor(origin) {
		return nil
	}
	out := []Cell{origin}
	ray := g.rays[g.index(origin)]
	for d, dir := range directions {
		for n := 1; n <= ray[d] && n <= limit; n++ {
			out = append(out, Cell{origin.R + dir.R*n, origin.C + dir.C*n})
		}
	}
	return out
}

// Rows renders the grid as the protocol sends it.
func (g *Grid) Rows() []string {
	rows := make([]string, g.H)
	var b strings.Builder
	for r := 0; r < g.H; r++ {
		b.Reset()
		for c := 0; c < g.W; c++ {
			if g.wall[r*g.W+c] {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows[r] = b.String()
	}
	return rows
}
