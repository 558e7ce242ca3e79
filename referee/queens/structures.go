package queens

import "github.com/arena-games/arena/referee"

// spawnOffsets are the arena's fixed offsets of the creeps of a batch (spec §9.6).
var spawnOffsets = [4]vec{{1, -1}, {-1, 1}, {1, 1}, {-1, -1}}

// structuresAct lets every structure act, in site id order (spec §5, §11): mines pay,
// towers shoot and melt, barracks advance and spawn.
func (g *state) structuresAct() {
	for _, s := range g.sites {
		switch s.kind {
		case mineKind:
			cash := min(s.rate, s.gold)
			owner := g.players[s.owner]
			owner.gold += cash
			owner.income += cash
			s.gold -= cash
			if s.gold <= 0 {
				g.event("site %d: mine exhausted", s.id)
				s.clear()
			}
		case towerKind:
			g.towerAct(s)
		case barracks:
			if !s.training {
				continue
			}
			s.progress++
			if s.progress == s.creep.stats().training {
				s.progress, s.training = 0, false
				g.spawn(s)
			}
		}
	}
}

// towerAct shoots the enemy creep nearest to the tower, or else the enemy queen, if in
// range; then the tower melts and its range follows its HP (spec §11.2).
func (g *state) towerAct(s *site) {
	enemy := g.players[g.enemy(s.owner)]
	r := float64(s.attackRadius)
	if t := nearestCreep(enemy.creeps, s.pos); t != nil && within(t.pos, s.pos, r) {
		t.hp = max(t.hp-g.towerDamage(s, t.pos, 3), 0)
	} else if within(enemy.queen.pos, s.pos, r) {
		enemy.hp = max(enemy.hp-g.towerDamage(s, enemy.queen.pos, 1), 0)
	}
	s.hp -= towerMelt
	s.attackRadius = s.towerRadius()
	if s.hp <= 0 {
		g.event("site %d: player %d's tower collapsed", s.id, s.owner)
		s.clear()
	}
}

// towerDamage is base + 1 per full 200 units between the target and the edge of range;
// the repository measures the target's distance from the site's edge, the arena from its
// centre.
func (g *state) towerDamage(s *site, target vec, base int) int {
	d := dist(s.pos, target)
	if !g.prof.towerDamageFromCentre {
		d -= float64(s.radius)
	}
	return base + referee.JavaTrunc((float64(s.attackRadius)-d)/200)
}

// spawn places a finished batch next to the barracks, toward the enemy queen, then fixes
// all collisions (spec §9.6).
func (g *state) spawn(s *site) {
	owner := g.players[s.owner]
	target := g.players[g.enemy(s.owner)].queen.pos
	st := s.creep.stats()
	for i := 0; i < st.count; i++ {
		var pos vec
		if g.prof.cornerSpawnOffsets {
			pos = towards(s.pos, target, 30.0).add(spawnOffsets[i])
		} else {
			pos = towards(s.pos.add(vec{float64(i), float64(i)}), target, 30.0)
		}
		owner.creeps = append(owner.creeps, &creep{
			body:  body{pos: pos, radius: st.radius, mass: st.mass},
			owner: s.owner,
			kind:  s.creep,
			hp:    g.prof.creepHP(s.creep),
		})
	}
	g.event("site %d: player %d trained %d %s", s.id, s.owner, st.count, s.creep)
	g.resolve()
}
