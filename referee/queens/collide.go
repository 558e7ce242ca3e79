package queens

// collisionPass runs one pass of the original's collision fixing over bodies, in list
// order, with an extra required gap between bodies (0 in play, 90 between sites during
// map generation). It reports whether any pair overlapped.
//
// Each body in turn is clamped into the field, then pushed apart from every other body
// it overlaps, using positions already changed earlier in the same pass. Sites never move
// when a unit hits them; two sites share the push; two units share it by mass.
func collisionPass(bodies []*body, gap float64) bool {
	corrected := false
	for _, u1 := range bodies {
		c := float64(u1.radius)
		if u1.isSite() {
			c += siteGap
		}
		u1.pos = u1.pos.clamp(c, worldWidth-c, c, worldHeight-c)
		for _, u2 := range bodies {
			if u1 == u2 {
				continue
			}
			overlap := float64(u1.radius+u2.radius) + gap - dist(u1.pos, u2.pos)
			if overlap <= 1e-6 {
				continue
			}
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
			corrected = true
		}
	}
	return corrected
}

// resolveCollisions repeats passes until one finds nothing to fix (at most 999).
func resolveCollisions(bodies []*body) {
	for i := 0; i < maxFixPasses; i++ {
		if !collisionPass(bodies, 0) {
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
