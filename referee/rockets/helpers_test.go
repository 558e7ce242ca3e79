package rockets

import (
	"strings"
	"testing"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// tiny6 is the map of spec §11 (seats: 1 → city 1, 2 → city 4).
const tiny6 = `6 6 2
1 4
1 1 3 1 2 1
1 2 4
2 3 5
3 6 2
6 5 4
5 1 3
4 3 7
`

// newTest builds a game on a map given as text, named like a file.
func newTest(t *testing.T, name, mapText string, players int, opts map[string]string) *game {
	t.Helper()
	o := map[string]string{"map": name}
	for k, v := range opts {
		o[k] = v
	}
	ref, err := Game{}.New(referee.Config{Seed: 1, Players: players, Options: o, Files: map[string][]byte{"map": []byte(mapText)}})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return ref.(*game)
}

// do runs one command line for a seat the way the session protocol would.
func do(g *game, player int, line string) []string {
	return g.Command(player, protocol.Fields(line))
}

// mustOK runs a command that must succeed and returns its data lines.
func mustOK(t *testing.T, g *game, player int, line string) []string {
	t.Helper()
	resp := do(g, player, line)
	if resp[0] != "OK" {
		t.Fatalf("turn %d, team %d: %q → %q, want OK", g.turn, player+1, line, resp)
	}
	return resp[1:]
}

// wait ends n turns.
func wait(g *game, n int) {
	for i := 0; i < n; i++ {
		g.EndTurn()
	}
}

func joinLines(lines []string) string { return strings.Join(lines, "\n") }
