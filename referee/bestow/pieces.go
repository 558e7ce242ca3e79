package bestow

import (
	"math"
	"math/rand/v2"

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
	pieces := make([]piece, p.N)
	for i := range pieces {
		pieces[i] = generatePiece(rng, p, i+1)
	}
	return pieces
}

func generatePiece(rng *rand.Rand, p params, id int) piece {
	size := p.MinCubes + rng.IntN(p.MaxCubes-p.MinCubes+1)
	flat := rng.Float64() < p.Flat
	cubes := growShape(rng, p, size, flat)
	colours := paintPatches(rng, p.C, cubes)

	// Growth may stop early (no candidate left): the actual size prices the piece.
	n := len(cubes)
	price := clamp(int(math.Round((0.75+0.5*rng.Float64())*float64(300+180*n))), 1, 2000)
	value := clamp(int(math.Round(float64(price)*(1+0.06*rng.Float64()))), 1, 2000)
	effort := 1 + rng.IntN(5)
	return piece{id: id, cubes: cubes, colours: colours, price: price, value: value, effort: effort}
}

// faceSteps is the neighbour order of spec §3: +x, −x, +y, −y, +z, −z.
var faceSteps = [6]vec3{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}

func (v vec3) add(w vec3) vec3 { return vec3{v.x + w.x, v.y + w.y, v.z + w.z} }

// growShape grows a face-connected polycube from the origin, one weighted pick per cube.
func growShape(rng *rand.Rand, p params, size int, flat bool) []vec3 {
	cubes := []vec3{{0, 0, 0}}
	in := map[vec3]bool{{0, 0, 0}: true}
	lo, hi := vec3{}, vec3{}
	var candidates []vec3
	var weights []float64
	for len(cubes) < size {
		candidates, weights = candidates[:0], weights[:0]
		listed := map[vec3]bool{}
		total := 0.0
		for _, c := range cubes {
			for _, step := range faceSteps {
				n := c.add(step)
				if in[n] || listed[n] || (flat && n.z != 0) || !withinExtent(lo, hi, n, p.Extent) {
					continue
				}
				listed[n] = true
				touching := 0
				for _, s := range faceSteps {
					if in[n.add(s)] {
						touching++
					}
				}
				w := math.Pow(float64(touching), p.Alpha)
				candidates = append(candidates, n)
				weights = append(weights, w)
				total += w
			}
		}
		if len(candidates) == 0 {
			break
		}
		pick := len(candidates) - 1
		u := rng.Float64() * total
		for i, w := range weights {
			if u < w {
				pick = i
				break
			}
			u -= w
		}
		n := candidates[pick]
		cubes = append(cubes, n)
		in[n] = true
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
// from k distinct seed cubes by a multi-source breadth-first search.
func paintPatches(rng *rand.Rand, colourCount int, cubes []vec3) []int {
	u := rng.Float64()
	k := 3
	switch {
	case u < 0.50:
		k = 1
	case u < 0.85:
		k = 2
	}
	k = min(k, len(cubes), colourCount)
	palette := pickDistinct(rng, colourCount, k) // 0-based colour indices
	seeds := pickDistinct(rng, len(cubes), k)

	index := make(map[vec3]int, len(cubes))
	for i, c := range cubes {
		index[c] = i
	}
	colours := make([]int, len(cubes))
	queue := make([]int, 0, len(cubes))
	for j, s := range seeds {
		colours[s] = palette[j] + 1
		queue = append(queue, s)
	}
	for head := 0; head < len(queue); head++ {
		c := cubes[queue[head]]
		for _, step := range faceSteps {
			if n, ok := index[c.add(step)]; ok && colours[n] == 0 {
				colours[n] = colours[queue[head]]
				queue = append(queue, n)
			}
		}
	}
	return colours
}

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
