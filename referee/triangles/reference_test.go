package triangles

// The frame drawing and the input writing as first written, kept as the references the
// faster ones must match byte for byte (equivalence_test.go): a replay verifies by
// comparing frames, and a bot must read the same text.

import (
	"strconv"
	"strings"

	"github.com/arena-games/arena/referee"
)

// referenceInput is the first input writer, from lists of the graph made afresh.
func referenceInput(m *match, p int) string {
	b := m.b
	paths, linkable := b.paths(), b.linkable()
	var sb strings.Builder
	sb.Grow(64 * (b.size() + len(paths) + len(b.triangles) + len(linkable)))
	line := func(nums ...int) {
		for i, n := range nums {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(n))
		}
		sb.WriteByte('\n')
	}
	if !m.asked[p] {
		line(b.size())
		for h, pos := range b.pos {
			line(h, pos.x, pos.y)
		}
	}
	line(m.scores[p], m.scores[1-p])
	for h, u := range b.units {
		line(h, u[p], u[1-p])
	}
	line(len(paths))
	for _, e := range paths {
		line(e[0], e[1])
	}
	line(len(b.triangles))
	for _, t := range b.triangles {
		owner := none
		if t.owner != none {
			owner = 0
			if t.owner != p {
				owner = 1
			}
		}
		line(t.c[0], t.c[1], t.c[2], owner, flag(t.canCapture[p]), flag(t.canCapture[1-p]))
	}
	line(len(linkable))
	for _, e := range linkable {
		line(e[0], e[1])
	}
	return sb.String()
}

// referenceDraw is the first drawing of a frame.
func referenceDraw(m *match, debug []referee.Shape) referee.Frame {
	b := m.b
	owners := make([]int, b.size())
	state := frameState{Turn: m.turn, Scores: m.scores, Total: len(b.triangles), Messages: m.message}
	for h := range owners {
		owners[h] = b.houseOwner(h)
		if owners[h] != none {
			state.Houses[owners[h]]++
		}
	}
	for p := 0; p < 2; p++ {
		state.Units[p] = b.totalUnits(p)
		state.Triangles[p] = b.ownedTriangles(p)
	}
	shapes := make([]referee.Shape, 0, len(b.triangles)+3*b.size()+len(debug)+64)
	for _, t := range b.triangles {
		shapes = append(shapes, referenceTriangleShape(m, t))
	}
	for _, e := range b.paths() {
		p, q := b.pos[e[0]], b.pos[e[1]]
		shapes = append(shapes, referee.Shape{Kind: referee.ShapeLine, X: float64(p.x), Y: float64(p.y), X2: float64(q.x), Y2: float64(q.y),
			Stroke: pathColour, Width: 5, Tip: "path " + itoa(e[0]) + "-" + itoa(e[1])})
	}
	for h, pos := range b.pos {
		shapes = append(shapes, referenceHouseShapes(m, h, pos, owners[h])...)
	}
	shapes = append(shapes, debug...)
	events := m.events
	if len(events) == 0 {
		events = nil
	}
	return referee.Frame{
		View:   &referee.View{Width: worldWidth, Height: worldHeight, Background: background},
		Shapes: shapes,
		State:  state,
		Events: events,
	}
}

func referenceTriangleShape(m *match, t *triangle) referee.Shape {
	b := m.b
	pts := make([]float64, 0, 6)
	for _, c := range t.c {
		pts = append(pts, float64(b.pos[c].x), float64(b.pos[c].y))
	}
	owner := "nobody"
	fill, alpha := "#ffffff", 0.06
	if t.owner != none {
		owner = "P" + itoa(t.owner)
		fill, alpha = referee.PlayerColor(t.owner), 0.4
	}
	return referee.Shape{Kind: referee.ShapePoly, Points: pts, Fill: fill, Alpha: alpha, Player: referee.Owner(t.owner),
		Tip: "triangle " + itoa(t.c[0]) + " " + itoa(t.c[1]) + " " + itoa(t.c[2]) + ": owned by " + owner +
			"; P0 can capture: " + yesNo(t.canCapture[0]) + ", P1 can capture: " + yesNo(t.canCapture[1])}
}

func referenceHouseShapes(m *match, h int, pos point, owner int) []referee.Shape {
	u := m.b.units[h]
	x, y := float64(pos.x), float64(pos.y)
	ownerName := "nobody"
	if owner != none {
		ownerName = "P" + itoa(owner)
	}
	tip := "house " + itoa(h) + " (" + itoa(pos.x) + "," + itoa(pos.y) + "): P0 " + units(u[0]) + ", P1 " + units(u[1]) + "; owned by " + ownerName
	out := []referee.Shape{
		{Kind: referee.ShapeCircle, X: x, Y: y, R: houseRadius, Fill: referee.PlayerColor(owner), Stroke: "#ffffff", Width: 2,
			Player: referee.Owner(owner), Tip: tip},
		{Kind: referee.ShapeText, X: x - 8, Y: y + 6, Text: itoa(h), Size: 16, Fill: "#ffffff"},
	}
	// Unit counts sit under the house: the first player's on the left, the second's on the right.
	for p := 0; p < 2; p++ {
		if u[p] == 0 {
			continue
		}
		out = append(out, referee.Shape{Kind: referee.ShapeText, X: x - 30 + float64(float64(p)*34), Y: y + 46, Text: itoa(u[p]), Size: 20,
			Fill: referee.PlayerColor(p), Player: referee.Owner(p), Tip: "P" + itoa(p) + ": " + units(u[p]) + " on house " + itoa(h)})
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

func units(n int) string {
	if n == 1 {
		return "1 unit"
	}
	return itoa(n) + " units"
}
