package triangles

import (
	"strconv"

	"github.com/arena-games/arena/referee"
)

const (
	houseRadius = 24
	background  = "#24402a"
	pathColour  = "#c8b88a"
)

// frameState is the summary shown beside the drawing.
type frameState struct {
	Turn      int       `json:"turn"`
	Scores    [2]int    `json:"scores"`
	Units     [2]int    `json:"units"`
	Triangles [2]int    `json:"triangles"`
	Houses    [2]int    `json:"houses"`
	Total     int       `json:"total_triangles"`
	Messages  [2]string `json:"messages"`
}

// draw builds the frame of the current state, with the players' debug drawings on top:
// the triangles, the paths, then each house with its id and unit counts.
//
// A frame is drawn every turn, so it is a handful of allocations: the shapes are counted
// first, every text is written into one buffer that becomes one string the shapes' texts
// are cut from, the triangles' corners share one array, and the shapes of a player share
// one owner value.
func (m *match) draw(debug []referee.Shape) referee.Frame {
	b := m.b
	paths := b.turnFacts().paths
	state := frameState{Turn: m.turn, Scores: m.scores, Total: len(b.triangles), Messages: m.message}
	n := len(b.triangles) + len(paths) + 2*b.size() + len(debug)
	for _, u := range b.units {
		for p := range u {
			if u[p] != 0 {
				n++
			}
		}
	}
	d := drawing{
		shapes: make([]referee.Shape, 0, n),
		owners: &[2]int{0, 1},
		buf:    m.drawBuf[:0],
		refs:   m.drawRefs[:0],
		points: make([]float64, 0, 6*len(b.triangles)),
	}
	for _, t := range b.triangles {
		d.triangle(b, t)
	}
	for _, e := range paths {
		p, q := b.pos[e[0]], b.pos[e[1]]
		start := len(d.buf)
		d.buf = append(d.buf, "path "...)
		d.buf = strconv.AppendInt(d.buf, int64(e[0]), 10)
		d.buf = append(d.buf, '-')
		d.buf = strconv.AppendInt(d.buf, int64(e[1]), 10)
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeLine, X: float64(p.x), Y: float64(p.y), X2: float64(q.x), Y2: float64(q.y),
			Stroke: pathColour, Width: 5})
	}
	for h, pos := range b.pos {
		owner := b.houseOwner(h)
		if owner != none {
			state.Houses[owner]++
		}
		d.house(h, pos, owner, b.units[h])
	}
	for p := 0; p < 2; p++ {
		state.Units[p] = b.totalUnits(p)
		state.Triangles[p] = b.ownedTriangles(p)
	}
	d.shapes = append(d.shapes, debug...)
	referee.CutTexts(d.buf, d.refs, d.shapes)
	m.drawBuf, m.drawRefs = d.buf, d.refs // kept for the next frame
	events := m.events
	if len(events) == 0 {
		events = nil
	}
	return referee.Frame{
		View:   &referee.View{Width: worldWidth, Height: worldHeight, Background: background},
		Shapes: d.shapes,
		State:  state,
		Events: events,
	}
}

// drawing is one frame being drawn.
type drawing struct {
	shapes []referee.Shape
	owners *[2]int // what the shapes' Player fields point to
	// buf holds every text written so far; refs says which shape each piece belongs to,
	// until referee.CutTexts gives the shapes their texts.
	buf    []byte
	refs   []referee.TextPiece
	points []float64 // the triangles' corners, one array for the frame
}

// owner is the Player value of a shape: one per player and frame, nil for nobody.
func (d *drawing) owner(player int) *int {
	if player < 0 || player >= len(d.owners) {
		return referee.Owner(player)
	}
	return &d.owners[player]
}

// tip makes buf[start:] the tooltip of the next shape appended.
func (d *drawing) tip(start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Start: start, End: len(d.buf)})
}

// text makes buf[start:] the text of the next shape appended.
func (d *drawing) text(start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Text: true, Start: start, End: len(d.buf)})
}

// triangle draws a triangle, in its owner's colour or faintly white when neutral, with
// who owns it and who may capture it in its tooltip.
func (d *drawing) triangle(b *board, t *triangle) {
	at := len(d.points)
	for _, c := range t.c {
		d.points = append(d.points, float64(b.pos[c].x), float64(b.pos[c].y))
	}
	fill, alpha := "#ffffff", 0.06
	if t.owner != none {
		fill, alpha = referee.PlayerColor(t.owner), 0.4
	}
	start := len(d.buf)
	d.buf = append(d.buf, "triangle "...)
	d.buf = strconv.AppendInt(d.buf, int64(t.c[0]), 10)
	d.buf = append(d.buf, ' ')
	d.buf = strconv.AppendInt(d.buf, int64(t.c[1]), 10)
	d.buf = append(d.buf, ' ')
	d.buf = strconv.AppendInt(d.buf, int64(t.c[2]), 10)
	d.buf = append(d.buf, ": owned by "...)
	d.ownerName(t.owner)
	d.buf = append(d.buf, "; P0 can capture: "...)
	d.buf = append(d.buf, yesNo(t.canCapture[0])...)
	d.buf = append(d.buf, ", P1 can capture: "...)
	d.buf = append(d.buf, yesNo(t.canCapture[1])...)
	d.tip(start)
	d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapePoly, Points: d.points[at:len(d.points):len(d.points)],
		Fill: fill, Alpha: alpha, Player: d.owner(t.owner)})
}

// house draws a house as a disc in its owner's colour with its id, and under it each
// player's unit count: the first player's on the left, the second's on the right.
func (d *drawing) house(h int, pos point, owner int, u [2]int) {
	x, y := float64(pos.x), float64(pos.y)
	start := len(d.buf)
	d.buf = append(d.buf, "house "...)
	d.buf = strconv.AppendInt(d.buf, int64(h), 10)
	d.buf = append(d.buf, " ("...)
	d.buf = strconv.AppendInt(d.buf, int64(pos.x), 10)
	d.buf = append(d.buf, ',')
	d.buf = strconv.AppendInt(d.buf, int64(pos.y), 10)
	d.buf = append(d.buf, "): P0 "...)
	d.units(u[0])
	d.buf = append(d.buf, ", P1 "...)
	d.units(u[1])
	d.buf = append(d.buf, "; owned by "...)
	d.ownerName(owner)
	d.tip(start)
	d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: houseRadius, Fill: referee.PlayerColor(owner),
		Stroke: "#ffffff", Width: 2, Player: d.owner(owner)})
	start = len(d.buf)
	d.buf = strconv.AppendInt(d.buf, int64(h), 10)
	d.text(start)
	d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: x - 8, Y: y + 6, Size: 16, Fill: "#ffffff"})
	for p := 0; p < 2; p++ {
		if u[p] == 0 {
			continue
		}
		start = len(d.buf)
		d.buf = strconv.AppendInt(d.buf, int64(u[p]), 10)
		d.text(start)
		start = len(d.buf)
		d.buf = append(d.buf, 'P', byte('0'+p), ':', ' ')
		d.units(u[p])
		d.buf = append(d.buf, " on house "...)
		d.buf = strconv.AppendInt(d.buf, int64(h), 10)
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: x - 30 + float64(float64(p)*34), Y: y + 46, Size: 20,
			Fill: referee.PlayerColor(p), Player: d.owner(p)})
	}
}

// ownerName writes "P0", "P1" or "nobody".
func (d *drawing) ownerName(owner int) {
	if owner == none {
		d.buf = append(d.buf, "nobody"...)
		return
	}
	d.buf = append(d.buf, 'P')
	d.buf = strconv.AppendInt(d.buf, int64(owner), 10)
}

// units writes "1 unit" or "N units".
func (d *drawing) units(n int) {
	d.buf = strconv.AppendInt(d.buf, int64(n), 10)
	d.buf = append(d.buf, " unit"...)
	if n != 1 {
		d.buf = append(d.buf, 's')
	}
}

func yesNo(v bool) string {
	if v {
		return "yes"
	}
	return "no"
}
