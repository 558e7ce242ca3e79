package flags

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Every generated map meets the invariants of spec §3–§4, for many seeds.
func TestMapInvariants(t *testing.T) {
	sizes := map[[2]int]int{}
	counts := map[int]int{}
	for seed := int64(0); seed < 300; seed++ {
		r, err := newGame(seed, ProfileOriginal)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		g := r.grid
		sizes[[2]int{g.H, g.W}]++
		counts[r.k]++
		if g.H < minRows || g.H > maxRows || (g.W != 33 && g.W != 35) {
			t.Fatalf("seed %d: size %d×%d", seed, g.H, g.W)
		}
		floor, first := 0, Cell{-1, -1}
		for row := 0; row < g.H; row++ {
			for c := 0; c < g.W; c++ {
				cell := Cell{row, c}
				if (row == 0 || c == 0 || row == g.H-1 || c == g.W-1) && g.Floor(cell) {
					t.Fatalf("seed %d: border cell %v is floor", seed, cell)
				}
				if g.Floor(cell) != g.Floor(Cell{row, g.W - 1 - c}) {
					t.Fatalf("seed %d: not mirror-symmetric at %v", seed, cell)
				}
				if g.Floor(cell) {
					floor++
					if first.R < 0 {
						first = cell
					}
				}
			}
		}
		dist := g.Distances(first)
		for i, d := range dist {
			if g.Floor(Cell{i / g.W, i % g.W}) && d < 0 {
				t.Fatalf("seed %d: floor cell %v unreachable from %v", seed, Cell{i / g.W, i % g.W}, first)
			}
		}
		wantBase, _ := flagBaseRow(g)
		if r.bases != [2]Cell{{wantBase, 1}, {wantBase, g.W - 2}} || !g.Floor(r.bases[0]) {
			t.Fatalf("seed %d: bases %v", seed, r.bases)
		}
		if r.flags[0] != (flag{r.bases[0], -1}) || r.flags[1] != (flag{r.bases[1], -1}) {
			t.Fatalf("seed %d: flags %+v not on their bases", seed, r.flags)
		}
		seen := map[Cell]bool{}
		for i := 0; i < r.k; i++ {
			a, b := r.teams[0].minions[i].pos, r.teams[1].minions[i].pos
			if b != (Cell{a.R, g.W - 1 - a.C}) || a.C >= g.W/2 || !g.Floor(a) || a == r.bases[0] || seen[a] {
				t.Fatalf("seed %d: minion %d starts at %v and %v", seed, i, a, b)
			}
			seen[a] = true
		}
		coins := 0
		for i, has := range r.coins {
			cell := Cell{i / g.W, i % g.W}
			want := g.Floor(cell) && !seen[cell] && !seen[Cell{cell.R, g.W - 1 - cell.C}] && cell != r.bases[0] && cell != r.bases[1]
			if has != want {
				t.Fatalf("seed %d: coin at %v = %v, want %v", seed, cell, has, want)
			}
			if has {
				coins++
			}
		}
		if coins != floor-2-2*r.k {
			t.Fatalf("seed %d: %d coins on %d floor cells", seed, coins, floor)
		}
	}
	// Every size and every minion count occurs.
	if len(sizes) != 8 || len(counts) != 3 {
		t.Errorf("sizes %v, minion counts %v: want all 8 sizes and 3 counts", sizes, counts)
	}
}

// A seed means one game: building it twice gives the same map and placement.
func TestSameSeedSameMap(t *testing.T) {
	a, _ := newGame(42, ProfileOriginal)
	b, _ := newGame(42, ProfileSeed)
	if diff := cmp.Diff(a.grid.Rows(), b.grid.Rows()); diff != "" {
		t.Fatalf("maps differ:\n%s", diff)
	}
	if diff := cmp.Diff(positions(a, 0), positions(b, 0)); diff != "" {
		t.Fatalf("placements differ:\n%s", diff)
	}
	c, _ := newGame(43, ProfileOriginal)
	if cmp.Equal(a.grid.Rows(), c.grid.Rows()) {
		t.Errorf("seeds 42 and 43 gave the same map")
	}
}

// Vision is symmetric on generated maps (spec §5).
func TestVisionSymmetric(t *testing.T) {
	r, _ := newGame(5, ProfileOriginal)
	g := r.grid
	for a := 0; a < g.H*g.W; a += 3 {
		for b := 0; b < g.H*g.W; b += 7 {
			ca, cb := Cell{a / g.W, a % g.W}, Cell{b / g.W, b % g.W}
			if g.Sees(ca, cb) != g.Sees(cb, ca) {
				t.Fatalf("%v sees %v: %v, reverse %v", ca, cb, g.Sees(ca, cb), g.Sees(cb, ca))
			}
		}
	}
}
