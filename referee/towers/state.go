package towers

// soldierState is a soldier's state machine state (§7).
type soldierState uint8

const (
	stateIdle soldierState = iota
	stateMove
	stateAttack
	statePursuit
	stateDead
)

var stateNames = [...]string{"IDLE", "MOVE", "ATTACK", "PURSUIT", "DEAD"}

func (s soldierState) String() string { return stateNames[s] }

const noTarget = -1

// point is a world position in units (0..1500 on each axis).
type point struct{ x, y int }

// soldier is one of the 40 soldiers; its id is its index in game.soldiers.
type soldier struct {
	id, owner int
	pos       point
	hp        int
	state     soldierState
	// Standing order: at most one of a destination or a target is set.
	hasDest bool
	dest    point
	target  int // actor id or noTarget
	immune  int // immune turns left
	// respawnTurn is the turn in whose soldier phase a dead soldier reappears.
	respawnTurn int
}

func (s *soldier) alive() bool { return s.state != stateDead }

func (s *soldier) clearOrders() {
	s.hasDest = false
	s.target = noTarget
}

// tower is a tower in world tiles.
type tower struct {
	id, owner int
	tx, ty    int
	level, hp int
	base      bool
}

// centre is the tower's world position: soldiers attack and pursue it there.
func (t *tower) centre() point {
	return point{t.tx*tileSize + tileSize/2, t.ty*tileSize + tileSize/2}
}

// basePosition is where a player's soldiers start and respawn: its base tower's centre.
func basePosition(player int) point {
	return toWorld(player, point{baseTile*tileSize + tileSize/2, baseTile*tileSize + tileSize/2})
}
