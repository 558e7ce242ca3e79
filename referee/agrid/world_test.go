package agrid

import (
	"errors"
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
