package rockets

import (
	"fmt"
	"math"
	"strings"

	"github.com/arena-games/arena/referee"
)

const margin = 30 // around the world in the drawing

// frameState is the summary shown beside the drawing.
type frameState struct {
	Turn      int         `json:"turn"`
	Launched  int         `json:"rockets_launched"`
	TurnsLeft int         `json:"turns_left"`
	Teams     []teamState `json:"teams"`
}

type teamState struct {
	Team     int   `json:"team"`
	Cash     int64 `json:"cash"`
	Carried  int64 `json:"carried"`
	Deposits int64 `json:"deposits"`
	Score    int64 `json:"score"` // before K; 0 until the team completes a cycle
	teamStats
}

// Frame draws the road graph (handicaps in tooltips), cities, home bases, launch sites with
// their deposits, pending lawsuits and the cars along their roads.
func (g *game) Frame() referee.Frame {
	f := referee.Frame{
		View:   &referee.View{Width: worldSize + 2*margin, Height: worldSize + 2*margin, Background: "#f4f1e8"},
		Events: append([]string(nil), g.lastEvents...),
		State:  g.state(),
	}
	f.Shapes = make([]referee.Shape, 0, len(g.roads)+g.cities+len(g.teams)*(len(g.teams[0].cars)+1)+2*len(g.sites))
	g.drawRoads(&f)
	g.drawCities(&f)
	g.drawSites(&f)
	g.drawCars(&f)
	return f
}

func (g *game) xy(city int) (float64, float64) {
	return g.pos[city].x + margin, g.pos[city].y + margin
}

func (g *game) drawRoads(f *referee.Frame) {
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

// bonusColors are the cities' fills by visiting bonus: warm greys that darken as the bonus
// grows, since every vivid hue is some team's colour (referee.PlayerColors) and a city must
// never be taken for a team's car or base.
var bonusColors = map[int]string{1: "#b5ad9c", 2: "#888276", 3: "#4a4438"}

func (g *game) drawCities(f *referee.Frame) {
	for c := 1; c <= g.cities; c++ {
		x, y := g.xy(c)
		color, ok := bonusColors[g.bonus[c]]
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

func (g *game) drawSites(f *referee.Frame) {
	for _, s := range g.sites {
		x, y := g.xy(s.city)
		fill := "#ffffff"
		if s.launched {
			fill = "#5a5a5a"
		}
		f.Shapes = append(f.Shapes, referee.Shape{
			Kind: referee.ShapeCircle, X: x, Y: y, R: 12, Fill: fill, Alpha: 0.85,
			Stroke: referee.PlayerColor(s.founder), Width: 3, Player: referee.Owner(s.founder),
			Tip: g.siteTip(s),
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
			Tip: fmt.Sprintf("lawsuit: city %d sues city %d (started by team %d), %d turns left", suit.suing.city, suit.sued.city, suit.starter+1, suit.left),
		})
	}
}

func (g *game) siteTip(s *site) string {
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
		fmt.Fprintf(&b, "; in a lawsuit (%d turns left)", s.suit.left)
	}
	return b.String()
}

func (g *game) drawCars(f *referee.Frame) {
	for t := range g.teams {
		for i := range g.teams[t].cars {
			c := &g.teams[t].cars[i]
			x, y := g.xy(c.city)
			where := fmt.Sprintf("in city %d", c.city)
			if c.busy > 0 && c.trip > 0 {
				x0, y0 := g.xy(c.from)
				progress := float64(c.trip-c.busy) / float64(c.trip)
				x, y = x0+float64((x-x0)*progress), y0+float64((y-y0)*progress)
				where = fmt.Sprintf("on the road %d→%d, %d turn(s) left", c.from, c.city, c.busy)
			}
			// Spread a team's cars around their point so that cars in one place stay visible.
			angle := float64(2*math.Pi*float64(t*len(g.teams[t].cars)+i)) / float64(len(g.teams)*len(g.teams[t].cars))
			x, y = math.Round((x+float64(6*math.Cos(angle)))*10)/10, math.Round((y+float64(6*math.Sin(angle)))*10)/10
			f.Shapes = append(f.Shapes, referee.Shape{
				Kind: referee.ShapeCircle, X: x, Y: y, R: 4.5, Fill: referee.PlayerColor(t), Stroke: "#111111", Width: 1,
				Player: referee.Owner(t),
				Tip: fmt.Sprintf("team %d car %d %s: fuel %d, cash %d, engine %s, trunk %s, cycle %d road(s)%s",
					t+1, c.id, where, c.fuel, c.cash, choose(c.fast, "fast", "normal"), choose(c.big, "big", "normal"),
					len(c.cycle.roads), choose(c.cycle.repeated, " with repeated roads", "")),
			})
		}
	}
}

func (g *game) state() frameState {
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

func choose(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}
