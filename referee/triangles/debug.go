package triangles

import (
	"github.com/arena-games/arena/referee"
)

// maxDebugEntities is how many drawing entities the original's viewer ever creates for one
// player; entities are reused by kind from frame to frame, and drawings beyond the pool
// are dropped.
const maxDebugEntities = 50

// debugPool replays the original viewer's entity pool so that the same drawings show.
type debugPool struct {
	created [2][4]int // per player, per kind (line, rect, circle, text)
	total   [2]int
}

// shapes turns this turn's debug commands into frame shapes in the players' colours.
func (d *debugPool) shapes(lines [2]lineOrders) []referee.Shape {
	var out []referee.Shape
	for p := 0; p < 2; p++ {
		free := d.created[p]
		for _, pc := range lines[p].pieces {
			if pc.kind < cmdLine {
				continue
			}
			kind := int(pc.kind - cmdLine)
			switch {
			case free[kind] > 0:
				free[kind]--
			case d.total[p] < maxDebugEntities:
				d.total[p]++
				d.created[p][kind]++
			default:
				continue
			}
			out = append(out, debugShape(p, pc))
		}
	}
	return out
}

func debugShape(p int, pc piece) referee.Shape {
	s := referee.Shape{Player: referee.Owner(p), Layer: "debug", Stroke: referee.PlayerColor(p), Width: 2}
	n := make([]float64, len(pc.nums))
	for i, v := range pc.nums {
		n[i] = float64(v)
	}
	switch pc.kind {
	case cmdLine:
		s.Kind, s.X, s.Y, s.X2, s.Y2 = referee.ShapeLine, n[0], n[1], n[2], n[3]
	case cmdRect:
		s.Kind, s.X, s.Y, s.W, s.H = referee.ShapeRect, n[0], n[1], n[2], n[3]
		if s.W < 0 { // drawn from the other corner, as a canvas does
			s.X, s.W = s.X+s.W, -s.W
		}
		if s.H < 0 {
			s.Y, s.H = s.Y+s.H, -s.H
		}
	case cmdCircle:
		r := n[2]
		if r < 0 {
			r = -r
		}
		s.Kind, s.X, s.Y, s.R = referee.ShapeCircle, n[0], n[1], r
	case cmdText:
		s.Kind, s.X, s.Y, s.Text, s.Size = referee.ShapeText, n[0], n[1], pc.note, 24
		s.Fill, s.Stroke, s.Width = referee.PlayerColor(p), "", 0
	}
	return s
}
