package queens

// The collision pass as first written, kept as the reference that collide must match
// position for position, bit for bit (collide_test.go).

func referenceCollisionPass(bodies []*body, gap float64) bool {
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
			u1.moveTo(u1.pos.sub(n.scale(float64(share1*overlap) + extra1)))
			u2.moveTo(u2.pos.add(n.scale(float64(share2*overlap) + extra2)))
			corrected = true
		}
	}
	return corrected
}
