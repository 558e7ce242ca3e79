package rockets

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"
)

// handler executes one command for a team. tokens[0] is the command name.
type handler func(g *game, team int, tokens []string) []string

// handlers maps command names to their handlers (spec §7). It is only looked up, never
// iterated, so its order cannot leak into a game.
var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"DESCRIBE_WORLD": (*game).describeWorld,
		"HOME":           (*game).home,
		"ROADS_STATUS":   (*game).roadsStatus,
		"CARS":           (*game).carsStatus,
		"MOVE":           (*game).moveCommand,
		"UPGRADE_CAR":    (*game).upgradeCar,
		"FOUND_ROCKET":   (*game).foundRocket,
		"ROCKET_INFO":    (*game).rocketInfo,
		"TAKE":           (*game).take,
		"GIVE":           (*game).give,
		"LAUNCH_ROCKET":  (*game).launchRocket,
		"LAWYER_PAY":     (*game).lawyerPay,
		"LAWYER_SUE":     (*game).lawyerSue,
		"TRANSFERS":      (*game).transfersList,
		"TIME_TO_END":    (*game).timeToEnd,
	}
}

// Command executes one command line of a team against the live state and answers it.
// WAIT, blank lines and the command limit never get here (protocol.Team.Handle).
func (g *game) Command(player int, tokens []string) []string {
	if player < 0 || player >= len(g.teams) || len(tokens) == 0 {
		return failed(protocol.CodeInternal)
	}
	h, known := handlers[tokens[0]]
	var resp []string
	if known {
		resp = h(g, player, tokens)
	} else {
		resp = failed(protocol.CodeUnknown)
	}
	if strings.HasPrefix(resp[0], "FAILED ") {
		g.teams[player].failure(protocol.Quote(strings.Join(tokens, " "), 80), resp[0])
	}
	return resp
}

// Refused counts a line the session grammar answered FAILED itself (over the command
// limit, too long, WAIT with arguments) as a failed command (referee.RefusalRecorder).
func (g *game) Refused(player int, line string, tooLong bool, answer string) {
	if !g.leaveOutGrammarRefusals && player >= 0 && player < len(g.teams) {
		g.teams[player].failure(protocol.QuoteLine(line, tooLong, 80), answer)
	}
}

// failure counts a failed command of the turn and keeps the last one, quoted, for the
// turn's event.
func (t *team) failure(quoted, answer string) {
	t.failed++
	t.lastFailed, t.lastFailure = quoted, answer
}

// car finds a team's car by the id a player gave; nil when there is none.
func (g *game) car(team int, id int64) *car {
	cars := g.teams[team].cars
	if id < 1 || id > int64(len(cars)) {
		return nil
	}
	return &cars[id-1]
}

// siteIn returns the launch site in a city a player named, nil for none or a bad id.
func (g *game) siteIn(city int64) *site {
	if city < 1 || city > int64(g.cities) {
		return nil
	}
	return g.siteAt[city]
}

// roadBetween returns the road joining two cities, or −1.
func (g *game) roadBetween(from int, to int64) int {
	if to < 1 || to > int64(g.cities) {
		return -1
	}
	for _, l := range g.adj[from] {
		if int64(l.to) == to {
			return l.road
		}
	}
	return -1
}

func (g *game) capacity(c *car) int64 {
	if c.big {
		return g.p.Umax
	}
	return g.p.Nmax
}

func (g *game) describeWorld(team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	p := g.p
	first := fmt.Sprintf("%d %d %d %d %d %d %d %d %.6f %d %d %d %d %d %.6f %s",
		g.cities, p.Sr, p.Sf, p.Sue, p.Sut, p.Nmax, p.Umax, p.Sfuel, p.R, p.Q, p.Slmin, p.Slmax, p.T, p.L, p.K, g.name)
	homes := make([]string, len(g.homes))
	for i, h := range g.homes {
		homes[i] = strconv.Itoa(h)
	}
	return okWith(first, strconv.Itoa(len(g.homes)), strings.Join(homes, " "))
}

func (g *game) home(team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	t := &g.teams[team]
	site := "NONE"
	if g.lawyerActive(team) {
		site = strconv.Itoa(t.lawyer.site)
	}
	return okWith(fmt.Sprintf("%d %d %s %d", t.home, t.cash, site, g.motivation(team)))
}

// roadsStatus lists the roads touching a city where one of the team's cars is (a moving
// car is already in its destination), in file order.
func (g *game) roadsStatus(team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	var room [64]int // the roads of five cars, without allocating
	ids := room[:0]
	for i := range g.teams[team].cars {
		for _, l := range g.adj[g.teams[team].cars[i].city] {
			ids = append(ids, l.road)
		}
	}
	ids = sortUnique(ids)
	out := newLines(len(ids), 16)
	for _, id := range ids {
		r := &g.roads[id]
		out.int(int64(r.a)).int(int64(r.b)).int(int64(r.bonus[team])).int(int64(r.cost + r.handicap)).end()
	}
	return out.answer()
}

func (g *game) carsStatus(team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	cars := g.teams[team].cars
	out := newLines(len(cars), 40)
	for i := range cars {
		c := &cars[i]
		engine, trunk, route := "NORMAL", "NORMAL", "U"
		if c.fast {
			engine = "FAST"
		}
		if c.big {
			trunk = "BIG"
		}
		if c.cycle.repeated {
			route = "R"
		}
		out.int(int64(c.id)).int(int64(c.city)).int(int64(c.fuel)).str(engine).str(trunk).str(route).
			int(int64(len(c.cycle.roads))).int(int64(c.busy)).int(c.cash).end()
	}
	return out.answer()
}

func (g *game) moveCommand(team int, tokens []string) []string {
	a := protocol.NewArgs(tokens, 2, 2)
	id, target := a.Int(0), a.Int(1)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	c := g.car(team, id)
	switch {
	case c == nil:
		return fail(errCarNotFound)
	case c.busy > 0:
		return fail(errCarBusy)
	}
	r := g.roadBetween(c.city, target)
	if r < 0 {
		return fail(errNoRoad)
	}
	g.move(team, c, r, int(target))
	return okWith()
}

func (g *game) upgradeCar(team int, tokens []string) []string {
	a := protocol.NewArgs(tokens, 2, 2)
	id, kind := a.Int(0), a.String(1)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	c := g.car(team, id)
	if c == nil {
		return fail(errCarNotFound)
	}
	if kind != "ENGINE" && kind != "TRUNK" {
		return fail(errUpgradeType)
	}
	t := &g.teams[team]
	price, fitted := g.p.Sue, c.fast
	if kind == "TRUNK" {
		price, fitted = g.p.Sut, c.big
	}
	switch {
	case c.busy > 0:
		return fail(errCarBusy)
	case c.city != t.home:
		return fail(errNotInBase)
	case fitted:
		return fail(errUpgradeDone)
	case t.cash < price:
		return fail(errNoMoney)
	}
	t.cash -= price
	if kind == "ENGINE" {
		c.fast = true
	} else {
		c.big = true
	}
	return okWith()
}

func (g *game) take(team int, tokens []string) []string {
	a := protocol.NewArgs(tokens, 2, 2)
	id, amount := a.Int(0), a.Int(1)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	c := g.car(team, id)
	t := &g.teams[team]
	switch {
	case c == nil:
		return fail(errCarNotFound)
	case c.busy > 0:
		return fail(errCarBusy)
	case c.city != t.home:
		return fail(errNotInBase)
	case amount < 1:
		return fail(errAmount)
	case amount > t.cash:
		return fail(errNoMoney)
	case amount > g.capacity(c)-c.cash:
		return fail(errTrunkFull)
	}
	t.cash -= amount
	c.cash += amount
	return okWith()
}

func (g *game) give(team int, tokens []string) []string {
	a := protocol.NewArgs(tokens, 2, 2)
	id, amount := a.Int(0), a.Int(1)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	c := g.car(team, id)
	if c == nil {
		return fail(errCarNotFound)
	}
	if c.busy > 0 {
		return fail(errCarBusy)
	}
	s := g.siteAt[c.city]
	switch {
	case s == nil:
		return fail(errNoReceiver)
	case s.launched:
		return fail(errLaunched)
	case s.suit != nil:
		return fail(errInLawsuit)
	case amount < 1 || amount > c.cash:
		return fail(errAmount)
	}
	c.cash -= amount
	s.deposits[team] += amount
	return okWith()
}

func (g *game) timeToEnd(team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	return okWith(fmt.Sprintf("%d %d", g.launches, g.turnsLeft()))
}

// turnsLeft is the number of turns after the current one (TIME_TO_END's E).
func (g *game) turnsLeft() int {
	if g.launches >= launchesToEnd {
		return 0
	}
	left := g.p.turns - 1 - g.turn
	if g.firstLaunch >= 0 {
		left = min(left, g.firstLaunch+turnsAfterFirst-g.turn)
	}
	return max(left, 0)
}

// sortUnique sorts road ids and drops duplicates, in place.
func sortUnique(ids []int) []int {
	slices.Sort(ids)
	return slices.Compact(ids)
}
