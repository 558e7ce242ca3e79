package refereetest

import (
	"encoding/json"
	"testing"

	"github.com/arena-games/arena/referee"
)

// SameFrame fails the test when a frame drawn by a tuned drawing differs, as JSON, from
// the one its reference drawing (the original code, kept in the game's tests) makes, or
// when it made room for more shapes than it drew (a count of shapes that is off wastes
// the room of every frame a replay keeps). what says where, e.g. "seed 3, turn 12".
func SameFrame(t testing.TB, what string, got, want referee.Frame) {
	t.Helper()
	if cap(got.Shapes) != len(got.Shapes) {
		t.Fatalf("%s: %d shapes drawn, room made for %d", what, len(got.Shapes), cap(got.Shapes))
	}
	g, err := json.Marshal(got)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	w, err := json.Marshal(want)
	if err != nil {
		t.Fatalf("%s: the reference: %v", what, err)
	}
	if string(g) != string(w) {
		at := 0
		for at < min(len(g), len(w)) && g[at] == w[at] {
			at++
		}
		from := max(0, at-200)
		t.Fatalf("%s: frame differs from the reference at byte %d\ngot:  …%.400s\nwant: …%.400s", what, at, g[from:], w[from:])
	}
}
