package replays

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// The turn digest is recorded in replays: it must stay byte for byte what the first
// replays were written with.
func TestDigestIsStable(t *testing.T) {
	reference := func(t *Turn) string {
		h := sha256.New()
		for _, m := range t.Moves {
			fmt.Fprintf(h, "%d\x00%s\x00%s\x00%s\x00%s\x00%s\x00", m.Player, m.Status, m.Message, m.Compute, m.ComputeUsage, m.Output)
		}
		return hex.EncodeToString(h.Sum(nil))[:16]
	}
	turns := []Turn{
		{},
		{Moves: []Move{{Player: 0, Output: "WAIT\nTRAIN\n"}}},
		{Moves: []Move{
			{Player: 1, Output: "MOVE 1 2\n", Status: referee.StatusTimeout, Message: "late", Compute: referee.VerdictSoft, ComputeUsage: "used 3 ms"},
			{Player: 12, Output: strings.Repeat("x", 2000) + "\n"},
		}},
		{Moves: []Move{{Player: -1, Output: "é\x00\n"}}},
	}
	for i, turn := range turns {
		if got, want := turn.digest(), reference(&turn); got != want {
			t.Errorf("turn %d: digest %s, want %s", i, got, want)
		}
	}
	// The value docs/replay-format.md gives for a turn without moves.
	if got := (&Turn{}).digest(); got != "e3b0c44298fc1c14" {
		t.Errorf("a turn without moves: digest %s, want e3b0c44298fc1c14", got)
	}
}

func TestJoinLines(t *testing.T) {
	for _, lines := range [][]string{nil, {}, {""}, {"a"}, {"WAIT", "TRAIN"}, {"", "x", ""}} {
		want := ""
		if len(lines) > 0 {
			want = strings.Join(lines, "\n") + "\n"
		}
		if got := JoinLines(lines); got != want {
			t.Errorf("JoinLines(%q) = %q, want %q", lines, got, want)
		}
	}
}
