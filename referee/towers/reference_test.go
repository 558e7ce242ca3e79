package towers

// The input writing, the answer parsing and the frame as first written, kept as the
// references the faster ones must match byte for byte (equivalence_test.go): a bot must
// read the same text, an answer must give the same commands, or be refused with the same
// message, and a replay verifies by comparing frames.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// referenceTurnInput is the first input writer, with the scores counted tile by tile.
func referenceTurnInput(g *game, p int) string {
	buf := make([]byte, 0, 4096)
	num := func(v int) { buf = strconv.AppendInt(buf, int64(v), 10) }
	sp := func() { buf = append(buf, ' ') }
	nl := func() { buf = append(buf, '\n') }

	num(g.turn + 1)
	sp()
	num(g.money[p])
	sp()
	num(referenceScore(&g.land, p))
	sp()
	num(referenceScore(&g.land, 1-p))
	nl()
	for vy := range mapSize {
		for vx := range mapSize {
			x, y := tileToWorld(p, vx, vy)
			flag := byte('0')
			if g.land.owns(p, x, y) {
				flag++
			}
			if g.land.owns(1-p, x, y) {
				flag += 2
			}
			buf = append(buf, flag)
		}
		nl()
	}
	for _, owner := range [2]int{p, 1 - p} {
		num(soldiersEach)
		nl()
		for i := range soldiersEach {
			s := &g.soldiers[owner*soldiersEach+i]
			pos := toWorld(p, s.pos)
			respawnIn := 0
			if !s.alive() {
				respawnIn = s.respawnTurn - g.turn
			}
			num(s.id)
			sp()
			num(pos.x)
			sp()
			num(pos.y)
			sp()
			num(s.hp)
			sp()
			buf = append(buf, s.state.String()...)
			sp()
			num(s.immune)
			sp()
			num(respawnIn)
			nl()
		}
	}
	for _, owner := range [2]int{p, 1 - p} {
		num(len(g.towers[owner]))
		nl()
		for _, t := range g.towers[owner] {
			tx, ty := tileToWorld(p, t.tx, t.ty)
			num(t.id)
			sp()
			num(tx)
			sp()
			num(ty)
			sp()
			num(t.hp)
			sp()
			num(t.level)
			sp()
			num(boolInt(t.base))
			nl()
		}
	}
	return string(buf)
}

// referenceScore counts the tiles a player owns.
func referenceScore(t *territory, player int) int {
	n := 0
	for y := range mapSize {
		for x := range mapSize {
			if t.count[player][y][x] > 0 {
				n++
			}
		}
	}
	return n
}

var referenceArity = map[string]struct {
	kind commandKind
	args int
}{
	"MOVE":    {cmdMove, 3},
	"ATTACK":  {cmdAttack, 2},
	"BUILD":   {cmdBuild, 2},
	"UPGRADE": {cmdUpgrade, 1},
	"SUICIDE": {cmdSuicide, 1},
}

// referenceParseAnswer is the first parser.
func referenceParseAnswer(line string) ([]command, error) {
	if len(line) > maxAnswerBytes {
		return nil, &malformedError{reason: fmt.Sprintf("answer longer than %d bytes", maxAnswerBytes)}
	}
	var cmds []command
	for part := range strings.SplitSeq(line, ";") {
		tokens := protocol.Fields(part)
		if len(tokens) == 0 {
			continue
		}
		text := strings.Join(tokens, " ")
		if tokens[0] == "WAIT" {
			if len(tokens) != 1 {
				return nil, &malformedError{text, fmt.Sprintf("WAIT takes no arguments, got %d", len(tokens)-1)}
			}
			continue
		}
		spec, ok := referenceArity[tokens[0]]
		if !ok {
			return nil, &malformedError{text, "unknown command " + protocol.Quote(tokens[0], quoteLimit)}
		}
		if len(tokens)-1 != spec.args {
			return nil, &malformedError{text, fmt.Sprintf("%s takes %s, got %d", tokens[0], referee.Count(spec.args, "argument", "arguments"), len(tokens)-1)}
		}
		c := command{kind: spec.kind, text: text}
		for i, tok := range tokens[1:] {
			v, err := protocol.ParseJavaInt(tok)
			if err != nil {
				return nil, &malformedError{text, err.Error()}
			}
			c.args[i] = v
		}
		cmds = append(cmds, c)
	}
	return cmds, nil
}

// referenceFrame draws the world (1500×1500 units, tiles of 50): territory shading, grid,
// tower ranges (layer "range"), towers, attack lines and soldiers.
func referenceFrame(g *game) referee.Frame {
	shapes := make([]referee.Shape, 0, 256)
	shapes = referenceDrawTerritory(g, shapes)
	shapes = referenceDrawGrid(shapes)
	shapes = referenceDrawTowers(g, shapes)
	shapes = referenceDrawSoldiers(g, shapes)
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
		Shapes: shapes,
		State:  st,
		Events: append([]string(nil), g.events...),
	}
}

// referenceDrawTerritory shades each player's tiles in its translucent colour (shared tiles
// get both shades). Runs of tiles in a row become one rectangle, and identical runs in consecutive
// rows merge, which keeps frames small: territories are unions of squares.
func referenceDrawTerritory(g *game, shapes []referee.Shape) []referee.Shape {
	type run struct{ x0, x1, y0, y1 int } // tiles [x0,x1) × [y0,y1)
	for p := range 2 {
		var open, done []run
		for y := 0; y <= mapSize; y++ {
			var row []run
			for x := 0; y < mapSize && x < mapSize; {
				if !g.land.owns(p, x, y) {
					x++
					continue
				}
				x0 := x
				for x < mapSize && g.land.owns(p, x, y) {
					x++
				}
				row = append(row, run{x0, x, y, y + 1})
			}
			var still []run
			for _, r := range row {
				extended := false
				for i := range open {
					if open[i].x0 == r.x0 && open[i].x1 == r.x1 {
						open[i].y1 = r.y1
						still = append(still, open[i])
						open[i].x1 = -1 // consumed
						extended = true
						break
					}
				}
				if !extended {
					still = append(still, r)
				}
			}
			for _, o := range open {
				if o.x1 >= 0 {
					done = append(done, o)
				}
			}
			open = still
		}
		for _, r := range done {
			shapes = append(shapes, referee.Shape{
				Kind: referee.ShapeRect, X: float64(r.x0 * tileSize), Y: float64(r.y0 * tileSize),
				W: float64((r.x1 - r.x0) * tileSize), H: float64((r.y1 - r.y0) * tileSize),
				Fill: referee.PlayerColor(p), Alpha: territoryAlpha, Player: referee.Owner(p),
			})
		}
	}
	return shapes
}

// referenceDrawGrid draws every tile boundary as one stroked polygon: a zigzag along the
// rows and back along the columns, whose connecting segments run on the map's border.
func referenceDrawGrid(shapes []referee.Shape) []referee.Shape {
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

func referenceDrawTowers(g *game, shapes []referee.Shape) []referee.Shape {
	for p := range 2 {
		for _, t := range g.towers[p] {
			r := towerRange[t.level]
			x0, y0 := max(0, t.tx-r), max(0, t.ty-r)
			x1, y1 := min(mapSize, t.tx+r+1), min(mapSize, t.ty+r+1)
			shapes = append(shapes, referee.Shape{
				Kind: referee.ShapeRect, X: float64(x0 * tileSize), Y: float64(y0 * tileSize),
				W: float64((x1 - x0) * tileSize), H: float64((y1 - y0) * tileSize),
				Stroke: referee.PlayerColor(p), Width: 2, Alpha: 0.6, Player: referee.Owner(p), Layer: "range",
			})
		}
	}
	for p := range 2 {
		for _, t := range g.towers[p] {
			x, y := float64(t.tx*tileSize), float64(t.ty*tileSize)
			kind, label, stroke, width := "tower", fmt.Sprint(t.level), "#333333", 2.0
			if t.base {
				kind, label, stroke, width = "base tower", fmt.Sprintf("B%d", t.level), "#000000", 5
			}
			tip := fmt.Sprintf("%s %d (player %d) at tile (%d,%d): level %d, hp %d/%d", kind, t.id, p, t.tx, t.ty, t.level, t.hp, towerHP[t.level])
			shapes = append(shapes,
				referee.Shape{Kind: referee.ShapeRect, X: x + 5, Y: y + 5, W: tileSize - 10, H: tileSize - 10,
					Fill: referee.PlayerColor(p), Stroke: stroke, Width: width, Player: referee.Owner(p), Tip: tip},
				referee.Shape{Kind: referee.ShapeText, X: x + 15, Y: y + 33, Text: label, Size: 20, Fill: "#ffffff"})
			if t.hp < towerHP[t.level] {
				shapes = append(shapes,
					referee.Shape{Kind: referee.ShapeRect, X: x + 5, Y: y + 44, W: tileSize - 10, H: 4, Fill: "#555555"},
					referee.Shape{Kind: referee.ShapeRect, X: x + 5, Y: y + 44, W: float64(tileSize-10) * float64(t.hp) / float64(towerHP[t.level]), H: 4, Fill: "#3cb44b"})
			}
		}
	}
	return shapes
}

func referenceDrawSoldiers(g *game, shapes []referee.Shape) []referee.Shape {
	for i := range g.soldiers {
		s := &g.soldiers[i]
		if s.state != stateAttack {
			continue
		}
		if to, ok := g.actorPosition(s.target); ok {
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeLine, X: float64(s.pos.x), Y: float64(s.pos.y),
				X2: float64(to.x), Y2: float64(to.y), Stroke: referee.PlayerColor(s.owner), Width: 1, Alpha: 0.5, Player: referee.Owner(s.owner)})
		}
	}
	for i := range g.soldiers {
		s := &g.soldiers[i]
		x, y := float64(s.pos.x), float64(s.pos.y)
		if !s.alive() {
			shapes = append(shapes, referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: soldierRadius - 2,
				Stroke: referee.PlayerColor(s.owner), Width: 2, Alpha: 0.45, Player: referee.Owner(s.owner),
				Tip: fmt.Sprintf("soldier %d (player %d): dead, back in %s", s.id, s.owner, referee.Count(s.respawnTurn-g.turn, "turn", "turns"))})
			continue
		}
		tip := fmt.Sprintf("soldier %d (player %d): hp %d, %s", s.id, s.owner, s.hp, s.state)
		switch {
		case s.target != noTarget:
			tip += fmt.Sprintf(" → %d", s.target)
		case s.hasDest:
			tip += fmt.Sprintf(" → (%d,%d)", s.dest.x, s.dest.y)
		}
		stroke, width := "#000000", 1.0
		if s.immune > 0 {
			tip += fmt.Sprintf(", immune %d", s.immune)
			stroke, width = "#ffffff", 3
		}
		shapes = append(shapes, referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: soldierRadius,
			Fill: referee.PlayerColor(s.owner), Stroke: stroke, Width: width, Player: referee.Owner(s.owner), Tip: tip})
	}
	return shapes
}
