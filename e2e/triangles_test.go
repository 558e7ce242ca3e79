package e2e

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTrianglesDebugOutputTolerated: seed 002 "Debug drawing" — LINE, RECT, CIRCLE and
// TEXT "have no effect on the gameplay"; CodinGame bots also print MSG and leave empty
// `;` segments (a leading `;`, `;;`, a trailing `;`). A bot printing all of them every
// turn plays full games with status ok, its drawings land in the frames as its own
// debug layer, and the game is the same as without them.
func TestTrianglesDebugOutputTolerated(t *testing.T) {
	for _, m := range []matchup{
		{seat: 0, opponent: "builtin:greedy", seed: 7},
		{seat: 1, opponent: "builtin:random", seed: 8},
	} {
		t.Run(m.String(), func(t *testing.T) {
			t.Parallel()
			flags := []string{"--game", "triangles", "--seed", fmt.Sprint(m.seed), "--time-scale", roomy}
			replay := filepath.Join(t.TempDir(), "debug.json")
			debug, r := play(t, m.bots(statementBot(t, "triangles", "--debug")), slices.Concat(flags, []string{"--replay", replay})...)
			checkFullGame(t, "triangles", m, debug, r)

			plain, _ := play(t, m.bots(statementBot(t, "triangles")), flags...)
			if plain.Winner != debug.Winner || plain.Turns != debug.Turns || fmt.Sprint(plain.scores()) != fmt.Sprint(debug.scores()) {
				t.Errorf("debug output changed the game: without it winner %d, %d turns, scores %v; with it winner %d, %d turns, scores %v",
					plain.Winner, plain.Turns, plain.scores(), debug.Winner, debug.Turns, debug.scores())
			}

			rep := readReplay(t, replay)
			turns := rep.turns()
			if len(turns) == 0 {
				t.Fatal("replay has no turns")
			}
			out, _ := moveOf(turns[0], m.seat)["output"].(string)
			for _, want := range []string{"LINE ", "RECT ", "CIRCLE ", "TEXT ", "MSG ", ";;"} {
				if !strings.Contains(out, want) {
					t.Fatalf("the bot's first output %q lacks %q: the test bot does not exercise it", out, want)
				}
			}
			kinds := map[string]bool{}
			for _, s := range rep.frameShapes(turns[0]) {
				shape := s.(map[string]any)
				if shape["layer"] == "debug" {
					if p, _ := shape["player"].(float64); int(p) != m.seat {
						t.Errorf("debug shape %v is not attributed to player %d", shape, m.seat)
					}
					kinds[fmt.Sprint(shape["kind"])] = true
				}
			}
			for _, k := range []string{"line", "rect", "circle", "text"} {
				if !kinds[k] {
					t.Errorf("turn 0 frame has no debug %s of player %d (debug kinds drawn: %v)", k, m.seat, kinds)
				}
			}
		})
	}
}
