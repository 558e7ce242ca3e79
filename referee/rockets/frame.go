package rockets

import (
	"math"
	"strconv"

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
//
// A game is drawn after every one of its 1500 turns, some 1 200 shapes with a tooltip each:
// the shapes are counted first, every text is written into one buffer that becomes one
// string the shapes' texts are cut from, and the shapes of a team share one owner value.
// The buffer and the list of texts are kept from frame to frame (drawing).
func (g *game) Frame() referee.Frame {
	d := &g.drawing
	d.shapes = make([]referee.Shape, 0, g.countShapes())
	d.owners = make([]int, len(g.teams))
	for t := range d.owners {
		d.owners[t] = t
	}
	d.buf, d.refs = d.buf[:0], d.refs[:0]
	g.drawRoads()
	g.drawCities()
	g.drawSites()
	g.drawCars()
	return referee.Frame{
		View:   &referee.View{Width: worldSize + 2*margin, Height: worldSize + 2*margin, Background: "#f4f1e8"},
		Shapes: d.finish(),
		State:  g.state(),
		Events: append([]string(nil), g.lastEvents...),
	}
}

// countShapes is the number of shapes the frame's drawing makes.
func (g *game) countShapes() int {
	n := len(g.roads) + g.cities + len(g.homes) + 2*len(g.sites) + len(g.suits)
	for t := range g.teams {
		n += len(g.teams[t].cars)
	}
	return n
}

// drawing is a frame being drawn, and the room it keeps for the next one.
type drawing struct {
	shapes []referee.Shape
	owners []int // what the shapes' Player fields point to, one per team and frame
	// buf holds every text written so far; refs says which shape each piece belongs to,
	// until finish gives the shapes their texts.
	buf  []byte
	refs []referee.TextPiece
}

// owner is the Player value of a team's shapes.
func (d *drawing) owner(team int) *int {
	if team < 0 || team >= len(d.owners) {
		return referee.Owner(team)
	}
	return &d.owners[team]
}

// tip makes buf[start:] the tooltip of the next shape appended.
func (d *drawing) tip(start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Start: start, End: len(d.buf)})
}

// text makes buf[start:] the text of the next shape appended.
func (d *drawing) text(start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Text: true, Start: start, End: len(d.buf)})
}

// str, int and int64 write a piece of text.
func (d *drawing) str(s string)  { d.buf = append(d.buf, s...) }
func (d *drawing) int(v int)     { d.buf = strconv.AppendInt(d.buf, int64(v), 10) }
func (d *drawing) int64(v int64) { d.buf = strconv.AppendInt(d.buf, v, 10) }

// count writes n things in words, as referee.Count says them: "1 turn", "2 turns".
func (d *drawing) count(n int, one, many string) {
	d.int(n)
	d.str(" ")
	d.str(choose(n == 1, one, many))
}

// finish turns the buffer into one string, gives every shape its piece of it and hands
// the shapes over; the buffer and the references stay for the next frame.
func (d *drawing) finish() []referee.Shape {
	referee.CutTexts(d.buf, d.refs, d.shapes)
	shapes := d.shapes
	d.shapes, d.owners = nil, nil
	return shapes
}

func (g *game) xy(city int) (float64, float64) {
	return g.pos[city].x + margin, g.pos[city].y + margin
}

func (g *game) drawRoads() {
	d := &g.drawing
	for i := range g.roads {
		r := &g.roads[i]
		x, y := g.xy(r.a)
		x2, y2 := g.xy(r.b)
		start := len(d.buf)
		d.str("road ")
		d.int(r.a)
		d.str("–")
		d.int(r.b)
		d.str(": cost ")
		d.int(r.cost)
		d.str(", handicap ")
		d.int(r.handicap)
		sep := "; bonus "
		for t, b := range r.bonus {
			if b != 0 {
				d.str(sep)
				d.str("team ")
				d.int(t + 1)
				d.str(" ")
				d.int(b)
				sep = ", "
			}
		}
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{
			Kind: referee.ShapeLine, X: x, Y: y, X2: x2, Y2: y2,
			Stroke: "#9c9484", Width: 1 + float64(0.25*float64(min(r.handicap, 20))),
		})
	}
}

// cityColor is a city's fill by its visiting bonus: warm greys that darken as the bonus
// grows, since every vivid hue is some team's colour (referee.PlayerColors) and a city must
// never be taken for a team's car or base.
func cityColor(bonus int) string {
	switch bonus {
	case 1:
		return "#b5ad9c"
	case 2:
		return "#888276"
	case 3:
		return "#4a4438"
	}
	return "#1f1b14" // bonus 0 or ≥ 4: rare, make them stand out
}

func (g *game) drawCities() {
	d := &g.drawing
	for c := 1; c <= g.cities; c++ {
		x, y := g.xy(c)
		start := len(d.buf)
		d.str("city ")
		d.int(c)
		d.str(": visiting bonus ")
		d.int(g.bonus[c])
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{
			Kind: referee.ShapeCircle, X: x, Y: y, R: 2.5 + float64(min(g.bonus[c], 5)), Fill: cityColor(g.bonus[c]),
		})
	}
	for t, home := range g.homes {
		x, y := g.xy(home)
		start := len(d.buf)
		d.str("home of team ")
		d.int(t + 1)
		d.str(" (city ")
		d.int(home)
		d.str("): cash ")
		d.int64(g.teams[t].cash)
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{
			Kind: referee.ShapeRect, X: x - 9, Y: y - 9, W: 18, H: 18,
			Fill: referee.PlayerColor(t), Stroke: "#222222", Width: 1.5, Player: d.owner(t),
		})
	}
}

func (g *game) drawSites() {
	d := &g.drawing
	for _, s := range g.sites {
		x, y := g.xy(s.city)
		fill := "#ffffff"
		if s.launched {
			fill = "#5a5a5a"
		}
		start := len(d.buf)
		g.siteTip(s)
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{
			Kind: referee.ShapeCircle, X: x, Y: y, R: 12, Fill: fill, Alpha: 0.85,
			Stroke: referee.PlayerColor(s.founder), Width: 3, Player: d.owner(s.founder),
		})
		start = len(d.buf)
		d.int64(s.total())
		d.text(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: x + 14, Y: y - 10, Size: 11, Fill: "#222222"})
	}
	for _, suit := range g.suits {
		x, y := g.xy(suit.suing.city)
		x2, y2 := g.xy(suit.sued.city)
		start := len(d.buf)
		d.str("lawsuit: city ")
		d.int(suit.suing.city)
		d.str(" sues city ")
		d.int(suit.sued.city)
		d.str(" (started by team ")
		d.int(suit.starter + 1)
		d.str("), ")
		d.count(suit.left, "turn", "turns")
		d.str(" left")
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{
			Kind: referee.ShapeLine, X: x, Y: y, X2: x2, Y2: y2, Stroke: "#c80000", Width: 2.5,
			Player: d.owner(suit.starter), Layer: "range",
		})
	}
}

// siteTip writes the tooltip of a launch site.
func (g *game) siteTip(s *site) {
	d := &g.drawing
	d.str("launch site in city ")
	d.int(s.city)
	d.str(", founded by team ")
	d.int(s.founder + 1)
	d.str(": gain ")
	d.int(s.gain)
	d.str("%, control threshold ")
	d.int(s.threshold)
	d.str("%")
	if s.launched {
		d.str("; launched")
		return
	}
	d.str("; deposit ")
	d.int64(s.total())
	d.str(" of ")
	d.int64(g.p.Sr)
	d.str(" needed")
	for t, deposit := range s.deposits {
		if deposit > 0 {
			d.str("; team ")
			d.int(t + 1)
			d.str(" ")
			d.int64(deposit)
			if s.controls(t) {
				d.str(" (controls)")
			}
		}
	}
	if g.p.lawyers {
		d.str("; protection ")
		d.int(g.protection(s).level)
	}
	if s.suit != nil {
		d.str("; in a lawsuit (")
		d.count(s.suit.left, "turn", "turns")
		d.str(" left)")
	}
}

func (g *game) drawCars() {
	d := &g.drawing
	for t := range g.teams {
		for i := range g.teams[t].cars {
			c := &g.teams[t].cars[i]
			x, y := g.xy(c.city)
			start := len(d.buf)
			d.str("team ")
			d.int(t + 1)
			d.str(" car ")
			d.int(c.id)
			if c.busy > 0 && c.trip > 0 {
				x0, y0 := g.xy(c.from)
				progress := float64(c.trip-c.busy) / float64(c.trip)
				x, y = x0+float64((x-x0)*progress), y0+float64((y-y0)*progress)
				d.str(" on the road ")
				d.int(c.from)
				d.str("→")
				d.int(c.city)
				d.str(", ")
				d.count(c.busy, "turn", "turns")
				d.str(" left")
			} else {
				d.str(" in city ")
				d.int(c.city)
			}
			d.str(": fuel ")
			d.int(c.fuel)
			d.str(", cash ")
			d.int64(c.cash)
			d.str(", engine ")
			d.str(choose(c.fast, "fast", "normal"))
			d.str(", trunk ")
			d.str(choose(c.big, "big", "normal"))
			d.str(", cycle ")
			d.count(len(c.cycle.roads), "road", "roads")
			if c.cycle.repeated {
				d.str(" with repeated roads")
			}
			d.tip(start)
			// Spread a team's cars around their point so that cars in one place stay visible.
			angle := float64(2*math.Pi*float64(t*len(g.teams[t].cars)+i)) / float64(len(g.teams)*len(g.teams[t].cars))
			x, y = math.Round((x+float64(6*math.Cos(angle)))*10)/10, math.Round((y+float64(6*math.Sin(angle)))*10)/10
			d.shapes = append(d.shapes, referee.Shape{
				Kind: referee.ShapeCircle, X: x, Y: y, R: 4.5, Fill: referee.PlayerColor(t), Stroke: "#111111", Width: 1,
				Player: d.owner(t),
			})
		}
	}
}

func (g *game) state() frameState {
	st := frameState{Turn: g.turn, Launched: g.launches, TurnsLeft: g.turnsLeft(), Teams: make([]teamState, 0, len(g.teams))}
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
