package towers

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

// Decisions where the spec leaves a choice, and rule details beyond the §16 vectors.

func TestCommandRejections(t *testing.T) {
	tests := []struct {
		name       string
		setup      func(g *game)
		line0      string
		wantEvents []string // fragments of rejection events, in order
	}{
		{"two commands for one soldier drop both", nil, "MOVE 0 300 300;ATTACK 0 20;MOVE 1 300 300",
			[]string{`"MOVE 0 300 300" rejected: soldier 0 got 2 commands`, `"ATTACK 0 20" rejected: soldier 0 got 2 commands`}},
		{"UPGRADE and SUICIDE of one tower drop both", func(g *game) {
			addTestTower(g, 0, 42, 6, 6, 1, towerHP[1])
			g.money[0] = 5000
		}, "SUICIDE 42;UPGRADE 42", []string{`"SUICIDE 42" rejected: tower 42 got 2 commands`, `"UPGRADE 42" rejected: tower 42 got 2 commands`}},
		{"the same upgrade twice drops both", func(g *game) { g.money[0] = 5000 }, "UPGRADE 40;UPGRADE 40",
			[]string{"tower 40 got 2 commands", "tower 40 got 2 commands"}},
		{"second BUILD on a tile", func(g *game) { g.money[0] = 5000 }, "BUILD 6 6;BUILD 6 6",
			[]string{`"BUILD 6 6" rejected: a second BUILD on tile (6,6) this turn (only the first counts)`}},
		{"base tower cannot be suicided", nil, "SUICIDE 40", []string{"the base tower cannot be destroyed"}},
		{"enemy base cannot be attacked", nil, "ATTACK 0 41", []string{"tower 41 is a base tower"}},
		{"own soldier is no target", nil, "ATTACK 0 1", []string{"soldier 1 is yours"}},
		{"own tower is no target", nil, "ATTACK 0 40", []string{"tower 40 is yours"}},
		{"unknown actor", nil, "ATTACK 0 77", []string{"77 is no soldier or standing tower"}},
		{"enemy soldier is not mine", nil, "MOVE 20 300 300", []string{"20 is not one of your soldiers"}},
		{"enemy tower is not mine", nil, "UPGRADE 41", []string{"41 is not one of your towers"}},
		{"move outside the map", nil, "MOVE 0 1501 0", []string{"(1501,0) is outside the map"}},
		{"build outside the map", nil, "BUILD 30 0", []string{"tile (30,0) is outside the map"}},
		{"build on shared tile", func(g *game) {
			g.money[0] = 5000
			addTestTower(g, 1, 42, 8, 8, 1, towerHP[1]) // controls [6,10]²
		}, "BUILD 6 6", []string{"tile (6,6) is not exclusively yours"}},
		{"upgrade past level 3", func(g *game) {
			g.money[0] = 5000
			addTestTower(g, 0, 42, 6, 6, 3, towerHP[3])
		}, "UPGRADE 42", []string{"tower 42 is already at level 3"}},
		{"attack a dead soldier", func(g *game) {
			g.soldiers[25].state, g.soldiers[25].hp, g.soldiers[25].respawnTurn = stateDead, 0, 5
		}, "ATTACK 0 25", []string{"enemy soldier 25 is dead"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t)
			if tc.setup != nil {
				tc.setup(g)
			}
			playLines(g, tc.line0, "")
			if g.Over() {
				t.Fatalf("a well-formed command ended the game: %+v", g.Result())
			}
			var rejected []string
			for _, e := range g.events {
				if strings.Contains(e, "rejected") {
					rejected = append(rejected, e)
				}
			}
			if len(rejected) != len(tc.wantEvents) {
				t.Fatalf("rejections %q, want %d", rejected, len(tc.wantEvents))
			}
			for i, want := range tc.wantEvents {
				if !strings.HasPrefix(rejected[i], "player 0: ") || !strings.Contains(rejected[i], want) {
					t.Errorf("rejection %d: %q, want it to contain %q", i, rejected[i], want)
				}
			}
		})
	}
}

func TestBuildOrderInOwnView(t *testing.T) {
	// Player 1 can pay for one build: the one with the smaller x of its own view wins,
	// whatever the order it wrote them in.
	g := newTestGame(t)
	g.money[1] = 800
	playLines(g, "", "BUILD 6 5;BUILD 5 6")
	if !g.towerAt(1, 24, 23) || g.towerAt(1, 23, 24) {
		t.Errorf("want view tile (5,6) = world (24,23) built: %q", g.events)
	}
	if !hasEvent(g, `"BUILD 6 5" rejected`, "not enough money") {
		t.Errorf("events %q", g.events)
	}
}

func TestMoneyIsARunningBalance(t *testing.T) {
	// Upgrades are checked before builds; refunds of this turn are not spendable.
	g := newTestGame(t)
	addTestTower(g, 0, 42, 6, 6, 1, towerHP[1])
	g.money[0] = 1600
	playLines(g, "SUICIDE 42;UPGRADE 40;BUILD 5 5;BUILD 3 3", "")
	if g.towers[0][0].level != 2 || !g.towerAt(0, 3, 3) || g.towerAt(0, 5, 5) {
		t.Errorf("towers %+v: want the base upgraded and (3,3) built", g.towers[0])
	}
	if g.money[0] != 266 {
		t.Errorf("money %d, want 1600 − 800 − 800 + 266", g.money[0])
	}
}

func TestImmuneSoldierGivesNoReward(t *testing.T) {
	// The original accumulated damage on immune soldiers and paid the kill reward (§15).
	g := newTestGame(t)
	place(g, 25, 700, 700, 100, stateIdle, noTarget).immune = 2
	place(g, 3, 660, 700, 100, stateAttack, 25)
	place(g, 4, 740, 700, 100, stateAttack, 25)
	playLines(g, "", "")
	if s := g.soldiers[25]; s.hp != 100 || s.immune != 1 || g.money[0] != startMoney {
		t.Errorf("hp %d immune %d money %d: want no damage and no reward", s.hp, s.immune, g.money[0])
	}
	if g.soldiers[3].state != stateAttack {
		t.Errorf("attacker %v, want it to stay in ATTACK", g.soldiers[3].state)
	}
}

func TestTowerDestroyedSameTurn(t *testing.T) {
	// A tower at 0 hp is removed in the late phase of the same turn and its territory
	// released (the original kept it one more turn, §15); one reward by its level.
	g := newTestGame(t)
	tw := addTestTower(g, 1, 42, 15, 15, 2, 100)
	c := tw.centre()
	for _, id := range []int{0, 1, 2} {
		place(g, id, c.x-40, c.y, 100, stateAttack, 42)
	}
	playLines(g, "", "")
	if g.findTower(1, 42) != nil || g.land.score(1) != 25 {
		t.Errorf("tower still there or territory kept: score %d", g.land.score(1))
	}
	if g.money[0] != startMoney+towerReward[2] {
		t.Errorf("money %d, want one level-2 reward", g.money[0])
	}
	if g.soldiers[2].state != stateIdle {
		t.Errorf("third attacker %v: want IDLE (target gone)", g.soldiers[2].state)
	}
	if !hasEvent(g, "destroys tower 42", "+500") {
		t.Errorf("events %q", g.events)
	}
}

func TestNewOrdersReplaceOld(t *testing.T) {
	g := newTestGame(t)
	s := place(g, 0, 500, 500, 100, stateAttack, 25)
	playLines(g, "MOVE 0 500 600", "")
	if s.state != stateMove || s.target != noTarget || s.pos != (point{500, 550}) {
		t.Errorf("%v at %v target %d: want MOVE, one step down, no target", s.state, s.pos, s.target)
	}
	playLines(g, "", "")
	playLines(g, "", "")
	if s.state != stateIdle || s.hasDest || s.pos != (point{500, 600}) {
		t.Errorf("%v at %v: want IDLE at the destination", s.state, s.pos)
	}
}

func TestFrame(t *testing.T) {
	g := newTestGame(t)
	addTestTower(g, 0, 42, 6, 6, 1, 6000)
	place(g, 3, 400, 400, 0, stateDead, noTarget).respawnTurn = 4
	place(g, 4, 410, 400, 100, stateIdle, noTarget).immune = 1
	f := g.Frame()
	if f.View == nil || f.View.Width != 1500 || f.View.Height != 1500 {
		t.Fatalf("view %+v", f.View)
	}
	area := [2]float64{}
	var tips []string
	for _, s := range f.Shapes {
		if s.Kind == referee.ShapeRect && s.Alpha == territoryAlpha && s.Player != nil {
			area[*s.Player] += s.W * s.H
		}
		if s.Tip != "" {
			tips = append(tips, s.Tip)
		}
	}
	for p := range 2 {
		if want := float64(g.land.score(p) * tileSize * tileSize); area[p] != want {
			t.Errorf("player %d territory area %v, want %v", p, area[p], want)
		}
	}
	for _, want := range []string{
		"tower 42 (player 0) at tile (6,6): level 1, hp 6000/7000",
		"base tower 41 (player 1) at tile (25,25): level 1, hp 7000/7000",
		"soldier 3 (player 0): dead, back in 4 turns",
		"soldier 4 (player 0): hp 100, IDLE, immune 1",
	} {
		if !contains(strings.Join(tips, "\n"), want) {
			t.Errorf("no tip %q", want)
		}
	}
	b, err := json.Marshal(f.State)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"turn":0,"score":[41,25],"money":[300,300],"towers":[2,1],"alive":[19,20]}`
	if diff := cmp.Diff(want, string(b)); diff != "" {
		t.Errorf("state (-want +got):\n%s", diff)
	}
}

func TestGridDrawsEveryTileBoundary(t *testing.T) {
	shapes := drawGrid(nil)
	if len(shapes) != 1 || shapes[0].Kind != referee.ShapePoly || shapes[0].Fill != "" {
		t.Fatalf("grid shapes %+v: want one unfilled polygon", shapes)
	}
	pts := shapes[0].Points
	type seg struct{ x0, y0, x1, y1 float64 }
	have := map[seg]bool{}
	for i := 0; i+3 < len(pts); i += 2 {
		a := seg{pts[i], pts[i+1], pts[i+2], pts[i+3]}
		have[a], have[seg{a.x1, a.y1, a.x0, a.y0}] = true, true
	}
	for i := 0; i <= mapSize; i++ {
		c := float64(i * tileSize)
		if !have[seg{0, c, worldSize, c}] || !have[seg{c, 0, c, worldSize}] {
			t.Errorf("grid line %d missing", i)
		}
	}
}

// A soldier back in one turn is said in the singular (version 3; version 2: "1 turn(s)").
func TestFrameSaysOneTurnInTheSingular(t *testing.T) {
	g := newTestGame(t)
	place(g, 3, 400, 400, 0, stateDead, noTarget).respawnTurn = g.turn + 1
	for _, s := range g.Frame().Shapes {
		if strings.HasPrefix(s.Tip, "soldier 3 ") {
			if want := "soldier 3 (player 0): dead, back in 1 turn"; s.Tip != want {
				t.Errorf("tip %q, want %q", s.Tip, want)
			}
			return
		}
	}
	t.Error("soldier 3 not drawn")
}
