package rockets

import "github.com/arena-games/arena/referee"

// road is one undirected road and its wear (spec §4).
type road struct {
	a, b     int // ends, in file order (ROADS_STATUS prints them so)
	cost     int // C_r
	handicap int // H_r, raised by every traversal
	bonus    []int
}

// link is one end of a road seen from a city.
type link struct{ to, road int }

// car is one car of a team. While busy it is already "in" its destination city.
type car struct {
	id        int
	city      int
	from      int // city the current trip started from (drawing only)
	fuel      int
	fast, big bool
	busy      int // C_b: turns left on the road, 0 = stationary
	trip      int // length of the current trip in turns (drawing only)
	cash      int64
	pushes    int // pushes since the car last came home
	cycle     cycle
}

// cycle is a car's record of its trip since it last left home.
type cycle struct {
	roads    []int    // roads in the order taken; len = n
	seen     []uint64 // bitset over road indices, for the repeated flag
	repeated bool
	mmax     int // highest visiting bonus so far, home included
}

func (c *cycle) reset(homeBonus int) {
	for _, r := range c.roads {
		c.seen[r/64] = 0
	}
	c.roads = c.roads[:0]
	c.repeated = false
	c.mmax = homeBonus
}

// add records a traversal of road r ending in a city with bonus targetBonus.
func (c *cycle) add(r, targetBonus int) {
	if c.seen[r/64]&(1<<(r%64)) != 0 {
		c.repeated = true
	}
	c.seen[r/64] |= 1 << (r % 64)
	c.roads = append(c.roads, r)
	c.mmax = max(c.mmax, targetBonus)
}

// team is one seat.
type team struct {
	home    int
	cash    int64
	cars    []car
	lawyer  lawyer
	paid    bool // LAWYER_PAY used this turn
	cycled  bool // some car completed a cycle: the team may score
	left    bool
	status  referee.Status
	message string
	stats   teamStats
	// failures of this turn, summarised in one event at the end of the turn
	failed      int
	lastFailed  string
	lastFailure string
}

type teamStats struct {
	Cycles    int   `json:"cycles"`
	Revenue   int64 `json:"revenue"`
	Founded   int   `json:"founded"`
	Launched  int   `json:"launched"`
	SuitsWon  int   `json:"suits_won"`
	SuitsLost int   `json:"suits_lost"`
}

// lawyer is a team's one lawyer: its assignment, contract and remembered payments.
type lawyer struct {
	site     int // city of the assigned launch site, 0 = never assigned
	end      int // first turn the contract no longer covers
	payments []payment
}

type payment struct {
	turn   int
	amount int64
}

// site is a launch site (an investment).
type site struct {
	city      int
	founder   int
	gain      int // S_gain, percent of the payout shared among shareholders
	threshold int // S_t, percent of the total deposit needed for control
	deposits  []int64
	launched  bool
	suit      *lawsuit // pending lawsuit this site is party to
}

func (s *site) total() int64 {
	var t int64
	for _, d := range s.deposits {
		t += d
	}
	return t
}

// controls reports whether team t is a controlling shareholder (spec §4).
func (s *site) controls(t int) bool {
	d := s.deposits[t]
	return d > 0 && 100*d >= int64(s.threshold)*s.total()
}

func (s *site) controllers() int {
	n := 0
	for t := range s.deposits {
		if s.controls(t) {
			n++
		}
	}
	return n
}

func (s *site) shareholders() int {
	n := 0
	for _, d := range s.deposits {
		if d > 0 {
			n++
		}
	}
	return n
}

// lawsuit is a pending suit of one site against another.
type lawsuit struct {
	suing, sued *site
	starter     int
	left        int // turns until resolution
}

// transfer is the money a resolved lawsuit moved (TRANSFERS).
type transfer struct {
	turn     int
	payer    int   // city of the paying site
	receiver int   // city of the receiving site, 0 = COURT
	amount   int64 // what was actually taken
}
