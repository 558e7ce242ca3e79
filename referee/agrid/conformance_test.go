package agrid

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee/refereetest"
)

// plausibleCommands is what a busy but careless team sends in a turn: mostly legal PUTs and
// MOVEs for its four workers, sometimes a SCORE, DESTROY, SHOW_MAP or TEST_SCORE.
func plausibleCommands(r *rand.Rand, player, turn int) []string {
	colour := string(teamColors[player])
	lines := []string{"LIST_MY_WORKERS"}
	for id := 1; id <= 4; id++ {
		if r.IntN(3) > 0 {
			lines = append(lines, fmt.Sprintf("PUT %d %s", id, colour))
		}
		step := steps[r.IntN(4)]
		lines = append(lines, fmt.Sprintf("MOVE %d %d %d", id, step[0], step[1]))
		if r.IntN(20) == 0 {
			lines = append(lines, fmt.Sprintf("DESTROY %d", id))
		}
	}
	switch r.IntN(6) {
	case 0:
		lines = append(lines, fmt.Sprintf("SCORE %d %d", r.IntN(34)-1, r.IntN(34)-1))
	case 1:
		lines = append(lines, "SHOW_MAP", "SHOW_HISTORY", "LAST_SCORE", "TIME_TO_END", "LIST_ENEMY_WORKERS")
	case 2:
		var b strings.Builder
		for i := 0; i < 49; i++ {
			b.WriteByte(".#ab"[r.IntN(4)])
		}
		lines = append(lines, fmt.Sprintf("TEST_SCORE 7 %d %d %s", r.IntN(7), r.IntN(7), b.String()))
	}
	return lines
}

func TestConformance(t *testing.T) {
	refereetest.Run(t, Game{}, refereetest.Options{
		Players:     []int{1, 2, 4},
		Commands:    plausibleCommands,
		GameOptions: map[string]string{"turns": "200"},
	})
	// Eight teams on an 80×80 torus: shorter games keep the suite fast.
	refereetest.Run(t, Game{}, refereetest.Options{
		Players:     []int{8},
		Seeds:       []int64{4},
		Commands:    plausibleCommands,
		GameOptions: map[string]string{"turns": "100"},
	})
}
