package flags

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

// Play resolves one turn in the exact order of spec §7.
func (r *Referee) Play(answers []referee.Answer) {
	if r.over {
		return
	}
	r.log = turnLog{}
	orders, ok := r.readAnswers(answers)
	if !ok {
		r.endByDeactivation()
		return
	}
	r.flagPass()
	r.moveMinions(orders)
	r.collectCoins()
	r.usePowers(orders)
	r.detonateMines()
	r.removeDead()
	r.flagPass()
	r.countDownFreezes()
	r.turn++
	r.checkEnd()
}

// readAnswers parses both answers (step 1). A player whose answer is missing, late or
// invalid is deactivated; it reports false when anyone was.
func (r *Referee) readAnswers(answers []referee.Answer) ([2][]order, bool) {
	var orders [2][]order
	var answered [2]bool
	for _, a := range answers {
		p := a.Player
		if p < 0 || p > 1 || answered[p] {
			continue
		}
		answered[p] = true
		switch {
		case a.Status != referee.StatusOK && a.Status != "":
			msg := a.Message
			if msg == "" {
				msg = string(a.Status)
			}
			r.deactivate(p, a.Status, msg)
		case len(a.Lines) == 0:
			r.deactivate(p, referee.StatusInvalid, "no answer line")
		default:
			o, notes, err := parseAnswer(a.Lines[0], r.teams[p].minions, r.grid)
			if err != nil {
				r.deactivate(p, referee.StatusInvalid, "invalid command: "+err.Error())
				continue
			}
			orders[p] = o
			for _, n := range notes {
				r.event("player %d: %s", p, n)
			}
		}
	}
	for p, got := range answered {
		if !got {
			r.deactivate(p, referee.StatusCrash, "no answer received")
		}
	}
	return orders, r.status[0] == "" && r.status[1] == ""
}

func (r *Referee) deactivate(p int, status referee.Status, message string) {
	r.status[p], r.messages[p] = status, message
	r.event("player %d deactivated (%s): %s", p, status, message)
}

func (r *Referee) event(format string, args ...any) {
	r.log.events = append(r.log.events, fmt.Sprintf(format, args...))
}

// flagPass runs flag passes A and B (spec §8.4): player 0's flag, then player 1's.
func (r *Referee) flagPass() {
	for p := range r.flags {
		f := &r.flags[p]
		takers := r.teams[1-p].minions
		if f.carrier >= 0 {
			c := &takers[f.carrier]
			f.pos = c.pos
			drop := !c.alive()
			if r.profile == ProfileOriginal && c.frozen() {
				drop = true
			}
			if drop {
				f.carrier = -1
				r.event("player %d's flag dropped at %v", p, f.pos)
			}
		}
		if f.carrier < 0 {
			for i := range takers {
				// [D] in both profiles a frozen minion cannot pick a flag up: it cannot act.
				if m := &takers[i]; m.alive() && !m.frozen() && m.pos == f.pos {
					f.carrier = i
					r.event("player %d minion %d picked up player %d's flag at %v", 1-p, i, p, f.pos)
					break
				}
			}
		}
	}
}

// moveMinions moves every minion with a MOVE one step (step 3). Moves use the positions at
// the start of the step: minions never block each other.
func (r *Referee) moveMinions(orders [2][]order) {
	for p := range r.teams {
		for i := range r.teams[p].minions {
			m := &r.teams[p].minions[i]
			o := orders[p][i]
			if o.act != actMove || !m.alive() {
				continue
			}
			next, moved := r.path.NextStep(m.pos, o.target)
			switch {
			case moved:
				m.pos = next
			case m.pos == o.target:
			default:
				r.event("player %d minion %d: %v is a wall or unreachable, it stays", p, i, o.target)
			}
		}
	}
}

// collectCoins gives every player with an alive minion on a coin's cell its value (step 4).
// Both players gain a coin when both stand on it.
func (r *Referee) collectCoins() {
	taken := make([]int, 0, 16)
	for p := range r.teams {
		counted := make([]int, 0, 8)
		for i := range r.teams[p].minions {
			m := &r.teams[p].minions[i]
			cell := r.grid.index(m.pos)
			if !m.alive() || !r.coins[cell] || containsInt(counted, cell) {
				continue
			}
			counted = append(counted, cell)
			r.teams[p].score += coinValue
			taken = append(taken, cell)
		}
	}
	for _, cell := range taken {
		r.coins[cell] = false
	}
}

func containsInt(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

func priceOf(a action) int {
	switch a {
	case actFire:
		return firePrice
	case actFreeze:
		return freezePrice
	case actMine:
		return minePrice
	}
	return 0
}

// usePowers processes FIRE, FREEZE and MINE commands (step 5): player 0's minions by
// increasing id, then player 1's. Every minion alive at the start of the turn gets its
// command processed, even one killed or frozen earlier in this step.
func (r *Referee) usePowers(orders [2][]order) {
	for p := range r.teams {
		t := &r.teams[p]
		for i := range t.minions {
			m := &t.minions[i]
			o := orders[p][i]
			if m.removed || (o.act != actFire && o.act != actFreeze && o.act != actMine) {
				continue
			}
			price := priceOf(o.act)
			if t.score < price {
				r.event("player %d minion %d: %s costs %d, score is %d: nothing happens", p, i, o.act, price, t.score)
				continue
			}
			switch o.act {
			case actMine:
				if !r.grid.Floor(o.target) || manhattan(o.target, m.pos) != 1 {
					r.event("player %d minion %d: cannot place a mine at %v (must be an adjacent floor cell)", p, i, o.target)
					continue
				}
				t.score -= price
				r.mines = append(r.mines, mine{pos: o.target, owner: p, minion: i, turn: r.turn})
			case actFire:
				t.score -= price
				hit := r.strike(m, func(v *minion) { v.hp -= fireDamage })
				r.log.fire = append(r.log.fire, r.grid.Area(m.pos, r.grid.H+r.grid.W)...)
				r.event("player %d minion %d fires from %v, hitting %s", p, i, m.pos, referee.Count(hit, "minion", "minions"))
			case actFreeze:
				t.score -= price
				hit := r.strike(m, func(v *minion) { v.timeout = max(v.timeout, freezeTurns) })
				r.log.freeze = append(r.log.freeze, r.grid.Area(m.pos, r.grid.H+r.grid.W)...)
				r.event("player %d minion %d freezes from %v, hitting %s", p, i, m.pos, referee.Count(hit, "minion", "minions"))
			}
		}
	}
}

// strike applies an effect to every minion, of both teams, seen from the user's cell except
// the user itself (friendly fire, spec §8.2), and returns how many were hit.
func (r *Referee) strike(user *minion, effect func(*minion)) int {
	hit := 0
	for p := range r.teams {
		for i := range r.teams[p].minions {
			v := &r.teams[p].minions[i]
			if v.removed || v == user || !r.grid.Sees(user.pos, v.pos) {
				continue
			}
			effect(v)
			hit++
		}
	}
	return hit
}

// detonateMines explodes every mine whose cell is occupied (step 6, spec §8.3). In the seed
// profile only an opponent of the planter triggers it and only opponents on its cell are hurt.
func (r *Referee) detonateMines() {
	kept := r.mines[:0]
	for _, mn := range r.mines {
		triggered := false
		for p := range r.teams {
			if r.profile == ProfileSeed && p == mn.owner {
				continue
			}
			for i := range r.teams[p].minions {
				if v := &r.teams[p].minions[i]; !v.removed && v.pos == mn.pos {
					triggered = true
				}
			}
		}
		if !triggered {
			kept = append(kept, mn)
			continue
		}
		r.log.exploded = append(r.log.exploded, mn)
		if r.profile == ProfileSeed {
			r.log.blast = append(r.log.blast, mn.pos)
		} else {
			r.log.blast = append(r.log.blast, r.grid.Area(mn.pos, mineArm)...)
		}
		hit := 0
		for p := range r.teams {
			for i := range r.teams[p].minions {
				v := &r.teams[p].minions[i]
				if v.removed {
					continue
				}
				inBlast := r.grid.Reaches(mn.pos, v.pos, mineArm)
				if r.profile == ProfileSeed {
					inBlast = p != mn.owner && v.pos == mn.pos
				}
				if inBlast {
					v.hp -= mineDamage
					hit++
				}
			}
		}
		r.event("mine of player %d exploded at %v, hitting %s", mn.owner, mn.pos, referee.Count(hit, "minion", "minions"))
	}
	r.mines = kept
}

// removeDead removes for good every minion with HP ≤ 0 (step 7).
func (r *Referee) removeDead() {
	for p := range r.teams {
		for i := range r.teams[p].minions {
			if m := &r.teams[p].minions[i]; !m.removed && m.hp <= 0 {
				m.removed = true
				r.event("player %d minion %d died at %v", p, i, m.pos)
			}
		}
	}
}

// countDownFreezes lowers every alive minion's timeout by one (step 9).
func (r *Referee) countDownFreezes() {
	for p := range r.teams {
		for i := range r.teams[p].minions {
			if m := &r.teams[p].minions[i]; m.alive() && m.timeout > 0 {
				m.timeout--
			}
		}
	}
}
