package towers

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

// The tests in this file are the test vectors of spec §16, one test per vector.

func TestSpec16_1Territory(t *testing.T) {
	type placed struct{ tx, ty, level int }
	tests := []struct {
		name   string
		towers []placed
		want   int
	}{
		{"base level 1: [2,6]²", []placed{{4, 4, 1}}, 25},
		{"base level 2: [1,7]²", []placed{{4, 4, 2}}, 49},
		{"base level 3: [0,8]²", []placed{{4, 4, 3}}, 81},
		{"level 1 at (0,0) is clipped: [0,2]²", []placed{{0, 0, 1}}, 9},
		{"base L1 plus L1 at (6,6)", []placed{{4, 4, 1}, {6, 6, 1}}, 41},
		{"base L2 plus L1 at (6,6)", []placed{{4, 4, 2}, {6, 6, 1}}, 58},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var land territory
			for _, p := range tc.towers {
				land.add(0, p.tx, p.ty, p.level, 1)
			}
			if got := land.score(0); got != tc.want {
				t.Errorf("score %d, want %d", got, tc.want)
			}
		})
	}

	// The same through the rules: build at (6,6), then upgrade the base.
	g := newTestGame(t)
	g.money[0] = 1600
	playLines(g, "BUILD 6 6", "")
	if got := g.land.score(0); got != 41 {
		t.Fatalf("after BUILD 6 6: score %d, want 41 (events %q)", got, g.events)
	}
	playLines(g, "UPGRADE 40", "")
	if got := g.land.score(0); got != 58 {
		t.Fatalf("after UPGRADE 40: score %d, want 58 (events %q)", got, g.events)
	}
}

func TestSpec16_2Buildable(t *testing.T) {
	g := newTestGame(t)
	for _, tc := range []struct {
		x, y int
		want bool
	}{{6, 6, true}, {4, 4, false}, {7, 7, false}} {
		got := g.land.exclusive(0, tc.x, tc.y) && !g.towerAt(0, tc.x, tc.y)
		if got != tc.want {
			t.Errorf("tile (%d,%d) buildable = %v, want %v", tc.x, tc.y, got, tc.want)
		}
	}
	playLines(g, "BUILD 6 6", "")
	if g.Over() || len(g.towers[0]) != 1 || g.money[0] != 300 {
		t.Fatalf("over %v, towers %d, money %d: want the build rejected and the game going on", g.Over(), len(g.towers[0]), g.money[0])
	}
	if !hasEvent(g, "player 0", `"BUILD 6 6" rejected`, "not enough money") {
		t.Errorf("no rejection event: %q", g.events)
	}
}

func TestSpec16_3Movement(t *testing.T) {
	tests := []struct{ from, to, want point }{
		{point{225, 225}, point{1275, 1275}, point{260, 260}},
		{point{225, 225}, point{225, 300}, point{225, 275}},
		{point{225, 275}, point{225, 300}, point{225, 300}}, // 25 ≤ 50: snap
		{point{0, 0}, point{1500, 500}, point{47, 16}},
		{point{1500, 1500}, point{0, 1000}, point{1453, 1484}},
		{point{100, 100}, point{130, 140}, point{130, 140}}, // exactly 50
		{point{7, 7}, point{7, 7}, point{7, 7}},
	}
	for _, tc := range tests {
		if got := step(tc.from, tc.to); got != tc.want {
			t.Errorf("step(%v → %v) = %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
	mirror := func(p point) point { return point{worldSize - p.x, worldSize - p.y} }
	rng := rand.New(rand.NewPCG(16, 3))
	for range 200_000 {
		s := point{rng.IntN(worldSize + 1), rng.IntN(worldSize + 1)}
		e := point{rng.IntN(worldSize + 1), rng.IntN(worldSize + 1)}
		got := step(s, e)
		if m := step(mirror(s), mirror(e)); m != mirror(got) {
			t.Fatalf("step(mirror %v, mirror %v) = %v, want mirror of %v", s, e, m, got)
		}
		if got.x < 0 || got.x > worldSize || got.y < 0 || got.y > worldSize {
			t.Fatalf("step(%v → %v) = %v leaves the map", s, e, got)
		}
	}
}

// TestSpec16_3RoundingTies checks the exact rounding against ties: 50·|dx|/√D is exactly
// q + ½ for (dx, dy) = (39, 52) scaled by 5 (D = 325², 50·195/325 = 30) … and for the
// Pythagorean triples below, against a brute force over squares.
func TestSpec16_3RoundingTies(t *testing.T) {
	for n := int64(0); n <= 5000; n += 7 {
		for _, d := range []int64{2501, 4096, 10000, 65 * 65, 130 * 130, 2_250_000, 4_500_000} {
			got := int64(roundRatio(n, d))
			// brute force: the integer q minimising |2q·√d − 2n|, ties to even, via squares
			best := int64(0)
			for q := int64(0); q <= 2*n+1; q++ {
				if (2*q-1)*(2*q-1)*d <= 4*n*n {
					best = q
				}
			}
			if best > 0 && (2*best-1)*(2*best-1)*d == 4*n*n && best%2 == 1 {
				best--
			}
			if got != best {
				t.Fatalf("roundRatio(%d, %d) = %d, want %d", n, d, got, best)
			}
		}
	}
	// 50·26/√(65²)·… : n/√d = 2.5 exactly → 2 (even); 3.5 → 4.
	if got := roundRatio(5, 4); got != 2 {
		t.Errorf("roundRatio(5, 4) = %d (2.5), want 2", got)
	}
	if got := roundRatio(7, 4); got != 4 {
		t.Errorf("roundRatio(7, 4) = %d (3.5), want 4", got)
	}
}

func TestSpec16_4PursuitThenAttack(t *testing.T) {
	g := newTestGame(t)
	a := place(g, 0, 225, 225, 100, stateIdle, noTarget)
	b := place(g, 20, 300, 225, 100, stateIdle, noTarget)

	playLines(g, "ATTACK 0 20", "")
	if a.state != statePursuit || a.pos != (point{275, 225}) {
		t.Fatalf("turn n: A %v at %v, want PURSUIT at (275,225)", a.state, a.pos)
	}
	playLines(g, "", "")
	if a.state != stateAttack || b.hp != 50 {
		t.Fatalf("turn n+1: A %v, B hp %d; want ATTACK and 50", a.state, b.hp)
	}
	playLines(g, "", "")
	if b.state != stateDead || b.hp != 0 || g.money[0] != 500 || a.state != stateAttack {
		t.Fatalf("turn n+2: B %v hp %d, money %d, A %v; want DEAD, 0, 500, ATTACK", b.state, b.hp, g.money[0], a.state)
	}
	playLines(g, "", "")
	if a.state != stateIdle {
		t.Fatalf("turn n+3: A %v, want IDLE", a.state)
	}
}

func TestSpec16_5OverkillOrdering(t *testing.T) {
	g := newTestGame(t)
	place(g, 25, 700, 700, 100, stateIdle, noTarget)
	for _, id := range []int{3, 5, 7} {
		place(g, id, 660, 700, 100, stateAttack, 25)
	}
	far := place(g, 1, 500, 700, 100, statePursuit, 25)

	playLines(g, "", "")
	got := map[int]soldierState{}
	for _, id := range []int{1, 3, 5, 7, 25} {
		got[id] = g.soldiers[id].state
	}
	want := map[int]soldierState{1: statePursuit, 3: stateAttack, 5: stateAttack, 7: stateIdle, 25: stateDead}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("states after the turn (-want +got):\n%s", diff)
	}
	if g.money[0] != 500 {
		t.Errorf("money %d, want 300 + one reward of 200", g.money[0])
	}
	if far.pos != (point{550, 700}) {
		t.Errorf("soldier 1 at %v, want one step toward 25: (550,700)", far.pos)
	}
	if g.soldiers[7].pos != (point{660, 700}) {
		t.Errorf("soldier 7 moved to %v", g.soldiers[7].pos)
	}
	playLines(g, "", "")
	if far.state != stateIdle {
		t.Errorf("next turn soldier 1 is %v, want IDLE", far.state)
	}
}

func TestSpec16_6MutualKill(t *testing.T) {
	g := newTestGame(t)
	place(g, 0, 700, 700, 50, stateAttack, 20)
	place(g, 20, 740, 700, 50, stateAttack, 0)
	playLines(g, "", "")
	if g.soldiers[0].state != stateDead || g.soldiers[20].state != stateDead {
		t.Errorf("states %v and %v, want both DEAD", g.soldiers[0].state, g.soldiers[20].state)
	}
	if g.money != [2]int{500, 500} {
		t.Errorf("money %v, want both +200", g.money)
	}
}

func TestSpec16_7RespawnAndImmunity(t *testing.T) {
	g := newTestGame(t)
	g.turn = 99
	victim := place(g, 20, 1275, 1250, 50, stateIdle, noTarget)
	killer := place(g, 0, 1275, 1200, 100, stateAttack, 20)
	playLines(g, "", "") // turn 100: the victim dies
	if victim.state != stateDead {
		t.Fatalf("after turn 100: %v, want DEAD", victim.state)
	}
	place(g, 0, 1275, 1220, 100, stateIdle, noTarget) // keep the killer near the enemy base
	for turn := 100; turn <= 109; turn++ {
		if turn > 100 {
			line := ""
			if turn == 101 {
				line = "MOVE 20 300 300"
			}
			playLines(g, "", line)
			if turn == 101 && !hasEvent(g, `"MOVE 20 300 300" rejected`, "dead") {
				t.Errorf("turn 101: command to a dead soldier not rejected: %q", g.events)
			}
		}
		want := "20 1275 1250 0 DEAD 0 " + itoa(110-turn)
		if got := inputLine(t, g, 0, "20 "); got != want {
			t.Errorf("view after turn %d: %q, want %q", turn, got, want)
		}
	}
	playLines(g, "", "MOVE 20 300 300") // turn 110: respawn; the command is still rejected
	if !hasEvent(g, `"MOVE 20 300 300" rejected`) {
		t.Errorf("turn 110: command to a dead soldier not rejected: %q", g.events)
	}
	if got, want := inputLine(t, g, 1, "20 "), "20 225 225 100 IDLE 2 0"; got != want {
		t.Errorf("own view after turn 110: %q, want %q", got, want)
	}
	playLines(g, "ATTACK 0 20", "") // turn 111: immune
	if victim.hp != 100 || victim.immune != 1 || killer.state != stateAttack {
		t.Errorf("after turn 111: hp %d immune %d killer %v; want 100, 1, ATTACK", victim.hp, victim.immune, killer.state)
	}
	playLines(g, "", "") // turn 112: immune
	if victim.hp != 100 || victim.immune != 0 {
		t.Errorf("after turn 112: hp %d immune %d; want 100, 0", victim.hp, victim.immune)
	}
	playLines(g, "", "") // turn 113: vulnerable
	if victim.hp != 50 {
		t.Errorf("after turn 113: hp %d, want 50", victim.hp)
	}
	if g.money[0] != 500 {
		t.Errorf("money %d: want exactly one kill reward (the turn-100 kill)", g.money[0])
	}
}

func TestSpec16_8RazedTarget(t *testing.T) {
	for _, tc := range []struct {
		refund string
		want   int
	}{{"third", 266}, {"original", 150}} {
		t.Run(tc.refund, func(t *testing.T) {
			g := newTestGame(t, "refund="+tc.refund)
			addTestTower(g, 1, 45, 24, 22, 1, towerHP[1])
			centre := g.findTower(1, 45).centre()
			place(g, 3, centre.x-50, centre.y, 100, stateIdle, noTarget)
			already := place(g, 4, centre.x, centre.y-50, 100, stateAttack, 45)
			money1 := g.money[1]
			playLines(g, "ATTACK 3 45", "SUICIDE 45")
			if !hasEvent(g, "player 0", `"ATTACK 3 45" rejected`) {
				t.Errorf("attack on a razed tower not rejected: %q", g.events)
			}
			if g.findTower(1, 45) != nil {
				t.Errorf("tower 45 still stands")
			}
			if got := g.money[1] - money1; got != tc.want {
				t.Errorf("refund %d, want %d", got, tc.want)
			}
			if already.state != stateIdle || already.target != noTarget {
				t.Errorf("soldier 4 is %v with target %d, want IDLE without a target", already.state, already.target)
			}
			if g.money[0] != startMoney {
				t.Errorf("player 0 earned %d for a razed tower", g.money[0]-startMoney)
			}
		})
	}
}

func TestSpec16_9UpgradeBeforeDamage(t *testing.T) {
	g := newTestGame(t)
	tw := addTestTower(g, 1, 42, 20, 20, 1, 100)
	c := tw.centre()
	place(g, 0, c.x-40, c.y, 100, stateAttack, 42)
	g.money[1] = 800
	playLines(g, "", "UPGRADE 42")
	tw = g.findTower(1, 42)
	if tw == nil || tw.level != 2 || tw.hp != 9950 {
		t.Fatalf("tower %+v, want level 2 with 9950 hp", tw)
	}
}

func TestSpec16_10Cap(t *testing.T) {
	g := newTestGame(t)
	addTestTower(g, 0, 42, 7, 7, 1, towerHP[1])
	for x := 0; x <= 12; x++ {
		addTestTower(g, 0, 43+x, x, 12, 1, towerHP[1])
	}
	if len(g.towers[0]) != maxTowers || g.findTower(0, 50) == nil {
		t.Fatalf("setup: %d towers", len(g.towers[0]))
	}
	g.money[0] = 2000
	playLines(g, "SUICIDE 50;BUILD 8 8", "")
	if g.findTower(0, 50) != nil || len(g.towers[0]) != maxTowers-1 {
		t.Errorf("suicide not applied: %d towers", len(g.towers[0]))
	}
	if !hasEvent(g, `"BUILD 8 8" rejected`, "more than 15 towers") {
		t.Errorf("build not rejected for the cap: %q", g.events)
	}
	playLines(g, "BUILD 8 8", "")
	if !g.towerAt(0, 8, 8) || len(g.towers[0]) != maxTowers {
		t.Errorf("next turn the build failed: %q", g.events)
	}
}

// A build and an upgrade cost exactly 800: 800 pays, 799 does not. (799 happens: two
// suicide refunds of 266 and 533 from nothing.) The statement lists the order of a turn as
// soldiers, builds, upgrades, suicides; the original simulator checks tower commands first
// and spends from one running balance, so with 800 an upgrade written after a build still
// goes first, and the build is refused (see docs/games/towers.md).
func TestBuildAndUpgradeCostExactly800(t *testing.T) {
	for _, tc := range []struct {
		money           int
		line            string
		built, upgraded bool
	}{
		{800, "BUILD 6 6", true, false},
		{799, "BUILD 6 6", false, false},
		{800, "UPGRADE 40", false, true},
		{799, "UPGRADE 40", false, false},
		{800, "BUILD 6 6;UPGRADE 40", false, true},
		{1600, "BUILD 6 6;UPGRADE 40", true, true},
	} {
		g := newTestGame(t)
		g.money[0] = tc.money
		playLines(g, tc.line, "")
		if built := g.towerAt(0, 6, 6); built != tc.built {
			t.Errorf("%d money, %q: built %v, want %v (%q)", tc.money, tc.line, built, tc.built, g.events)
		}
		if upgraded := g.findTower(0, 40).level == 2; upgraded != tc.upgraded {
			t.Errorf("%d money, %q: upgraded %v, want %v (%q)", tc.money, tc.line, upgraded, tc.upgraded, g.events)
		}
	}
}

func TestSpec16_11Mirror(t *testing.T) {
	g := newTestGame(t)
	g.money[1] = 800
	playLines(g, "", "BUILD 6 6;MOVE 20 300 225")
	if !g.towerAt(1, 23, 23) {
		t.Errorf("player 1's BUILD 6 6 did not build on world tile (23,23): %q", g.events)
	}
	s := &g.soldiers[20]
	if !s.hasDest || s.dest != (point{1200, 1275}) {
		t.Errorf("soldier 20 destination %v (set %v), want world (1200,1275)", s.dest, s.hasDest)
	}
	if got, want := inputLine(t, g, 1, "41 "), "41 4 4 7000 1 1"; got != want {
		t.Errorf("player 1 sees its base as %q, want %q", got, want)
	}
	place(g, 21, 1275, 1275, 100, stateIdle, noTarget)
	if got, want := inputLine(t, g, 1, "21 "), "21 225 225 100 IDLE 0 0"; got != want {
		t.Errorf("player 1 sees world (1275,1275) as %q, want %q", got, want)
	}
	if got, want := inputLine(t, g, 1, "42 "), "42 6 6 7000 1 0"; got != want {
		t.Errorf("player 1 sees its new tower as %q, want %q", got, want)
	}
	if got, want := inputLine(t, g, 0, "42 "), "42 23 23 7000 1 0"; got != want {
		t.Errorf("player 0 sees the new tower as %q, want %q", got, want)
	}
}

func TestSpec16_12Limits(t *testing.T) {
	t.Run("soft", func(t *testing.T) {
		g := newTestGame(t)
		g.turn = 49
		mover := &g.soldiers[0]
		mover.hasDest, mover.dest = true, point{600, 225}
		g.Play([]referee.Answer{
			{Player: 0, Lines: []string{"MOVE 0 225 600;BUILD 6 6"}, Status: referee.StatusOK, Compute: referee.VerdictSoft, ComputeUsage: "used 27 ms of CPU time, over the soft limit of 20 ms"},
			{Player: 1, Lines: []string{"MOVE 20 300 225"}, Status: referee.StatusOK},
		})
		if g.Over() || g.turn != 50 {
			t.Fatalf("over %v at turn %d, want the game going on", g.Over(), g.turn)
		}
		if mover.pos != (point{275, 225}) || mover.dest != (point{600, 225}) {
			t.Errorf("soldier 0 at %v toward %v: want its old order kept", mover.pos, mover.dest)
		}
		if g.soldiers[20].dest != (point{1200, 1275}) {
			t.Errorf("player 1's command not applied")
		}
		if !hasEvent(g, "player 0", "turn 50", "discarded", "soft compute limit", "used 27 ms of CPU time", "20ms") {
			t.Errorf("no discard event: %q", g.events)
		}
	})
	t.Run("hard", func(t *testing.T) {
		g := newTestGame(t)
		g.turn = 59
		g.money[0] = 800
		playBefore := g.land.score(0)
		g.Play([]referee.Answer{
			{Player: 0, Lines: []string{"BUILD 6 6"}, Status: referee.StatusOK},
			{Player: 1, Lines: []string{"WAIT"}, Status: referee.StatusOK, Compute: referee.VerdictHard, ComputeUsage: "used 75 ms of CPU time, over the hard limit of 60 ms"},
		})
		if !g.Over() || g.turn != 59 || len(g.towers[0]) != 1 {
			t.Fatalf("over %v, turn %d, %d towers: want the game ended before turn 60", g.Over(), g.turn, len(g.towers[0]))
		}
		res := g.Result()
		if res[0].Rank != 1 || res[1].Rank != 2 || res[0].Status != referee.StatusOK || res[1].Status != referee.StatusLimit {
			t.Errorf("result %+v: want player 0 winning and player 1 over the limit", res)
		}
		if res[0].Score != float64(playBefore) || res[1].Score != 25 {
			t.Errorf("scores %v/%v, want those after turn 59", res[0].Score, res[1].Score)
		}
		for _, want := range []string{"hard compute limit", "turn 60", "used 75 ms of CPU time", "60ms", "150000000"} {
			if !contains(res[1].Message, want) {
				t.Errorf("message %q lacks %q", res[1].Message, want)
			}
		}
	})
	t.Run("both hard", func(t *testing.T) {
		g := newTestGame(t)
		g.Play([]referee.Answer{
			{Player: 0, Lines: []string{""}, Status: referee.StatusOK, Compute: referee.VerdictHard},
			{Player: 1, Lines: []string{""}, Status: referee.StatusOK, Compute: referee.VerdictHard},
		})
		res := g.Result()
		if !g.Over() || res[0].Rank != 1 || res[1].Rank != 1 || referee.Winner(res) != -1 {
			t.Errorf("result %+v: want a draw", res)
		}
	})
}

func TestSpec16_13End(t *testing.T) {
	g := newTestGame(t)
	// A position where each player owns 312 tiles: L3 base [0,8]², L3 towers covering
	// [9,17]×[0,8] and [0,8]×[9,17], an L2 tower on [10,16]×[9,15] and an L1 tower on
	// [0,3]×[18,22]: 81+81+81+49+20; player 1 has the mirror image.
	for p := range 2 {
		base := &g.towers[p][0]
		g.land.add(p, base.tx, base.ty, 1, -1)
		base.level = 3
		g.land.add(p, base.tx, base.ty, 3, 1)
	}
	id := 42
	for _, tw := range []struct{ x, y, level int }{{13, 4, 3}, {4, 13, 3}, {13, 12, 2}, {1, 20, 1}} {
		for p := range 2 {
			x, y := tileToWorld(p, tw.x, tw.y)
			addTestTower(g, p, id, x, y, tw.level, towerHP[tw.level])
			id++
		}
	}
	if g.land.score(0) != 312 || g.land.score(1) != 312 {
		t.Fatalf("setup scores %d–%d, want 312–312", g.land.score(0), g.land.score(1))
	}
	g.turn = 999
	playLines(g, "", "")
	if !g.Over() {
		t.Fatalf("not over after turn 1000")
	}
	want := []referee.Outcome{{Score: 312, Rank: 1, Status: referee.StatusOK}, {Score: 312, Rank: 1, Status: referee.StatusOK}}
	if diff := cmp.Diff(want, g.Result()); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
}
