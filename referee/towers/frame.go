package towers

import (
	"fmt"

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
func (g *game) Frame() referee.Frame {
	shapes := make([]referee.Shape, 0, 256)
	shapes = g.drawTerritory(shapes)
	shapes = drawGrid(shapes)
	shapes = g.drawTowers(shapes)
	shapes = g.drawSoldiers(shapes)
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

// drawTerritory shades each player's tiles in its translucent colour (shared tiles get both
// shades). Runs of tiles in a row become one rectangle, and identical runs in consecutive
// rows merge, which keeps frames small: territories are unions of squares.
func (g *game) drawTerritory(shapes []referee.Shape) []referee.Shape {
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

func (g *game) drawTowers(shapes []referee.Shape) []referee.Shape {
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

func (g *game) drawSoldiers(shapes []referee.Shape) []referee.Shape {
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
				Tip: fmt.Sprintf("soldier %d (player %d): dead, back in %d turn(s)", s.id, s.owner, s.respawnTurn-g.turn)})
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
