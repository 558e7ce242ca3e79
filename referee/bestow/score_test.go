package bestow

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSpec7_SolidCube(t *testing.T) {
	block := func(x0, y0, z0, d int) []vec3 {
		var out []vec3
		for z := z0; z < z0+d; z++ {
			for y := y0; y < y0+d; y++ {
				for x := x0; x < x0+d; x++ {
					out = append(out, vec3{x, y, z})
				}
			}
		}
		return out
	}
	tests := []struct {
		name  string
		cells []vec3
		want  int
	}{
		{"empty", nil, 0},
		{"one cube", []vec3{{5, 5, 5}}, 1},
		{"2x2 slab is not a cube", block(0, 0, 0, 2)[:4], 1},
		{"3-cube at the far corner", block(8, 8, 8, 3), 3},
		{"3-cube with attachments", append(block(2, 3, 4, 3), vec3{5, 3, 4}, vec3{2, 2, 4}, vec3{9, 9, 9}), 3},
		{"4-cube missing its inner cell", without(block(0, 0, 0, 4), vec3{1, 2, 1}), 2},
		{"full space", block(0, 0, 0, 11), 11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			own := make([]bool, 11*11*11)
			for _, c := range tt.cells {
				own[ownIndex(11, c)] = true
			}
			if d, _ := solidCube(11, own, make([]int, len(own))); d != tt.want {
				t.Errorf("D = %d, want %d", d, tt.want)
			}
		})
	}
}

func without(cells []vec3, drop vec3) []vec3 {
	var out []vec3
	for _, c := range cells {
		if c != drop {
			out = append(out, c)
		}
	}
	return out
}

func TestSpec7_Areas(t *testing.T) {
	// 4×3 grid; 4-connected, no wrap-around, no diagonal links.
	grid := []uint8{
		1, 1, 0, 2,
		0, 1, 2, 0,
		2, 0, 2, 1,
	}
	var a areas
	// find needs a square grid: embed in 4×4.
	sq := append(append([]uint8{}, grid...), 0, 0, 0, 0)
	a.find(4, sq)
	if diff := cmp.Diff([]int{3, 1, 2, 1, 1}, a.sizes); diff != "" {
		t.Errorf("sizes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{1, 2, 2, 2, 1}, a.colours); diff != "" {
		t.Errorf("colours (-want +got):\n%s", diff)
	}
	// The right edge does not wrap to the next row's left edge.
	b := []uint8{0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	a.find(4, b)
	if len(a.sizes) != 2 {
		t.Errorf("wrap-around joined cells: sizes %v", a.sizes)
	}
}

func TestSpec7_VictoryPoints(t *testing.T) {
	tests := []struct {
		name      string
		a, b      float64
		acted     bool
		turn, fin [2]float64
	}{
		{"nothing", 0, 0, false, [2]float64{0, 0}, [2]float64{0, 0}},
		{"both zero but played", 0, 0, true, [2]float64{0, 0}, [2]float64{150, 150}},
		{"equal", 700, 700, true, [2]float64{50, 50}, [2]float64{150, 150}},
		{"B leads", 500, 2000, true, [2]float64{25, 100}, [2]float64{25, 300}},
		{"A leads, B zero", 10, 0, true, [2]float64{100, 0}, [2]float64{300, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ta, tb := turnVictoryPoints(tt.a, tt.b)
			fa, fb := finalVictoryPoints(tt.a, tt.b, tt.acted)
			if diff := cmp.Diff([]float64{tt.turn[0], tt.turn[1], tt.fin[0], tt.fin[1]}, []float64{ta, tb, fa, fb}); diff != "" {
				t.Errorf("per-turn and final (-want +got):\n%s", diff)
			}
		})
	}
}

func TestSpec6_3_PlacementValue(t *testing.T) {
	p := variants["vanilla"]
	tests := []struct {
		value, filled, cubes int
		q, final             int
	}{
		{800, 9, 5, 3, 920},   // TV-B3: 800·1.15 needs the tolerance
		{800, 5, 5, -1, 720},  // TV-B3 penalty
		{1000, 6, 5, 0, 1000}, // Q = 0: neither bonus nor penalty
		{1000, 1, 1, -1, 900}, // a single-cube piece alone
		{100, 5, 5, -1, 90},
	}
	for _, tt := range tests {
		q, final := placementValue(p, tt.value, tt.filled, tt.cubes)
		if q != tt.q || final != tt.final {
			t.Errorf("value %d, C_bb %d, V %d: Q %d, P_vf %d; want %d, %d", tt.value, tt.filled, tt.cubes, q, final, tt.q, tt.final)
		}
	}
	// A huge penalty never makes the value negative.
	p.Qmin, p.Qpi = 5, 0.2
	if _, final := placementValue(p, 1000, 1, 1); final != 0 {
		t.Errorf("P_vf = %d, want 0", final)
	}
}

// Which commands count as playing (spec §11): a game in which nobody executed a successful
// BUY_PIECE, PLACE_* or SET_MULTIPLIER scores 0 for both; one such command by either
// player, even one that scores nothing, makes equal scores a draw at 150 each.
func TestSpec11_WhatCountsAsPlaying(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  float64
	}{
		{"queries and refused commands", []string{"GET_MATCH_INFO", "ROTATE_PIECE 1 0 0 0 1 0 0", "BUY_PIECE 9", "PLACE_OWN_PIECE -1 0 0 0 0 0", "SET_MULTIPLIER 1 2"}, 0},
		{"a multiplier", []string{"SET_MULTIPLIER 1 5"}, 150},
		{"a single cube", []string{"PLACE_SINGLE_CUBE_PIECE 0 0 0"}, 150},
		{"a single square", []string{"PLACE_SINGLE_SQUARE_PIECE 0 0 1"}, 150},
		{"a piece placed in the shared space", []string{"PLACE_SHARED_PIECE 0 0 0 0 0"}, 150},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRef(t, nil)
			a := &r.live.players[0]
			a.benefitCubes, a.benefitSquare = 1, 1
			setPiece(r, 1, []vec3{{0, 0, 0}}, nil, 10, 10, 1)
			hold(r, 0, 1) // a piece held, as if bought before: only the placement counts here
			for _, l := range tt.lines {
				send(r, 0, l)
			}
			r.live.over = true // scores stay 0: no end-of-turn scoring
			r.sync()
			res := r.Result()
			if res[0].Score != tt.want || res[1].Score != tt.want {
				t.Errorf("final %v and %v, want %v each", res[0].Score, res[1].Score, tt.want)
			}
		})
	}
}
