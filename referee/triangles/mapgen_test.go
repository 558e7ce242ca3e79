package triangles

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/google/go-cmp/cmp"
)

// §15.1: maps generated from CodinGame seeds.
func TestSpec15_1Seeds(t *testing.T) {
	tests := []struct {
		seed                     int64
		houses, paths, triangles int
		first                    []point
		p0Start, p1Start         []int
		scores                   [2]int
	}{
		{1, 44, 83, 28, []point{{425, 518}, {1494, 441}, {1287, 863}, {632, 96}}, []int{7, 16, 29}, []int{6, 17, 28}, [2]int{0, 0}},
		{43, 50, 77, 20, []point{{1236, 621}, {683, 338}, {507, 888}, {1412, 71}}, []int{33, 41, 43}, []int{32, 40, 42}, [2]int{2, 2}},
		{2728688809873374816, 48, 97, 36, []point{{1795, 830}, {124, 129}, {1756, 202}, {163, 757}}, []int{11, 26, 43}, []int{10, 27, 42}, [2]int{0, 0}},
	}
	for _, tt := range tests {
		m := newSeedMatch(t, tt.seed)
		b := m.b
		var p0, p1 []int
		for h, u := range b.units {
			if u[0] > 0 {
				p0 = append(p0, h)
			}
			if u[1] > 0 {
				p1 = append(p1, h)
			}
		}
		got := []any{b.size(), len(b.paths()), len(b.triangles), b.pos[:4], p0, p1, m.scores}
		want := []any{tt.houses, tt.paths, tt.triangles, tt.first, tt.p0Start, tt.p1Start, tt.scores}
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(point{})); diff != "" {
			t.Errorf("seed %d (-want +got):\n%s", tt.seed, diff)
		}
	}
}

// §15.1: seed 43 starts with one triangle each; house 27 is P0's through the neighbour rule.
func TestSpec15_1Seed43Triangles(t *testing.T) {
	m := newSeedMatch(t, 43)
	rows := map[string]bool{}
	for _, r := range triangleRows(m, 0) {
		rows[r] = true
	}
	for _, want := range []string{"27 41 43 0 0 1", "26 40 42 1 1 0"} {
		if !rows[want] {
			t.Errorf("P0's turn-1 rows lack %q: %v", want, triangleRows(m, 0))
		}
	}
	if got := m.b.houseOwner(27); got != 0 {
		t.Errorf("owner of house 27 = %d, want 0 (neighbour rule)", got)
	}
}

// §15.1: the first draws for seed 1.
func TestSpec15_1FirstDraws(t *testing.T) {
	r := referee.NewJavaRandom(1)
	if x, y := r.NextInt(1760), r.NextInt(820); x != 345 || y != 448 {
		t.Errorf("first draws = %d, %d; want 345, 448", x, y)
	}
}

// Generated maps are mirror images: house 2k+1 is house 2k reflected through the centre.
func TestGeneratedMapsAreMirrored(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		b := newSeedMatch(t, seed).b
		if b.size()%2 != 0 || b.size() < 38 || b.size() > 50 {
			t.Errorf("seed %d: %d houses", seed, b.size())
		}
		for h := 0; h+1 < b.size(); h += 2 {
			if b.pos[h+1] != (point{mirrorSumX - b.pos[h].x, mirrorSumY - b.pos[h].y}) {
				t.Errorf("seed %d: house %d %v is not the mirror of %d %v", seed, h+1, b.pos[h+1], h, b.pos[h])
			}
		}
		if len(b.triangles) < minTriangles || !b.twoConnected() {
			t.Errorf("seed %d: %d triangles, 2-connected %v", seed, len(b.triangles), b.twoConnected())
		}
	}
}
