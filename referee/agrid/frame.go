package agrid

import (
	"fmt"
	"strings"

	"github.com/arena-games/arena/referee"
)

// Drawing: post (x, y) is drawn at (x+0.5, y+0.5) in an A×A view; field (i, j) is the unit
// square between posts (i, j) and (i+1, j+1). Shapes that cross the torus edge are drawn on
// both sides.

const (
	backgroundColor = "#efe6cc"
	hillColor       = "#8a7a66"
)

type frameState struct {
	Turn      int         `json:"turn"`
	TurnsLeft int         `json:"turns_left"`
	Countdown int         `json:"countdown"`
	Teams     []teamState `json:"teams"`
}

type teamState struct {
	Color       string  `json:"color"`
	Score       float64 `json:"score"` // raw total × K
	LastGain    float64 `json:"last_gain"`
	Markers     int     `json:"markers"`
	Harvests    int     `json:"harvests"`
	LargestArea int     `json:"largest_area"`
	Placed      int     `json:"placed"`
	Status      string  `json:"status,omitempty"`
}

// Frame draws the torus after the last resolution: harvested BLOBs of that turn (layer
// "range"), hills, fences, markers and workers.
func (r *Referee) Frame() referee.Frame {
	a := r.p.A
	var shapes []referee.Shape
	for _, h := range r.last.harvested {
		tip := fmt.Sprintf("%c harvested a BLOB: own area %d, value %s", teamColors[h.seat], h.q, formatReal(h.value))
		for _, f := range h.fields {
			x, y := float64(f%a)+0.5, float64(f/a)+0.5
			for _, dx := range wrapCopies(f%a, a) {
				for _, dy := range wrapCopies(f/a, a) {
					shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect, X: x + dx, Y: y + dy, W: 1, H: 1,
						Fill: referee.PlayerColor(h.seat), Alpha: 0.35, Player: referee.Owner(h.seat), Layer: "range", Tip: tip})
				}
			}
		}
	}
	markers := make([]int, len(r.teams))
	for i, c := range r.posts {
		x, y := float64(i%a)+0.5, float64(i/a)+0.5
		switch {
		case c == hill:
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect, X: x - 0.35, Y: y - 0.35, W: 0.7, H: 0.7, Fill: hillColor,
				Tip: fmt.Sprintf("hill (%d,%d)", i%a, i/a)})
		case isMarker(c):
			seat := r.seatOf(c)
			markers[seat]++
			if right := neighbour(a, i, 1, 0); r.posts[right] == c {
				shapes = append(shapes, r.fence(seat, x, y, 1, 0, i%a == a-1)...)
			}
			if down := neighbour(a, i, 0, 1); r.posts[down] == c {
				shapes = append(shapes, r.fence(seat, x, y, 0, 1, i/a == a-1)...)
			}
		}
	}
	for i, c := range r.posts {
		if isMarker(c) {
			seat := r.seatOf(c)
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeCircle, X: float64(i%a) + 0.5, Y: float64(i/a) + 0.5, R: 0.2,
				Fill: referee.PlayerColor(seat), Player: referee.Owner(seat),
				Tip: fmt.Sprintf("marker %c at (%d,%d), %d turns left", c, i%a, i/a, r.expiry[i]-r.turn)})
		}
	}
	state := frameState{Turn: r.turn, TurnsLeft: max(r.p.Turns-1-r.turn, 0), Countdown: r.countdown}
	for seat, t := range r.teams {
		for _, w := range t.workers {
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeCircle, X: float64(w.post%a) + 0.5, Y: float64(w.post/a) + 0.5, R: 0.38,
				Fill: referee.PlayerColor(seat), Stroke: "#000000", Width: 0.06, Alpha: 0.8, Player: referee.Owner(seat),
				Tip: fmt.Sprintf("worker %c%d at (%d,%d), storage %s", t.color, w.id, w.post%a, w.post/a, storageText(w))})
		}
		st := teamState{Color: string(t.color), Score: t.score * r.p.K, LastGain: r.last.gains[seat] * r.p.K, Markers: markers[seat],
			Harvests: t.harvests, LargestArea: t.largestArea, Placed: t.placed}
		if t.status != referee.StatusOK {
			st.Status = string(t.status)
		}
		state.Teams = append(state.Teams, st)
	}
	return referee.Frame{
		View:   &referee.View{Width: float64(a), Height: float64(a), Background: backgroundColor},
		Shapes: shapes,
		State:  state,
		Events: append([]string(nil), r.last.events...),
	}
}

// fence draws the segment from a post to its right or lower neighbour; across the torus
// edge it is drawn as two halves, one on each side.
func (r *Referee) fence(seat int, x, y, dx, dy float64, wraps bool) []referee.Shape {
	line := func(x1, y1, x2, y2 float64) referee.Shape {
		return referee.Shape{Kind: referee.ShapeLine, X: x1, Y: y1, X2: x2, Y2: y2, Stroke: referee.PlayerColor(seat), Width: 0.12, Player: referee.Owner(seat)}
	}
	if !wraps {
		return []referee.Shape{line(x, y, x+dx, y+dy)}
	}
	a := float64(r.p.A)
	return []referee.Shape{line(x, y, x+dx/2, y+dy/2), line(x+dx-dx*a, y+dy-dy*a, x+dx/2-dx*a, y+dy/2-dy*a)}
}

// wrapCopies gives the offsets at which a field at coordinate i is drawn: the last field
// of a row or column straddles the edge and is drawn on both sides.
func wrapCopies(i, a int) []float64 {
	if i == a-1 {
		return []float64{0, -float64(a)}
	}
	return []float64{0}
}

func storageText(w *worker) string {
	var parts []string
	for seat, k := range w.storage {
		if k > 0 {
			parts = append(parts, fmt.Sprintf("%c×%d", teamColors[seat], k))
		}
	}
	if len(parts) == 0 {
		return "empty"
	}
	return strings.Join(parts, " ")
}
