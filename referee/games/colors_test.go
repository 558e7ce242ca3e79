package games_test

import (
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	_ "github.com/arena-games/arena/referee/games"
)

// Every seat of every game has a colour of its own: a viewer of a 16-team agrid game must
// tell team 9 from team 1.
func TestEverySeatHasItsOwnColour(t *testing.T) {
	seen := map[string]int{}
	for i, c := range referee.PlayerColors {
		c = strings.ToLower(c)
		if j, ok := seen[c]; ok {
			t.Errorf("players %d and %d share the colour %s", j, i, c)
		}
		seen[c] = i
	}
	for _, g := range referee.Games() {
		if info := g.Info(); info.MaxPlayers > len(referee.PlayerColors) {
			t.Errorf("%s seats up to %d players, but there are %d player colours", info.Name, info.MaxPlayers, len(referee.PlayerColors))
		}
	}
}
