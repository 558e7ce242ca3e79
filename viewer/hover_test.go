package viewer_test

import (
	"math"

	"github.com/arena-games/arena/referee"
)

// This file picks a shape to hover in the browser tests, independently of the page's own
// hit-testing: a point well inside a shape with a tip, which no shape drawn later and
// having a tip comes near, so that whatever the details of the page's tolerances, its
// tooltip must be that shape's tip.

type worldPoint struct{ X, Y float64 }

// hoverTarget returns a shape with a tip and a world point where the page must show it,
// preferring the shapes drawn last (units usually, over the map). scale is screen pixels
// per world unit.
func hoverTarget(shapes []referee.Shape, view referee.View, scale float64) (referee.Shape, worldPoint, bool) {
	margin := 8 / scale // well beyond the page's 4-pixel tolerance
	for i := len(shapes) - 1; i >= 0; i-- {
		s := shapes[i]
		if s.Tip == "" {
			continue
		}
		p, ok := innerPoint(s, scale)
		if !ok || p.X < margin || p.Y < margin || p.X > view.Width-margin || p.Y > view.Height-margin {
			continue
		}
		covered := false
		for _, above := range shapes[i+1:] {
			if above.Tip != "" && nearShape(above, p, margin) {
				covered = true
				break
			}
		}
		if !covered {
			return s, p, true
		}
	}
	return referee.Shape{}, worldPoint{}, false
}

// innerPoint is a point well inside a shape, for shapes big enough on screen to aim at.
func innerPoint(s referee.Shape, scale float64) (worldPoint, bool) {
	switch s.Kind {
	case referee.ShapeCircle:
		return worldPoint{s.X, s.Y}, math.Abs(s.R)*scale >= 3
	case referee.ShapeRect:
		return worldPoint{s.X + s.W/2, s.Y + s.H/2}, math.Abs(s.W)*scale >= 4 && math.Abs(s.H)*scale >= 4
	case referee.ShapeLine:
		return worldPoint{(s.X + s.X2) / 2, (s.Y + s.Y2) / 2}, math.Hypot(s.X2-s.X, s.Y2-s.Y)*scale >= 8
	case referee.ShapePoly:
		n := len(s.Points) / 2
		if n < 3 {
			return worldPoint{}, false
		}
		var c worldPoint
		for k := 0; k < n; k++ {
			c.X += s.Points[2*k] / float64(n)
			c.Y += s.Points[2*k+1] / float64(n)
		}
		return c, insidePolygon(c, s.Points) && !nearPolygonEdge(c, s.Points, 4/scale)
	}
	return worldPoint{}, false // text: its size on screen depends on the font
}

// nearShape says whether p is inside s or within margin of it (text by a generous box).
func nearShape(s referee.Shape, p worldPoint, margin float64) bool {
	switch s.Kind {
	case referee.ShapeCircle:
		return math.Hypot(p.X-s.X, p.Y-s.Y) <= math.Abs(s.R)+s.Width/2+margin
	case referee.ShapeRect:
		x0, x1 := math.Min(s.X, s.X+s.W), math.Max(s.X, s.X+s.W)
		y0, y1 := math.Min(s.Y, s.Y+s.H), math.Max(s.Y, s.Y+s.H)
		return p.X >= x0-margin && p.X <= x1+margin && p.Y >= y0-margin && p.Y <= y1+margin
	case referee.ShapeLine:
		return segmentDistance(p, s.X, s.Y, s.X2, s.Y2) <= s.Width/2+margin
	case referee.ShapePoly:
		return insidePolygon(p, s.Points) || nearPolygonEdge(p, s.Points, margin)
	case referee.ShapeText:
		size := s.Size
		if size <= 0 {
			size = 12
		}
		lines := 1.0
		longest := 0
		for _, l := range splitLines(s.Text) {
			longest = max(longest, len([]rune(l)))
			lines++
		}
		return p.X >= s.X-margin && p.X <= s.X+0.8*size*float64(longest)+margin &&
			p.Y >= s.Y-1.3*size-margin && p.Y <= s.Y+1.2*size*(lines-1)+margin
	}
	return false
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func segmentDistance(p worldPoint, x1, y1, x2, y2 float64) float64 {
	dx, dy := x2-x1, y2-y1
	k := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		k = math.Max(0, math.Min(1, ((p.X-x1)*dx+(p.Y-y1)*dy)/l2))
	}
	return math.Hypot(p.X-(x1+k*dx), p.Y-(y1+k*dy))
}

func insidePolygon(p worldPoint, pts []float64) bool {
	n := len(pts) / 2
	inside := false
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		xi, yi, xj, yj := pts[2*i], pts[2*i+1], pts[2*j], pts[2*j+1]
		if (yi > p.Y) != (yj > p.Y) && p.X < (xj-xi)*(p.Y-yi)/(yj-yi)+xi {
			inside = !inside
		}
	}
	return inside
}

func nearPolygonEdge(p worldPoint, pts []float64, margin float64) bool {
	n := len(pts) / 2
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		if segmentDistance(p, pts[2*j], pts[2*j+1], pts[2*i], pts[2*i+1]) <= margin {
			return true
		}
	}
	return false
}
