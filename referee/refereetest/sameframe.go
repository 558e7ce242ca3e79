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

// FramesShareNothing fails the test when two frames drawn one after the other point to the
// same Player value or the same Points, or when no shape has an owner (the check would
// then prove little). The runner keeps every frame of a game, so a drawing that reuses
// its room between frames must never hand out the same memory twice.
func FramesShareNothing(t testing.TB, a, b referee.Frame) {
	t.Helper()
	if len(a.Shapes) != len(b.Shapes) {
		t.Fatalf("the same position drawn twice: %d shapes, then %d", len(a.Shapes), len(b.Shapes))
	}
	owned := 0
	for i := range a.Shapes {
		if a.Shapes[i].Player != nil {
			owned++
			if a.Shapes[i].Player == b.Shapes[i].Player {
				t.Fatalf("shape %d: both frames point to the same owner", i)
			}
		}
		if len(a.Shapes[i].Points) > 0 && &a.Shapes[i].Points[0] == &b.Shapes[i].Points[0] {
			t.Fatalf("shape %d: both frames point to the same corners", i)
		}
	}
	if owned == 0 {
		t.Fatal("no shape has an owner")
	}
}
