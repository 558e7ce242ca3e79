package bestow

// The frame drawing as first written, kept as the reference the faster one must match
// byte for byte (equivalence_test.go): a replay verifies by comparing frames.

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

// referenceFrame draws both own spaces as slices z = 0, 1, … and the shared space between them,
// with the effort track below.
func referenceFrame(r *Referee) referee.Frame {
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

	var shapes []referee.Shape
	blockX := [2]float64{margin, margin + blockW + blockGap + sharedW + blockGap}
	for seat := range w.players {
		shapes = referenceDrawHeader(r, shapes, seat, blockX[seat])
		shapes = referenceDrawOwn(r, shapes, seat, blockX[seat], top)
	}
	shapes = referenceDrawShared(r, shapes, margin+blockW+blockGap, top)
	shapes = referenceDrawTrack(r, shapes, margin, top+bodyH+trackHeight/2, width-2*margin)

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

func referenceDrawHeader(r *Referee, shapes []referee.Shape, seat int, x float64) []referee.Shape {
	pl := &r.snap.players[seat]
	owner := referee.Owner(seat)
	title := fmt.Sprintf("%s: %.1f = own %d (D %d) + shared %d · VP %.2f", seatName(seat), pl.combined, pl.scoreOwn, pl.solid, pl.shared, pl.vp)
	if !r.snap.over && r.snap.active == seat {
		title = "▶ " + title
	}
	shapes = append(shapes, referee.Shape{Kind: referee.ShapeText, X: x, Y: 16, Text: title, Size: 12,
		Fill: referee.PlayerColor(seat), Player: owner, Tip: fmt.Sprintf("%s: combined score S_mc, own-space score S_mo, solid cube D, shared score S_ms, this turn's victory points", seatName(seat))})
	cx := x
	for c := 1; c < len(pl.mult); c++ {
		if pl.mult[c] == 0 {
			continue
		}
		tip := fmt.Sprintf("%s: colour %d ×%d", seatName(seat), c, pl.mult[c])
		shapes = append(shapes,
			referee.Shape{Kind: referee.ShapeRect, X: cx, Y: 24, W: 14, H: 14, Fill: colourPalette[c], Stroke: "#444444", Width: 1, Player: owner, Tip: tip},
			referee.Shape{Kind: referee.ShapeText, X: cx + 17, Y: 35, Text: fmt.Sprintf("×%d", pl.mult[c]), Size: 11, Fill: "#333333", Player: owner, Tip: tip})
		cx += 40
	}
	shapes = append(shapes, referee.Shape{Kind: referee.ShapeText, X: max(cx, x+120), Y: 35, Size: 11, Fill: "#333333", Player: owner,
		Text: fmt.Sprintf("cash %d · profit %d · effort %d · singles %d/%d", pl.cash, pl.profit, pl.effort, pl.benefitCubes, pl.benefitSquare)})
	return shapes
}

// referenceDrawOwn draws one own space as B_o slices, filled cells merged into rectangles.
func referenceDrawOwn(r *Referee, shapes []referee.Shape, seat int, x0, y0 float64) []referee.Shape {
	bo := r.p.Bo
	pl := &r.snap.players[seat]
	sliceW := float64(float64(bo) * ownCell)
	owner := referee.Owner(seat)
	origin := func(z int) (float64, float64) {
		col, row := z%slicesPerRow, z/slicesPerRow
		return x0 + float64(float64(col)*(sliceW+sliceGap)), y0 + float64(float64(row)*(sliceW+sliceLabel+sliceGap)) + sliceLabel
	}
	for z := 0; z < bo; z++ {
		sx, sy := origin(z)
		shapes = append(shapes,
			referee.Shape{Kind: referee.ShapeText, X: sx, Y: sy - 2, Text: fmt.Sprintf("z=%d", z), Size: 9, Fill: "#666"},
			referee.Shape{Kind: referee.ShapeRect, X: sx, Y: sy, W: sliceW, H: sliceW, Fill: "#f2f2f2", Stroke: "#bbbbbb", Width: 0.5,
				Tip: fmt.Sprintf("%s own space, slice z=%d", seatName(seat), z)})
		for _, m := range referenceMesh(bo, bo, func(x, y int) int {
			if pl.own[ownIndex(bo, vec3{x, y, z})] {
				return 1
			}
			return 0
		}) {
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect,
				X: sx + float64(float64(m.x)*ownCell), Y: sy + float64(float64(m.y)*ownCell), W: float64(m.w) * ownCell, H: float64(m.h) * ownCell,
				Fill: referee.PlayerColor(seat), Player: owner, Tip: referenceCellRange(m, z)})
		}
	}
	for _, i := range pl.newCubes {
		x, y, z := i%bo, i/bo%bo, i/(bo*bo)
		sx, sy := origin(z)
		shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect, X: sx + float64(float64(x)*ownCell), Y: sy + float64(float64(y)*ownCell),
			W: ownCell, H: ownCell, Stroke: "#000000", Width: 1.5, Player: owner, Tip: fmt.Sprintf("placed this turn at (%d,%d,%d)", x, y, z)})
	}
	if d, corner := pl.solid, r.solidCorner[seat]; d > 0 && corner >= 0 {
		cx, cy, cz := corner%bo, corner/bo%bo, corner/(bo*bo)
		for z := cz - d + 1; z <= cz; z++ {
			sx, sy := origin(z)
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect,
				X: sx + float64(float64(cx-d+1)*ownCell), Y: sy + float64(float64(cy-d+1)*ownCell), W: float64(d) * ownCell, H: float64(d) * ownCell,
				Stroke: "#111111", Width: 2, Player: owner, Layer: "range",
				Tip: fmt.Sprintf("%s: largest solid cube, edge D=%d", seatName(seat), d)})
		}
	}
	return shapes
}

// referenceDrawShared draws the shared space: single-colour rectangles, then this turn's squares
// outlined in the colour of the player who placed them.
func referenceDrawShared(r *Referee, shapes []referee.Shape, x0, y0 float64) []referee.Shape {
	bs := r.p.Bs
	w := &r.snap
	side := float64(bs) * sharedCell
	shapes = append(shapes,
		referee.Shape{Kind: referee.ShapeText, X: x0, Y: y0 - 2, Text: "shared space", Size: 9, Fill: "#666"},
		referee.Shape{Kind: referee.ShapeRect, X: x0, Y: y0, W: side, H: side, Fill: "#f2f2f2", Stroke: "#bbbbbb", Width: 0.5})
	var labels areas
	labels.find(bs, w.shared)
	for _, m := range referenceMesh(bs, bs, func(x, y int) int { return int(w.shared[y*bs+x]) }) {
		area := labels.label[m.y*bs+m.x]
		shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect,
			X: x0 + float64(float64(m.x)*sharedCell), Y: y0 + float64(float64(m.y)*sharedCell), W: float64(m.w) * sharedCell, H: float64(m.h) * sharedCell,
			Fill: colourPalette[m.v], Tip: fmt.Sprintf("colour %d, area %d", m.v, labels.sizes[area])})
	}
	for seat := range w.players {
		for _, i := range w.players[seat].newSquares {
			x, y := i%bs, i/bs
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect, X: x0 + float64(float64(x)*sharedCell), Y: y0 + float64(float64(y)*sharedCell),
				W: sharedCell, H: sharedCell, Stroke: referee.PlayerColor(seat), Width: 2, Player: referee.Owner(seat),
				Tip: fmt.Sprintf("placed by %s this turn at (%d,%d)", seatName(seat), x, y)})
		}
	}
	return shapes
}

// referenceCellRange is the short hover text of a filled rectangle of a slice: "x 5-6, y 0, z 3".
func referenceCellRange(m referenceMeshRect, z int) string {
	span := func(lo, n int) string {
		if n == 1 {
			return fmt.Sprint(lo)
		}
		return fmt.Sprintf("%d-%d", lo, lo+n-1)
	}
	return "x " + span(m.x, m.w) + ", y " + span(m.y, m.h) + ", z " + fmt.Sprint(z)
}

func referenceDrawTrack(r *Referee, shapes []referee.Shape, x0, y, length float64) []referee.Shape {
	w := &r.snap
	end := max(r.p.Ee, w.players[0].effort, w.players[1].effort) + 1
	at := func(e int) float64 { return x0 + length*float64(e)/float64(end) }
	shapes = append(shapes,
		referee.Shape{Kind: referee.ShapeLine, X: x0, Y: y, X2: x0 + length, Y2: y, Stroke: "#999999", Width: 2},
		referee.Shape{Kind: referee.ShapeLine, X: at(r.p.Ee), Y: y - 10, X2: at(r.p.Ee), Y2: y + 10, Stroke: "#333333", Width: 2, Tip: fmt.Sprintf("end of the effort track: %d", r.p.Ee)})
	if r.p.Ee/r.p.Ep <= maxTicks {
		for t := r.p.Ep; t < r.p.Ee; t += r.p.Ep {
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeLine, X: at(t), Y: y - 5, X2: at(t), Y2: y + 5, Stroke: "#999999", Width: 1, Tip: fmt.Sprintf("threshold %d", t)})
		}
	}
	for seat := range w.players {
		e := w.players[seat].effort
		radius := 5.0
		if !w.over && w.active == seat {
			radius = 8
		}
		dy := -8.0 + float64(16*float64(seat))
		shapes = append(shapes, referee.Shape{Kind: referee.ShapeCircle, X: at(e), Y: y + dy, R: radius, Fill: referee.PlayerColor(seat),
			Player: referee.Owner(seat), Tip: fmt.Sprintf("%s effort %d", seatName(seat), e)})
	}
	return shapes
}

// referenceMeshRect is a rectangle of equal non-zero values.
type referenceMeshRect struct{ x, y, w, h, v int }

// referenceMesh covers the non-zero cells of a w×h grid with few rectangles of equal value
// (greedy: widest run first, then as many rows down as match), to keep frames small.
func referenceMesh(w, h int, value func(x, y int) int) []referenceMeshRect {
	used := make([]bool, w*h)
	var out []referenceMeshRect
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := value(x, y)
			if v == 0 || used[y*w+x] {
				continue
			}
			rw := 1
			for x+rw < w && !used[y*w+x+rw] && value(x+rw, y) == v {
				rw++
			}
			rh := 1
		grow:
			for y+rh < h {
				for i := 0; i < rw; i++ {
					if used[(y+rh)*w+x+i] || value(x+i, y+rh) != v {
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
			out = append(out, referenceMeshRect{x, y, rw, rh, v})
		}
	}
	return out
}
