package queens

import (
	"math"
	"math/bits"
)

// collisionPass runs one pass of the original's collision fixing over bodies, in list
// order, with an extra required gap between bodies (0 in play, 90 between sites during
// map generation). It reports whether any pair overlapped.
//
// Each body in turn is clamped into the field, then pushed apart from every other body
// it overlaps, using positions already changed earlier in the same pass. Sites never move
// when a unit hits them; two sites share the push; two units share it by mass.
func collisionPass(bodies []*body, gap float64) bool {
	var f field
	return collide(bodies, len(bodies), gap, &f, nil)
}

// collide is collisionPass for bodies whose tail, bodies[fixed:], are sites known to stay
// where they are during the pass (see staticSites): their clamps change nothing and they
// overlap no other site, so only their pairs with the units before them are looked at.
// With nb set, only the pairs its sets keep are looked at, for as long as every body stays
// within slack of its anchor; past that, the rest of the pass looks at every pair.
//
// The result is the same as collisionPass's, position for position: pairs are skipped only
// when the rules' own computation would find no overlap. Positions are copied into flat
// arrays for the pair test, and far pairs are told apart without a square root.
func collide(bodies []*body, fixed int, gap float64, f *field, nb *neighbours) bool {
	n := len(bodies)
	f.load(bodies)
	p := pass{bodies: bodies, xs: f.xs[:n], ys: f.ys[:n], rs: f.rs[:n], nb: nb, sparse: nb != nil}
	if p.sparse && !nb.usable(bodies, fixed, p.xs, p.ys) {
		nb.make(bodies, fixed, gap, p.xs, p.ys, p.rs)
	}
	xs, ys, rs := p.xs, p.ys, p.rs
	for i, u1 := range bodies {
		others := n
		if i >= fixed {
			others = fixed
		} else {
			c := float64(u1.radius)
			if u1.isSite() {
				c += siteGap
			}
			u1.pos = u1.pos.clamp(c, worldWidth-c, c, worldHeight-c)
			xs[i], ys[i] = u1.pos.x, u1.pos.y
			if p.sparse && !nb.near(i, xs[i], ys[i]) {
				p.sparse, nb.valid = false, false
			}
		}
		r1 := rs[i] + gap
		from := 0 // where the pairs of every body begin, when the sets do not hold
		if p.sparse {
			from = others
		walk:
			for w, word := range nb.set(i) {
				for word != 0 {
					j := w*64 + bits.TrailingZeros64(word)
					word &= word - 1
					if j >= others {
						break walk
					}
					// The pair test of the loop below, for the pairs the set keeps.
					reach := r1 + rs[j]
					dx, dy := xs[i]-xs[j], ys[i]-ys[j]
					d2 := float64(dx*dx) + float64(dy*dy)
					if d2 >= reach*reach {
						continue
					}
					if p.hit(i, j, reach, d2) && !p.sparse {
						from = j + 1
						break walk
					}
				}
			}
		}
		for j := from; j < others; j++ {
			if j == i {
				continue
			}
			// reach² is exact (reach is a whole number), and sqrt is monotonic and exact
			// on squares: d² ≥ reach² is d ≥ reach, an overlap ≤ 0, without the root.
			// d² is distSq's, operation for operation.
			reach := r1 + rs[j]
			dx, dy := xs[i]-xs[j], ys[i]-ys[j]
			d2 := float64(dx*dx) + float64(dy*dy)
			if d2 >= reach*reach {
				continue
			}
			p.hit(i, j, reach, d2)
		}
	}
	return p.corrected
}

// pass is one collision pass in progress.
type pass struct {
	bodies     []*body
	xs, ys, rs []float64
	nb         *neighbours
	sparse     bool // nb's sets hold: every body is within slack of its anchor
	corrected  bool
}

// hit finishes the rules' pair test for two bodies nearer than reach, and pushes them
// apart if they overlap. It reports whether they moved.
func (p *pass) hit(i, j int, reach, d2 float64) bool {
	overlap := reach - math.Sqrt(d2)
	if overlap <= 1e-6 {
		return false
	}
	u1, u2 := p.bodies[i], p.bodies[j]
	push(u1, u2, overlap)
	p.corrected = true
	p.xs[i], p.ys[i] = u1.pos.x, u1.pos.y
	p.xs[j], p.ys[j] = u2.pos.x, u2.pos.y
	if p.sparse && (!p.nb.near(i, p.xs[i], p.ys[i]) || !p.nb.near(j, p.xs[j], p.ys[j])) {
		p.sparse, p.nb.valid = false, false
	}
	return true
}

// push moves two overlapping bodies apart: sites never move when a unit hits them, two
// sites share the push, two units share it by mass.
func push(u1, u2 *body, overlap float64) {
	var share1, share2, extra1, extra2 float64
	switch {
	case u1.isSite() && u2.isSite():
		share1, share2, extra1, extra2 = 0.5, 0.5, 20, 20
	case u1.isSite():
		share1, share2, extra1, extra2 = 0, 1, 0, 1
	case u2.isSite():
		share1, share2, extra1, extra2 = 1, 0, 1, 0
	default:
		total := float64(u1.mass + u2.mass)
		share1, share2, extra1, extra2 = float64(u2.mass)/total, float64(u1.mass)/total, 1, 1
	}
	n := u2.pos.sub(u1.pos).normalized()
	u1.pos = u1.pos.sub(n.scale(float64(share1*overlap) + extra1))
	u2.pos = u2.pos.add(n.scale(float64(share2*overlap) + extra2))
}

// field is scratch space for collide: the bodies' positions and radii as flat arrays.
type field struct {
	xs, ys, rs []float64
}

func (f *field) load(bodies []*body) {
	n := len(bodies)
	if cap(f.xs) < n {
		f.xs, f.ys, f.rs = make([]float64, n), make([]float64, n), make([]float64, n)
	}
	xs, ys, rs := f.xs[:n], f.ys[:n], f.rs[:n]
	for i, b := range bodies {
		xs[i], ys[i], rs[i] = b.pos.x, b.pos.y, float64(b.radius)
	}
}

// resolveCollisions repeats passes until one finds nothing to fix (at most 999).
func resolveCollisions(bodies []*body) {
	for i := 0; i < maxFixPasses; i++ {
		if !collisionPass(bodies, 0) {
			return
		}
	}
}

// resolve is resolveCollisions over the whole field, as collide runs it.
func (g *state) resolve() {
	bodies, fixed := g.collidingBodies()
	for i := 0; i < maxFixPasses; i++ {
		if !collide(bodies, fixed, 0, &g.field, &g.near) {
			return
		}
	}
}

// collisionOrder lists every body in the order the original walks them: player 0's
// creeps (spawn order), player 0's queen, player 1's creeps, player 1's queen, then the
// sites by id. Eliminated players' units stay in the list. The slice is reused.
func (g *state) collisionOrder() []*body {
	list := g.bodies[:0]
	for _, p := range g.players {
		for _, c := range p.creeps {
			list = append(list, &c.body)
		}
		list = append(list, &p.queen)
	}
	for _, s := range g.sites {
		list = append(list, &s.body)
	}
	g.bodies = list
	return list
}

// collidingBodies is collisionOrder, and where in it the sites begin when they cannot move
// (staticSites), for collide; else the list's length.
func (g *state) collidingBodies() ([]*body, int) {
	list := g.collisionOrder()
	if g.staticSites() {
		return list, len(list) - len(g.sites)
	}
	return list, len(list)
}

// staticSites reports whether no site can move in a collision pass in play: every site is
// inside its clamp and no two sites overlap. Then a unit pushing a site leaves it in place
// (a site's share of a push is exactly zero), so the sites stay as they are for the whole
// game. The answer is kept with the sites' positions and radii it was found for.
func (g *state) staticSites() bool {
	c := &g.sitesChecked
	if len(c.bodies) == len(g.sites) {
		same := true
		for i, s := range g.sites {
			if c.bodies[i] != s.body {
				same = false
				break
			}
		}
		if same {
			return c.static
		}
	}
	c.bodies = c.bodies[:0]
	c.static = true
	for i, s := range g.sites {
		c.bodies = append(c.bodies, s.body)
		r := float64(s.radius) + siteGap
		if s.pos.clamp(r, worldWidth-r, r, worldHeight-r) != s.pos || !s.isSite() || s.pos.x == 0 || s.pos.y == 0 {
			c.static = false
		}
		for _, o := range g.sites[:i] {
			if float64(s.radius+o.radius)-dist(s.pos, o.pos) > 1e-6 {
				c.static = false
			}
		}
	}
	return c.static
}
