package rockets

import (
	"sort"

	"github.com/arena-games/arena/protocol"
)

// lawyerActive reports whether a team's lawyer is under contract this turn.
func (g *game) lawyerActive(team int) bool {
	l := &g.teams[team].lawyer
	return g.p.lawyers && l.site != 0 && g.turn < l.end
}

// motivation is the percentage of the most a lawyer could have been paid over the turns
// it remembers (t−29..t) that it was paid, rounded down (spec §5.5).
func (g *game) motivation(team int) int {
	if !g.p.lawyers || g.p.Slmax == 0 {
		return 0
	}
	var paid int64
	for _, p := range g.teams[team].lawyer.payments {
		if p.turn > g.turn-lawyerMemory && p.turn <= g.turn {
			paid += p.amount
		}
	}
	return int(min(100*paid/(lawyerMemory*g.p.Slmax), 100))
}

// protection is a site's legal standing (seed formula 16).
type protection struct {
	lawyers     int // L_c: active lawyers assigned to the site
	controllers int // T_c: controlling shareholders
	level       int // P
	motivation  int // H: highest motivation of those lawyers
}

func (g *game) protection(s *site) protection {
	var pr protection
	for t := range g.teams {
		if g.lawyerActive(t) && g.teams[t].lawyer.site == s.city {
			pr.lawyers++
			pr.motivation = max(pr.motivation, g.motivation(t))
		}
	}
	pr.controllers = s.controllers()
	pr.level = protectionLevel(pr.lawyers, pr.controllers)
	return pr
}

// protectionLevel is P = min(ceil(10·L_c / T_c), 10), and 0 without controllers.
func protectionLevel(lawyers, controllers int) int {
	if controllers == 0 {
		return 0
	}
	return min((10*lawyers+controllers-1)/controllers, 10)
}

func (g *game) lawyerPay(team int, tokens []string) []string {
	a := protocol.NewArgs(tokens, 2, 2)
	amount, city := a.Int(0), a.Int(1)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	t := &g.teams[team]
	if !g.p.lawyers {
		return fail(errNoLawyers)
	}
	if amount < g.p.Slmin || amount > g.p.Slmax {
		return fail(errAmount)
	}
	s := g.siteIn(city)
	switch {
	case s == nil:
		return fail(errNoSite)
	case s.launched:
		return fail(errLaunched)
	case t.paid:
		return fail(errLawyerPaid)
	case t.lawyer.site != 0 && t.lawyer.site != s.city && g.siteAt[t.lawyer.site].suit != nil:
		return fail(errLawyerLocked)
	case t.cash < amount:
		return fail(errNoMoney)
	}
	t.cash -= amount
	t.paid = true
	t.lawyer.payments = append(t.lawyer.payments, payment{turn: g.turn, amount: amount})
	t.lawyer.site = s.city
	t.lawyer.end = max(t.lawyer.end, g.turn) + lawyerMemory
	return okWith()
}

func (g *game) lawyerSue(team int, tokens []string) []string {
	a := protocol.NewArgs(tokens, 1, 1)
	city := a.Int(0)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	if !g.p.lawyers {
		return fail(errNoLawyers)
	}
	sued := g.siteIn(city)
	if sued == nil {
		return fail(errNoSite)
	}
	if !g.lawyerActive(team) {
		return fail(errNoLawyer)
	}
	suing := g.siteAt[g.teams[team].lawyer.site]
	switch {
	case !suing.controls(team):
		return fail(errNoControl)
	case sued == suing:
		return fail(errSueYourself)
	case suing.launched || sued.launched:
		return fail(errLaunched)
	case suing.suit != nil || sued.suit != nil:
		return fail(errInLawsuit)
	case maxSuingRatio*suing.total() < sued.total():
		return fail(errNoMoney)
	}
	suit := &lawsuit{suing: suing, sued: sued, starter: team, left: suitDuration}
	suing.suit, sued.suit = suit, suit
	g.suits = append(g.suits, suit)
	g.event("team %d: the site of city %d sues the site of city %d (resolution in %d turns)", team+1, suing.city, sued.city, suitDuration)
	return okWith()
}

// advanceSuits counts pending lawsuits down, in starting order, and resolves those that
// reach zero (spec §5.2 step 3).
func (g *game) advanceSuits() {
	pending := g.suits[:0]
	for _, s := range g.suits {
		s.left--
		if s.left > 0 {
			pending = append(pending, s)
			continue
		}
		g.resolve(s)
	}
	clear(g.suits[len(pending):])
	g.suits = pending
}

// resolve settles a lawsuit with the protection levels and motivations of this moment.
func (g *game) resolve(s *lawsuit) {
	s.suing.suit, s.sued.suit = nil, nil
	if s.suing.launched || s.sued.launched {
		// A launched site holds no deposits any more: there is nothing to claim or to pay
		// with, so the case is dismissed (design choice; spec and seed are silent).
		g.event("the lawsuit of city %d against city %d is dismissed: a rocket has launched", s.suing.city, s.sued.city)
		return
	}
	att, def := g.protection(s.suing), g.protection(s.sued)
	won := suingSideWins(att, def)
	claim := s.sued.total()
	starter := &g.teams[s.starter]
	if won {
		x := takeFrom(s.sued, claim/2, s.starter)
		addTo(s.suing, x, s.starter)
		g.transfers = append(g.transfers, transfer{turn: g.turn, payer: s.sued.city, receiver: s.suing.city, amount: x})
		starter.stats.SuitsWon++
		g.event("city %d wins its lawsuit against city %d (P %d vs %d, H %d vs %d): %d transferred", s.suing.city, s.sued.city, att.level, def.level, att.motivation, def.motivation, x)
		return
	}
	y := takeFrom(s.suing, claim/10, s.starter)
	g.transfers = append(g.transfers, transfer{turn: g.turn, payer: s.suing.city, amount: y})
	starter.stats.SuitsLost++
	g.event("city %d loses its lawsuit against city %d (P %d vs %d, H %d vs %d): %d paid to the court", s.suing.city, s.sued.city, att.level, def.level, att.motivation, def.motivation, y)
}

// suingSideWins is the court's verdict (seed §7.6.2): a clearly stronger protection, or at
// least an equal one with a clearly more motivated lawyer.
func suingSideWins(att, def protection) bool {
	return att.level >= def.level+3 || (att.level >= def.level && att.motivation >= def.motivation+10)
}

// takeFrom removes up to amount from a site's deposits (spec §5.6): the starter's deposit
// first, then the other shareholders pro rata (rounded down), the leftover units one at a
// time in descending deposit order. It returns what was taken.
func takeFrom(s *site, amount int64, starter int) int64 {
	amount = min(amount, s.total())
	first := min(amount, s.deposits[starter])
	s.deposits[starter] -= first
	rest := amount - first
	if rest == 0 {
		return amount
	}
	var others int64
	for _, d := range s.deposits {
		others += d // the starter's deposit is 0 by now
	}
	pay := make([]int64, len(s.deposits))
	var paid int64
	for j, d := range s.deposits {
		pay[j] = mulDiv(rest, d, others)
		paid += pay[j]
	}
	order := byDeposit(s.deposits)
	for progressed := true; paid < rest && progressed; {
		progressed = false
		for _, j := range order {
			if paid < rest && pay[j] < s.deposits[j] { // never more than a deposit holds
				pay[j]++
				paid++
				progressed = true
			}
		}
	}
	for j := range s.deposits {
		s.deposits[j] -= pay[j]
	}
	return amount
}

// addTo shares x among a site's shareholders by deposit, rounding down, the leftover units
// one at a time in descending deposit order. A site without deposits (not reachable by the
// rules, which require 10·D_t(suing) ≥ D_t(sued)) credits the starter.
func addTo(s *site, x int64, starter int) {
	total := s.total()
	if total == 0 {
		s.deposits[starter] += x
		return
	}
	add := make([]int64, len(s.deposits))
	var given int64
	for i, d := range s.deposits {
		add[i] = mulDiv(x, d, total)
		given += add[i]
	}
	order := byDeposit(s.deposits)
	for k := 0; given < x; k = (k + 1) % len(order) {
		add[order[k]]++
		given++
	}
	for i := range s.deposits {
		s.deposits[i] += add[i]
	}
}

// byDeposit lists the shareholders (deposit > 0) by descending deposit, lower seat first on
// ties.
func byDeposit(deposits []int64) []int {
	var order []int
	for i, d := range deposits {
		if d > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return deposits[order[a]] > deposits[order[b]] })
	return order
}
