package bestow

import (
	"math"
	"math/rand/v2"

	"github.com/arena-games/arena/internal/detmath"
	"github.com/arena-games/arena/referee"
)

// piece is one element of the shared vector. Cubes are in the piece frame, in the order
// GET_ALL_PIECES prints them; colours[i] is the colour of cubes[i].
type piece struct {
	id                   int
	cubes                []vec3
	colours              []int
	price, value, effort int
}

// pieceStream is the PCG stream of piece generation (spec §3).
const pieceStream = 1

// generatePieces draws the N pieces of a game from the seed (spec §3).
func generatePieces(seed int64, p params) []piece {
	rng := referee.NewPCG(seed, pieceStream)
	g := &generator{rng: rng, p: p, member: newCellSet(), listed: newCellSet()}
	pieces := make([]piece, p.N)
	for i := range pieces {
		pieces[i] = g.piece(i + 1)
	}
	return pieces
}

// generator holds the scratch space of piece generation.
type generator struct {
	rng    *rand.Rand
	p      params
	member *cellSet // cubes of the piece being grown → their index
	listed *cellSet // candidates already listed in this growth step
}

func (g *generator) piece(id int) piece {
	p := g.p
	size := p.MinCubes + g.rng.IntN(p.MaxCubes-p.MinCubes+1)
	flat := g.rng.Float64() < p.Flat
	cubes := g.growShape(size, flat)
	colours := g.paintPatches(cubes)

	// Growth may stop early (no candidate left): the actual size prices the piece.
	n := len(cubes)
	// float64(…) rounds each product before it is added, as the original does: Go may
	// otherwise fuse them into one multiply-add on arm64.
	price := clamp(int(math.Round((0.75+float64(0.5*g.rng.Float64()))*float64(300+180*n))), 1, 2000)
	value := clamp(int(math.Round(float64(price)*(1+float64(0.06*g.rng.Float64())))), 1, 2000)
	effort := 1 + g.rng.IntN(5)
	return piece{id: id, cubes: cubes, colours: colours, price: price, value: value, effort: effort}
}

// faceSteps is the neighbour order of spec §3: +x, −x, +y, −y, +z, −z.
var faceSteps = [6]vec3{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}

func (v vec3) add(w vec3) vec3 { return vec3{v.x + w.x, v.y + w.y, v.z + w.z} }

// growShape grows a face-connected polycube from the origin, one weighted pick per cube.
func (g *generator) growShape(size int, flat bool) []vec3 {
	cubes := []vec3{{0, 0, 0}}
	g.member.clear()
	g.member.put(vec3{}, 0)
	lo, hi := vec3{}, vec3{}
	var candidates []vec3
	var weights []float64
	for len(cubes) < size {
		candidates, weights = candidates[:0], weights[:0]
		g.listed.clear()
		total := 0.0
		for _, c := range cubes {
			for _, step := range faceSteps {
				n := c.add(step)
				if g.member.has(n) || g.listed.has(n) || (flat && n.z != 0) || !withinExtent(lo, hi, n, g.p.Extent) {
					continue
				}
				g.listed.put(n, 0)
				touching := 0
				for _, s := range faceSteps {
					if g.member.has(n.add(s)) {
						touching++
					}
				}
				w := detmath.Pow(float64(touching), g.p.Alpha)
				candidates = append(candidates, n)
				weights = append(weights, w)
				total += w
			}
		}
		if len(candidates) == 0 {
			break
		}
		pick := len(candidates) - 1
		u := g.rng.Float64() * total
		for i, w := range weights {
			if u < w {
				pick = i
				break
			}
			u -= w
		}
		n := candidates[pick]
		g.member.put(n, len(cubes))
		cubes = append(cubes, n)
		lo = vec3{min(lo.x, n.x), min(lo.y, n.y), min(lo.z, n.z)}
		hi = vec3{max(hi.x, n.x), max(hi.y, n.y), max(hi.z, n.z)}
	}
	return cubes
}

// withinExtent reports whether adding n keeps the bounding box within extent on each axis.
func withinExtent(lo, hi, n vec3, extent int) bool {
	return max(hi.x, n.x)-min(lo.x, n.x) < extent &&
		max(hi.y, n.y)-min(lo.y, n.y) < extent &&
		max(hi.z, n.z)-min(lo.z, n.z) < extent
}

// paintPatches colours a piece in one to three contiguous patches: k distinct colours grow
// from k distinct seed cubes by a multi-source breadth-first search. g.member must map
// the piece's cubes to their indices (growShape leaves it so).
func (g *generator) paintPatches(cubes []vec3) []int {
	u := g.rng.Float64()
	k := 3
	switch {
	case u < 0.50:
		k = 1
	case u < 0.85:
		k = 2
	}
	k = min(k, len(cubes), g.p.C)
	palette := pickDistinct(g.rng, g.p.C, k) // 0-based colour indices
	seeds := pickDistinct(g.rng, len(cubes), k)

	colours := make([]int, len(cubes))
	queue := make([]int, 0, len(cubes))
	for j, s := range seeds {
		colours[s] = palette[j] + 1
		queue = append(queue, s)
	}
	for head := 0; head < len(queue); head++ {
		c := cubes[queue[head]]
		for _, step := range faceSteps {
			if n, ok := g.member.get(c.add(step)); ok && colours[n] == 0 {
				colours[n] = colours[queue[head]]
				queue = append(queue, n)
			}
		}
	}
	return colours
}

// cellSet maps piece-frame cells in [−10, 10]³ to an int; clear is O(1) by stamping.
type cellSet struct {
	stamp []uint32
	value []int32
	now   uint32
}

const cellSpan = 21 // −10..10

func newCellSet() *cellSet {
	return &cellSet{stamp: make([]uint32, cellSpan*cellSpan*cellSpan), value: make([]int32, cellSpan*cellSpan*cellSpan), now: 1}
}

func (s *cellSet) clear() { s.now++ }

func (s *cellSet) index(v vec3) int {
	return ((v.z+10)*cellSpan+(v.y+10))*cellSpan + v.x + 10
}

func (s *cellSet) put(v vec3, value int) {
	i := s.index(v)
	s.stamp[i], s.value[i] = s.now, int32(value)
}

func (s *cellSet) get(v vec3) (int, bool) {
	if v.x < -10 || v.x > 10 || v.y < -10 || v.y > 10 || v.z < -10 || v.z > 10 {
		return 0, false
	}
	i := s.index(v)
	return int(s.value[i]), s.stamp[i] == s.now
}

func (s *cellSet) has(v vec3) bool { _, ok := s.get(v); return ok }

// pickDistinct draws k distinct values of 0..n−1 in draw order (partial Fisher–Yates).
func pickDistinct(rng *rand.Rand, n, k int) []int {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	for i := 0; i < k; i++ {
		j := i + rng.IntN(n-i)
		all[i], all[j] = all[j], all[i]
	}
	return all[:k]
}

func clamp(v, lo, hi int) int { return max(lo, min(hi, v)) }
