package queens

import (
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
		bodies, fixed := got.collidingBodies()
		c1 := collide(bodies, fixed, 0, &got.field, &got.near)
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

// The sets keep every pair that could touch while each body stays within slack of its
// anchor: all pairs nearer than their radii, the gap and twice the slack (but pairs of two
// fixed bodies, which a pass never looks at).
func TestNeighbourSetsHoldEveryNearPair(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for round := 0; round < 300; round++ {
		g := newState(int64(round), arenaProfile)
		crowd(g, rng, rng.IntN(70), 200+rng.Float64()*1520, 100+rng.Float64()*800, 100+rng.Float64()*1500)
		bodies, fixed := g.collidingBodies()
		if round%4 == 0 {
			fixed = len(bodies) // as when the sites are not static
		}
		var f field
		f.load(bodies)
		n := len(bodies)
		var nb neighbours
		nb.make(bodies, fixed, 0, f.xs[:n], f.ys[:n], f.rs[:n])
		for i := range bodies {
			for j := range bodies {
				if i == j || (i >= fixed && j >= fixed) {
					continue
				}
				if dist(bodies[i].pos, bodies[j].pos) < float64(bodies[i].radius+bodies[j].radius)+2*slack {
					if nb.set(i)[j/64]&(1<<(j%64)) == 0 {
						t.Fatalf("round %d: bodies %d and %d (fixed from %d) are %.1f apart, not in the sets", round, i, j, fixed, dist(bodies[i].pos, bodies[j].pos))
					}
				}
			}
		}
	}
}
