package queens

import (
	"math"
	"testing"

	"github.com/arena-games/arena/referee"
)

// far away from everything in the physics tests
var farCorner = vec{1800, 900}

// Spec §17.4: queen movement.
func TestSpec17_4QueenMovement(t *testing.T) {
	t.Run("move 60 toward a far point", func(t *testing.T) {
		g := blankState(arenaProfile, vec{200, 200}, farCorner)
		if _, err := g.command(0, "MOVE 1000 500", nil); err != nil {
			t.Fatal(err)
		}
		q := g.players[0].queen.pos
		if q != (vec{256.17975065414265, 221.0674064953035}) {
			t.Errorf("queen at %v, want exactly (256.17975065414265, 221.0674064953035)", q)
		}
		g.creepPhase()
		g.roundPositions()
		if q := g.players[0].queen.pos; q != (vec{256, 221}) {
			t.Errorf("shown at %v, want (256, 221)", q)
		}
	})
	t.Run("land on a point closer than 60", func(t *testing.T) {
		g := blankState(arenaProfile, vec{300, 300}, farCorner)
		if _, err := g.command(0, "MOVE 330 340", nil); err != nil {
			t.Fatal(err)
		}
		if q := g.players[0].queen.pos; q != (vec{330, 340}) {
			t.Errorf("queen at %v, want exactly (330, 340)", q)
		}
	})
	t.Run("BUILD far walks, the push makes her touch", func(t *testing.T) {
		g := blankState(arenaProfile, vec{360, 300}, farCorner, newSite(0, 500, 300, 70, 200, 2))
		if scheduled, err := g.command(0, "BUILD 0 TOWER", nil); err != nil || len(scheduled) != 0 {
			t.Fatalf("far BUILD: err %v, scheduled %v", err, scheduled)
		}
		if q := g.players[0].queen.pos; q != (vec{420, 300}) {
			t.Errorf("after the walk: %v, want (420, 300)", q)
		}
		g.creepPhase()
		if q := g.players[0].queen.pos; q != (vec{399, 300}) {
			t.Errorf("after the collision pass: %v, want (399, 300)", q)
		}
		g.roundPositions()
		g.turn++
		if got := g.touchedSite(0); got != 0 {
			t.Errorf("touchedSite %d, want 0", got)
		}
		play(g, [2]string{"BUILD 0 TOWER", "TRAIN"}, idle)
		if s := g.sites[0]; s.kind != towerKind || s.owner != 0 {
			t.Errorf("site 0: %v of %d, want a tower of player 0", s.kind, s.owner)
		}
	})
}

// Spec §17.5: touching and vision thresholds are strict.
func TestSpec17_5Thresholds(t *testing.T) {
	site := func() *site { return newSite(0, 500, 500, 70, 200, 2) }
	t.Run("queen touches a site", func(t *testing.T) {
		for _, tc := range []struct {
			d    float64
			want int
		}{{104.9, 0}, {105, -1}} {
			g := blankState(arenaProfile, vec{500 + tc.d, 500}, farCorner, site())
			if got := g.touchedSite(0); got != tc.want {
				t.Errorf("distance %v: touchedSite %d, want %d", tc.d, got, tc.want)
			}
		}
	})
	t.Run("knight hits the queen", func(t *testing.T) {
		for _, tc := range []struct {
			d    float64
			want int
		}{{54.99, 99}, {55, 100}} {
			g := blankState(arenaProfile, vec{700, 500}, farCorner)
			k := g.addCreep(1, knight, vec{700 + tc.d, 500})
			g.creepAttack(k)
			if got := g.players[0].hp; got != tc.want {
				t.Errorf("distance %v: queen HP %d, want %d", tc.d, got, tc.want)
			}
		}
	})
	t.Run("knight stops at 50", func(t *testing.T) {
		for _, tc := range []struct {
			d     float64
			moves bool
		}{{50, false}, {50.01, true}} {
			g := blankState(arenaProfile, vec{700, 500}, farCorner)
			k := g.addCreep(1, knight, vec{700 + tc.d, 500})
			g.moveCreep(k)
			if moved := k.pos.x != 700+tc.d; moved != tc.moves {
				t.Errorf("distance %v: moved %v, want %v", tc.d, moved, tc.moves)
			}
		}
	})
	t.Run("vision", func(t *testing.T) {
		for _, tc := range []struct {
			d    float64
			want string
		}{{299, "0 200 2 -1 -1 -1 -1"}, {300, "0 -1 -1 -1 -1 -1 -1"}} {
			g := blankState(arenaProfile, vec{500 + tc.d, 500}, farCorner, site())
			if got := siteLine(g, 0, 0); got != tc.want {
				t.Errorf("distance %v: %q, want %q", tc.d, got, tc.want)
			}
		}
	})
	t.Run("giant busts a tower", func(t *testing.T) {
		for _, tc := range []struct {
			d    float64
			want int
		}{{124.9, 120}, {125, 200}} {
			s := newSite(0, 500, 500, 80, 200, 2)
			s.setTower(0)
			g := blankState(arenaProfile, vec{100, 100}, farCorner, s)
			c := g.addCreep(1, giant, vec{500 + tc.d, 500})
			g.creepAttack(c)
			if s.hp != tc.want {
				t.Errorf("distance %v: tower HP %d, want %d", tc.d, s.hp, tc.want)
			}
		}
	})
	t.Run("archer fires", func(t *testing.T) {
		for _, tc := range []struct {
			d    float64
			want int
		}{{249.9, 23}, {250, 25}} {
			g := blankState(arenaProfile, vec{100, 100}, farCorner)
			a := g.addCreep(0, archer, vec{600, 500})
			k := g.addCreep(1, knight, vec{600 + tc.d, 500})
			g.creepAttack(a)
			if k.hp != tc.want {
				t.Errorf("distance %v: knight HP %d, want %d", tc.d, k.hp, tc.want)
			}
		}
	})
	t.Run("archer walks", func(t *testing.T) {
		for _, tc := range []struct {
			d     float64
			moves bool
		}{{245, false}, {245.01, true}} {
			g := blankState(arenaProfile, vec{100, 100}, farCorner)
			a := g.addCreep(0, archer, vec{600, 500})
			g.addCreep(1, knight, vec{600 + tc.d, 500})
			g.moveCreep(a)
			if moved := a.pos.x != 600; moved != tc.moves {
				t.Errorf("distance %v: moved %v, want %v", tc.d, moved, tc.moves)
			}
		}
	})
}

// Spec §17.6: collisions.
func TestSpec17_6Collisions(t *testing.T) {
	t.Run("queen and knight", func(t *testing.T) {
		q := &body{pos: vec{500, 500}, radius: queenRadius, mass: queenMass}
		k := &body{pos: vec{540, 500}, radius: 20, mass: 400}
		collisionPass([]*body{q, k}, 0)
		near(t, "queen x", q.pos.x, 498.615385, 1e-6)
		near(t, "knight x", k.pos.x, 550.615385, 1e-6)
		near(t, "distance", dist(q.pos, k.pos), 52, 1e-9)
	})
	t.Run("two knights on one point", func(t *testing.T) {
		a := &body{pos: vec{600, 600}, radius: 20, mass: 400}
		b := &body{pos: vec{600, 600}, radius: 20, mass: 400}
		collisionPass([]*body{a, b}, 0)
		if a.pos != (vec{579, 600}) || b.pos != (vec{621, 600}) {
			t.Errorf("knights at %v and %v, want (579,600) and (621,600)", a.pos, b.pos)
		}
	})
	t.Run("knight and site", func(t *testing.T) {
		s := newSite(0, 500, 500, 70, 200, 1)
		k := &body{pos: vec{560, 500}, radius: 20, mass: 400}
		collisionPass([]*body{k, &s.body}, 0)
		if k.pos != (vec{591, 500}) || s.pos != (vec{500, 500}) {
			t.Errorf("knight at %v, site at %v; want (591,500) and (500,500)", k.pos, s.pos)
		}
	})
}

// Spec §17.7: a knight chasing a queen that does not move (no sites nearby).
func TestSpec17_7KnightChase(t *testing.T) {
	g := blankState(arenaProfile, vec{700, 500}, farCorner)
	k := g.addCreep(1, knight, vec{1000, 500})
	q := &g.players[0].queen
	steps := []struct {
		name           string
		knight, queen  float64
		shownK, shownQ float64
		hp             int
	}{
		{"A", 900, 700, 900, 700, 100},
		{"B", 800, 700, 800, 700, 100},
		{"C", 747.230769, 695.230769, 747, 695, 99},
		{"D", 738.538462, 686.538462, 739, 687, 98},
	}
	for _, st := range steps {
		g.creepPhase()
		near(t, "turn "+st.name+" knight x", k.pos.x, st.knight, 1e-6)
		near(t, "turn "+st.name+" queen x", q.pos.x, st.queen, 1e-6)
		g.roundPositions()
		if k.pos.x != st.shownK || q.pos.x != st.shownQ || k.pos.y != 500 || q.pos.y != 500 {
			t.Errorf("turn %s: shown knight %v, queen %v", st.name, k.pos, q.pos)
		}
		if g.players[0].hp != st.hp {
			t.Errorf("turn %s: queen HP %d, want %d", st.name, g.players[0].hp, st.hp)
		}
		k.hp = 25 // aging is not the point here
	}
}

// Spec §17.7, turn C in detail: the sub-steps of the knight and the pushes.
func TestSpec17_7KnightChaseSubSteps(t *testing.T) {
	g := blankState(arenaProfile, vec{700, 500}, farCorner)
	k := g.addCreep(1, knight, vec{800, 500})
	q := &g.players[0].queen
	want := []struct{ knight, queen float64 }{
		{780, 700}, {760, 700}, {750.615385, 698.615385}, {748.923077, 696.923077}, {747.230769, 695.230769},
	}
	for i, w := range want {
		g.moveCreep(k)
		collisionPass(g.collisionOrder(), 0)
		near(t, "knight", k.pos.x, w.knight, 1e-6)
		near(t, "queen", q.pos.x, w.queen, 1e-6)
		if t.Failed() {
			t.Fatalf("sub-step %d", i+1)
		}
	}
}

// Spec §7 quirk: a unit's position is never *set* to exactly (0, 0), whatever sets it; the
// original's unit setter ignores the assignment. The end-of-turn rounding is such an
// assignment: a knight squeezed into the corner by the enemy queen ends the creep phase
// within half a unit of (0, 0), and keeps that fractional position instead of (0, 0).
func TestSpec7RoundingNeverSetsOrigin(t *testing.T) {
	setup := func() (*state, *creep) {
		g := blankState(arenaProfile, farCorner, vec{40, 40})
		return g, g.addCreep(0, knight, vec{20, 20})
	}
	squeeze := [2]string{"MOVE 29 29", "TRAIN"}

	h, hk := setup() // the same turn, phase by phase, to see the position before rounding
	h.playerCommands([]referee.Answer{{Player: 0, Lines: idle[:], Status: referee.StatusOK}, {Player: 1, Lines: squeeze[:], Status: referee.StatusOK}})
	h.creepPhase()
	h.structuresAct()
	before := hk.pos
	if before == (vec{}) || math.Abs(before.x) >= 0.5 || math.Abs(before.y) >= 0.5 {
		t.Fatalf("setup: the knight ends the creep phase at %v, want within half a unit of (0, 0), not on it", before)
	}

	g, k := setup()
	play(g, idle, squeeze)
	if k.pos != before {
		t.Errorf("after the turn the knight is at %v; want %v: rounding it to (0, 0) is an assignment the original ignores", k.pos, before)
	}
}
