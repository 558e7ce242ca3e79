package flags

import (
	"fmt"
	"math/rand/v2"
)

// The maze generator of the original game (CodinGame Spring Challenge 2020's "tetris"
// generator with left–right mirroring), re-implemented from its description in spec §3 with
// arena's own seeded generator: the maps are of the same family, not the original's maps.

// piece is a polyomino on the coarse lattice, as (x, y) = (column, row) offsets.
type piece [][2]int

func (p piece) max() (mx, my int) {
	for _, b := range p {
		mx, my = max(mx, b[0]), max(my, b[1])
	}
	return mx, my
}

func (p piece) mapped(f func(x, y, mx, my int) (int, int)) piece {
	mx, my := p.max()
	out := make(piece, len(p))
	for i, b := range p {
		x, y := f(b[0], b[1], mx, my)
		out[i] = [2]int{x, y}
	}
	return out
}

func flipX(p piece) piece {
	return p.mapped(func(x, y, mx, _ int) (int, int) { return mx - x, y })
}

func flipY(p piece) piece {
	return p.mapped(func(x, y, _, my int) (int, int) { return x, my - y })
}

func transpose(p piece) piece {
	return p.mapped(func(x, y, _, _ int) (int, int) { return y, x })
}

// pieceList is the original's list of 19 shapes, in its order.
func pieceList() []piece {
	domino := piece{{0, 0}, {1, 0}}
	tromino := piece{{0, 0}, {0, 1}, {1, 1}}
	tee := piece{{0, 0}, {0, 1}, {1, 1}, {0, 2}}
	plus := piece{{1, 0}, {1, 1}, {2, 1}, {1, 2}, {0, 1}}
	ell := piece{{0, 0}, {0, 1}, {1, 1}, {2, 1}}
	return []piece{
		domino, transpose(domino),
		tromino, flipX(tromino), flipY(tromino), transpose(tromino),
		tee, flipX(tee), transpose(tee), flipY(transpose(tee)),
		plus,
		ell, flipX(ell), flipY(ell), flipX(flipY(ell)), flipX(flipY(transpose(ell))),
		transpose(ell), flipY(transpose(ell)), flipX(transpose(ell)),
	}
}

// halfMaze generates the left half (w columns, h rows, middle column included) as a wall
// mask: pieces become wall islands outlined by 1-cell corridors.
func halfMaze(rng *rand.Rand, w, h int) []bool {
	gw, gh := w/2+1, h/2+1
	// Pieces may stick out of the lattice by up to 2 blocks.
	lw, lh := gw+3, gh+3
	origin := make([]int, lw*lh) // index+1 of the block's piece origin, 0 when free
	pieceAt := map[int]piece{}
	pieces := pieceList()
	for y := 0; y < gh; y++ {
		for x := 0; x < gw; x++ {
			if origin[y*lw+x] != 0 {
				continue
			}
			rng.Shuffle(len(pieces), func(i, j int) { pieces[i], pieces[j] = pieces[j], pieces[i] })
			fitting := 0
			for _, p := range pieces {
				if !fits(p, origin, lw, x, y) {
					continue
				}
				fitting++
				if fitting == 2 { // the original skips the first fitting piece
					at := y*lw + x
					pieceAt[at] = p
					for _, b := range p {
						origin[(y+b[1])*lw+x+b[0]] = at + 1
					}
					break
				}
			}
		}
	}

	wall := make([]bool, w*h)
	for i := range wall {
		wall[i] = true
	}
	carve := func(col, row int) {
		if col >= 0 && col < w && row >= 0 && row < h {
			wall[row*w+col] = false
		}
	}
	for y := 1; y < gh; y++ {
		for x := 1; x < gw; x++ {
			o := origin[y*lw+x]
			if o == 0 {
				continue
			}
			p := pieceAt[o-1]
			ox, oy := (o-1)%lw, (o-1)/lw
			bx, by := x-ox, y-oy
			gx, gy := 2*x-1, 2*y-1
			for _, d := range directions { // d.R is the row (y) step, d.C the column (x) step
				if contains(p, bx+d.C, by+d.R) {
					continue
				}
				for i := 0; i < 3; i++ {
					if d.C == 0 {
						carve(gx-1+i, gy+d.R)
					} else {
						carve(gx+d.C, gy-1+i)
					}
				}
			}
		}
	}
	return wall
}

func fits(p piece, origin []int, lw, x, y int) bool {
	for _, b := range p {
		if origin[(y+b[1])*lw+x+b[0]] != 0 {
			return false
		}
	}
	return true
}

func contains(p piece, x, y int) bool {
	for _, b := range p {
		if b[0] == x && b[1] == y {
			return true
		}
	}
	return false
}

// generateMaze draws the map size and a maze meeting every invariant of spec §3: border
// walls, mirror symmetry, one 4-connected floor region, and a flag-base row. Mazes that fail
// are redrawn from the same generator, so a seed still means one map.
func generateMaze(rng *rand.Rand) (*Grid, int, error) {
	h := minRows + rng.IntN(maxRows-minRows+1)
	w := 2*(minHalfWidth+rng.IntN(maxHalfWidth-minHalfWidth+1)) + 1
	for attempt := 0; attempt < maxMapAttempts; attempt++ {
		wall := mirroredMaze(rng, w, h)
		if !keepLargestRegion(wall, w, h) {
			continue
		}
		g := newGridFromWalls(h, w, wall)
		if baseRow, ok := flagBaseRow(g); ok {
			return g, baseRow, nil
		}
	}
	return nil, 0, fmt.Errorf("flags: no valid %d×%d maze after %d attempts", h, w, maxMapAttempts)
}

func mirroredMaze(rng *rand.Rand, w, h int) []bool {
	hw := w/2 + 1
	half := halfMaze(rng, hw, h)
	wall := make([]bool, w*h)
	for r := 0; r < h; r++ {
		for c := 0; c < hw; c++ {
			wall[r*w+c] = half[r*hw+c]
			wall[r*w+w-1-c] = half[r*hw+c]
		}
	}
	// [D] border first, then the largest region, so that the kept region stays connected.
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			if r == 0 || c == 0 || r == h-1 || c == w-1 {
				wall[r*w+c] = true
			}
		}
	}
	return wall
}

// keepLargestRegion walls off every floor region but the largest. It reports false when the
// result would break the mirror symmetry (two mirror-image regions of the same size) or
// leave no floor.
func keepLargestRegion(wall []bool, w, h int) bool {
	region := make([]int, w*h)
	var sizes []int
	var queue []int
	for start := range wall {
		if wall[start] || region[start] != 0 {
			continue
		}
		id := len(sizes) + 1
		sizes = append(sizes, 0)
		region[start] = id
		queue = append(queue[:0], start)
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			sizes[id-1]++
			r, c := cur/w, cur%w
			for _, d := range directions {
				nr, nc := r+d.R, c+d.C
				if nr < 0 || nr >= h || nc < 0 || nc >= w {
					continue
				}
				n := nr*w + nc
				if !wall[n] && region[n] == 0 {
					region[n] = id
					queue = append(queue, n)
				}
			}
		}
	}
	if len(sizes) == 0 {
		return false
	}
	best := 0
	for i, s := range sizes {
		if s > sizes[best] {
			best = i
		}
	}
	for i := range wall {
		if region[i] != 0 && region[i] != best+1 {
			wall[i] = true
		}
	}
	for r := 0; r < h; r++ {
		for c := 0; c < w/2; c++ {
			if wall[r*w+c] != wall[r*w+w-1-c] {
				return false
			}
		}
	}
	return true
}

// flagBaseRow is the first row r in H/2..H−1 with (r, 1) floor (spec §4).
func flagBaseRow(g *Grid) (int, bool) {
	for r := g.H / 2; r < g.H; r++ {
		if g.Floor(Cell{r, 1}) {
			return r, true
		}
	}
	return 0, false
}
