package flags

import "testing"

// Rules of the spec stated outside its test vectors, set up directly and played through a turn.

// §8.3: several mines may share a cell; blasts add up (original profile).
func TestSpec8_3_StackedMinesAddUp(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}}, []Cell{{1, 1}}, []Cell{{3, 3}})
	r.mines = []mine{{pos: Cell{3, 3}, owner: 0}, {pos: Cell{3, 3}, owner: 0}}
	play(r, "", "")
	if got := hps(r, 1)[0]; got != 40 {
		t.Errorf("HP %d, want 40 (two blasts)", got)
	}
	if len(r.mines) != 0 {
		t.Errorf("mines left %v", r.mines)
	}
}

// §8.2: a minion frozen at the start of the turn (timeout > 0) cannot act: its power-up
// command is ignored, at no cost.
func TestSpec8_2_FrozenMinionCannotFire(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}}, []Cell{{3, 1}}, []Cell{{3, 5}})
	r.teams[0].score = 20
	r.teams[0].minions[0].timeout = 2
	play(r, "FIRE 0", "")
	if r.over {
		t.Fatalf("game over: %v", r.messages)
	}
	if r.teams[0].score != 20 || hps(r, 1)[0] != 100 {
		t.Errorf("frozen minion fired: score %d, enemy HP %d", r.teams[0].score, hps(r, 1)[0])
	}
}

// §7 step 4/5: coins collected this turn are spendable in the same turn's power-ups.
func TestSpec7_CoinSpentTheTurnItIsPicked(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}}, []Cell{{3, 2}, {3, 1}}, []Cell{{3, 5}, {1, 1}})
	r.teams[0].score = 6
	r.coins[r.grid.index(Cell{3, 1})] = true
	play(r, "MOVE 1 3 1 | FIRE 0", "")
	if r.teams[0].score != 0 || hps(r, 1)[0] != 76 {
		t.Errorf("score %d, enemy HP %d; want 7-7=0 and 76", r.teams[0].score, hps(r, 1)[0])
	}
}
