package rockets

import "math"

// maxRevenue caps one cycle's revenue so that absurd maps (thousands of unique roads, huge
// bonuses) cannot overflow the money arithmetic.
const maxRevenue = 1e15

// fuelNeeded is F_r = max(3, C_r + H_r − B_r^t) (seed formula 13).
func (g *game) fuelNeeded(team, r int) int {
	rd := &g.roads[r]
	return max(3, rd.cost+rd.handicap-rd.bonus[team])
}

// move sends a stationary car along road r to target (spec §5.1): it drives if it has
// the fuel, else it is pushed. Either way the road wears and the car is in target at once.
func (g *game) move(team int, c *car, r, target int) {
	need := g.fuelNeeded(team, r)
	if c.fuel >= need {
		c.fuel -= need
		c.busy = normalTravel
		if c.fast {
			c.busy = fastTravel
		}
	} else {
		c.pushes++
		c.busy = pushTravel
		if c.pushes > quickPushes {
			c.busy = tiredPushTravel
		}
		g.event("team %d car %d is pushed from %d to %d (%d fuel, %d needed): %d turns", team+1, c.id, c.city, target, c.fuel, need, c.busy)
	}
	c.trip = c.busy
	rd := &g.roads[r]
	rd.handicap += g.p.hstep
	rd.bonus[team] += g.p.bstep
	c.cycle.add(r, g.bonus[target])
	c.from, c.city = c.city, target
}

// revenue of a cycle of n roads (seed formulas 14 and 15), rounded up. The 1e−9 keeps an
// exact integer from being rounded up by floating-point noise; the explicit conversions
// forbid fused multiply-adds so that every platform computes the same value.
func revenue(n int, repeated bool, mmax int, R float64) int64 {
	v := float64(float64(n) * R)
	if !repeated {
		v = float64(v * math.Pow(1.04, float64(n)))
		v = float64(v * float64(mmax))
	}
	v = math.Ceil(v - 1e-9)
	switch {
	case v > maxRevenue:
		return maxRevenue
	case v < 0:
		return 0
	}
	return int64(v)
}

// arrivals moves every busy car one turn on; a car that reaches home closes its cycle and
// earns its revenue (spec §5.2 step 1).
func (g *game) arrivals() {
	for t := range g.teams {
		tm := &g.teams[t]
		for i := range tm.cars {
			c := &tm.cars[i]
			if c.busy == 0 {
				continue
			}
			c.busy--
			if c.busy == 0 && c.city == tm.home {
				g.closeCycle(t, c)
			}
		}
	}
}

func (g *game) closeCycle(team int, c *car) {
	tm := &g.teams[team]
	n := len(c.cycle.roads)
	s := revenue(n, c.cycle.repeated, c.cycle.mmax, g.p.R)
	tm.cash += s
	tm.cycled = true
	tm.stats.Cycles++
	tm.stats.Revenue += s
	kind := "unique"
	if c.cycle.repeated {
		kind = "repeated roads"
	}
	g.event("team %d car %d completed a cycle of %d roads (%s, M_max %d): +%d", team+1, c.id, n, kind, c.cycle.mmax, s)
	c.cycle.reset(g.bonus[tm.home])
	c.pushes = 0
}

// refuel fills every stationary car at home as far as the team's cash allows (step 2).
func (g *game) refuel() {
	for t := range g.teams {
		tm := &g.teams[t]
		for i := range tm.cars {
			c := &tm.cars[i]
			if c.busy > 0 || c.city != tm.home || c.fuel >= tankSize {
				continue
			}
			units := int64(tankSize - c.fuel)
			if g.p.Sfuel > 0 {
				units = min(units, tm.cash/g.p.Sfuel)
			}
			c.fuel += int(units)
			tm.cash -= units * g.p.Sfuel
		}
	}
}
