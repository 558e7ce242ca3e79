package rockets

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/arena-games/arena/players/builtin"
)

// TIME_TO_END tells the session's next game, which nothing else announces, whatever the
// games' length and however often the bot reads it.
func TestNextGameTold(t *testing.T) {
	type reading struct {
		turn, left int // the bot's turn number, and what TIME_TO_END says then
		newGame    bool
	}
	for _, tc := range []struct {
		name     string
		readings []reading
	}{
		{"a long game read every tenth turn, then the next", []reading{{0, 1499, false}, {10, 1489, false}, {20, 1479, false}, {30, 1499, true}}},
		{"turns missed by a slow bot count down faster", []reading{{0, 1499, false}, {10, 1470, false}, {20, 1400, false}}},
		{"read every turn once a rocket is up", []reading{{0, 99, false}, {1, 98, false}, {2, 97, false}, {3, 99, true}}},
		{"games of one turn: 0 on every turn", []reading{{0, 0, false}, {1, 0, true}}},
		{"games of ten read every tenth turn: 9 on each reading", []reading{{0, 9, false}, {10, 9, true}}},
		{"the next game, further into it than the last reading of the one before", []reading{{0, 49, false}, {10, 39, false}, {60, 29, true}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var server strings.Builder
			for _, r := range tc.readings {
				fmt.Fprintf(&server, "OK\n0 %d\n", r.left)
			}
			c := newClient(strings.NewReader(server.String()), io.Discard)
			var clock builtin.Countdown
			for i, r := range tc.readings {
				err := c.sameGame(&clock, r.turn)
				if got := errors.Is(err, errNewGame); got != r.newGame || (err != nil && !got) {
					t.Fatalf("reading %d (turn %d, %d left): %v, want the next game %v", i, r.turn, r.left, err, r.newGame)
				}
				if r.newGame {
					clock = builtin.Countdown{} // the bot starts the next game afresh
				}
			}
		})
	}
}
