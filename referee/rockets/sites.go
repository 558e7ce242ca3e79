package rockets

import (
	"fmt"
	"math/bits"
	"strconv"

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
	out := okWith(strconv.Itoa(len(g.sites)))
	for _, s := range g.sites {
		launched, control := "N", "N"
		if s.launched {
			launched = "Y"
		}
		controls := s.controls(team)
		if controls {
			control = "Y"
		}
		suitLeft, suer := 0, "NONE"
		if s.suit != nil {
			suitLeft, suer = s.suit.left, strconv.Itoa(s.suit.suing.city)
		}
		pr := g.protection(s)
		lawyers, controllers, motivation := "NONE", "NONE", "NONE"
		if controls { // the details are for controlling shareholders only
			lawyers, controllers, motivation = strconv.Itoa(pr.lawyers), strconv.Itoa(pr.controllers), strconv.Itoa(pr.motivation)
		}
		out = append(out, fmt.Sprintf("%d %d %d %d %s %s %d %s %d %d %s %s %d %s",
			s.city, s.gain, s.deposits[team], s.total(), launched, control, suitLeft, suer,
			s.shareholders(), s.threshold, lawyers, controllers, pr.level, motivation))
	}
	return out
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
