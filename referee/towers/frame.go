package towers

import (
	"strconv"

	"github.com/arena-games/arena/referee"
)

// frameState is the summary shown beside the drawing.
type frameState struct {
	Turn   int    `json:"turn"`
	Score  [2]int `json:"score"` // tiles owned
	Money  [2]int `json:"money"`
	Towers [2]int `json:"towers"`
	Alive  [2]int `json:"alive"` // living soldiers
}

const (
	territoryAlpha = 0.25
	soldierRadius  = 9
)

// Frame draws the world (1500×1500 units, tiles of 50): territory shading, grid, tower
// ranges (layer "range"), towers, attack lines and soldiers.
//
// A game is drawn after every one of its 1000 turns: the territory's rectangles are found
// first, so that the shapes are counted and made at once, every text is written into one
// buffer that becomes one string the shapes' texts are cut from, and the shapes of a player
// share one owner value. The buffers are kept from frame to frame (drawing).
func (g *game) Frame() referee.Frame {
	d := &g.drawing
	d.buf, d.refs = d.buf[:0], d.refs[:0]
	d.findTerritory(&g.land)
	d.shapes = make([]referee.Shape, 0, g.countShapes())
	d.owners = &[2]int{0, 1}
	g.drawTerritory()
	d.shapes = drawGrid(d.shapes)
	g.drawTowers()
	g.drawSoldiers()
	st := frameState{Turn: g.turn}
	for p := range 2 {
		st.Score[p] = g.land.score(p)
		st.Money[p] = g.money[p]
		st.Towers[p] = len(g.towers[p])
		for i := range soldiersEach {
			if g.soldiers[p*soldiersEach+i].alive() {
				st.Alive[p]++
			}
		}
	}
	return referee.Frame{
		View:   &referee.View{Width: worldSize, Height: worldSize, Background: "#f7f5ef"},
		Shapes: d.finish(),
		State:  st,
		Events: append([]string(nil), g.events...),
	}
}

// countShapes is the number of shapes the frame's drawing makes, once the territory's
// rectangles are found.
func (g *game) countShapes() int {
	n := len(g.drawing.runs) + 1 // the territory and the grid
	for p := range 2 {
		for _, t := range g.towers[p] {
			n += 3 // its range, its square and its label
			if t.hp < towerHP[t.level] {
				n += 2 // its hit points' bar
			}
		}
	}
	for i := range g.soldiers {
		s := &g.soldiers[i]
		n++
		if s.state == stateAttack {
			if _, ok := g.actorPosition(s.target); ok {
				n++ // the line to its target
			}
		}
	}
	return n
}

// drawing is a frame being drawn, and the room it keeps for the next one.
type drawing struct {
	shapes []referee.Shape
	owners *[2]int // what the shapes' Player fields point to, one pair per frame
	// buf holds every text written so far; refs says which shape each piece belongs to,
	// until finish gives the shapes their texts.
	buf  []byte
	refs []referee.TextPiece
	// runs are the rectangles of both players' territories, player 0's first (split at
	// split); open and row are findTerritory's rows, kept for their room.
	runs      []run
	split     int
	open, row []run
}

// run is a rectangle of tiles [x0,x1) × [y0,y1).
type run struct{ x0, x1, y0, y1 int }

// tip makes buf[start:] the tooltip of the next shape appended.
func (d *drawing) tip(start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Start: start, End: len(d.buf)})
}

// text makes buf[start:] the text of the next shape appended.
func (d *drawing) text(start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Text: true, Start: start, End: len(d.buf)})
}

// str and int write a piece of text.
func (d *drawing) str(s string) { d.buf = append(d.buf, s...) }
func (d *drawing) int(v int)    { d.buf = strconv.AppendInt(d.buf, int64(v), 10) }

// count writes n things in words, as referee.Count says them: "1 turn", "2 turns".
func (d *drawing) count(n int, one, many string) {
	d.int(n)
	d.str(" ")
	if n == 1 {
		d.str(one)
	} else {
		d.str(many)
	}
}

// finish turns the buffer into one string, gives every shape its piece of it and hands
// the shapes over; the buffers stay for the next frame.
func (d *drawing) finish() []referee.Shape {
	referee.CutTexts(d.buf, d.refs, d.shapes)
	shapes := d.shapes
	d.shapes, d.owners = nil, nil
	return shapes
}

// findTerritory finds the rectangles that shade each player's tiles (shared tiles get
// both shades). Runs of tiles in a row become one rectangle, and identical runs in
// consecutive rows merge, which keeps frames small: territories are unions of squares. A
// rectangle is listed when it ends, rectangles ending on the same row in the order they
// start on it.
func (d *drawing) findTerritory(land *territory) {
	d.runs = d.runs[:0]
	for p := range 2 {
		open, row := d.open[:0], d.row[:0]
		for y := 0; y <= mapSize; y++ {
			row = row[:0]
			for x := 0; y < mapSize && x < mapSize; {
				if !land.owns(p, x, y) {
					x++
					continue
				}
				r := run{x0: x, y0: y, y1: y + 1}
				for x < mapSize && land.owns(p, x, y) {
					x++
				}
				r.x1 = x
				for i := range open { // the same run on the row above: the rectangle grows
					if open[i].x0 == r.x0 && open[i].x1 == r.x1 {
						r.y0 = open[i].y0
						open[i].x1 = -1 // taken
						break
					}
				}
				row = append(row, r)
			}
			for _, o := range open {
				if o.x1 >= 0 {
					d.runs = append(d.runs, o)
				}
			}
			open, row = row, open
		}
		d.open, d.row = open, row
		if p == 0 {
			d.split = len(d.runs)
		}
	}
}

// drawTerritory shades each player's tiles in its translucent colour.
func (g *game) drawTerritory() {
	d := &g.drawing
	for i, r := range d.runs {
		p := 0
		if i >= d.split {
			p = 1
		}
		d.shapes = append(d.shapes, referee.Shape{
			Kind: referee.ShapeRect, X: float64(r.x0 * tileSize), Y: float64(r.y0 * tileSize),
			W: float64((r.x1 - r.x0) * tileSize), H: float64((r.y1 - r.y0) * tileSize),
			Fill: referee.PlayerColor(p), Alpha: territoryAlpha, Player: &d.owners[p],
		})
	}
}

// drawGrid draws every tile boundary as one stroked polygon: a zigzag along the rows and
// back along the columns, whose connecting segments run on the map's border. One shape
// instead of 62 lines keeps each frame about 6 kB smaller.
func drawGrid(shapes []referee.Shape) []referee.Shape {
	points := make([]float64, 0, 4*2*(mapSize+1))
	for i := 0; i <= mapSize; i++ { // rows, left to right then right to left
		y := float64(i * tileSize)
		if i%2 == 0 {
			points = append(points, 0, y, worldSize, y)
		} else {
			points = append(points, worldSize, y, 0, y)
		}
	}
	for i := mapSize; i >= 0; i-- { // columns, from the right edge back to the left one
		x := float64(i * tileSize)
		if (mapSize-i)%2 == 0 {
			points = append(points, x, worldSize, x, 0)
		} else {
			points = append(points, x, 0, x, worldSize)
		}
	}
	return append(shapes, referee.Shape{Kind: referee.ShapePoly, Points: points, Stroke: "#000000", Width: 1, Alpha: 0.12})
}

func (g *game) drawTowers() {
	d := &g.drawing
	for p := range 2 {
		for _, t := range g.towers[p] {
			r := towerRange[t.level]
			x0, y0 := max(0, t.tx-r), max(0, t.ty-r)
			x1, y1 := min(mapSize, t.tx+r+1), min(mapSize, t.ty+r+1)
			d.shapes = append(d.shapes, referee.Shape{
				Kind: referee.ShapeRect, X: float64(x0 * tileSize), Y: float64(y0 * tileSize),
				W: float64((x1 - x0) * tileSize), H: float64((y1 - y0) * tileSize),
				Stroke: referee.PlayerColor(p), Width: 2, Alpha: 0.6, Player: &d.owners[p], Layer: "range",
			})
		}
	}
	for p := range 2 {
		for _, t := range g.towers[p] {
			x, y := float64(t.tx*tileSize), float64(t.ty*tileSize)
			kind, label, stroke, width := "tower", "", "#333333", 2.0
			if t.base {
				kind, label, stroke, width = "base tower", "B", "#000000", 5
			}
			start := len(d.buf)
			d.str(kind)
			d.str(" ")
			d.int(t.id)
			d.str(" (player ")
			d.int(p)
			d.str(") at tile (")
			d.int(t.tx)
			d.str(",")
			d.int(t.ty)
			d.str("): level ")
			d.int(t.level)
			d.str(", hp ")
			d.int(t.hp)
			d.str("/")
			d.int(towerHP[t.level])
			d.tip(start)
			d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeRect, X: x + 5, Y: y + 5, W: tileSize - 10, H: tileSize - 10,
				Fill: referee.PlayerColor(p), Stroke: stroke, Width: width, Player: &d.owners[p]})
			start = len(d.buf)
			d.str(label)
			d.int(t.level)
			d.text(start)
			d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: x + 15, Y: y + 33, Size: 20, Fill: "#ffffff"})
			if t.hp < towerHP[t.level] {
				d.shapes = append(d.shapes,
					referee.Shape{Kind: referee.ShapeRect, X: x + 5, Y: y + 44, W: tileSize - 10, H: 4, Fill: "#555555"},
					referee.Shape{Kind: referee.ShapeRect, X: x + 5, Y: y + 44, W: float64(tileSize-10) * float64(t.hp) / float64(towerHP[t.level]), H: 4, Fill: "#3cb44b"})
			}
		}
	}
}

func (g *game) drawSoldiers() {
	d := &g.drawing
	for i := range g.soldiers {
		s := &g.soldiers[i]
		if s.state != stateAttack {
			continue
		}
		if to, ok := g.actorPosition(s.target); ok {
			d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeLine, X: float64(s.pos.x), Y: float64(s.pos.y),
				X2: float64(to.x), Y2: float64(to.y), Stroke: referee.PlayerColor(s.owner), Width: 1, Alpha: 0.5, Player: &d.owners[s.owner]})
		}
	}
	for i := range g.soldiers {
		s := &g.soldiers[i]
		x, y := float64(s.pos.x), float64(s.pos.y)
		start := len(d.buf)
		d.str("soldier ")
		d.int(s.id)
		d.str(" (player ")
		d.int(s.owner)
		if !s.alive() {
			d.str("): dead, back in ")
			d.count(s.respawnTurn-g.turn, "turn", "turns")
			d.tip(start)
			d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: soldierRadius - 2,
				Stroke: referee.PlayerColor(s.owner), Width: 2, Alpha: 0.45, Player: &d.owners[s.owner]})
			continue
		}
		d.str("): hp ")
		d.int(s.hp)
		d.str(", ")
		d.str(s.state.String())
		switch {
		case s.target != noTarget:
			d.str(" → ")
			d.int(s.target)
		case s.hasDest:
			d.str(" → (")
			d.int(s.dest.x)
			d.str(",")
			d.int(s.dest.y)
			d.str(")")
		}
		stroke, width := "#000000", 1.0
		if s.immune > 0 {
			d.str(", immune ")
			d.int(s.immune)
			stroke, width = "#ffffff", 3
		}
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: soldierRadius,
			Fill: referee.PlayerColor(s.owner), Stroke: stroke, Width: width, Player: &d.owners[s.owner]})
	}
}
