package queens

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/arena-games/arena/referee"
)

// samePositions compares two states' bodies bit for bit.
func samePositions(t *testing.T, what string, got, want *state) {
	t.Helper()
	a, b := got.collisionOrder(), want.collisionOrder()
	if len(a) != len(b) {
		t.Fatalf("%s: %d bodies, want %d", what, len(a), len(b))
	}
	for i := range a {
		if math.Float64bits(a[i].pos.x) != math.Float64bits(b[i].pos.x) || math.Float64bits(a[i].pos.y) != math.Float64bits(b[i].pos.y) {
			t.Fatalf("%s: body %d at %v, want %v", what, i, a[i].pos, b[i].pos)
		}
	}
}

// passesMatch runs five passes (a turn's worth) on two copies of g, one with collide as the
// game runs it and one with the reference pass, and compares every position after each.
func passesMatch(t *testing.T, what string, g *state) {
	t.Helper()
	got, want := cloneState(g), cloneState(g)
	for pass := 0; pass < 5; pass++ {
		c1 := got.collide()
		c2 := referenceCollisionPass(want.collisionOrder(), 0)
		if c1 != c2 {
			t.Fatalf("%s, pass %d: corrected %v, want %v", what, pass, c1, c2)
		}
		samePositions(t, what, got, want)
	}
}

// crowd adds n creeps of random kinds near a point, for both players.
func crowd(g *state, rng *rand.Rand, n int, cx, cy, spread float64) {
	for i := 0; i < n; i++ {
		p := i % 2
		k := creepKind(rng.IntN(3))
		pos := vec{cx + (rng.Float64()-0.5)*spread, cy + (rng.Float64()-0.5)*spread}
		g.addCreep(p, k, pos)
	}
}

// collide skips pairs and sites only where the rules find nothing to do: on crowded random
// fields, on the benchmark's field and on every turn of whole games, it moves every body
// exactly as the original pass does.
func TestCollideMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := 0; i < 300; i++ {
		g := newState(int64(i), arenaProfile)
		// Crowds in the middle, on sites, and against the walls and corners.
		crowd(g, rng, 1+rng.IntN(60), 200+rng.Float64()*1520, 100+rng.Float64()*800, 50+rng.Float64()*600)
		if i%3 == 0 {
			crowd(g, rng, 10, 10, 10, 80)
		}
		if i%5 == 0 {
			s := g.sites[rng.IntN(len(g.sites))]
			crowd(g, rng, 12, s.pos.x, s.pos.y, float64(s.radius))
		}
		g.players[rng.IntN(2)].queen.pos = g.sites[rng.IntN(len(g.sites))].pos // on a site
		passesMatch(t, "random field", g)
	}
	passesMatch(t, "busy field", busyState())
	for _, gm := range equivalenceGames {
		eachTurn(t, gm.seed, gm.prof, gm.bots, func(r *Referee, _ []referee.Request) {
			passesMatch(t, "game", r.g)
		})
	}
}

// Sites that overlap (a map whose generation did not converge, or a hand-made field) are
// not static: collide then looks at every pair, like the original.
func TestOverlappingSitesAreNotStatic(t *testing.T) {
	g := blankState(arenaProfile, vec{300, 300}, vec{1600, 700},
		newSite(0, 600, 500, 80, 200, 2), newSite(1, 700, 500, 80, 200, 2), newSite(2, 1200, 500, 60, 200, 2))
	if g.staticSites() {
		t.Fatal("overlapping sites reported static")
	}
	g.addCreep(0, knight, vec{650, 560})
	passesMatch(t, "overlapping sites", g)
	g.sites[1].pos = vec{900, 500}
	if !g.staticSites() {
		t.Fatal("sites apart, not reported static after moving one")
	}
}

// The grid holds every site a unit could overlap, wherever the unit is: for points all over
// the field, around and on the sites, on the cells' edges and far outside the field, every
// site nearer than its radius and the largest unit radius is in the point's set.
func TestSiteGridHoldsEverySiteInReach(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	check := func(g *state, grid *siteGrid, p vec) {
		t.Helper()
		near := grid.near(p.x, p.y)
		for k, s := range g.sites {
			if dist(p, s.pos) < float64(s.radius+maxUnitRadius) && near&(1<<k) == 0 {
				t.Fatalf("point %v is %.3f from site %d (radius %d), not in its set %b", p, dist(p, s.pos), k, s.radius, near)
			}
		}
	}
	for seed := int64(0); seed < 100; seed++ {
		g := newState(seed, arenaProfile)
		grid := g.siteGrid()
		if grid == nil {
			t.Fatalf("seed %d: the sites of a generated map are not static", seed)
		}
		for range 2000 {
			check(g, grid, vec{rng.Float64()*2200 - 140, rng.Float64()*1300 - 150})
		}
		for _, s := range g.sites {
			reach := float64(s.radius + maxUnitRadius)
			for range 200 {
				a, d := rng.Float64()*2*math.Pi, reach*(0.9+0.1*rng.Float64())
				check(g, grid, vec{s.pos.x + d*math.Cos(a), s.pos.y + d*math.Sin(a)})
			}
			check(g, grid, s.pos)
		}
		for x := -64.0; x <= worldWidth+64; x += cellSize / 2 {
			for y := -64.0; y <= worldHeight+64; y += cellSize / 2 {
				check(g, grid, vec{x, y})
				check(g, grid, vec{math.Nextafter(x, math.Inf(-1)), math.Nextafter(y, math.Inf(-1))})
			}
		}
		for _, p := range []vec{{-2 * farOut, 500}, {2 * farOut, 2 * farOut}, {-0.5, -0.999}, {worldWidth, worldHeight}} {
			check(g, grid, p)
		}
	}
}

// Units far out of the field, or at no number at all, are pushed as the rules push them.
func TestCollideFarOutMatchesReference(t *testing.T) {
	for _, p := range []vec{{1e12, 500}, {-3e9, -3e9}, {farOut, 0}, {500, -farOut}, {math.Inf(1), 500}, {math.NaN(), 500}, {500, math.NaN()}} {
		g := newState(3, arenaProfile)
		g.addCreep(0, knight, vec{960, 500})
		g.addCreep(1, giant, vec{970, 510})
		g.addCreep(1, archer, p)
		passesMatch(t, fmt.Sprintf("a creep at %v", p), g)
	}
}
