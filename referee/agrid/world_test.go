package agrid

import (
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

func TestWorldIsAFunctionOfTheSeed(t *testing.T) {
	p := variants["grid2"]
	p.A = 48
	a, err := generateWorld(p, 4, 7)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := generateWorld(p, 4, 7)
	if diff := cmp.Diff(a, b, cmp.AllowUnexported(world{})); diff != "" {
		t.Errorf("same seed, different worlds:\n%s", diff)
	}
	c, _ := generateWorld(p, 4, 8)
	if cmp.Equal(a, c, cmp.AllowUnexported(world{})) {
		t.Errorf("seeds 7 and 8 gave the same world")
	}
}

func TestWorldShape(t *testing.T) {
	for _, tc := range []struct {
		variant string
		players int
		seed    int64
	}{
		{"grid1", 2, 1}, {"grid2", 2, 2}, {"grid3", 4, 3}, {"grid2", 8, 4}, {"grid1", 16, 5}, {"grid2", 1, 6},
	} {
		p := variants[tc.variant]
		p.A = defaultSize(tc.players)
		w, err := generateWorld(p, tc.players, tc.seed)
		if err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		a := p.A
		hills := 0
		for _, c := range w.posts {
			if c == hill {
				hills++
			}
		}
		if target := int(p.Hills*float64(a*a) + 0.5); hills < target {
			t.Errorf("%+v: %d hills, want at least %d", tc, hills, target)
		}
		// Every free post is reachable from every other one.
		free := a*a - hills
		reached := map[int]bool{}
		queue := []int{w.homes[0]}
		reached[w.homes[0]] = true
		for q := 0; q < len(queue); q++ {
			for _, s := range steps {
				n := neighbour(a, queue[q], s[0], s[1])
				if w.posts[n] != hill && !reached[n] {
					reached[n] = true
					queue = append(queue, n)
				}
			}
		}
		if len(reached) != free {
			t.Errorf("%+v: %d of %d free posts reachable", tc, len(reached), free)
		}
		seen := map[int]bool{}
		for seat, posts := range w.workers {
			if len(posts) != p.Workers {
				t.Errorf("%+v: seat %d has %d workers", tc, seat, len(posts))
			}
			for _, post := range posts {
				if w.posts[post] == hill || seen[post] {
					t.Errorf("%+v: seat %d worker on a hill or a shared post %d", tc, seat, post)
				}
				seen[post] = true
			}
		}
		if tc.players == 2 {
			if d := torusDistance(a, w.homes[0], w.homes[1]); d < a/2 {
				t.Errorf("%+v: homes only %d apart", tc, d)
			}
		}
	}
}

func TestWorldTooSmall(t *testing.T) {
	_, err := Game{}.New(referee.Config{Seed: 1, Players: 16, Options: map[string]string{"A": "5", "workers": "10"}})
	var oe *referee.OptionError
	if !errors.As(err, &oe) || oe.Key != "A" {
		t.Errorf("160 workers on 25 posts: got %v, want an option error naming A", err)
	}
}

// TestWorldRules checks the steps of spec §3 that can be derived by hand on maps without
// hills: the farthest-home rule and its tie-break, the breadth-first worker placement and
// its neighbour order, and workers never sharing a post when teams crowd a small map.
func TestWorldRules(t *testing.T) {
	noHills := func(a, workers int) params {
		p := variants["grid1"]
		p.A, p.Hills, p.Workers = a, 0, workers
		return p
	}
	xy := func(a, post int) [2]int { return [2]int{post % a, post / a} }
	t.Run("second home: farthest post, ties to smaller y then smaller x", func(t *testing.T) {
		// On a 9×9 torus the farthest posts from (hx, hy) are the four at distance 4 + 4
		// with x ∈ {hx+4, hx+5} and y ∈ {hy+4, hy+5} (mod 9).
		for seed := int64(1); seed <= 20; seed++ {
			w, err := generateWorld(noHills(9, 1), 2, seed)
			if err != nil {
				t.Fatal(err)
			}
			h := xy(9, w.homes[0])
			want := [2]int{min((h[0]+4)%9, (h[0]+5)%9), min((h[1]+4)%9, (h[1]+5)%9)}
			if got := xy(9, w.homes[1]); got != want {
				t.Errorf("seed %d: home 1 at %v, home 2 at %v, want %v", seed, h, got, want)
			}
		}
	})
	t.Run("workers in breadth-first order +x, −x, +y, −y", func(t *testing.T) {
		w, err := generateWorld(noHills(9, 5), 1, 4)
		if err != nil {
			t.Fatal(err)
		}
		h := xy(9, w.homes[0])
		var want, got [][2]int
		for _, d := range [][2]int{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			want = append(want, [2]int{mod(h[0]+d[0], 9), mod(h[1]+d[1], 9)})
		}
		for _, post := range w.workers[0] {
			got = append(got, xy(9, post))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("workers around home %v (-want +got):\n%s", h, diff)
		}
	})
	t.Run("no shared posts on a crowded map", func(t *testing.T) {
		// 4 teams of 6 workers on 25 posts: the homes are close, the walks overlap.
		w, err := generateWorld(noHills(5, 6), 4, 2)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[int]bool{}
		for seat, posts := range w.workers {
			if len(posts) != 6 {
				t.Errorf("seat %d: %d workers, want 6", seat, len(posts))
			}
			for _, post := range posts {
				if seen[post] {
					t.Errorf("seat %d: post %v already holds a worker", seat, xy(5, post))
				}
				seen[post] = true
			}
		}
	})
	t.Run("largest region: on equal sizes the first in row-major order", func(t *testing.T) {
		posts := []byte("" +
			"..#..#" +
			"..#..#" +
			"######" +
			"######" +
			"######" +
			"######")
		keepLargestRegion(6, posts)
		want := "" +
			"..####" +
			"..####" +
			"######" +
			"######" +
			"######" +
			"######"
		if string(posts) != want {
			t.Errorf("kept %q, want %q", posts, want)
		}
	})
}

// TestWorldOfASeed pins one generated world, so that a change of the generator (which
// changes every game of every seed) cannot go unnoticed: such a change needs a new
// referee version. The homes can be checked by hand on the 40×40 map: (28,22) is the only
// post at distance 40 from (8,2); the distances of any post to these two add up to 40, so
// a third home is at best 20 from both, and (26,0) is the first such free post in row order.
const wantWorld3 = "99 hills, hash 6ccd89933dec4a50"

func TestWorldOfASeed(t *testing.T) {
	p := variants["grid1"]
	p.A = defaultSize(3)
	w, err := generateWorld(p, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	var homes [][2]int
	for _, h := range w.homes {
		homes = append(homes, [2]int{h % p.A, h / p.A})
	}
	if diff := cmp.Diff([][2]int{{8, 2}, {28, 22}, {26, 0}}, homes); diff != "" {
		t.Errorf("homes (-want +got):\n%s", diff)
	}
	hash := fnv.New64a()
	hash.Write(w.posts)
	hills := strings.Count(string(w.posts), "#")
	if got := fmt.Sprintf("%d hills, hash %016x", hills, hash.Sum64()); got != wantWorld3 {
		t.Errorf("seed 3, 3 teams, grid1: %s, want %s", got, wantWorld3)
	}
}
