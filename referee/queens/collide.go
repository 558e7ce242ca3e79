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
	f.load(bodies)
	p := f.pass(bodies, gap)
	return p.every(len(bodies))
}

// collide is collisionPass in play (no gap). With a grid, the last grid.sites bodies are
// its sites, known to stay where they are (see staticSites): their clamps change nothing
// and they overlap no other site, so only their pairs with the units are looked at, and of
// those only the pairs the grid says could touch. Without a grid it is collisionPass.
//
// The result is the same as collisionPass's, position for position: pairs are skipped only
// when the rules' own computation would find no overlap. Positions are copied into flat
// arrays for the pair test, and far pairs are told apart without a square root.
func collide(bodies []*body, grid *siteGrid, f *field) bool {
	f.load(bodies)
	p := f.pass(bodies, 0)
	if grid == nil {
		return p.every(len(bodies))
	}
	units := len(bodies) - grid.sites
	for j, r := range p.rs[:units] {
		// Far out of the field (or not a number), where the grid could not tell: the
		// rules' own walk then.
		if r > grid.unitRadius || !(math.Abs(p.xs[j]) < farOut && math.Abs(p.ys[j]) < farOut) {
			return p.every(len(bodies))
		}
	}
	return p.withGrid(units, grid, f)
}

// pass is one collision pass in progress.
type pass struct {
	bodies     []*body
	xs, ys, rs []float64
	gap        float64
	corrected  bool
}

// every is the pass as the rules write it: every body against every other, but with the
// bodies from fixed on (static sites) only against those before fixed.
func (p *pass) every(fixed int) bool {
	xs, ys, rs, n := p.xs, p.ys, p.rs, len(p.bodies)
	for i := range n {
		others := n
		if i >= fixed {
			others = fixed
		} else {
			p.clamp(i)
		}
		r1 := rs[i] + p.gap
		for j := 0; j < others; j++ {
			if j == i {
				continue
			}
			reach := r1 + rs[j]
			d2, far := apart(xs[i]-xs[j], ys[i]-ys[j], reach)
			if far {
				continue
			}
			p.hit(i, j, reach, d2)
		}
	}
	return p.corrected
}

// withGrid is every(units) with the static sites' pairs taken from the grid. A unit's
// pairs with the other units are all looked at: there are a few dozen units at most, and
// cells for the units too, kept up to date as they are pushed, cost as much as they saved.
// Its pairs with the sites are looked at only for the sites the grid holds near it, in
// site order, as the rules walk them; when a push moves the unit, the rest of its walk
// asks the grid again from where it is now.
//
// Then each site looks at the units the grid holds near it: every unit's near sites are
// taken once, and again for a unit a site pushes, for the sites after that one.
func (p *pass) withGrid(units int, grid *siteGrid, f *field) bool {
	xs, ys, rs := p.xs, p.ys, p.rs
	// The units' part of the arrays, sliced alike so that the loop below is without
	// bounds checks: it is most of a pass when creeps are many.
	ux, uy, ur := xs[:units], ys[:units], rs[:units]
	uy, ur = uy[:len(ux)], ur[:len(ux)]
	for i := range ux {
		p.clamp(i)
		r1, x, y := ur[i], ux[i], uy[i]
		for j := range ux {
			// every's pair test; i itself (at distance 0) is skipped after it, as most
			// pairs are far and fail it first.
			reach := r1 + ur[j]
			d2, far := apart(x-ux[j], y-uy[j], reach)
			if far || j == i {
				continue
			}
			if p.hit(i, j, reach, d2) {
				x, y = ux[i], uy[i]
			}
		}
		for near := grid.near(xs[i], ys[i]); near != 0; {
			k := bits.TrailingZeros64(near)
			near &= near - 1
			j := units + k
			reach := r1 + rs[j]
			d2, far := apart(xs[i]-xs[j], ys[i]-ys[j], reach)
			if far {
				continue
			}
			if p.hit(i, j, reach, d2) {
				near = grid.near(xs[i], ys[i]) & after(k)
			}
		}
	}

	if cap(f.near) < units {
		f.near = make([]uint64, units, 2*units)
	}
	nearUnit := f.near[:units]
	var sites uint64 // the sites some unit is near
	for j := range nearUnit {
		nearUnit[j] = grid.near(xs[j], ys[j])
		sites |= nearUnit[j]
	}
	for sites != 0 {
		k := bits.TrailingZeros64(sites)
		sites &= sites - 1
		i, bit := units+k, uint64(1)<<k
		r1 := rs[i]
		for j, near := range nearUnit {
			if near&bit == 0 {
				continue
			}
			reach := r1 + rs[j]
			d2, far := apart(xs[i]-xs[j], ys[i]-ys[j], reach)
			if far {
				continue
			}
			if p.hit(i, j, reach, d2) {
				nearUnit[j] = grid.near(xs[j], ys[j])
				sites |= nearUnit[j] & after(k)
			}
		}
	}
	return p.corrected
}

// apart is the pair test short of the root, for two bodies dx, dy apart whose radii (and
// gap) add up to reach: reach² is exact (reach is a whole number), and sqrt is monotonic
// and exact on squares, so d² ≥ reach² is d ≥ reach, an overlap ≤ 0. d² is distSq's,
// operation for operation: the conversions keep the products from being fused.
func apart(dx, dy, reach float64) (d2 float64, far bool) {
	d2 = float64(dx*dx) + float64(dy*dy)
	return d2, d2 >= reach*reach
}

// after is the set of the sites after site k.
func after(k int) uint64 { return ^(uint64(2)<<k - 1) }

// clamp keeps body i inside the field, as each body is before its pairs are looked at.
func (p *pass) clamp(i int) {
	u := p.bodies[i]
	c := float64(u.radius)
	if u.isSite() {
		c += siteGap
	}
	u.pos = u.pos.clamp(c, worldWidth-c, c, worldHeight-c)
	p.xs[i], p.ys[i] = u.pos.x, u.pos.y
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
	u1.moveTo(u1.pos.sub(n.scale(float64(share1*overlap) + extra1)))
	u2.moveTo(u2.pos.add(n.scale(float64(share2*overlap) + extra2)))
}

// field is scratch space for collide: the bodies' positions and radii as flat arrays, and
// the sites near each unit.
type field struct {
	xs, ys, rs []float64
	near       []uint64
}

func (f *field) load(bodies []*body) {
	n := len(bodies)
	if cap(f.xs) < n {
		// With room for more: creeps keep coming in a game.
		f.xs, f.ys, f.rs = make([]float64, n, 2*n), make([]float64, n, 2*n), make([]float64, n, 2*n)
	}
	xs, ys, rs := f.xs[:n], f.ys[:n], f.rs[:n]
	for i, b := range bodies {
		xs[i], ys[i], rs[i] = b.pos.x, b.pos.y, float64(b.radius)
	}
}

// pass starts a pass over bodies, just loaded.
func (f *field) pass(bodies []*body, gap float64) pass {
	n := len(bodies)
	return pass{bodies: bodies, xs: f.xs[:n], ys: f.ys[:n], rs: f.rs[:n], gap: gap}
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
	for i := 0; i < maxFixPasses; i++ {
		if !g.collide() {
			return
		}
	}
}

// collide runs one collision pass over the whole field, with the sites' grid when they
// are static.
func (g *state) collide() bool {
	bodies := g.collisionOrder()
	return collide(bodies, g.siteGrid(), &g.field)
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

// siteGrid is the grid of the sites when they are static (staticSites), nil else or when
// there are too many sites for one.
func (g *state) siteGrid() *siteGrid {
	if !g.staticSites() {
		return nil
	}
	return g.sitesChecked.grid
}

// staticSites reports whether no site can move in a collision pass in play: every site is
// inside its clamp and no two sites overlap. Then a unit pushing a site leaves it in place
// (a site's share of a push is exactly zero), so the sites stay as they are for the whole
// game. The answer is kept with the sites' positions and radii it was found for, and so is
// their grid.
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
	c.grid = nil
	if c.static {
		c.grid = newSiteGrid(c.bodies)
	}
	return c.static
}
