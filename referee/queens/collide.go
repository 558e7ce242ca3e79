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
// With nb set, only the pairs its sets keep are looked at; a body that moves farther than
// slack from its anchor, in the pass or between passes, is anchored again at once.
//
// The result is the same as collisionPass's, position for position: pairs are skipped only
// when the rules' own computation would find no overlap. Positions are copied into flat
// arrays for the pair test, and far pairs are told apart without a square root.
func collide(bodies []*body, fixed int, gap float64, f *field, nb *neighbours) bool {
	n := len(bodies)
	// With the same list as last time, the fixed bodies are where they were and no radius
	// changed: only the movable bodies are loaded, and only they can have left their anchors.
	same := nb != nil && f.n == n && nb.sameList(bodies, fixed, gap)
	if same {
		f.loadMovable(bodies[:fixed])
	} else {
		f.load(bodies)
	}
	p := pass{bodies: bodies, xs: f.xs[:n], ys: f.ys[:n], rs: f.rs[:n], nb: nb}
	switch {
	case same:
		nb.follow(fixed, p.xs, p.ys)
	case nb != nil:
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
			if nb != nil && !nb.near(i, xs[i], ys[i]) {
				nb.reanchor(i, xs[i], ys[i])
			}
		}
		r1 := rs[i] + gap
		if nb != nil {
			set := nb.set(i)
		walk:
			for w := range set {
				for word := set[w]; word != 0; {
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
					if p.hit(i, j, reach, d2) {
						// Body i may have been anchored again: the rest of this word is
						// taken from its new set.
						word = set[w] &^ (2<<(j%64) - 1)
					}
				}
			}
			continue
		}
		for j := 0; j < others; j++ {
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
	nb         *neighbours // nil: every pair is looked at
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
	if nb := p.nb; nb != nil {
		if !nb.near(i, p.xs[i], p.ys[i]) {
			nb.reanchor(i, p.xs[i], p.ys[i])
		}
		if !nb.near(j, p.xs[j], p.ys[j]) {
			nb.reanchor(j, p.xs[j], p.ys[j])
		}
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
	n          int // the bodies loaded
}

func (f *field) load(bodies []*body) {
	n := len(bodies)
	if cap(f.xs) < n {
		f.xs, f.ys, f.rs = make([]float64, n), make([]float64, n), make([]float64, n)
	}
	f.n = n
	xs, ys, rs := f.xs[:n], f.ys[:n], f.rs[:n]
	for i, b := range bodies {
		xs[i], ys[i], rs[i] = b.pos.x, b.pos.y, float64(b.radius)
	}
}

// loadMovable reloads the positions of the list's head, the rest being loaded already.
func (f *field) loadMovable(head []*body) {
	xs, ys := f.xs[:len(head)], f.ys[:len(head)]
	for i, b := range head {
		xs[i], ys[i] = b.pos.x, b.pos.y
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
