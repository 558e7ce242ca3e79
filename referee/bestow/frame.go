package bestow

import (
	"fmt"
	"strconv"

	"github.com/arena-games/arena/referee"
)

// FrameState is the summary each frame carries (Frame.State).
type FrameState struct {
	Turn    int           `json:"turn"`
	Active  string        `json:"active"` // "A", "B", or "none" once the game is over
	Players []PlayerState `json:"players"`
}

// PlayerState is one player's numbers after the last completed turn.
type PlayerState struct {
	Name           string   `json:"name"`
	Cash           int      `json:"cash"`
	Profit         int      `json:"profit"`   // S_mp
	Power          int      `json:"power"`    // S_mm = cash + S_mp
	Effort         int      `json:"effort"`   // E
	Solid          int      `json:"solid"`    // D
	Own            int      `json:"own"`      // S_mo
	Shared         int      `json:"shared"`   // S_ms
	Combined       float64  `json:"combined"` // S_mc
	VP             float64  `json:"vp"`       // this turn's victory points S_mf
	VPSum          float64  `json:"vp_sum"`
	Cubes          int      `json:"cubes"` // filled cells of the own space
	BenefitCubes   int      `json:"single_cubes"`
	BenefitSquares int      `json:"single_squares"`
	Multipliers    []int    `json:"multipliers"` // colours 1..C
	Failed         int      `json:"failed"`      // failed commands so far
	Final          *float64 `json:"final,omitempty"`
}

// colourPalette draws shared-space colours 1..16.
var colourPalette = []string{"", "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
	"#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3"}

// Layout, in view units.
const (
	margin       = 10.0
	top          = 46.0 // header: names, scores, multipliers
	ownCell      = 10.0
	sliceGap     = 8.0
	sliceLabel   = 12.0
	slicesPerRow = 4
	sharedCell   = 12.0
	blockGap     = 24.0
	trackHeight  = 50.0
)

// Frame draws both own spaces as slices z = 0, 1, … and the shared space between them,
// with the effort track below.
//
// A session game is drawn after every turn, and a frame holds a shape with its own tooltip
// for every rectangle of filled cells, some hundreds: the rectangles are found first, so
// that the shapes are counted and made at once, every text is written into one buffer that
// becomes one string the shapes' texts are cut from, and the shapes of a player share one
// owner value. What the drawing needs besides is kept from frame to frame (drawScratch).
func (r *Referee) Frame() referee.Frame {
	p := r.p
	w := &r.snap
	sliceW := float64(float64(p.Bo) * ownCell) // float64: see score.go
	rows := (p.Bo + slicesPerRow - 1) / slicesPerRow
	blockW := float64(slicesPerRow*sliceW) + (slicesPerRow-1)*sliceGap
	blockH := float64(float64(rows) * (sliceW + sliceLabel + sliceGap))
	sharedW := float64(float64(p.Bs) * sharedCell)
	width := 2*margin + 2*blockW + 2*blockGap + sharedW
	bodyH := max(blockH, sharedW+sliceLabel)
	height := top + bodyH + trackHeight + margin

	d := &r.drawing
	d.start(r)
	d.shapes = make([]referee.Shape, 0, r.countShapes())
	blockX := [2]float64{margin, margin + blockW + blockGap + sharedW + blockGap}
	for seat := range w.players {
		r.drawHeader(seat, blockX[seat])
		r.drawOwn(seat, blockX[seat], top)
	}
	r.drawShared(margin+blockW+blockGap, top)
	r.drawTrack(margin, top+bodyH+trackHeight/2, width-2*margin)
	shapes := d.finish()

	state := FrameState{Turn: r.turn, Active: seatName(w.active)}
	if w.over {
		state.Active = "none"
	}
	var final [2]float64
	final[0], final[1] = r.finalPoints()
	for seat := range w.players {
		pl := &w.players[seat]
		cubes := 0
		for _, f := range pl.own {
			if f {
				cubes++
			}
		}
		ps := PlayerState{
			Name: seatName(seat), Cash: pl.cash, Profit: pl.profit, Power: pl.cash + pl.profit, Effort: pl.effort,
			Solid: pl.solid, Own: pl.scoreOwn, Shared: pl.shared, Combined: pl.combined, VP: pl.vp, VPSum: pl.vpSum,
			Cubes: cubes, BenefitCubes: pl.benefitCubes, BenefitSquares: pl.benefitSquare,
			Multipliers: append([]int(nil), pl.mult[1:]...), Failed: r.totalFailed[seat],
		}
		if w.over {
			ps.Final = &final[seat]
		}
		state.Players = append(state.Players, ps)
	}
	return referee.Frame{
		View:   &referee.View{Width: width, Height: height, Background: "#ffffff"},
		Shapes: shapes,
		State:  state,
		Events: append([]string(nil), r.frameEvents...),
	}
}

// drawScratch is a frame being drawn, and the room it keeps for the next one.
type drawScratch struct {
	shapes []referee.Shape
	owners *[2]int // what the shapes' Player fields point to, one pair per frame
	// buf holds every text written so far; refs says which shape each piece belongs to,
	// until finish gives the shapes their texts.
	buf  []byte
	refs []referee.TextPiece
	// own[seat][z] and shared are the rectangles of filled cells, found before the
	// shapes are counted; rects holds them all.
	own    [2][]meshRange
	shared meshRange
	rects  []meshRect
	used   []bool // mesh's room
	labels areas  // the shared space's areas, for the tooltips
}

// meshRange is a run of drawScratch.rects: the rectangles of one grid.
type meshRange struct{ start, end int }

// start begins a frame: the rectangles of every slice of both own spaces and of the
// shared space are found, and the buffers emptied.
func (d *drawScratch) start(r *Referee) {
	bo, bs := r.p.Bo, r.p.Bs
	d.owners = &[2]int{0, 1}
	d.buf, d.refs, d.rects = d.buf[:0], d.refs[:0], d.rects[:0]
	for seat := range r.snap.players {
		own := r.snap.players[seat].own
		d.own[seat] = d.own[seat][:0]
		for z := 0; z < bo; z++ {
			start := len(d.rects)
			d.rects, d.used = mesh(bo, bo, own[z*bo*bo:(z+1)*bo*bo], d.rects, d.used)
			d.own[seat] = append(d.own[seat], meshRange{start, len(d.rects)})
		}
	}
	start := len(d.rects)
	d.rects, d.used = mesh(bs, bs, r.snap.shared, d.rects, d.used)
	d.shared = meshRange{start, len(d.rects)}
	d.labels.find(bs, r.snap.shared)
}

// countShapes is the number of shapes the frame's drawing makes.
func (r *Referee) countShapes() int {
	w, d := &r.snap, &r.drawing
	n := len(d.rects) + 2 // the rectangles, the shared space's label and background
	for seat := range w.players {
		pl := &w.players[seat]
		n += 2 // the header's title and numbers
		for c := 1; c < len(pl.mult); c++ {
			if pl.mult[c] != 0 {
				n += 2
			}
		}
		n += 2*r.p.Bo + len(pl.newCubes) + len(pl.newSquares) // slices' labels and backgrounds
		if pl.solid > 0 && r.solidCorner[seat] >= 0 {
			n += pl.solid
		}
	}
	n += 2 + len(w.players) // the effort track, its end and a marker per player
	if r.p.Ee/r.p.Ep <= maxTicks {
		for t := r.p.Ep; t < r.p.Ee; t += r.p.Ep {
			n++
		}
	}
	return n
}

// owner is the Player value of a seat's shapes.
func (d *drawScratch) owner(seat int) *int { return &d.owners[seat] }

// tip makes buf[start:] the tooltip of the next shape appended.
func (d *drawScratch) tip(start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Start: start, End: len(d.buf)})
}

// text makes buf[start:] the text of the next shape appended.
func (d *drawScratch) text(start int) {
	d.refs = append(d.refs, referee.TextPiece{Shape: len(d.shapes), Text: true, Start: start, End: len(d.buf)})
}

// int writes a number.
func (d *drawScratch) int(v int) { d.buf = strconv.AppendInt(d.buf, int64(v), 10) }

// finish turns the buffer into one string, gives every shape its piece of it and hands
// the shapes over.
func (d *drawScratch) finish() []referee.Shape {
	referee.CutTexts(d.buf, d.refs, d.shapes)
	shapes := d.shapes
	d.shapes, d.owners = nil, nil
	return shapes
}

func (r *Referee) drawHeader(seat int, x float64) {
	d := &r.drawing
	pl := &r.snap.players[seat]
	owner := d.owner(seat)
	start := len(d.buf)
	if !r.snap.over && r.snap.active == seat {
		d.buf = append(d.buf, "▶ "...)
	}
	d.buf = fmt.Appendf(d.buf, "%s: %.1f = own %d (D %d) + shared %d · VP %.2f", seatName(seat), pl.combined, pl.scoreOwn, pl.solid, pl.shared, pl.vp)
	d.text(start)
	start = len(d.buf)
	d.buf = append(d.buf, seatName(seat)...)
	d.buf = append(d.buf, ": combined score S_mc, own-space score S_mo, solid cube D, shared score S_ms, this turn's victory points"...)
	d.tip(start)
	d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: x, Y: 16, Size: 12, Fill: referee.PlayerColor(seat), Player: owner})
	cx := x
	for c := 1; c < len(pl.mult); c++ {
		if pl.mult[c] == 0 {
			continue
		}
		start := len(d.buf)
		d.buf = append(d.buf, seatName(seat)...)
		d.buf = append(d.buf, ": colour "...)
		d.int(c)
		d.buf = append(d.buf, " ×"...)
		d.int(pl.mult[c])
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeRect, X: cx, Y: 24, W: 14, H: 14, Fill: colourPalette[c], Stroke: "#444444", Width: 1, Player: owner})
		d.tip(start)
		mult := len(d.buf)
		d.buf = append(d.buf, "×"...)
		d.int(pl.mult[c])
		d.text(mult)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: cx + 17, Y: 35, Size: 11, Fill: "#333333", Player: owner})
		cx += 40
	}
	start = len(d.buf)
	d.buf = fmt.Appendf(d.buf, "cash %d · profit %d · effort %d · singles %d/%d", pl.cash, pl.profit, pl.effort, pl.benefitCubes, pl.benefitSquare)
	d.text(start)
	d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: max(cx, x+120), Y: 35, Size: 11, Fill: "#333333", Player: owner})
}

// drawOwn draws one own space as B_o slices, filled cells merged into rectangles.
func (r *Referee) drawOwn(seat int, x0, y0 float64) {
	d := &r.drawing
	bo := r.p.Bo
	pl := &r.snap.players[seat]
	sliceW := float64(float64(bo) * ownCell)
	owner := d.owner(seat)
	origin := func(z int) (float64, float64) {
		col, row := z%slicesPerRow, z/slicesPerRow
		return x0 + float64(float64(col)*(sliceW+sliceGap)), y0 + float64(float64(row)*(sliceW+sliceLabel+sliceGap)) + sliceLabel
	}
	for z := 0; z < bo; z++ {
		sx, sy := origin(z)
		start := len(d.buf)
		d.buf = append(d.buf, "z="...)
		d.int(z)
		d.text(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeText, X: sx, Y: sy - 2, Size: 9, Fill: "#666"})
		start = len(d.buf)
		d.buf = append(d.buf, seatName(seat)...)
		d.buf = append(d.buf, " own space, slice z="...)
		d.int(z)
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeRect, X: sx, Y: sy, W: sliceW, H: sliceW, Fill: "#f2f2f2", Stroke: "#bbbbbb", Width: 0.5})
		slice := d.own[seat][z]
		for _, m := range d.rects[slice.start:slice.end] {
			start := len(d.buf)
			d.buf = appendCellRange(d.buf, m, z)
			d.tip(start)
			d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeRect,
				X: sx + float64(float64(m.x)*ownCell), Y: sy + float64(float64(m.y)*ownCell), W: float64(m.w) * ownCell, H: float64(m.h) * ownCell,
				Fill: referee.PlayerColor(seat), Player: owner})
		}
	}
	for _, i := range pl.newCubes {
		x, y, z := i%bo, i/bo%bo, i/(bo*bo)
		sx, sy := origin(z)
		start := len(d.buf)
		d.buf = append(d.buf, "placed this turn at ("...)
		d.int(x)
		d.buf = append(d.buf, ',')
		d.int(y)
		d.buf = append(d.buf, ',')
		d.int(z)
		d.buf = append(d.buf, ')')
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeRect, X: sx + float64(float64(x)*ownCell), Y: sy + float64(float64(y)*ownCell),
			W: ownCell, H: ownCell, Stroke: "#000000", Width: 1.5, Player: owner})
	}
	if size, corner := pl.solid, r.solidCorner[seat]; size > 0 && corner >= 0 {
		cx, cy, cz := corner%bo, corner/bo%bo, corner/(bo*bo)
		start := len(d.buf)
		d.buf = append(d.buf, seatName(seat)...)
		d.buf = append(d.buf, ": largest solid cube, edge D="...)
		d.int(size)
		for z := cz - size + 1; z <= cz; z++ {
			sx, sy := origin(z)
			d.tip(start)
			d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeRect,
				X: sx + float64(float64(cx-size+1)*ownCell), Y: sy + float64(float64(cy-size+1)*ownCell), W: float64(size) * ownCell, H: float64(size) * ownCell,
				Stroke: "#111111", Width: 2, Player: owner, Layer: "range"})
		}
	}
}

// drawShared draws the shared space: single-colour rectangles, then this turn's squares
// outlined in the colour of the player who placed them.
func (r *Referee) drawShared(x0, y0 float64) {
	d := &r.drawing
	bs := r.p.Bs
	w := &r.snap
	side := float64(bs) * sharedCell
	d.shapes = append(d.shapes,
		referee.Shape{Kind: referee.ShapeText, X: x0, Y: y0 - 2, Text: "shared space", Size: 9, Fill: "#666"},
		referee.Shape{Kind: referee.ShapeRect, X: x0, Y: y0, W: side, H: side, Fill: "#f2f2f2", Stroke: "#bbbbbb", Width: 0.5})
	for _, m := range d.rects[d.shared.start:d.shared.end] {
		colour := w.shared[m.y*bs+m.x]
		start := len(d.buf)
		d.buf = append(d.buf, "colour "...)
		d.int(int(colour))
		d.buf = append(d.buf, ", area "...)
		d.int(d.labels.sizes[d.labels.label[m.y*bs+m.x]])
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeRect,
			X: x0 + float64(float64(m.x)*sharedCell), Y: y0 + float64(float64(m.y)*sharedCell), W: float64(m.w) * sharedCell, H: float64(m.h) * sharedCell,
			Fill: colourPalette[colour]})
	}
	for seat := range w.players {
		for _, i := range w.players[seat].newSquares {
			x, y := i%bs, i/bs
			start := len(d.buf)
			d.buf = append(d.buf, "placed by "...)
			d.buf = append(d.buf, seatName(seat)...)
			d.buf = append(d.buf, " this turn at ("...)
			d.int(x)
			d.buf = append(d.buf, ',')
			d.int(y)
			d.buf = append(d.buf, ')')
			d.tip(start)
			d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeRect, X: x0 + float64(float64(x)*sharedCell), Y: y0 + float64(float64(y)*sharedCell),
				W: sharedCell, H: sharedCell, Stroke: referee.PlayerColor(seat), Width: 2, Player: d.owner(seat)})
		}
	}
}

// appendCellRange writes the short hover text of a filled rectangle of a slice:
// "x 5-6, y 0, z 3".
func appendCellRange(b []byte, m meshRect, z int) []byte {
	span := func(lo, n int) {
		b = strconv.AppendInt(b, int64(lo), 10)
		if n > 1 {
			b = append(b, '-')
			b = strconv.AppendInt(b, int64(lo+n-1), 10)
		}
	}
	b = append(b, "x "...)
	span(m.x, m.w)
	b = append(b, ", y "...)
	span(m.y, m.h)
	b = append(b, ", z "...)
	return strconv.AppendInt(b, int64(z), 10)
}

// maxTicks bounds the threshold ticks drawn on the effort track.
const maxTicks = 100

func (r *Referee) drawTrack(x0, y, length float64) {
	d := &r.drawing
	w := &r.snap
	end := max(r.p.Ee, w.players[0].effort, w.players[1].effort) + 1
	at := func(e int) float64 { return x0 + length*float64(e)/float64(end) }
	d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeLine, X: x0, Y: y, X2: x0 + length, Y2: y, Stroke: "#999999", Width: 2})
	start := len(d.buf)
	d.buf = append(d.buf, "end of the effort track: "...)
	d.int(r.p.Ee)
	d.tip(start)
	d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeLine, X: at(r.p.Ee), Y: y - 10, X2: at(r.p.Ee), Y2: y + 10, Stroke: "#333333", Width: 2})
	if r.p.Ee/r.p.Ep <= maxTicks {
		for t := r.p.Ep; t < r.p.Ee; t += r.p.Ep {
			start := len(d.buf)
			d.buf = append(d.buf, "threshold "...)
			d.int(t)
			d.tip(start)
			d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeLine, X: at(t), Y: y - 5, X2: at(t), Y2: y + 5, Stroke: "#999999", Width: 1})
		}
	}
	for seat := range w.players {
		e := w.players[seat].effort
		radius := 5.0
		if !w.over && w.active == seat {
			radius = 8
		}
		dy := -8.0 + float64(16*float64(seat))
		start := len(d.buf)
		d.buf = append(d.buf, seatName(seat)...)
		d.buf = append(d.buf, " effort "...)
		d.int(e)
		d.tip(start)
		d.shapes = append(d.shapes, referee.Shape{Kind: referee.ShapeCircle, X: at(e), Y: y + dy, R: radius, Fill: referee.PlayerColor(seat),
			Player: d.owner(seat)})
	}
}

// meshRect is a rectangle of equal set cells.
type meshRect struct{ x, y, w, h int }

// mesh covers the set (non-zero) cells of a w×h grid, stored row by row, with few
// rectangles of equal value (greedy: widest run first, then as many rows down as match),
// to keep frames small. It appends them to out; used is room for w×h marks, grown when
// short and returned for the next call.
func mesh[T bool | uint8](w, h int, cells []T, out []meshRect, used []bool) ([]meshRect, []bool) {
	if len(used) < w*h {
		used = make([]bool, w*h)
	}
	used = used[:w*h]
	clear(used)
	var unset T
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := cells[y*w+x]
			if v == unset || used[y*w+x] {
				continue
			}
			rw := 1
			for x+rw < w && !used[y*w+x+rw] && cells[y*w+x+rw] == v {
				rw++
			}
			rh := 1
		grow:
			for y+rh < h {
				for i := 0; i < rw; i++ {
					if used[(y+rh)*w+x+i] || cells[(y+rh)*w+x+i] != v {
						break grow
					}
				}
				rh++
			}
			for dy := 0; dy < rh; dy++ {
				for i := 0; i < rw; i++ {
					used[(y+dy)*w+x+i] = true
				}
			}
			out = append(out, meshRect{x, y, rw, rh})
		}
	}
	return out, used
}
