package flags

// minion is one unit. A minion stays in its team's list after death (removed) so that ids
// stay indexes.
type minion struct {
	id, owner int
	pos       Cell
	hp        int
	// timeout > 0 means frozen: the minion cannot act while the turn's input shows it > 0.
	timeout int
	// removed is set in the deaths step; until then a minion with hp ≤ 0 still triggers and
	// takes damage from mines (spec §7 steps 5–7).
	removed bool
}

func (m *minion) alive() bool  { return !m.removed && m.hp > 0 }
func (m *minion) frozen() bool { return m.timeout > 0 }

// flag is a player's flag; its carrier is a minion of the opponent, −1 when none.
type flag struct {
	pos     Cell
	carrier int
}

// mine is a hidden bomb. Several may share a cell.
type mine struct {
	pos    Cell
	owner  int
	minion int
	turn   int
}

type team struct {
	score   int
	minions []minion
}

func (t *team) aliveCount() int {
	n := 0
	for i := range t.minions {
		if t.minions[i].alive() {
			n++
		}
	}
	return n
}

// action is what a minion was told to do this turn.
type action int

const (
	actNone action = iota
	actMove
	actWait
	actFire
	actFreeze
	actMine
)

func (a action) String() string {
	return [...]string{"nothing", "MOVE", "WAIT", "FIRE", "FREEZE", "MINE"}[a]
}

// order is one accepted command; target is used by MOVE and MINE.
type order struct {
	act    action
	target Cell
}
