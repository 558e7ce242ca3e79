package builtin

import "testing"

// TIME_TO_END is read on the first turn, every tenth turn, and on every turn past the end
// the last reading foretold (agrid: by U or by the idle countdown V): the last turns of a
// game cost no command, and the next game of a session is noticed on its first turn.
func TestCountdownDue(t *testing.T) {
	reading := func(left, end, turn int) Countdown {
		var c Countdown
		c.Set(left, end, turn)
		return c
	}
	var fresh Countdown
	long := reading(1499, 1499, 0)
	short := reading(0, 0, 0) // a game of one turn
	ending := reading(25, 25, 20)
	idle := reading(500, 7, 20) // agrid: nobody has put a marker for a while
	for _, tc := range []struct {
		name string
		c    Countdown
		turn int
		want bool
	}{
		{"not read yet", fresh, 3, true},
		{"a long game, between readings", long, 7, false},
		{"a long game, tenth turn", long, 10, true},
		{"a game of one turn", short, 1, true},
		{"the game's last ten turns", ending, 36, false},
		{"its last turn", ending, 45, false},
		{"past its end: the next game", ending, 46, true},
		{"the idle countdown's last turn", idle, 27, false},
		{"past it: the next game, unless a PUT put it back up", idle, 28, true},
	} {
		if got := tc.c.Due(tc.turn); got != tc.want {
			t.Errorf("%s: Due(%d) = %v, want %v", tc.name, tc.turn, got, tc.want)
		}
	}
}

// A count that does not go down by at least the turns the bot counted since the last
// reading is the next game's, whatever the games' length and however often it is read.
func TestCountdownNewGame(t *testing.T) {
	type reading struct{ turn, left, end int }
	for _, tc := range []struct {
		name     string
		readings []reading
		newGame  []bool
	}{
		{"read on every turn", []reading{{0, 999, 100}, {1, 998, 100}, {2, 997, 99}}, []bool{false, false, false}},
		{"read every tenth turn, then the next game", []reading{{0, 1499, 1499}, {10, 1489, 1489}, {20, 1479, 1479}, {30, 1499, 1499}}, []bool{false, false, false, true}},
		{"turns missed by a slow bot count down faster", []reading{{0, 1499, 1499}, {10, 1470, 1470}, {20, 1400, 1400}}, []bool{false, false, false}},
		{"the next game, after the idle countdown ended this one", []reading{{0, 999, 5}, {6, 999, 100}}, []bool{false, true}},
		{"games of one turn: 0 on every turn", []reading{{0, 0, 0}, {1, 0, 0}}, []bool{false, true}},
		{"games of ten read every tenth turn: 9 on each reading", []reading{{0, 9, 9}, {10, 9, 9}}, []bool{false, true}},
		{"the next game, further into it than the last reading of the one before", []reading{{0, 49, 49}, {10, 39, 39}, {60, 29, 29}}, []bool{false, false, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Countdown
			for i, r := range tc.readings {
				if got := c.NewGame(r.left, r.turn); got != tc.newGame[i] {
					t.Fatalf("reading %d (turn %d, %d left): next game %v, want %v", i, r.turn, r.left, got, tc.newGame[i])
				}
				if tc.newGame[i] {
					c = Countdown{} // the bot starts the next game afresh
				}
				c.Set(r.left, r.end, r.turn)
			}
		})
	}
}
