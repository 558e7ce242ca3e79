package rockets

import (
	"math/bits"

	"github.com/arena-games/arena/protocol"
)

func (g *game) foundRocket(team int, tokens []string) []string {
	a := protocol.NewArgs(tokens, 3, 3)
	id, gain, threshold := a.Int(0), a.Int(1), a.Int(2)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	c := g.car(team, id)
	t := &g.teams[team]
	switch {
	case c == nil:
		return fail(errCarNotFound)
	case gain < 0 || gain > 100:
		return fail(errShareholderProfit)
	case threshold < 0 || threshold > 20:
		return fail(errThreshold)
	case c.busy > 0:
		return fail(errCarBusy)
	case g.isHome[c.city] || g.siteAt[c.city] != nil:
		return fail(errOccupied)
	case t.cash < g.p.Sf:
		return fail(errNoMoney)
	}
	t.cash -= g.p.Sf
	s := &site{city: c.city, founder: team, gain: int(gain), threshold: int(threshold), deposits: make([]int64, len(g.teams))}
	g.sites = append(g.sites, s)
	g.siteAt[c.city] = s
	t.stats.Founded++
	g.event("team %d founded a launch site in city %d (shareholder gain %d%%, control threshold %d%%)", team+1, c.city, gain, threshold)
	return okWith()
}

func (g *game) rocketInfo(team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	out := newLines(len(g.sites), 48)
	for _, s := range g.sites {
		launched, control := "N", "N"
		if s.launched {
			launched = "Y"
		}
		controls := s.controls(team)
		if controls {
			control = "Y"
		}
		out.int(int64(s.city)).int(int64(s.gain)).int(s.deposits[team]).int(s.total()).str(launched).str(control)
		if s.suit != nil {
			out.int(int64(s.suit.left)).int(int64(s.suit.suing.city))
		} else {
			out.int(0).str("NONE")
		}
		out.int(int64(s.shareholders())).int(int64(s.threshold))
		pr := g.protection(s)
		if controls { // the details are for controlling shareholders only
			out.int(int64(pr.lawyers)).int(int64(pr.controllers)).int(int64(pr.level)).int(int64(pr.motivation))
		} else {
			out.str("NONE").str("NONE").int(int64(pr.level)).str("NONE")
		}
		out.end()
	}
	return out.answer()
}

func (g *game) launchRocket(team int, tokens []string) []string {
	a := protocol.NewArgs(tokens, 1, 1)
	city := a.Int(0)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	s := g.siteIn(city)
	switch {
	case s == nil:
		return fail(errNoSite)
	case s.launched:
		return fail(errLaunched)
	case !s.controls(team):
		return fail(errNoControl)
	case s.total() < g.p.Sr:
		return fail(errNotReady)
	}
	g.launch(team, s)
	return okWith()
}

// launch pays a site out (spec §5.4): P = Q·D_t; the shareholders share S_gain % of it by
// deposit, rounding down; the founder gets the rest.
func (g *game) launch(team int, s *site) {
	total := s.total()
	payout := g.p.Q * total
	pool := mulDiv(payout, int64(s.gain), 100)
	var shared int64
	for i, d := range s.deposits {
		if d > 0 {
			share := mulDiv(pool, d, total)
			g.teams[i].cash += share
			shared += share
		}
		s.deposits[i] = 0
	}
	g.teams[s.founder].cash += payout - shared
	s.launched = true
	g.launches++
	if g.firstLaunch < 0 {
		g.firstLaunch = g.turn
	}
	g.teams[team].stats.Launched++
	g.event("team %d launched the rocket of city %d: deposit %d, payout %d (founder team %d gets %d)", team+1, s.city, total, payout, s.founder+1, payout-shared)
}

// mulDiv is floor(a·b/c) for 0 ≤ a, 0 ≤ b ≤ c, c > 0, without overflowing the product.
func mulDiv(a, b, c int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(c))
	return int64(q)
}
