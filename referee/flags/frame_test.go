package flags

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

// The wall rectangles cover exactly the wall cells, each once.
func TestFrameWallsCoverTheWalls(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		r, _ := newGame(seed, ProfileOriginal)
		g := r.grid
		covered := make([]int, g.H*g.W)
		for _, s := range wallRects(g) {
			for row := int(s.Y / cellSize); row < int((s.Y+s.H)/cellSize); row++ {
				for c := int(s.X / cellSize); c < int((s.X+s.W)/cellSize); c++ {
					covered[row*g.W+c]++
				}
			}
		}
		for i := range covered {
			want := 0
			if g.wall[i] {
				want = 1
			}
			if covered[i] != want {
				t.Fatalf("seed %d: cell %v covered %d times, wall %v", seed, Cell{i / g.W, i % g.W}, covered[i], g.wall[i])
			}
		}
	}
}

func shapesWith(f referee.Frame, keep func(referee.Shape) bool) []referee.Shape {
	var out []referee.Shape
	for _, s := range f.Shapes {
		if keep(s) {
			out = append(out, s)
		}
	}
	return out
}

// A frame shows the hidden mines, this turn's FIRE/FREEZE cells, minions with HP and frozen
// state in their tooltips, both flags and a state summary.
func TestFrameContent(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}},
		[]Cell{{3, 1}, {2, 3}}, []Cell{{3, 5}, {1, 2}})
	r.teams[0].score, r.teams[1].score = 30, 12
	play(r, "FIRE 0 | MINE 1 1 3", "FREEZE 0")
	f := r.Frame()
	if f.View == nil || f.View.Width != 7*cellSize || f.View.Height != 5*cellSize {
		t.Fatalf("view %+v", f.View)
	}
	mines := shapesWith(f, func(s referee.Shape) bool { return strings.HasPrefix(s.Tip, "mine of player 0") })
	if len(mines) != 1 || mines[0].Player == nil || *mines[0].Player != 0 {
		t.Errorf("mine shapes %+v", mines)
	}
	fire := shapesWith(f, func(s referee.Shape) bool { return s.Layer == "range" && strings.HasPrefix(s.Tip, "FIRE") })
	freeze := shapesWith(f, func(s referee.Shape) bool { return s.Layer == "range" && strings.HasPrefix(s.Tip, "FREEZE") })
	if len(fire) != 7 || len(freeze) != 7 { // (3,1): 5 in row 3 + 2 up; (3,5): 5 + 2 up
		t.Errorf("%d FIRE cells and %d FREEZE cells, want 7 and 7", len(fire), len(freeze))
	}
	var tips []string
	for _, s := range shapesWith(f, func(s referee.Shape) bool {
		return strings.Contains(s.Tip, " minion ") && s.Kind == referee.ShapeCircle
	}) {
		tips = append(tips, s.Tip)
	}
	want := []string{
		"player 0 minion 0 at (3, 1): HP 100, frozen (timeout 3)",
		"player 0 minion 1 at (2, 3): HP 100",
		"player 1 minion 0 at (3, 5): HP 76",
		"player 1 minion 1 at (1, 2): HP 100",
	}
	if diff := cmp.Diff(want, tips); diff != "" {
		t.Errorf("minion tooltips (-want +got):\n%s", diff)
	}
	if flagsDrawn := shapesWith(f, func(s referee.Shape) bool { return strings.Contains(s.Tip, "'s flag at") }); len(flagsDrawn) != 2 {
		t.Errorf("%d flags drawn", len(flagsDrawn))
	}
	state, _ := json.Marshal(f.State)
	wantState := `{"turn":1,"profile":"original","players":[{"score":8,"alive":2,"hp":200,"frozen":1,"carrying_flag":false},` +
		`{"score":0,"alive":2,"hp":176,"frozen":0,"carrying_flag":false}],"coins_left":0,"mines":1}`
	if string(state) != wantState {
		t.Errorf("state %s\nwant  %s", state, wantState)
	}
	if len(f.Events) == 0 {
		t.Errorf("no events")
	}
}
