package bestow

import (
	"fmt"
	"math"
)

// The own-space half of the greedy player: dense placements near the corner.

// singleCubes fills the free cells closest to the corner: they complete the next cube.
func (g *greedyPlayer) singleCubes(b *bot, n int) error {
	bo := b.w.Bo
	for ; n > 0; n-- {
		best, bestKey := -1, 0
		for i, f := range b.own {
			if f {
				continue
			}
			x, y, z := i%bo, i/bo%bo, i/(bo*bo)
			key := max(x, y, z)*1000 + x + y + z
			if best < 0 || key < bestKey {
				best, bestKey = i, key
			}
		}
		if best < 0 {
			return nil
		}
		if _, err := b.c.call(fmt.Sprintf("PLACE_SINGLE_CUBE_PIECE %d %d %d", best%bo, best/bo%bo, best/(bo*bo)), 0); err != nil {
			return err
		}
		b.own[best] = true
	}
	return nil
}

// prefix counts filled own cells in boxes in O(1).
type prefix struct {
	n int // B_o + 1
	s []int
}

func newPrefix(b *bot) prefix {
	bo := b.w.Bo
	p := prefix{n: bo + 1, s: make([]int, (bo+1)*(bo+1)*(bo+1))}
	at := func(x, y, z int) int { return (z*p.n+y)*p.n + x }
	for z := 1; z <= bo; z++ {
		for y := 1; y <= bo; y++ {
			for x := 1; x <= bo; x++ {
				v := 0
				if b.own[b.ownIndex(vec3{x - 1, y - 1, z - 1})] {
					v = 1
				}
				p.s[at(x, y, z)] = v + p.s[at(x-1, y, z)] + p.s[at(x, y-1, z)] + p.s[at(x, y, z-1)] -
					p.s[at(x-1, y-1, z)] - p.s[at(x-1, y, z-1)] - p.s[at(x, y-1, z-1)] + p.s[at(x-1, y-1, z-1)]
			}
		}
	}
	return p
}

// count is the number of filled cells in the box lo..hi (inclusive).
func (p prefix) count(lo, hi vec3) int {
	at := func(x, y, z int) int { return p.s[(z*p.n+y)*p.n+x] }
	x0, y0, z0, x1, y1, z1 := lo.x, lo.y, lo.z, hi.x+1, hi.y+1, hi.z+1
	return at(x1, y1, z1) - at(x0, y1, z1) - at(x1, y0, z1) - at(x1, y1, z0) +
		at(x0, y0, z1) + at(x0, y1, z0) + at(x1, y0, z0) - at(x0, y0, z0)
}

// bestOwn searches every orientation and position for the placement with the best value
// after quality, minus the cost of lying far from the corner.
func (g *greedyPlayer) bestOwn(b *bot, filled prefix, pc piece) ownMove {
	w := b.w
	bo := w.Bo
	perCube := float64(pc.value) / float64(len(pc.cubes))
	var best ownMove
	for _, o := range b.orientationsOf(pc) {
		for z := -o.lo.z; z+o.hi.z < bo; z++ {
			for y := -o.lo.y; y+o.hi.y < bo; y++ {
				for x := -o.lo.x; x+o.hi.x < bo; x++ {
					at := vec3{x, y, z}
					if !b.fitsOwn(o, at) {
						continue
					}
					q := filled.count(o.lo.add(at), o.hi.add(at)) - w.Qmin
					factor := 1 + float64(float64(q)*w.Qpi)
					if q > 0 {
						factor = 1 + float64(float64(q)*w.Qgi)
					}
					final := max(0, int(math.Floor(float64(float64(pc.value)*factor)+1e-9)))
					shells := 0
					for _, c := range o.cells {
						v := c.add(at)
						shells += max(v.x, v.y, v.z)
					}
					score := float64(final) - float64(shellWeight*perCube*float64(shells))
					if !best.usable || score > best.score {
						best = ownMove{o: o, at: at, final: final, score: score, usable: true}
					}
				}
			}
		}
	}
	return best
}
