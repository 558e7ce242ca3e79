package queens

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Spec §17.8 (arena part): the batch of seed 404's turn 5 placed with the arena's corner
// offsets. The repository part is checked turn by turn in TestGame404Opening.
func TestSpec17_8ArenaSpawnOffsets(t *testing.T) {
	prof := repoProfile
	prof.cornerSpawnOffsets = true
	g := newState(404, prof)
	commands := game404Commands[:6]
	for _, c := range commands {
		play(g, c[0], c[1])
	}
	want := []string{"402 149 0 0 30", "285 288 0 0 30", "403 206 0 0 30", "385 244 0 0 30", "171 308 0 -1 85", "1614 701 1 -1 85"}
	if diff := cmp.Diff(want, unitLines(g, 0)); diff != "" {
		t.Errorf("turn 6 units (-want +got):\n%s", diff)
	}
}

// Spec §17.9: tower radius by HP and site radius.
func TestSpec17_9TowerRadius(t *testing.T) {
	table := []struct {
		hp   int
		want [3]int // site radius 60, 75, 90
	}{
		{1, [3]int{62, 77, 91}}, {4, [3]int{69, 83, 96}}, {196, [3]int{256, 260, 265}}, {200, [3]int{259, 263, 267}},
		{296, [3]int{312, 315, 319}}, {396, [3]int{360, 362, 366}}, {496, [3]int{401, 404, 407}},
		{596, [3]int{439, 441, 444}}, {696, [3]int{474, 476, 479}}, {796, [3]int{506, 508, 511}}, {800, [3]int{508, 510, 512}},
	}
	for _, row := range table {
		for i, r := range []int{60, 75, 90} {
			s := newSite(0, 500, 500, r, 0, 0)
			s.hp = row.hp
			if got := s.towerRadius(); got != row.want[i] {
				t.Errorf("HP %d, r %d: radius %d, want %d", row.hp, r, got, row.want[i])
			}
		}
	}
	for _, tc := range []struct{ hp, want int }{{196, 261}, {192, 259}, {-4, 70}, {-100, 0}} {
		s := newSite(0, 500, 500, 79, 0, 0)
		s.hp = tc.hp
		if got := s.towerRadius(); got != tc.want {
			t.Errorf("HP %d, r 79: radius %d, want %d", tc.hp, got, tc.want)
		}
	}
}

// Spec §17.10: tower damage in both profiles.
func TestSpec17_10TowerDamage(t *testing.T) {
	table := []struct {
		r, radius   int
		queen       bool
		d           float64
		repo, arena int
	}{
		{60, 256, false, 100, 4, 3},
		{60, 256, true, 100, 2, 1},
		{60, 256, false, 255, 3, 3},
		{90, 511, false, 121, 5, 4},
		{90, 511, false, 300, 4, 4},
		{90, 511, true, 300, 2, 2},
		{90, 511, false, 500, 3, 3},
		{90, 511, false, 511, 0, 0},  // d ≥ R: no shot
		{60, 256, true, 256.5, 0, 0}, // d ≥ R: no shot
	}
	for _, row := range table {
		for _, prof := range []profile{repoProfile, arenaProfile} {
			name := fmt.Sprintf("%s/r%d/R%d/queen=%v/d%v", prof.name, row.r, row.radius, row.queen, row.d)
			t.Run(name, func(t *testing.T) {
				s := newSite(0, 500, 500, row.r, 0, 0)
				s.setTower(0)
				s.hp, s.attackRadius = 500, row.radius
				target := vec{500 + row.d, 500}
				g := blankState(prof, vec{100, 100}, farCorner, s)
				var c *creep
				if row.queen {
					g.players[1].queen.pos = target
				} else {
					c = g.addCreep(1, giant, target)
				}
				g.towerAct(s)
				got := 100 - g.players[1].hp
				if c != nil {
					got = 200 - c.hp
				}
				want := row.arena
				if prof.name == "repo" {
					want = row.repo
				}
				if got != want {
					t.Errorf("damage %d, want %d", got, want)
				}
			})
		}
	}
}
