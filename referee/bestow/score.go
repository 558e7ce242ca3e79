package bestow

import (
	"math"

	"github.com/arena-games/arena/internal/detmath"
)

// The original rounds each floating-point operation; Go may fuse x*y + z into one
// multiply-add on arm64 and other architectures. Products that are added to something are
// converted with float64(…), which rounds them, and fractional powers come from
// detmath.Pow rather than math.Pow (which differs in its last bit between amd64 and
// arm64), so results are the same on every machine.

// tolerance absorbs float error before a floor: 800·1.15 is 919.999… in binary (spec §6.3).
const tolerance = 1e-9

func floorTol(x float64) int { return int(math.Floor(x + tolerance)) }

// placementValue is the final piece value P_vf of a placement (spec §6.3): filledInBox is
// C_bb, the filled cells of the new cells' bounding box after placement; cubes is V.
func placementValue(p params, value, filledInBox, cubes int) (q, final int) {
	q = filledInBox - cubes - p.Qmin
	bonus, penalty := 0.0, 0.0
	if q > 0 {
		bonus = float64(q) * p.Qgi
	} else {
		penalty = float64(q) * p.Qpi
	}
	return q, max(0, floorTol(float64(float64(value)*(1+penalty+bonus))))
}

// solidCube finds the edge D of the largest fully filled cube in an own space, and the
// cell of its far corner (largest x, y, z), -1 when the space is empty (spec §7).
// s(x,y,z) = 1 + min over the 7 neighbours lowered in a non-empty subset of axes.
func solidCube(bo int, own []bool, s []int) (d, corner int) {
	corner = -1
	at := func(x, y, z int) int {
		if x < 0 || y < 0 || z < 0 {
			return 0
		}
		return s[(z*bo+y)*bo+x]
	}
	for z := 0; z < bo; z++ {
		for y := 0; y < bo; y++ {
			for x := 0; x < bo; x++ {
				i := (z*bo+y)*bo + x
				if !own[i] {
					s[i] = 0
					continue
				}
				m := min(at(x-1, y, z), at(x, y-1, z), at(x, y, z-1),
					at(x-1, y-1, z), at(x-1, y, z-1), at(x, y-1, z-1), at(x-1, y-1, z-1))
				s[i] = m + 1
				if s[i] > d {
					d, corner = s[i], i
				}
			}
		}
	}
	return d, corner
}

// areas labels the 4-connected single-colour areas of the shared space (no wrap-around).
// label[i] is the area of cell i (−1 for empty cells), sizes[a] its size, colours[a] its
// colour. Areas are numbered in scan order.
type areas struct {
	label   []int
	sizes   []int
	colours []int
	queue   []int
}

func (a *areas) find(bs int, shared []uint8) {
	if len(a.label) != len(shared) {
		a.label = make([]int, len(shared))
	}
	for i := range a.label {
		a.label[i] = -1
	}
	a.sizes, a.colours = a.sizes[:0], a.colours[:0]
	for start, c := range shared {
		if c == 0 || a.label[start] >= 0 {
			continue
		}
		id := len(a.sizes)
		a.queue = append(a.queue[:0], start)
		a.label[start] = id
		for head := 0; head < len(a.queue); head++ {
			i := a.queue[head]
			x, y := i%bs, i/bs
			for _, n := range [4]int{i - 1, i + 1, i - bs, i + bs} {
				switch {
				case n == i-1 && x == 0, n == i+1 && x == bs-1, n == i-bs && y == 0, n == i+bs && y == bs-1:
					continue
				}
				if shared[n] == c && a.label[n] < 0 {
					a.label[n] = id
					a.queue = append(a.queue, n)
				}
			}
		}
		a.sizes = append(a.sizes, len(a.queue))
		a.colours = append(a.colours, int(c))
	}
}

// colourScores sums A^{A_e} over the areas of each colour (index 1..C).
func (a *areas) colourScores(p params, out []float64) {
	for i := range out {
		out[i] = 0
	}
	for id, size := range a.sizes {
		out[a.colours[id]] += detmath.Pow(float64(size), p.Ae)
	}
}

// sharedScore is S_ms for one player's multipliers (spec §7).
func sharedScore(perColour []float64, mult []int) int {
	sum := 0.0
	for c := 1; c < len(mult); c++ {
		sum += float64(float64(mult[c]) * perColour[c])
	}
	return floorTol(sum)
}

// turnVictoryPoints is S_mf for both players from their combined scores (spec §7).
func turnVictoryPoints(a, b float64) (float64, float64) {
	switch {
	case a == 0 && b == 0:
		return 0, 0
	case a == b:
		return 50, 50
	case a > b:
		return 100, 100 * b / a
	default:
		return 100 * a / b, 100
	}
}

// finalVictoryPoints is the end-of-game score of both players (spec §11).
func finalVictoryPoints(a, b float64, acted bool) (float64, float64) {
	switch {
	case !acted:
		return 0, 0
	case a == b:
		return 150, 150
	case a > b:
		return 300, 100 * b / a
	default:
		return 100 * a / b, 300
	}
}
