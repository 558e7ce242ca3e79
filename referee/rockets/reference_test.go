package rockets

// The status answers and the frame as first written, kept as the references the faster
// ones must match byte for byte (equivalence_test.go): a bot must read the same lines, and
// a replay verifies by comparing frames.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
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

// referenceFrame draws the road graph (handicaps in tooltips), cities, home bases, launch
// sites with their deposits, pending lawsuits and the cars along their roads, as the frame
// was first drawn.
func referenceFrame(g *game) referee.Frame {
	f := referee.Frame{
		View:   &referee.View{Width: worldSize + 2*margin, Height: worldSize + 2*margin, Background: "#f4f1e8"},
		Events: append([]string(nil), g.lastEvents...),
		State:  referenceState(g),
	}
	f.Shapes = make([]referee.Shape, 0, len(g.roads)+g.cities+len(g.teams)*(len(g.teams[0].cars)+1)+2*len(g.sites))
	referenceDrawRoads(g, &f)
	referenceDrawCities(g, &f)
	referenceDrawSites(g, &f)
	referenceDrawCars(g, &f)
	return f
}

func referenceDrawRoads(g *game, f *referee.Frame) {
	for i := range g.roads {
		r := &g.roads[i]
		x, y := g.xy(r.a)
		x2, y2 := g.xy(r.b)
		tip := fmt.Sprintf("road %d–%d: cost %d, handicap %d", r.a, r.b, r.cost, r.handicap)
		var bonuses []string
		for t, b := range r.bonus {
			if b != 0 {
				bonuses = append(bonuses, fmt.Sprintf("team %d %d", t+1, b))
			}
		}
		if len(bonuses) > 0 {
			tip += "; bonus " + strings.Join(bonuses, ", ")
		}
		f.Shapes = append(f.Shapes, referee.Shape{
			Kind: referee.ShapeLine, X: x, Y: y, X2: x2, Y2: y2,
			Stroke: "#9c9484", Width: 1 + float64(0.25*float64(min(r.handicap, 20))), Tip: tip,
		})
	}
}

var referenceBonusColors = map[int]string{1: "#b5ad9c", 2: "#888276", 3: "#4a4438"}

func referenceDrawCities(g *game, f *referee.Frame) {
	for c := 1; c <= g.cities; c++ {
		x, y := g.xy(c)
		color, ok := referenceBonusColors[g.bonus[c]]
		if !ok {
			color = "#1f1b14" // bonus 0 or ≥ 4: rare, make them stand out
		}
		f.Shapes = append(f.Shapes, referee.Shape{
			Kind: referee.ShapeCircle, X: x, Y: y, R: 2.5 + float64(min(g.bonus[c], 5)),
			Fill: color, Tip: fmt.Sprintf("city %d: visiting bonus %d", c, g.bonus[c]),
		})
	}
	for t, home := range g.homes {
		x, y := g.xy(home)
		tm := &g.teams[t]
		f.Shapes = append(f.Shapes, referee.Shape{
			Kind: referee.ShapeRect, X: x - 9, Y: y - 9, W: 18, H: 18,
			Fill: referee.PlayerColor(t), Stroke: "#222222", Width: 1.5, Player: referee.Owner(t),
			Tip: fmt.Sprintf("home of team %d (city %d): cash %d", t+1, home, tm.cash),
		})
	}
}

func referenceDrawSites(g *game, f *referee.Frame) {
	for _, s := range g.sites {
		x, y := g.xy(s.city)
		fill := "#ffffff"
		if s.launched {
			fill = "#5a5a5a"
		}
		f.Shapes = append(f.Shapes, referee.Shape{
			Kind: referee.ShapeCircle, X: x, Y: y, R: 12, Fill: fill, Alpha: 0.85,
			Stroke: referee.PlayerColor(s.founder), Width: 3, Player: referee.Owner(s.founder),
			Tip: referenceSiteTip(g, s),
		}, referee.Shape{
			Kind: referee.ShapeText, X: x + 14, Y: y - 10, Size: 11, Fill: "#222222",
			Text: fmt.Sprintf("%d", s.total()),
		})
	}
	for _, suit := range g.suits {
		x, y := g.xy(suit.suing.city)
		x2, y2 := g.xy(suit.sued.city)
		f.Shapes = append(f.Shapes, referee.Shape{
			Kind: referee.ShapeLine, X: x, Y: y, X2: x2, Y2: y2, Stroke: "#c80000", Width: 2.5,
			Player: referee.Owner(suit.starter), Layer: "range",
			Tip: fmt.Sprintf("lawsuit: city %d sues city %d (started by team %d), %s left", suit.suing.city, suit.sued.city, suit.starter+1, referee.Count(suit.left, "turn", "turns")),
		})
	}
}

func referenceSiteTip(g *game, s *site) string {
	var b strings.Builder
	fmt.Fprintf(&b, "launch site in city %d, founded by team %d: gain %d%%, control threshold %d%%", s.city, s.founder+1, s.gain, s.threshold)
	if s.launched {
		b.WriteString("; launched")
		return b.String()
	}
	fmt.Fprintf(&b, "; deposit %d of %d needed", s.total(), g.p.Sr)
	for t, d := range s.deposits {
		if d > 0 {
			ctl := ""
			if s.controls(t) {
				ctl = " (controls)"
			}
			fmt.Fprintf(&b, "; team %d %d%s", t+1, d, ctl)
		}
	}
	if g.p.lawyers {
		fmt.Fprintf(&b, "; protection %d", g.protection(s).level)
	}
	if s.suit != nil {
		fmt.Fprintf(&b, "; in a lawsuit (%s left)", referee.Count(s.suit.left, "turn", "turns"))
	}
	return b.String()
}

func referenceDrawCars(g *game, f *referee.Frame) {
	for t := range g.teams {
		for i := range g.teams[t].cars {
			c := &g.teams[t].cars[i]
			x, y := g.xy(c.city)
			where := fmt.Sprintf("in city %d", c.city)
			if c.busy > 0 && c.trip > 0 {
				x0, y0 := g.xy(c.from)
				progress := float64(c.trip-c.busy) / float64(c.trip)
				x, y = x0+float64((x-x0)*progress), y0+float64((y-y0)*progress)
				where = fmt.Sprintf("on the road %d→%d, %s left", c.from, c.city, referee.Count(c.busy, "turn", "turns"))
			}
			// Spread a team's cars around their point so that cars in one place stay visible.
			angle := float64(2*math.Pi*float64(t*len(g.teams[t].cars)+i)) / float64(len(g.teams)*len(g.teams[t].cars))
			x, y = math.Round((x+float64(6*math.Cos(angle)))*10)/10, math.Round((y+float64(6*math.Sin(angle)))*10)/10
			f.Shapes = append(f.Shapes, referee.Shape{
				Kind: referee.ShapeCircle, X: x, Y: y, R: 4.5, Fill: referee.PlayerColor(t), Stroke: "#111111", Width: 1,
				Player: referee.Owner(t),
				Tip: fmt.Sprintf("team %d car %d %s: fuel %d, cash %d, engine %s, trunk %s, cycle %s%s",
					t+1, c.id, where, c.fuel, c.cash, referenceChoose(c.fast, "fast", "normal"), referenceChoose(c.big, "big", "normal"),
					referee.Count(len(c.cycle.roads), "road", "roads"), referenceChoose(c.cycle.repeated, " with repeated roads", "")),
			})
		}
	}
}

func referenceState(g *game) frameState {
	st := frameState{Turn: g.turn, Launched: g.launches, TurnsLeft: g.turnsLeft()}
	for t := range g.teams {
		tm := &g.teams[t]
		ts := teamState{Team: t + 1, Cash: tm.cash, Score: g.rawScore(t), teamStats: tm.stats}
		for i := range tm.cars {
			ts.Carried += tm.cars[i].cash
		}
		for _, s := range g.sites {
			ts.Deposits += s.deposits[t]
		}
		st.Teams = append(st.Teams, ts)
	}
	return st
}

func referenceChoose(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}
