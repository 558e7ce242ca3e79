package agrid

import (
	"fmt"
	"math"
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
	// Hills never change; a horizontal run of them is one shape.
	for y := 0; y < a; y++ {
		for x := 0; x < a; x++ {
			if r.posts[y*a+x] != hill {
				continue
			}
			end := x
			for end+1 < a && r.posts[y*a+end+1] == hill {
				end++
			}
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect, X: float64(x) + 0.15, Y: float64(y) + 0.15, W: round2(float64(end-x) + 0.7), H: 0.7, Fill: hillColor})
			x = end
		}
	}
	shapes = r.drawMarkers(shapes)
	markers := make([]int, len(r.teams))
	for _, c := range r.posts {
		if isMarker(c) {
			markers[r.seatOf(c)]++
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

// drawMarkers draws the markers run by run, which keeps frames small on crowded maps: a
// horizontal run of same-colour markers is one bar (its markers and the fences between
// them), a vertical run of two or more is one line (its fences). Fences across the torus
// edge are drawn as two halves, one on each side.
func (r *Referee) drawMarkers(shapes []referee.Shape) []referee.Shape {
	a := r.p.A
	at := func(x, y int) byte { return r.posts[mod(y, a)*a+mod(x, a)] }
	fence := func(c byte, x1, y1, x2, y2 float64) referee.Shape {
		seat := r.seatOf(c)
		return referee.Shape{Kind: referee.ShapeLine, X: x1, Y: y1, X2: x2, Y2: y2, Stroke: referee.PlayerColor(seat), Width: 0.12, Player: referee.Owner(seat)}
	}
	for y := 0; y < a; y++ {
		for x := 0; x < a; {
			c := at(x, y)
			if !isMarker(c) {
				x++
				continue
			}
			end := x
			for end+1 < a && at(end+1, y) == c {
				end++
			}
			seat := r.seatOf(c)
			tip := fmt.Sprintf("marker %c at (%d,%d), %s left", c, x, y, referee.Count(r.expiry[y*a+x]-r.turn, "turn", "turns"))
			if end > x {
				tip = fmt.Sprintf("%d markers %c from (%d,%d) to (%d,%d)", end-x+1, c, x, y, end, y)
			}
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect, X: float64(x) + 0.32, Y: float64(y) + 0.32,
				W: round2(float64(end-x) + 0.36), H: 0.36, Fill: referee.PlayerColor(seat), Player: referee.Owner(seat), Tip: tip})
			x = end + 1
		}
		if c := at(0, y); isMarker(c) && at(a-1, y) == c {
			fy := float64(y) + 0.5
			shapes = append(shapes, fence(c, float64(a)-0.5, fy, float64(a), fy), fence(c, 0, fy, 0.5, fy))
		}
	}
	for x := 0; x < a; x++ {
		for y := 0; y < a; {
			c := at(x, y)
			end := y
			for isMarker(c) && end+1 < a && at(x, end+1) == c {
				end++
			}
			if end > y {
				fx := float64(x) + 0.5
				shapes = append(shapes, fence(c, fx, float64(y)+0.5, fx, float64(end)+0.5))
			}
			y = end + 1
		}
		if c := at(x, 0); isMarker(c) && at(x, a-1) == c {
			fx := float64(x) + 0.5
			shapes = append(shapes, fence(c, fx, float64(a)-0.5, fx, float64(a)), fence(c, fx, 0, fx, 0.5))
		}
	}
	return shapes
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

// round2 keeps two decimals, so that sums like 1 + 0.36 print short in replays.
func round2(v float64) float64 { return math.Round(v*100) / 100 }
