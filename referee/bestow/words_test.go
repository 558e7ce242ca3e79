package bestow

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A piece of one cube is counted in the singular in the events (version 2): "(1 cube, …"
// and ": 1 square", where version 1 said "1 cubes" and "1 squares".
func TestEventsSayOneInTheSingular(t *testing.T) {
	r := newRef(t, nil)
	ids := r.snap.inRange(r.p, 0)
	setPiece(r, ids[0], []vec3{{0, 0, 0}}, nil, 1, 100, 1)
	for _, line := range []string{"BUY_PIECE 1", "PLACE_SHARED_PIECE 3 4 0 0 0"} {
		if got := send(r, 0, line); got[0] != "OK" {
			t.Fatalf("%s: %q", line, got)
		}
	}
	events := strings.Join(r.events[0], "\n")
	for _, want := range []string{
		"bought piece " + strconv.Itoa(ids[0]) + " (1 cube, price 1, value 100, effort 1)",
		"placed piece " + strconv.Itoa(ids[0]) + " in shared space at (3,4) rotation (0,0,0): 1 square",
	} {
		if !strings.Contains(events, want) {
			t.Errorf("no event with %q among:\n%s", want, events)
		}
	}
}

// The turn's resolution counts in the singular too (version 2): a threshold reached first
// and a refused command past the listed five.
func TestResolutionSaysOneInTheSingular(t *testing.T) {
	r := newRef(t, nil)
	ids := r.snap.inRange(r.p, 0)
	setPiece(r, ids[0], []vec3{{0, 0, 0}}, nil, 1, 100, r.p.Ep)
	if got := send(r, 0, "BUY_PIECE 1"); got[0] != "OK" {
		t.Fatalf("BUY_PIECE 1: %q", got)
	}
	for range maxFailureEvents + 1 {
		send(r, 1, "BUY_PIECE 1") // not B's turn
	}
	r.EndTurn()
	events := r.Frame().Events
	for _, want := range []string{
		"A reached 1 effort threshold first: +1 single cube and +1 single square",
		"B: 1 more failed command",
	} {
		if !slices.Contains(events, want) {
			t.Errorf("no event %q among:\n%s", want, strings.Join(events, "\n"))
		}
	}
}
