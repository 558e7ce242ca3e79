package towers

import (
	"testing"

	"github.com/arena-games/arena/referee"
)

// Spec §7: "in range" means a squared distance ≤ 60² = 3600, inclusive. At exactly 60
// (36² + 48²) the soldier attacks without moving; at 61 it pursues and takes a 50-step.
func TestSpec7_RangeIsInclusiveAt60(t *testing.T) {
	g := newTestGame(t)
	place(g, 0, 700, 700, 100, stateIdle, noTarget)
	place(g, 20, 736, 748, 100, stateIdle, noTarget) // 36² + 48² = 3600
	playLines(g, "ATTACK 0 20", "")
	if g.soldiers[20].hp != 50 || g.soldiers[0].pos != (point{700, 700}) || g.soldiers[0].state != stateAttack {
		t.Errorf("distance exactly 60: target hp %d, attacker %v at %v; want 50, ATTACK, not moved",
			g.soldiers[20].hp, g.soldiers[0].state, g.soldiers[0].pos)
	}
	g = newTestGame(t)
	place(g, 0, 700, 700, 100, stateIdle, noTarget)
	place(g, 20, 761, 700, 100, stateIdle, noTarget)
	playLines(g, "ATTACK 0 20", "")
	if g.soldiers[20].hp != 100 || g.soldiers[0].state != statePursuit || g.soldiers[0].pos != (point{750, 700}) {
		t.Errorf("distance 61: target hp %d, attacker %v at %v; want 100, PURSUIT, (750,700)",
			g.soldiers[20].hp, g.soldiers[0].state, g.soldiers[0].pos)
	}
}

// Spec §4 and §6 step 3: built towers take the next actor ids, player 1 (seat 0) first,
// each player's builds in processing order (§9.3: increasing x, then y, in the player's own
// view), whatever order the answer lists them in.
func TestSpec4_BuildIDsFollowProcessingOrder(t *testing.T) {
	g := newTestGame(t)
	g.money = [2]int{1600, 1600}
	playLines(g, "BUILD 6 6;BUILD 2 2", "BUILD 6 6")
	for _, c := range []struct{ owner, id, tx int }{{0, 42, 2}, {0, 43, 6}, {1, 44, 23}} {
		if tw := g.findTower(c.owner, c.id); tw == nil || tw.tx != c.tx {
			t.Errorf("tower %d: %+v, want player %d's at x=%d", c.id, tw, c.owner, c.tx)
		}
	}
}

// Spec §8: killing a level-3 tower rewards 700; §6 step 5(d): the destroyed tower's
// territory is released the same turn, so its tile is buildable on the next turn.
func TestSpec8_TowerKillRewardsAndFreesTerritory(t *testing.T) {
	g := newTestGame(t)
	tw := addTestTower(g, 1, 42, 8, 8, 3, 30)
	c := tw.centre()
	place(g, 0, c.x, c.y+60, 100, stateIdle, noTarget)
	playLines(g, "ATTACK 0 42", "")
	if g.findTower(1, 42) != nil || g.money[0] != startMoney+700 || g.land.score(1) != 25 {
		t.Fatalf("tower 42 %v, money %d, enemy score %d; want destroyed, +700, 25", g.findTower(1, 42), g.money[0], g.land.score(1))
	}
	playLines(g, "BUILD 6 6", "")
	if !g.towerAt(0, 6, 6) {
		t.Errorf("build on the freed tile rejected: %q", g.events)
	}
}

// Spec §12.2 and §14: one player over the hard compute limit and the other timing out in
// the same turn lose together: the game ends in a draw.
func TestSpec14_HardLimitAndTimeoutSameTurnDraw(t *testing.T) {
	g := newTestGame(t)
	playLines(g, "", "")
	g.Play([]referee.Answer{
		{Player: 0, Lines: []string{""}, Status: referee.StatusOK, Compute: referee.VerdictHard},
		{Player: 1, Status: referee.StatusTimeout, Message: "slow"},
	})
	res := g.Result()
	if !g.Over() || referee.Winner(res) != -1 || res[0].Rank != 1 || res[1].Rank != 1 {
		t.Errorf("result %+v: want a draw", res)
	}
	if res[0].Status != referee.StatusLimit || res[1].Status != referee.StatusTimeout {
		t.Errorf("statuses %s/%s, want %s/%s", res[0].Status, res[1].Status, referee.StatusLimit, referee.StatusTimeout)
	}
}
