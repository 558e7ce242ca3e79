package agrid

import "testing"

// TIME_TO_END is read on the first turn, every tenth turn, and on every turn past the end
// the last reading foretold, by U or by the idle countdown V: the last turns of a game cost
// no command, and the next game of a session is noticed on its first turn.
func TestClockDue(t *testing.T) {
	var fresh clock
	long := clock{u: 999, end: 100, turn: 0, read: true}
	short := clock{u: 0, end: 0, turn: 0, read: true}   // a game of one turn
	idle := clock{u: 500, end: 7, turn: 20, read: true} // nobody has put a marker for a while
	for _, tc := range []struct {
		name string
		k    clock
		turn int
		want bool
	}{
		{"not read yet", fresh, 3, true},
		{"a long game, between readings", long, 7, false},
		{"a long game, tenth turn", long, 10, true},
		{"a game of one turn", short, 1, true},
		{"the idle countdown's last turn", idle, 27, false},
		{"past it: the next game, unless a PUT put it back up", idle, 28, true},
	} {
		if got := tc.k.due(tc.turn); got != tc.want {
			t.Errorf("%s: due(%d) = %v, want %v", tc.name, tc.turn, got, tc.want)
		}
	}
}

// A reading of U tells the next game of a session when U does not go down by at least the
// turns the bot counted since the last one, whatever the games' length and however often
// the bot reads it.
func TestClockNewGame(t *testing.T) {
	type reading struct{ turn, u, v int }
	for _, tc := range []struct {
		name     string
		readings []reading
		newGame  []bool
	}{
		{"read on every turn", []reading{{0, 999, 100}, {1, 998, 100}, {2, 997, 99}}, []bool{false, false, false}},
		{"read every tenth turn", []reading{{0, 999, 100}, {10, 989, 100}, {20, 979, 100}}, []bool{false, false, false}},
		{"turns missed by a slow bot count down faster", []reading{{0, 999, 100}, {10, 980, 100}}, []bool{false, false}},
		{"the next game", []reading{{0, 999, 100}, {10, 989, 100}, {20, 999, 100}}, []bool{false, false, true}},
		{"the next game, after the idle countdown ended this one", []reading{{0, 999, 5}, {6, 999, 100}}, []bool{false, true}},
		{"games of one turn: U is 0 on every turn", []reading{{0, 0, 100}, {1, 0, 100}}, []bool{false, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var k clock
			for i, r := range tc.readings {
				if got := k.newGame(r.u, r.turn); got != tc.newGame[i] {
					t.Fatalf("reading %d (turn %d, U %d): next game %v, want %v", i, r.turn, r.u, got, tc.newGame[i])
				}
				if tc.newGame[i] {
					k = clock{}
				}
				k.set(r.u, r.v, r.turn)
			}
		})
	}
}
