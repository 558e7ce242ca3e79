package flags

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

// Decisions where the spec and the seed are silent; docs/games/flags.md lists them.

// [D] In both profiles a frozen minion cannot pick a flag up: picking up is an action.
func TestDecisionFrozenMinionCannotPickUp(t *testing.T) {
	for _, profile := range []Profile{ProfileOriginal, ProfileSeed} {
		t.Run(profile.String(), func(t *testing.T) {
			r := scenario(t, openGrid(7, 12), profile, [2]Cell{{3, 1}, {3, 10}}, []Cell{{3, 5}}, []Cell{{1, 10}})
			r.flags[1] = flag{pos: Cell{3, 5}, carrier: -1} // dropped under player 0's minion
			r.teams[0].minions[0].timeout = 2
			play(r, "", "")
			if r.flags[1].carrier != -1 {
				t.Fatalf("frozen minion picked the flag up")
			}
			play(r, "", "") // timeout 1 → 0 at the end of this turn
			play(r, "", "") // free again: pass A picks it up
			if r.flags[1].carrier != 0 {
				t.Errorf("unfrozen minion did not pick the flag up: %+v", r.flags[1])
			}
		})
	}
}

// [D] Seed profile: every opponent of the planter standing on the mine's cell takes the
// damage; teammates of the planter on the cell do not; several mines on a cell all explode.
func TestDecisionSeedMineHitsEveryOpponentOnItsCell(t *testing.T) {
	r := scenario(t, openGrid(7, 12), ProfileSeed, [2]Cell{{3, 1}, {3, 10}},
		[]Cell{{3, 5}, {1, 1}}, []Cell{{3, 5}, {3, 5}})
	r.mines = []mine{{pos: Cell{3, 5}, owner: 0}, {pos: Cell{3, 5}, owner: 0}, {pos: Cell{3, 6}, owner: 0}}
	play(r, "", "")
	if diff := cmp.Diff([]int{100, 100}, hps(r, 0)); diff != "" {
		t.Errorf("player 0 HP (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{40, 40}, hps(r, 1)); diff != "" {
		t.Errorf("player 1 HP (-want +got):\n%s", diff)
	}
	if len(r.mines) != 1 || r.mines[0].pos != (Cell{3, 6}) {
		t.Errorf("mines left %+v, want only the untouched one", r.mines)
	}
}

// [D] Seed profile: an opponent that drops to HP ≤ 0 in the power-up step still stands on
// the mine in the mine step, so it triggers it (as in the original profile, spec §8.3) and
// the mine is used up, even when no other opponent is on its cell.
func TestDecisionSeedMineTriggeredByDyingOpponent(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileSeed, [2]Cell{{1, 5}, {2, 5}},
		[]Cell{{3, 1}, {1, 3}}, []Cell{{3, 3}, {2, 3}})
	r.teams[0].score = 7
	r.teams[1].minions[0].hp = 20 // FIRE (24) brings it to −4 before the mine step
	r.mines = []mine{{pos: Cell{3, 3}, owner: 0}}
	play(r, "FIRE 0", "")
	if len(r.mines) != 0 {
		t.Errorf("mine still armed: %+v; want it triggered by the dying minion", r.mines)
	}
	if m := r.teams[1].minions[0]; !m.removed || m.hp != 20-fireDamage-mineDamage {
		t.Errorf("player 1 minion 0 %+v: want removed with HP %d (FIRE, then the mine)", m, 20-fireDamage-mineDamage)
	}
}

// [D] A player missing from the answers is deactivated as a crash.
func TestDecisionMissingAnswer(t *testing.T) {
	r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}}, []Cell{{3, 5}}, []Cell{{1, 10}})
	r.Play([]referee.Answer{{Player: 0, Lines: []string{""}, Status: referee.StatusOK}})
	res := r.Result()
	if !r.over || res[1].Status != referee.StatusCrash || res[0].Rank != 1 || res[1].Rank != 2 {
		t.Errorf("result %+v", res)
	}
}

// [D] The game ends before resolving the turn of a deactivation: nothing moves, the turn
// counter stays.
func TestDecisionDeactivationEndsBeforeResolution(t *testing.T) {
	r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}}, []Cell{{3, 5}}, []Cell{{1, 10}})
	play(r, "MOVE 0 3 6", "JUMP")
	if !r.over || r.turn != 0 || r.teams[0].minions[0].pos != (Cell{3, 5}) || r.winner != 0 {
		t.Errorf("over %v turn %d pos %v winner %d", r.over, r.turn, r.teams[0].minions[0].pos, r.winner)
	}
}

// [D] Mines are never part of any player's input, not even the planter's.
func TestDecisionMinesHidden(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}}, []Cell{{2, 3}}, []Cell{{3, 5}})
	r.teams[0].score = 15
	before := [2][]string{inputLines(r, 0), inputLines(r, 1)}
	play(r, "MINE 0 3 3", "")
	after := [2][]string{inputLines(r, 0), inputLines(r, 1)}
	before[0][0], before[1][0] = "0 0", "0 0" // only the score lines change
	if diff := cmp.Diff(before, after); diff != "" || len(r.mines) != 1 {
		t.Errorf("input changed beyond the score (-before +after):\n%s", diff)
	}
}

// [D] An ok answer without any line is invalid.
func TestDecisionAnswerWithoutLine(t *testing.T) {
	r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}}, []Cell{{3, 5}}, []Cell{{1, 10}})
	r.Play([]referee.Answer{{Player: 0, Lines: []string{""}, Status: referee.StatusOK}, {Player: 1, Status: referee.StatusOK}})
	if res := r.Result(); !r.over || res[1].Status != referee.StatusInvalid || res[0].Rank != 1 {
		t.Errorf("result %+v", res)
	}
}

// [D] Both teams wiped out in the same turn: the higher score wins, equal scores draw.
func TestDecisionBothWipedOut(t *testing.T) {
	for _, tc := range []struct {
		score0, score1, winner int
	}{{5, 3, 0}, {3, 5, 1}, {4, 4, -1}} {
		r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}}, []Cell{{3, 5}}, []Cell{{3, 5}})
		r.teams[0].minions[0].hp, r.teams[1].minions[0].hp = 30, 10
		r.teams[0].score, r.teams[1].score = tc.score0, tc.score1
		r.mines = []mine{{pos: Cell{3, 5}, owner: 1}}
		play(r, "", "")
		if !r.over || r.winner != tc.winner || r.teams[0].aliveCount()+r.teams[1].aliveCount() != 0 {
			t.Errorf("scores %d %d: over %v winner %d, want %d", tc.score0, tc.score1, r.over, r.winner, tc.winner)
		}
	}
}

// Spec §8.3: a minion that dropped to HP ≤ 0 in the power-up step still triggers a mine, and
// a mine planted on an occupied cell explodes in the same turn.
func TestSpec83MineTriggers(t *testing.T) {
	t.Run("dying minion triggers", func(t *testing.T) {
		r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}}, []Cell{{3, 1}, {1, 1}}, []Cell{{3, 3}, {1, 5}})
		r.teams[0].score = 7
		r.teams[1].minions[0].hp = 20
		r.mines = []mine{{pos: Cell{3, 3}, owner: 0}}
		play(r, "FIRE 0", "")
		if len(r.mines) != 0 || r.teams[0].minions[0].hp != 70 {
			t.Errorf("mines %v, player 0 minion 0 HP %d: want the mine exploded by the dying minion", r.mines, r.teams[0].minions[0].hp)
		}
	})
	t.Run("planted on an occupied cell", func(t *testing.T) {
		r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}}, []Cell{{3, 2}}, []Cell{{3, 3}})
		r.teams[0].score = 15
		play(r, "MINE 0 3 3", "WAIT 0")
		if len(r.mines) != 0 || hps(r, 1)[0] != 70 || hps(r, 0)[0] != 70 {
			t.Errorf("mines %v, HP %v %v: want an explosion this turn", r.mines, hps(r, 0), hps(r, 1))
		}
	})
}

// Spec §10: the result reports each player's alive minions with the reason, whatever rule
// ended the game: here player 0 captures the flag with 3 minions alive against 2.
func TestResultReportsAliveMinions(t *testing.T) {
	r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}},
		[]Cell{{3, 2}, {1, 1}, {1, 2}}, []Cell{{3, 9}, {1, 10}, {1, 9}})
	r.flags[1] = flag{pos: Cell{3, 2}, carrier: 0}
	r.teams[1].minions[2].hp, r.teams[1].minions[2].removed = 0, true
	play(r, "MOVE 0 3 1", "WAIT 0")
	if !r.over || r.winner != 0 {
		t.Fatalf("setup: over %v winner %d, want player 0 to win by capture", r.over, r.winner)
	}
	want := []string{"won: player 0 captured the flag on turn 1; 3 minions alive", "lost: player 0 captured the flag on turn 1; 2 minions alive"}
	for p, o := range r.Result() {
		if o.Message != want[p] {
			t.Errorf("player %d: message %q, want %q", p, o.Message, want[p])
		}
	}
}

// A single alive minion is counted in the singular: "1 minion alive", not "1 minions alive".
func TestResultSaysOneMinionInTheSingular(t *testing.T) {
	r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}},
		[]Cell{{3, 2}, {1, 1}, {1, 2}}, []Cell{{3, 9}, {1, 10}, {1, 9}})
	r.flags[1] = flag{pos: Cell{3, 2}, carrier: 0}
	for _, id := range []int{1, 2} {
		r.teams[1].minions[id].hp, r.teams[1].minions[id].removed = 0, true
	}
	play(r, "MOVE 0 3 1", "WAIT 0")
	if !r.over || r.winner != 0 {
		t.Fatalf("setup: over %v winner %d, want player 0 to win by capture", r.over, r.winner)
	}
	if got, want := r.Result()[1].Message, "lost: player 0 captured the flag on turn 1; 1 minion alive"; got != want {
		t.Errorf("player 1: message %q, want %q", got, want)
	}
}

// Events and notes count one thing in the singular (version 3): "hitting 1 minion",
// "frozen (1 more turn)", where version 2 said "1 minions" and "1 more turns".
func TestEventsSayOneInTheSingular(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 1}, {1, 5}}, []Cell{{3, 1}}, []Cell{{3, 5}})
	r.teams[1].score = 12
	r.turn = 10
	play(r, "WAIT 0", "FREEZE 0")
	wantEvent(t, r, "player 1 minion 0 freezes from (3, 5), hitting 1 minion")
	for _, more := range []string{"3 more turns", "2 more turns", "1 more turn"} {
		play(r, "MOVE 0 3 2", "WAIT 0")
		wantEvent(t, r, `player 0: minion 0 is frozen (`+more+`): "MOVE 0 3 2" ignored`)
	}
}

// wantEvent fails the test unless the last turn's events include want, word for word.
func wantEvent(t *testing.T, r *Referee, want string) {
	t.Helper()
	if !slices.Contains(r.log.events, want) {
		t.Errorf("turn %d: no event %q among:\n%s", r.turn-1, want, strings.Join(r.log.events, "\n"))
	}
}
