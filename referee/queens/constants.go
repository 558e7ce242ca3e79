package queens

// Field and setup (spec §1.1, §3).
const (
	worldWidth   = 1920
	worldHeight  = 1000
	startGold    = 100
	sitePairs    = 12
	siteGap      = 90 // minimum gap between site edges, and from a site to the border
	touchDelta   = 5  // "touching" means centre distance < r1 + r2 + touchDelta
	queenVision  = 300
	maxFixPasses = 999
)

// Queen (spec §1.2).
const (
	queenRadius = 30
	queenSpeed  = 60.0
	queenMass   = 10000
)

// Structures (spec §1.4).
const (
	towerHPInitial   = 200
	towerHPIncrement = 100
	towerHPMaximum   = 800
	towerMelt        = 4
	giantBust        = 80
)

// Structure types as players read them (structureType in the input).
type structureKind int8

const (
	noStructure structureKind = -1
	mineKind    structureKind = 0
	towerKind   structureKind = 1
	barracks    structureKind = 2
)

func (k structureKind) String() string {
	switch k {
	case mineKind:
		return "MINE"
	case towerKind:
		return "TOWER"
	case barracks:
		return "BARRACKS"
	}
	return "none"
}

// creepKind is a creep type; its value is the unitType players read.
type creepKind int8

const (
	knight creepKind = 0
	archer creepKind = 1
	giant  creepKind = 2
)

// creepStats are the numbers of one creep type (spec §1.3). HP of knights depends on the
// profile and is taken from there.
type creepStats struct {
	name     string
	cost     int
	count    int
	speed    float64
	rng      int // attack range (archers)
	radius   int
	mass     int
	hp       int
	training int
}

var creepTable = [3]creepStats{
	knight: {name: "KNIGHT", cost: 80, count: 4, speed: 100, rng: 0, radius: 20, mass: 400, hp: 25, training: 5},
	archer: {name: "ARCHER", cost: 100, count: 2, speed: 75, rng: 200, radius: 25, mass: 900, hp: 45, training: 8},
	giant:  {name: "GIANT", cost: 140, count: 1, speed: 50, rng: 0, radius: 40, mass: 2000, hp: 200, training: 10},
}

func (k creepKind) stats() *creepStats { return &creepTable[k] }

func (k creepKind) String() string { return creepTable[k].name }

// creepKindByName parses the T of BARRACKS-T, case-sensitively as the original does.
func creepKindByName(name string) (creepKind, bool) {
	for k := range creepTable {
		if creepTable[k].name == name {
			return creepKind(k), true
		}
	}
	return 0, false
}
