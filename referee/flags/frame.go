package flags

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

// Drawing: one cell is cellSize units; x is the column, y the row.
const cellSize = 10.0

const (
	floorColour  = "#d8cfb2"
	wallColour   = "#3a3a3a"
	coinColour   = "#f2c418"
	fireColour   = "#ff7a00"
	freezeColour = "#7fd8ff"
	blastColour  = "#e0202a"
	hpColour     = "#2bb24c"
	hpLostColour = "#5a5a5a"
)

// frameState is the summary shown beside the drawing.
type frameState struct {
	Turn      int           `json:"turn"`
	Profile   string        `json:"profile"`
	Players   []playerState `json:"players"`
	CoinsLeft int           `json:"coins_left"`
	Mines     int           `json:"mines"`
}

type playerState struct {
	Score    int  `json:"score"`
	Alive    int  `json:"alive"`
	HP       int  `json:"hp"`
	Frozen   int  `json:"frozen"`
	Carrying bool `json:"carrying_flag"`
}

// Frame draws the state after the last completed turn.
func (r *Referee) Frame() referee.Frame {
	g := r.grid
	f := referee.Frame{
		View:   &referee.View{Width: float64(g.W) * cellSize, Height: float64(g.H) * cellSize, Background: floorColour},
		Events: append([]string(nil), r.log.events...),
	}
	f.Shapes = r.drawWalls(f.Shapes)
	f.Shapes = r.drawBases(f.Shapes)
	for i, has := range r.coins {
		if has {
			x, y := centre(Cell{i / g.W, i % g.W})
			f.Shapes = append(f.Shapes, referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: cellSize * 0.15, Fill: coinColour})
		}
	}
	f.Shapes = r.drawArea(f.Shapes, r.log.fire, fireColour, "FIRE")
	f.Shapes = r.drawArea(f.Shapes, r.log.freeze, freezeColour, "FREEZE")
	f.Shapes = r.drawArea(f.Shapes, r.log.blast, blastColour, "mine blast")
	f.Shapes = r.drawMines(f.Shapes)
	f.Shapes = r.drawMinions(f.Shapes)
	f.Shapes = r.drawFlags(f.Shapes)
	f.State = r.summary()
	return f
}

// The original rounds each floating-point operation; Go may fuse x*y + z into one
// multiply-add on arm64 and other architectures. Products that are added to something are
// converted with float64(…), which rounds them, so frames are the same on every machine.
func centre(c Cell) (float64, float64) {
	return float64((float64(c.C) + 0.5) * cellSize), float64((float64(c.R) + 0.5) * cellSize)
}

// drawWalls draws the walls as rectangles: horizontal runs of wall cells, merged down the
// rows while the run below has the same extent, to keep frames small. The shapes hold no
// pointers, so copying them keeps the frame independent of the referee.
func (r *Referee) drawWalls(shapes []referee.Shape) []referee.Shape {
	return append(shapes, r.wallShapes...)
}

func wallRects(g *Grid) []referee.Shape {
	var rects []referee.Shape
	open := map[[2]int]int{} // run extent → index of the rectangle it extends
	for row := 0; row < g.H; row++ {
		next := map[[2]int]int{}
		for c := 0; c < g.W; {
			if !g.wall[row*g.W+c] {
				c++
				continue
			}
			start := c
			for c < g.W && g.wall[row*g.W+c] {
				c++
			}
			run := [2]int{start, c}
			if i, ok := open[run]; ok {
				rects[i].H += cellSize
				next[run] = i
				continue
			}
			next[run] = len(rects)
			rects = append(rects, referee.Shape{Kind: referee.ShapeRect, X: float64(start) * cellSize, Y: float64(row) * cellSize,
				W: float64(c-start) * cellSize, H: cellSize, Fill: wallColour})
		}
		open = next
	}
	return rects
}

func (r *Referee) drawBases(shapes []referee.Shape) []referee.Shape {
	for p, b := range r.bases {
		shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect, X: float64(float64(b.C)*cellSize) + 1, Y: float64(float64(b.R)*cellSize) + 1,
			W: cellSize - 2, H: cellSize - 2, Stroke: referee.PlayerColor(p), Width: 2, Player: referee.Owner(p),
			Tip: fmt.Sprintf("player %d's flag base %v", p, b)})
	}
	return shapes
}

func (r *Referee) drawArea(shapes []referee.Shape, cells []Cell, colour, what string) []referee.Shape {
	for _, c := range cells {
		shapes = append(shapes, referee.Shape{Kind: referee.ShapeRect, X: float64(c.C) * cellSize, Y: float64(c.R) * cellSize,
			W: cellSize, H: cellSize, Fill: colour, Alpha: 0.45, Layer: "range", Tip: what + " " + c.String()})
	}
	return shapes
}

// drawMines shows the hidden mines to the viewer (never to the players), and the ones that
// exploded this turn.
func (r *Referee) drawMines(shapes []referee.Shape) []referee.Shape {
	draw := func(m mine, stroke, state string) {
		x, y := centre(m.pos)
		d := cellSize * 0.3
		shapes = append(shapes, referee.Shape{Kind: referee.ShapePoly, Points: []float64{x, y - d, x + d, y, x, y + d, x - d, y},
			Fill: referee.PlayerColor(m.owner), Stroke: stroke, Width: 1, Player: referee.Owner(m.owner),
			Tip: fmt.Sprintf("mine of player %d (minion %d, turn %d) at %v%s", m.owner, m.minion, m.turn, m.pos, state)})
	}
	for _, m := range r.mines {
		draw(m, "#000000", "")
	}
	for _, m := range r.log.exploded {
		draw(m, blastColour, ": exploded")
	}
	return shapes
}

func (r *Referee) drawMinions(shapes []referee.Shape) []referee.Shape {
	for p := range r.teams {
		for i := range r.teams[p].minions {
			m := &r.teams[p].minions[i]
			if !m.alive() {
				continue
			}
			x, y := centre(m.pos)
			x += float64((float64(i) - 2) * cellSize * 0.06) // minions sharing a cell stay distinguishable
			tip := fmt.Sprintf("player %d minion %d at %v: HP %d", p, i, m.pos, m.hp)
			stroke, width := "#000000", 1.0
			if m.frozen() {
				tip += fmt.Sprintf(", frozen (timeout %d)", m.timeout)
				stroke, width = freezeColour, 3
			}
			if r.flags[1-p].carrier == i {
				tip += ", carrying the flag"
			}
			shapes = append(shapes,
				referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: cellSize * 0.36, Fill: referee.PlayerColor(p),
					Stroke: stroke, Width: width, Player: referee.Owner(p), Tip: tip},
				referee.Shape{Kind: referee.ShapeText, X: x - cellSize*0.15, Y: y + cellSize*0.2, Text: fmt.Sprint(i),
					Size: cellSize * 0.55, Fill: "#ffffff", Player: referee.Owner(p)},
				referee.Shape{Kind: referee.ShapeRect, X: x - cellSize*0.4, Y: y - cellSize*0.5, W: cellSize * 0.8, H: cellSize * 0.1,
					Fill: hpLostColour, Player: referee.Owner(p)},
				referee.Shape{Kind: referee.ShapeRect, X: x - cellSize*0.4, Y: y - cellSize*0.5, W: cellSize * 0.8 * float64(m.hp) / minionHP,
					H: cellSize * 0.1, Fill: hpColour, Player: referee.Owner(p)},
			)
		}
	}
	return shapes
}

func (r *Referee) drawFlags(shapes []referee.Shape) []referee.Shape {
	for p, f := range r.flags {
		x, y := float64(float64(f.pos.C)*cellSize), float64(float64(f.pos.R)*cellSize)
		tip := fmt.Sprintf("player %d's flag at %v", p, f.pos)
		switch {
		case f.carrier >= 0:
			tip += fmt.Sprintf(", carried by player %d minion %d", 1-p, f.carrier)
		case f.pos == r.bases[p]:
			tip += ", on its base"
		default:
			tip += ", dropped"
		}
		shapes = append(shapes,
			referee.Shape{Kind: referee.ShapeLine, X: x + 0.25*cellSize, Y: y + 0.1*cellSize, X2: x + 0.25*cellSize, Y2: y + 0.9*cellSize,
				Stroke: "#000000", Width: 1.5, Player: referee.Owner(p)},
			referee.Shape{Kind: referee.ShapePoly, Points: []float64{x + 0.25*cellSize, y + 0.1*cellSize, x + 0.85*cellSize, y + 0.28*cellSize, x + 0.25*cellSize, y + 0.46*cellSize},
				Fill: referee.PlayerColor(p), Stroke: "#000000", Width: 1, Player: referee.Owner(p), Tip: tip},
		)
	}
	return shapes
}

func (r *Referee) summary() frameState {
	s := frameState{Turn: r.turn, Profile: r.profile.String(), Mines: len(r.mines)}
	for _, has := range r.coins {
		if has {
			s.CoinsLeft++
		}
	}
	for p := range r.teams {
		ps := playerState{Score: r.teams[p].score, Carrying: r.flags[1-p].carrier >= 0}
		for i := range r.teams[p].minions {
			if m := &r.teams[p].minions[i]; m.alive() {
				ps.Alive++
				ps.HP += m.hp
				if m.frozen() {
					ps.Frozen++
				}
			}
		}
		s.Players = append(s.Players, ps)
	}
	return s
}
