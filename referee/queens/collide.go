package queens

import "math"

// collisionPass runs one pass of the original's collision fixing over bodies, in list
// order, with an extra required gap between bodies (0 in play, 90 between sites during
// map generation). It reports whether any pair overlapped.
//
// Each body in turn is clamped into the field, then pushed apart from every other body
// it overlaps, using positions already changed earlier in the same pass. Sites never move
// when a unit hits them; two sites share the push; two units share it by mass.
func collisionPass(bodies []*body, gap float64) bool {
	var f field
	return collide(bodies, len(bodies), gap, &f)
}

// collide is collisionPass for bodies whose tail, bodies[fixed:], are sites known to stay
// where they are during the pass (see staticSites): their clamps change nothing and they
// overlap no other site, so only their pairs with the units before them are looked at.
// The result is the same as collisionPass's, position for position: pairs are skipped only
// when the rules' own computation would find no overlap.
//
// Why it is written this way: a pass looks at every pair of bodies, about 2 000 pairs five
// times a turn in a busy game, so the pair test is most of a turn. Positions are copied
// into flat arrays for it, far pairs are told apart without a square root, and a static
// site far from every unit skips its pairs at once.
func collide(bodies []*body, fixed int, gap float64, f *field) bool {
	n := len(bodies)
	f.load(bodies)
	xs, ys, rs := f.xs[:n], f.ys[:n], f.rs[:n]
	// The units' bounding box, grown as they move during the pass.
	box := f.unitBox(fixed)
	corrected := false
	for i, u1 := range bodies {
		others := n
		if i >= fixed {
			others = fixed
			// A static site: only units can reach it; none can when it is farther from
			// their box than its radius plus the largest unit's plus the gap.
			far := rs[i] + f.maxUnitRadius + gap
			if box.minX-xs[i] >= far || xs[i]-box.maxX >= far || box.minY-ys[i] >= far || ys[i]-box.maxY >= far {
				continue
			}
		} else {
			c := float64(u1.radius)
			if u1.isSite() {
				c += siteGap
			}
			u1.pos = u1.pos.clamp(c, worldWidth-c, c, worldHeight-c)
			xs[i], ys[i] = u1.pos.x, u1.pos.y
			box.add(u1.pos)
		}
		x1, y1, r1 := xs[i], ys[i], rs[i]+gap
		for j := 0; j < others; j++ {
			if j == i {
				continue
			}
			// reach² is exact (reach is a whole number), and sqrt is monotonic and exact
			// on squares: d² ≥ reach² is d ≥ reach, an overlap ≤ 0, without the root.
			// d² is distSq's, operation for operation.
			reach := r1 + rs[j]
			dx, dy := x1-xs[j], y1-ys[j]
			d2 := float64(dx*dx) + float64(dy*dy)
			if d2 >= reach*reach {
				continue
			}
			u2 := bodies[j]
			overlap := reach - math.Sqrt(d2)
			if overlap <= 1e-6 {
				continue
			}
			push(u1, u2, overlap)
			corrected = true
			x1, y1 = u1.pos.x, u1.pos.y
			xs[i], ys[i] = x1, y1
			xs[j], ys[j] = u2.pos.x, u2.pos.y
			if i < fixed {
				box.add(u1.pos)
			}
			if j < fixed {
				box.add(u2.pos)
			}
		}
	}
	return corrected
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
	xs, ys, rs    []float64
	maxUnitRadius float64
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

// box is a bounding box of points.
type box struct{ minX, maxX, minY, maxY float64 }

func (b *box) add(p vec) {
	b.minX, b.maxX = min(b.minX, p.x), max(b.maxX, p.x)
	b.minY, b.maxY = min(b.minY, p.y), max(b.maxY, p.y)
}

// unitBox is the bounding box of the first units bodies loaded, and notes the largest
// radius among them.
func (f *field) unitBox(units int) box {
	b := box{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)}
	f.maxUnitRadius = 0
	for i := 0; i < units; i++ {
		b.add(vec{f.xs[i], f.ys[i]})
		f.maxUnitRadius = max(f.maxUnitRadius, f.rs[i])
	}
	return b
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
		if !collide(bodies, fixed, 0, &g.field) {
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
