package rockets

// The status answers as first written, kept as the references the faster ones must match
// byte for byte (equivalence_test.go): a bot must read the same lines.

import (
	"strconv"

	"github.com/arena-games/arena/protocol"
)

// referenceRoadsStatus lists the roads touching a city where one of the team's cars is (a moving
// car is already in its destination), in file order.
func referenceRoadsStatus(g *game, team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	var ids []int
	for i := range g.teams[team].cars {
		for _, l := range g.adj[g.teams[team].cars[i].city] {
			ids = append(ids, l.road)
		}
	}
	ids = sortUnique(ids)
	out := okWith(strconv.Itoa(len(ids)))
	for _, id := range ids {
		r := &g.roads[id]
		out = append(out, referenceLine(nil).int(int64(r.a)).int(int64(r.b)).int(int64(r.bonus[team])).int(int64(r.cost+r.handicap)).String())
	}
	return out
}

func referenceCarsStatus(g *game, team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	cars := g.teams[team].cars
	out := okWith(strconv.Itoa(len(cars)))
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
		out = append(out, referenceLine(nil).int(int64(c.id)).int(int64(c.city)).int(int64(c.fuel)).str(engine).str(trunk).str(route).
			int(int64(len(c.cycle.roads))).int(int64(c.busy)).int(c.cash).String())
	}
	return out
}

func referenceRocketInfo(g *game, team int, tokens []string) []string {
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
		l := referenceLine(make([]byte, 0, 64)).int(int64(s.city)).int(int64(s.gain)).int(s.deposits[team]).int(s.total()).str(launched).str(control)
		if s.suit != nil {
			l = l.int(int64(s.suit.left)).int(int64(s.suit.suing.city))
		} else {
			l = l.int(0).str("NONE")
		}
		l = l.int(int64(s.shareholders())).int(int64(s.threshold))
		pr := g.protection(s)
		if controls { // the details are for controlling shareholders only
			l = l.int(int64(pr.lawyers)).int(int64(pr.controllers)).int(int64(pr.level)).int(int64(pr.motivation))
		} else {
			l = l.str("NONE").str("NONE").int(int64(pr.level)).str("NONE")
		}
		out = append(out, l.String())
	}
	return out
}

// referenceLine builds a response line of space-separated values without fmt: the status commands
// print many numbers every turn for every team.
type referenceLine []byte

func (l referenceLine) sep() referenceLine {
	if len(l) > 0 {
		return append(l, ' ')
	}
	return l
}

func (l referenceLine) int(v int64) referenceLine { return strconv.AppendInt(l.sep(), v, 10) }

func (l referenceLine) str(s string) referenceLine { return append(l.sep(), s...) }

func (l referenceLine) String() string { return string(l) }
