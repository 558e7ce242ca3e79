package queens

import "github.com/arena-games/arena/referee"

// playTurn applies the answers of one turn and advances the game (spec §4).
func (g *state) playTurn(answers []referee.Answer) {
	g.events = g.events[:0]
	for _, p := range g.players {
		p.income = 0
	}
	g.playerCommands(answers)
	g.creepPhase()
	g.structuresAct()
	for _, p := range g.players {
		p.creeps = removeDead(p.creeps)
	}
	for i, p := range g.players {
		if p.active && p.hp <= 0 {
			p.active = false
			g.event("player %d's queen is destroyed", i)
		}
	}
	g.roundPositions()
	g.turn++
	if g.activeCount() < 2 || g.turn >= g.prof.maxTurns {
		g.over = true
	}
}

// removeDead drops the creeps at 0 HP, keeping the others in spawn order.
func removeDead(list []*creep) []*creep {
	kept := list[:0]
	for _, c := range list {
		if c.hp > 0 {
			kept = append(kept, c)
		}
	}
	for i := len(kept); i < len(list); i++ {
		list[i] = nil
	}
	return kept
}

// roundPositions rounds every unit and site to integers, as the original does at the end
// of each turn: by assignment, so a unit rounded to exactly (0, 0) stays where it was.
func (g *state) roundPositions() {
	for _, b := range g.collisionOrder() {
		b.moveTo(b.pos.rounded())
	}
}
