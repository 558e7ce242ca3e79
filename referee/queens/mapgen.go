package queens

import "github.com/arena-games/arena/referee"

// generated is the result of map generation for one seed.
type generated struct {
	queenHP int
	sites   []*site
	// relaxPasses is how many relaxation passes ran; converged is false when the sites
	// still overlapped after the last allowed pass (the map is used anyway).
	relaxPasses int
	converged   bool
}

const maxRelaxPasses = 100

// generateMap draws the map of a seed exactly as the original does (spec §3): queen HP,
// then twelve mirrored site pairs, then relaxation passes until the sites keep a gap of
// 90, rounding and the gold bonus near the centre. No randomness is used after this.
func generateMap(seed int64) generated {
	rnd := referee.NewJavaRandom(seed)
	g := generated{queenHP: 5 * (5 + rnd.NextInt(16))}

	g.sites = make([]*site, 0, 2*sitePairs)
	for k := 0; k < sitePairs; k++ {
		maxMine := 1 + rnd.NextInt(3)
		gold := 200 + rnd.NextInt(51)
		radius := 60 + rnd.NextInt(31)
		x := rnd.NextInt(worldWidth)
		y := rnd.NextInt(worldHeight)
		g.sites = append(g.sites,
			newSite(2*k, x, y, radius, gold, maxMine),
			newSite(2*k+1, worldWidth-x, worldHeight-y, radius, gold, maxMine))
	}

	bodies := make([]*body, len(g.sites))
	for i, s := range g.sites {
		bodies[i] = &s.body
	}
	for g.relaxPasses < maxRelaxPasses {
		for k := 0; k < sitePairs; k++ {
			a, b := g.sites[2*k], g.sites[2*k+1]
			// float64(…) keeps the halving (a multiplication by 0.5) from being fused with the
			// subtraction below into one multiply-add, which Go may do on arm64.
			mid := vec{float64((a.pos.x + (worldWidth - b.pos.x)) / 2.0), float64((a.pos.y + (worldHeight - b.pos.y)) / 2.0)}
			a.pos = mid
			b.pos = vec{worldWidth - mid.x, worldHeight - mid.y}
		}
		g.relaxPasses++
		if !collisionPass(bodies, siteGap) {
			g.converged = true
			break
		}
	}

	for _, s := range g.sites {
		s.pos = s.pos.rounded()
		gold, size := centreBonus(int(s.pos.x), int(s.pos.y))
		s.gold += gold
		s.maxMine += size
	}
	return g
}

// centreBonus is what a site whose rounded centre is (x, y) gains for being near the
// middle of the field: +50 gold and +1 max rate strictly within 500 of (960, 500), as much
// again strictly within 200.
func centreBonus(x, y int) (gold, size int) {
	dx, dy := x-worldWidth/2, y-worldHeight/2
	d2 := dx*dx + dy*dy
	if d2 < 500*500 {
		gold, size = gold+50, size+1
	}
	if d2 < 200*200 {
		gold, size = gold+50, size+1
	}
	return gold, size
}
