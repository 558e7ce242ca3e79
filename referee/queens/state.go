package queens

import "github.com/arena-games/arena/referee"

// state is one game of Code Royale.
type state struct {
	prof profile
	// sayNotAnInteger plays version 2, whose messages called a number outside the 32-bit
	// range not an integer.
	sayNotAnInteger bool
	turn            int // the turn being played next, from 0
	sites           []*site
	players         [2]*player
	over            bool
	// events says what happened during the last turn, for the frame.
	events []string
	// bodies is scratch space for collisionOrder, acting for actingCreeps.
	bodies []*body
	acting []*creep
	// field is scratch space for collide.
	field field
	// siteTexts keeps each player's last input line per site (see turnInput).
	siteTexts [2][]siteText
	// sitesChecked is what staticSites last found, and for which sites; grid is their
	// grid when they are static.
	sitesChecked struct {
		bodies []body
		static bool
		grid   *siteGrid
	}
}

// newState sets a game up from a seed (spec §3): the map, both queens at their corners,
// then a full collision resolution that pushes a queen out of a site she starts on. The
// queens are not rounded: turn 0 starts from their exact positions.
func newState(seed int64, prof profile) *state {
	m := generateMap(seed)
	g := &state{prof: prof, sites: m.sites}
	corners := [2]vec{{200, 200}, {worldWidth - 200, worldHeight - 200}}
	for i := range g.players {
		g.players[i] = &player{
			queen:  body{pos: corners[i], radius: queenRadius, mass: queenMass},
			hp:     m.queenHP,
			gold:   startGold,
			active: true,
			status: referee.StatusOK,
		}
	}
	g.resolve()
	return g
}

func (g *state) enemy(p int) int { return 1 - p }

func (g *state) activeCount() int {
	n := 0
	for _, p := range g.players {
		if p.active {
			n++
		}
	}
	return n
}

// touchedSite is the id of the single site the queen of p touches, −1 for none or more
// than one.
func (g *state) touchedSite(p int) int {
	q := &g.players[p].queen
	found := -1
	for _, s := range g.sites {
		if q.touches(&s.body) {
			if found >= 0 {
				return -1
			}
			found = s.id
		}
	}
	return found
}

// nearestSite is the site whose centre is nearest to b (ties: lowest id).
func (g *state) nearestSite(b *body) *site {
	var best *site
	bestD := 0.0
	for _, s := range g.sites {
		if d := distSq(s.pos, b.pos); best == nil || d < bestD {
			best, bestD = s, d
		}
	}
	return best
}
