package towers

// phase is the scratch state of one turn's soldier and late phases (§6 steps 4–5).
type phase struct {
	turn    int
	startHP [numSoldiers]int
	pending [numSoldiers]int // damage assigned to each soldier this turn
	next    [numSoldiers]point
	moves   [numSoldiers]bool
}

// soldierPhase runs every soldier's state machine, player 0's in increasing id then player
// 1's, on start-of-turn positions and hp (§6 step 4, §7).
func (g *game) soldierPhase(turn int) *phase {
	ph := &phase{turn: turn}
	for i := range g.soldiers {
		ph.startHP[i] = g.soldiers[i].hp
	}
	for i := range g.soldiers {
		g.evaluate(ph, &g.soldiers[i])
	}
	return ph
}

// evaluate runs one soldier's state machine until it settles: each state either acts, stays,
// or switches state and is evaluated again at once. Every switch clears an order or moves
// toward ATTACK/PURSUIT with a target, so the loop ends within a few rounds.
func (g *game) evaluate(ph *phase, s *soldier) {
	for {
		switch s.state {
		case stateDead:
			if ph.turn == s.respawnTurn {
				g.respawn(s)
			}
			return
		case stateIdle:
			switch {
			case s.hasDest:
				s.state = stateMove
			case s.target != noTarget:
				s.state = g.attackOrPursue(s)
			default:
				return
			}
		case stateMove:
			switch {
			case s.target != noTarget:
				s.state = g.attackOrPursue(s)
			case s.pos == s.dest:
				s.hasDest = false
				s.state = stateIdle
				return
			default:
				ph.next[s.id], ph.moves[s.id] = step(s.pos, s.dest), true
				return
			}
		case statePursuit, stateAttack:
			pos, gone := g.targetOf(ph, s)
			switch {
			case s.hasDest:
				s.target = noTarget
				s.state = stateMove
			case gone:
				s.target = noTarget
				s.state = stateIdle
				return
			case !inRange(s.pos, pos):
				if s.state == stateAttack {
					s.state = statePursuit
					continue
				}
				ph.next[s.id], ph.moves[s.id] = step(s.pos, pos), true
				return
			case s.state == statePursuit:
				s.state = stateAttack
			default:
				g.attack(ph, s)
				return
			}
		}
	}
}

// attackOrPursue is the state a soldier with a target switches to: ATTACK when the target is
// in range, PURSUIT otherwise (a gone target is noticed there).
func (g *game) attackOrPursue(s *soldier) soldierState {
	if pos, ok := g.actorPosition(s.target); ok && inRange(s.pos, pos) {
		return stateAttack
	}
	return statePursuit
}

// actorPosition is where a soldier (start of turn) or a standing tower (centre) is.
func (g *game) actorPosition(id int) (point, bool) {
	if id >= 0 && id < numSoldiers {
		return g.soldiers[id].pos, true
	}
	for p := range 2 {
		if t := g.findTower(p, id); t != nil {
			return t.centre(), true
		}
	}
	return point{}, false
}

// targetOf returns the soldier's target position and whether the target is gone: a tower
// that no longer stands or is already at 0 hp, a soldier dead at the start of the turn, or
// one already doomed by the damage assigned so far this turn.
func (g *game) targetOf(ph *phase, s *soldier) (point, bool) {
	id := s.target
	if id >= 0 && id < numSoldiers {
		return g.soldiers[id].pos, ph.startHP[id] <= 0 || ph.startHP[id]-ph.pending[id] <= 0
	}
	t := g.findTower(1-s.owner, id)
	if t == nil || t.hp <= 0 {
		return point{}, true
	}
	return t.centre(), false
}

// attack deals one soldier's damage (§8). Soldier damage is pending until the late phase;
// tower damage is immediate (towers never act). The attack that dooms its target pays the
// reward at once.
func (g *game) attack(ph *phase, s *soldier) {
	id := s.target
	if id >= 0 && id < numSoldiers {
		t := &g.soldiers[id]
		if t.immune > 0 {
			return // invulnerable: no damage and no reward
		}
		ph.pending[id] += min(attackDamage, ph.startHP[id]-ph.pending[id])
		if ph.pending[id] >= ph.startHP[id] {
			g.money[s.owner] += soldierReward
			g.event("soldier %d (player %d) kills soldier %d (player %d): +%d", s.id, s.owner, id, t.owner, soldierReward)
		}
		return
	}
	t := g.findTower(1-s.owner, id)
	t.hp = max(0, t.hp-attackDamage)
	if t.hp == 0 {
		g.money[s.owner] += towerReward[t.level]
		g.event("soldier %d (player %d) destroys tower %d (player %d, level %d): +%d", s.id, s.owner, id, t.owner, t.level, towerReward[t.level])
	}
}

// respawn brings a dead soldier back at its base, idle and immune for the next two turns.
func (g *game) respawn(s *soldier) {
	s.pos, s.hp, s.state, s.immune = basePosition(s.owner), soldierMaxHP, stateIdle, immuneTurns
	s.clearOrders()
}

// latePhase applies moves, then damage, then deaths (§6 step 5).
func (g *game) latePhase(ph *phase) {
	for i := range g.soldiers {
		if ph.moves[i] {
			g.soldiers[i].pos = ph.next[i]
		}
	}
	for i := range g.soldiers {
		s := &g.soldiers[i]
		if ph.startHP[i] <= 0 {
			continue // dead at the start of the turn (respawned ones start counting next turn)
		}
		s.hp -= ph.pending[i] // immune soldiers were assigned none
		if s.immune > 0 {
			s.immune--
		}
		if s.hp <= 0 {
			s.hp, s.state, s.respawnTurn = 0, stateDead, ph.turn+respawnTurns
			s.clearOrders()
		}
	}
	for p := range 2 {
		for i := 0; i < len(g.towers[p]); {
			if t := g.towers[p][i]; t.hp <= 0 {
				g.removeTower(p, t.id)
				continue
			}
			i++
		}
	}
}
