package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arena-games/arena/replays"
)

// A game of one turn is "1 turn" in arena run's summary and in arena replay's header, and
// an unfinished one stopped after it says so in the singular too (they said "1 turns").
func TestOneTurnIsSingular(t *testing.T) {
	rec := &replays.Replay{Game: "queens", RefereeVersion: "1", Seed: 7, Turns: []replays.Turn{{Turn: 0}}}
	rec.Result = replays.Result{Game: "queens", Seed: 7, Turns: 1, Winner: -1, Unfinished: true}
	var summary, header bytes.Buffer
	printSummary(&summary, rec, "")
	printReplayHeader(&header, rec)
	for _, c := range []struct{ what, out, want string }{
		{"arena run's summary", summary.String(), "queens  seed 7  1 turn\n"},
		{"arena replay's header", header.String(), "queens (referee v1)  seed 7  1 turn\n"},
		{"arena replay's header", header.String(), "unfinished: stopped after 1 turn ("},
	} {
		if !strings.Contains(c.out, c.want) {
			t.Errorf("%s: %q does not contain %q", c.what, c.out, c.want)
		}
	}
}
