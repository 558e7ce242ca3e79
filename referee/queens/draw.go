package queens

import (
	"strconv"

	"github.com/arena-games/arena/referee"
)

const (
	background = "#24301f"
	siteFill   = "#4b4f45"
	siteStroke = "#8d917f"
	mineFill   = "#e3b920"
	deadColour = "#555555"
)

// frameState is the summary shown beside the drawing.
type frameState struct {
	Turn    int           `json:"turn"`
	Profile string        `json:"profile"`
	Players []playerState `json:"players"`
}

type playerState struct {
	HP       int    `json:"hp"`
	Gold     int    `json:"gold"`
	Income   int    `json:"income"`
	Knights  int    `json:"knights"`
	Archers  int    `json:"archers"`
	Giants   int    `json:"giants"`
	Mines    int    `json:"mines"`
	Towers   int    `json:"towers"`
	Barracks int    `json:"barracks"`
	Status   string `json:"status"`
}

// Frame draws the field after the last completed turn: sites and their structures, tower
// ranges (layer "range"), creeps and queens in owner colours, with tooltips.
//
// The runner draws a frame after every turn, so the drawing is a handful of allocations:
// the shapes are counted first, every text is written into one buffer that becomes one
// string the shapes' texts are cut from, and the shapes of a player share one owner value.
func (r *Referee) Frame() referee.Frame {
	g := r.g
	n, polys := 2*len(g.players)+len(g.players[0].creeps)+len(g.players[1].creeps), 0
	for _, s := range g.sites {
		n += 2 // the disc and the id
		if s.kind != noStructure {
			n += 2
		}
		if s.kind == towerKind && s.attackRadius > 0 {
			n++
		}
		if s.kind == barracks {
			polys++
		}
	}
	d := drawing{
		shapes: make([]referee.Shape, 0, n),
		owners: new([2]int),
		buf:    r.drawBuf[:0],
		refs:   r.drawRefs[:0],
		points: make([]float64, 0, 8*polys),
	}
	d.owners[1] = 1
	for _, s := range g.sites {
		if s.kind == towerKind && s.attackRadius > 0 {
			start := len(d.buf)
			d.buf = append(d.buf, "tower range of site "...)
			d.buf = strconv.AppendInt(d.buf, int64(s.id), 10)
			d.buf = append(d.buf, ": "...)
			d.buf = strconv.AppendInt(d.buf, int64(s.attackRadius), 10)
			d.tip(start)
			d.shapes = append(d.shapes, referee.Shape{
				Kind: referee.ShapeCircle, X: s.pos.x, Y: s.pos.y, R: float64(s.attackRadius),
				Fill: referee.PlayerColor(s.owner), Stroke: referee.PlayerColor(s.owner), Width: 2, Alpha: 0.12,
				Player: d.owner(s.owner), Layer: "range",
			})
		}
	}
	for _, s := range g.sites {
		d.site(s)
	}
	for i, p := range g.players {
		for _, c := range p.creeps {
			start := len(d.buf)
			d.buf = append(d.buf, c.kind.String()...)
			d.buf = append(d.buf, " of player "...)
			d.buf = strconv.AppendInt(d.buf, int64(i), 10)
			d.buf = append(d.buf, " · HP "...)
			d.buf = strconv.AppendInt(d.buf, int64(c.hp), 10)
			d.point(c.pos)
			d.tip(start)
			d.shapes = append(d.shapes, referee.Shape{
				Kind: referee.ShapeCircle, X: c.pos.x, Y: c.pos.y, R: float64(c.radius),
				Fill: referee.PlayerColor(i), Stroke: creepStroke[c.kind], Width: 3, Player: d.owner(i),
			})
		}
	}
	for i, p := range g.players {
		fill := referee.PlayerColor(i)
		if p.hp <= 0 {
			fill = deadColour
		}
		start := len(d.buf)
		d.buf = append(d.buf, "queen of player "...)
		d.buf = strconv.AppendInt(d.buf, int64(i), 10)
		d.buf = append(d.buf, " · HP "...)
		d.buf = strconv.AppendInt(d.buf, int64(p.hp), 10)
		d.buf = append(d.buf, " · gold "...)
		d.buf = strconv.AppendInt(d.buf, int64(p.gold), 10)
		d.point(p.queen.pos)
		d.tip(start)
		d.shapes = append(d.shapes,
			referee.Shape{
				Kind: referee.ShapeCircle, X: p.queen.pos.x, Y: p.queen.pos.y, R: queenRadius,
				Fill: fill, Stroke: "#ffffff", Width: 4, Player: d.owner(i),
			},
			referee.Shape{Kind: referee.ShapeText, X: p.queen.pos.x - 9, Y: p.queen.pos.y + 8, Text: "Q", Size: 22, Fill: "#ffffff", Player: d.owner(i)},
		)
	}
	referee.CutTexts(d.buf, d.refs, d.shapes)
	r.drawBuf, r.drawRefs = d.buf, d.refs // kept for the next frame
	var events []string
	if len(g.events) > 0 {
		events = append(events, g.events...)
	}
	return referee.Frame{
		View:   &referee.View{Width: worldWidth, Height: worldHeight, Background: background},
		Shapes: d.shapes,
		State:  g.summary(),
		Events: events,
	}
}

var creepStroke = [3]string{knight: "#f5f5f5", archer: "#66ff66", giant: "#222222"}

var creepLetter = [3]string{knight: "K", archer: "A", giant: "G"}

// drawing is one frame being drawn.
type drawing struct {
	shapes []referee.Shape
	owners *[2]int // what the shapes' Player fields point to
	// buf holds every text written so far; refs says which shape each piece belongs to,
	// until referee.CutTexts gives the shapes their texts.
	buf    []byte
	refs   []referee.TextPiece
	points []float64 // the barracks' polygons, one array for the frame
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

// text makes buf[start:] the text of the shape at index shape.
func (d *drawing) text(shape, start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: shape, Text: true, Start: start, End: len(d.buf)})
}

// point writes " · (x, y)" with the coordinates as players read them.
func (d *drawing) point(p vec) {
	d.buf = append(d.buf, " · ("...)
	d.buf = strconv.AppendInt(d.buf, int64(shown(p.x)), 10)
	d.buf = append(d.buf, ", "...)
	d.buf = strconv.AppendInt(d.buf, int64(shown(p.y)), 10)
	d.buf = append(d.buf, ')')
}

// siteNumbers are the texts of small numbers (site ids, mine rates), made once.
var siteNumbers = func() [64]string {
	var t [64]string
	for i := range t {
		t[i] = strconv.Itoa(i)
	}
	return t
}()

// site draws a site: a grey disc, the structure on top (a gold disc ringed in the owner's
// colour for a mine, a square for a tower, a diamond with the creep letter for a barracks)
// and the site id.
//
// The original rounds each floating-point operation; Go may fuse x*y + z into one
// multiply-add on arm64 and other architectures. Products that are added to something are
// converted with float64(…), which rounds them, so frames are the same on every machine.
func (d *drawing) site(s *site) {
	x, y, r := s.pos.x, s.pos.y, float64(s.radius)
	tip := len(d.buf)
	d.siteTip(s)
	owner := d.owner(s.owner)
	d.tip(tip)
	d.shapes = append(d.shapes, referee.Shape{
		Kind: referee.ShapeCircle, X: x, Y: y, R: r, Fill: siteFill, Stroke: siteStroke, Width: 2,
		Player: owner,
	})
	colour := referee.PlayerColor(s.owner)
	switch s.kind {
	case mineKind:
		d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Start: tip, End: d.refs[len(d.refs)-1].End})
		d.shapes = append(d.shapes,
			referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: 0.6 * r, Fill: mineFill, Stroke: colour, Width: 8, Player: owner},
			referee.Shape{Kind: referee.ShapeText, X: x - 8, Y: y + 9, Size: 22, Fill: "#000000", Player: owner})
		start := len(d.buf)
		d.buf = append(d.buf, '+')
		d.buf = strconv.AppendInt(d.buf, int64(s.rate), 10)
		d.text(len(d.shapes)-1, start)
	case towerKind:
		h := float64(0.55 * r)
		d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Start: tip, End: d.refs[len(d.refs)-1].End})
		d.shapes = append(d.shapes,
			referee.Shape{Kind: referee.ShapeRect, X: x - h, Y: y - h, W: 2 * h, H: 2 * h, Fill: colour, Stroke: "#ffffff", Width: 3, Player: owner},
			referee.Shape{Kind: referee.ShapeText, X: x - 18, Y: y + 8, Size: 22, Fill: "#ffffff", Player: owner})
		start := len(d.buf)
		d.buf = strconv.AppendInt(d.buf, int64(s.hp), 10)
		d.text(len(d.shapes)-1, start)
	case barracks:
		h := float64(0.7 * r)
		at := len(d.points)
		d.points = append(d.points, x, y-h, x+h, y, x, y+h, x-h, y)
		d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Start: tip, End: d.refs[len(d.refs)-1].End})
		d.shapes = append(d.shapes,
			referee.Shape{Kind: referee.ShapePoly, Points: d.points[at:len(d.points):len(d.points)], Fill: colour, Stroke: "#ffffff", Width: 3, Player: owner},
			referee.Shape{Kind: referee.ShapeText, X: x - 10, Y: y + 9, Size: 24, Fill: "#ffffff", Player: owner})
		start := len(d.buf)
		d.buf = append(d.buf, creepLetter[s.creep]...)
		if s.training {
			d.buf = strconv.AppendInt(d.buf, int64(s.creep.stats().training-s.progress), 10)
		}
		d.text(len(d.shapes)-1, start)
	}
	id := strconv.Itoa(s.id)
	if s.id >= 0 && s.id < len(siteNumbers) {
		id = siteNumbers[s.id]
	}
	d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: x - float64(r*0.7), Y: y - float64(r*0.65), Text: id, Size: 16, Fill: "#d0d0d0"})
}

// siteTip writes "site ID · r R · gold G · max rate M", and on a second line what stands on
// the site.
func (d *drawing) siteTip(s *site) {
	b := append(d.buf, "site "...)
	b = strconv.AppendInt(b, int64(s.id), 10)
	b = append(b, " · r "...)
	b = strconv.AppendInt(b, int64(s.radius), 10)
	b = append(b, " · gold "...)
	b = strconv.AppendInt(b, int64(s.gold), 10)
	b = append(b, " · max rate "...)
	b = strconv.AppendInt(b, int64(s.maxMine), 10)
	switch s.kind {
	case mineKind:
		b = append(b, "\nMINE of player "...)
		b = strconv.AppendInt(b, int64(s.owner), 10)
		b = append(b, " · rate "...)
		b = strconv.AppendInt(b, int64(s.rate), 10)
	case towerKind:
		b = append(b, "\nTOWER of player "...)
		b = strconv.AppendInt(b, int64(s.owner), 10)
		b = append(b, " · HP "...)
		b = strconv.AppendInt(b, int64(s.hp), 10)
		b = append(b, " · range "...)
		b = strconv.AppendInt(b, int64(s.attackRadius), 10)
	case barracks:
		b = append(b, "\nBARRACKS-"...)
		b = append(b, s.creep.String()...)
		b = append(b, " of player "...)
		b = strconv.AppendInt(b, int64(s.owner), 10)
		if s.training {
			b = append(b, " · training, "...)
			b = strconv.AppendInt(b, int64(s.progress), 10)
			b = append(b, " of "...)
			b = strconv.AppendInt(b, int64(s.creep.stats().training), 10)
			b = append(b, " turns done"...)
		} else {
			b = append(b, " · idle"...)
		}
	}
	d.buf = b
}

func (g *state) summary() frameState {
	st := frameState{Turn: g.turn, Profile: g.prof.name, Players: make([]playerState, len(g.players))}
	for i, p := range g.players {
		ps := playerState{HP: p.hp, Gold: p.gold, Income: p.income, Status: string(p.status)}
		if p.active && !g.over {
			ps.Status = "playing"
		} else if p.active {
			ps.Status = "ok"
		} else if p.status == referee.StatusOK {
			ps.Status = "queen destroyed"
		}
		for _, c := range p.creeps {
			switch c.kind {
			case knight:
				ps.Knights++
			case archer:
				ps.Archers++
			case giant:
				ps.Giants++
			}
		}
		for _, s := range g.sites {
			if s.owner != i {
				continue
			}
			switch s.kind {
			case mineKind:
				ps.Mines++
			case towerKind:
				ps.Towers++
			case barracks:
				ps.Barracks++
			}
		}
		st.Players[i] = ps
	}
	return st
}
