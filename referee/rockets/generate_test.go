package rockets

import (
	"crypto/sha256"
	"fmt"
	"slices"
	"testing"

	"github.com/arena-games/arena/maps"
	"github.com/google/go-cmp/cmp"
)

// Spec §3.2 steps 1–2, checked from the positions: each city is joined to its 3 nearest
// cities (ties to the lower id), and every further road joins the component of city 1 to
// the nearest city outside it, until the graph is connected.
func TestSpec3_GeneratorRoads(t *testing.T) {
	connecting := 0
	for _, seed := range []int64{1, 2, 3, 4, 5, 6, 7, 8} {
		const n = 60
		m, pos := generate(seed, n, 2)
		dist := func(a, b int) float64 {
			dx, dy := pos[a].x-pos[b].x, pos[a].y-pos[b].y
			return dx*dx + dy*dy
		}
		key := func(a, b int) [2]int { return [2]int{min(a, b), max(a, b)} }
		var want [][2]int // nearest-neighbour roads in creation order
		seen := map[[2]int]bool{}
		for c := 1; c <= n; c++ {
			var others []int
			for o := 1; o <= n; o++ {
				if o != c {
					others = append(others, o)
				}
			}
			slices.SortStableFunc(others, func(a, b int) int {
				switch da, db := dist(c, a), dist(c, b); {
				case da < db:
					return -1
				case da > db:
					return 1
				}
				return a - b
			})
			for _, o := range others[:3] {
				if !seen[key(c, o)] {
					seen[key(c, o)] = true
					want = append(want, key(c, o))
				}
			}
		}
		var got [][2]int
		for _, r := range m.Roads[:min(len(want), len(m.Roads))] {
			got = append(got, key(r.From, r.To))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("seed %d: nearest-neighbour roads (-want +got):\n%s", seed, diff)
		}
		for i := len(want); i < len(m.Roads); i++ {
			connecting++
			inside := component(n, m.Roads[:i])
			best := -1.0
			for a := 1; a <= n; a++ {
				for b := 1; b <= n; b++ {
					if inside[a] && !inside[b] && (best < 0 || dist(a, b) < best) {
						best = dist(a, b)
					}
				}
			}
			r := m.Roads[i]
			if inside[r.From] == inside[r.To] || dist(r.From, r.To) != best {
				t.Errorf("seed %d: road %d–%d is not a shortest road out of city 1's component", seed, r.From, r.To)
			}
		}
		if !component(n, m.Roads)[n] {
			t.Errorf("seed %d: not connected", seed)
		}
	}
	if connecting == 0 {
		t.Error("no seed needed a connecting road: the check above proved nothing")
	}
}

// component marks the cities reachable from city 1 over roads.
func component(n int, roads []maps.RocketsRoad) []bool {
	in := make([]bool, n+1)
	in[1] = true
	for changed := true; changed; {
		changed = false
		for _, r := range roads {
			if in[r.From] != in[r.To] {
				in[r.From], in[r.To], changed = true, true, true
			}
		}
	}
	return in
}

// A seed means the same world in every build: pin one world of the default size (its
// positions, costs, bonuses and bases all come from one PCG stream in a fixed order).
func TestSpec3_GeneratorPinned(t *testing.T) {
	m, _ := generate(3, 400, 2)
	if got := fmt.Sprintf("%x", sha256.Sum256(m.Format())); got != "82b51d3213590f66ee22f45eb825fb4bb3a0232ec82f562d70fe54902ef049a7" {
		t.Errorf("the world of seed 3 changed: sha256 %s", got)
	}
	if diff := cmp.Diff([]int{65, 6, 72, 89, 140, 45, 235, 68}, m.Bases); diff != "" {
		t.Errorf("bases of seed 3 (-want +got):\n%s", diff)
	}
}
