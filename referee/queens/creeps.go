package queens

// subSteps is how many times per turn creeps move (each time by a fifth of their speed)
// and collisions are fixed (one pass each time).
const subSteps = 5

// creepPhase moves the creeps, lets them attack and tear down mines, ages them, then lets
// the queens tear down enemy mines and barracks they touch (spec §4.4).
func (g *state) creepPhase() {
	acting := g.actingCreeps()
	// Nothing is trained or removed during the sub-steps, and a pass leaves static sites
	// where they are: the list of bodies and the sites' grid hold for all of them.
	bodies, grid := g.collisionOrder(), g.siteGrid()
	for step := 0; step < subSteps; step++ {
		for _, c := range acting {
			g.moveCreep(c)
		}
		// This pass also runs without creeps: it pushes a queen out of a site she walked into.
		collide(bodies, grid, &g.field)
	}
	for _, c := range acting {
		g.creepAttack(c)
	}
	for _, c := range acting {
		s := g.nearestSite(&c.body)
		if s != nil && c.touches(&s.body) && s.kind == mineKind && s.owner == g.enemy(c.owner) {
			g.event("site %d: player %d's mine destroyed by a %s", s.id, s.owner, c.kind)
			s.clear()
		}
	}
	for _, c := range acting {
		c.hp = max(c.hp-1, 0)
	}
	for p, pl := range g.players {
		if !pl.active {
			continue
		}
		s := g.nearestSite(&pl.queen)
		if s != nil && pl.queen.touches(&s.body) && s.owner == g.enemy(p) && (s.kind == mineKind || s.kind == barracks) {
			g.event("site %d: player %d's %s destroyed by the enemy queen", s.id, s.owner, s.kind)
			s.clear()
		}
	}
}

// actingCreeps lists the creeps of the active players that act this turn: all knights,
// then archers, then giants; within a type player 0's in spawn order, then player 1's.
// The slice is reused.
func (g *state) actingCreeps() []*creep {
	list := g.acting[:0]
	for k := knight; k <= giant; k++ {
		for _, pl := range g.players {
			if !pl.active {
				continue
			}
			for _, c := range pl.creeps {
				if c.kind == k {
					list = append(list, c)
				}
			}
		}
	}
	g.acting = list
	return list
}

// stepLength is how far a creep moves in one sub-step.
func stepLength(k creepKind) float64 { return float64(k.stats().speed * (1.0 / subSteps)) }

func (g *state) moveCreep(c *creep) {
	enemy := g.players[g.enemy(c.owner)]
	switch c.kind {
	case knight:
		// Chase the enemy queen, aiming 3 units short of her centre, so a knight in
		// contact keeps pressing into her.
		q := enemy.queen.pos
		if beyond(c.pos, q, float64(c.radius+queenRadius)) {
			c.moveTo(towards(c.pos, q.add(c.pos.sub(q).resized(3.0)), stepLength(c.kind)))
		}
	case archer:
		target := nearestCreep(enemy.creeps, c.pos)
		tb := &g.players[c.owner].queen // no enemy creep: gather around the own queen
		if target != nil {
			tb = &target.body
		}
		if beyond(c.pos, tb.pos, float64(c.radius+tb.radius+c.kind.stats().rng)) {
			c.moveTo(towards(c.pos, tb.pos.add(c.pos.sub(tb.pos).resized(3.0)), stepLength(c.kind)))
		}
	case giant:
		if t := g.nearestEnemyTower(c); t != nil {
			c.moveTo(towards(c.pos, t.pos, stepLength(c.kind)))
		}
	}
}

func (g *state) creepAttack(c *creep) {
	enemyIdx := g.enemy(c.owner)
	enemy := g.players[enemyIdx]
	switch c.kind {
	case knight:
		if c.touches(&enemy.queen) {
			enemy.hp = max(enemy.hp-1, 0)
		}
	case archer:
		t := nearestCreep(enemy.creeps, c.pos)
		if t == nil || !within(c.pos, t.pos, float64(c.radius+t.radius+c.kind.stats().rng+touchDelta)) {
			return
		}
		damage := 2
		if t.kind == giant {
			damage = 10
		}
		t.hp = max(t.hp-damage, 0)
	case giant:
		// The first enemy tower by site id in contact, not the nearest one.
		for _, s := range g.sites {
			if s.kind == towerKind && s.owner == enemyIdx && c.touches(&s.body) {
				s.hp -= giantBust
				return
			}
		}
	}
}

// nearestCreep is the creep of list nearest to p (ties: earliest in the list), 0-HP
// creeps included; nil for an empty list.
func nearestCreep(list []*creep, p vec) *creep {
	var best *creep
	bestD := 0.0
	for _, c := range list {
		if d := distSq(c.pos, p); best == nil || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// nearestEnemyTower is the enemy tower whose site centre is nearest to c (ties: lowest id).
func (g *state) nearestEnemyTower(c *creep) *site {
	var best *site
	bestD := 0.0
	for _, s := range g.sites {
		if s.kind != towerKind || s.owner != g.enemy(c.owner) {
			continue
		}
		if d := distSq(s.pos, c.pos); best == nil || d < bestD {
			best, bestD = s, d
		}
	}
	return best
}
