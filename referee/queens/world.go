package queens

import (
	"math"

	"github.com/arena-games/arena/referee"
)

// body is anything that takes space on the field: a site, a queen or a creep.
type body struct {
	pos    vec
	radius int
	mass   int // 0 for sites: they never move during play
}

func (b *body) isSite() bool { return b.mass == 0 }

// touches is the rules' contact test: centre distance < r1 + r2 + 5, compared squared.
func (b *body) touches(o *body) bool {
	return within(b.pos, o.pos, float64(b.radius+o.radius+touchDelta))
}

// site is a building site and the structure standing on it, if any.
type site struct {
	body
	id      int
	gold    int // left to mine
	maxMine int // the highest mining rate a mine here can reach
	area    float64

	kind  structureKind
	owner int // −1 without structure

	rate         int       // mine: gold per turn
	hp           int       // tower: HP (not clamped, may go negative)
	attackRadius int       // tower: radius used when it shoots
	creep        creepKind // barracks: what it trains
	training     bool      // barracks
	progress     int       // barracks: turns trained so far
}

func newSite(id, x, y, radius, gold, maxMine int) *site {
	s := &site{body: body{pos: vec{float64(x), float64(y)}, radius: radius}, id: id, gold: gold, maxMine: maxMine, owner: -1, kind: noStructure}
	s.computeArea()
	return s
}

// computeArea is π·r², multiplied in the original's order: (π·r)·r.
func (s *site) computeArea() {
	s.area = float64(float64(math.Pi*float64(s.radius)) * float64(s.radius))
}

// clear removes the structure.
func (s *site) clear() {
	s.kind, s.owner = noStructure, -1
	s.rate, s.hp, s.attackRadius, s.creep, s.training, s.progress = 0, 0, 0, 0, false, 0
}

func (s *site) setMine(owner int) {
	s.clear()
	s.kind, s.owner, s.rate = mineKind, owner, 1
}

func (s *site) setTower(owner int) {
	s.clear()
	s.kind, s.owner, s.hp = towerKind, owner, towerHPInitial
	// A new tower has no range until it first acts, so it cannot shoot on its build turn.
	s.attackRadius = 0
}

func (s *site) setBarracks(owner int, k creepKind) {
	s.clear()
	s.kind, s.owner, s.creep = barracks, owner, k
}

// towerRadius is trunc(sqrt((HP·1000 + area) / π)) — the radius covering HP·1000 square
// units around the site.
func (s *site) towerRadius() int {
	return referee.JavaTrunc(math.Sqrt((float64(s.hp*1000) + s.area) / math.Pi))
}

// creep is a knight, an archer or a giant.
type creep struct {
	body
	owner int
	kind  creepKind
	hp    int
}

// player is one side: its queen, its gold and its creeps, in spawn order.
type player struct {
	queen  body
	hp     int // the queen's HP
	gold   int
	creeps []*creep
	active bool
	// status and message say why an inactive player stopped (ok: its queen died).
	status  referee.Status
	message string
	income  int // gold mined during the last turn
}

// moveTo assigns a new position: after a move, a push or the end-of-turn rounding. The
// original's units silently ignore any assignment of exactly (0, 0) (spec §7; its sites
// have no such quirk); the quirk is kept so that positions match.
func (b *body) moveTo(p vec) {
	if p.x == 0 && p.y == 0 && !b.isSite() {
		return
	}
	b.pos = p
}
