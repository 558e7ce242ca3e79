package agrid

import (
	"slices"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// One thing is counted in the singular in the events and tooltips (version 4): "1 BLOB",
// "1 turn left", "the season of 1 turn", where version 3 said "1 BLOB(s)", "1 turns left"
// and "1 turns".
func TestEventsSayOneInTheSingular(t *testing.T) {
	f := newFixture(t, 2, with(vectorParams(), "A", "8", "turns", "1"), []string{"......", ".aa..b", ".aa..."})
	f.r.expiry[1*8+5] = f.r.turn + 2 // 1 turn left when the frame is drawn
	f.want(0, "SCORE 1 1", "OK")
	f.r.EndTurn()
	fr := f.r.Frame()
	for _, want := range []string{
		"a harvested 2.000000 at (1,1): 1 BLOB, own area 1, 4 markers removed",
		"the season of 1 turn is over",
	} {
		if !slices.Contains(fr.Events, want) {
			t.Errorf("no event %q among:\n%s", want, strings.Join(fr.Events, "\n"))
		}
	}
	if !slices.ContainsFunc(fr.Shapes, func(s referee.Shape) bool { return s.Tip == "marker b at (5,1), 1 turn left" }) {
		t.Errorf("no tooltip %q", "marker b at (5,1), 1 turn left")
	}
}

// A refused command past the listed ones is counted in the singular too (version 4).
func TestOneMoreFailedCommand(t *testing.T) {
	f := newFixture(t, 2, with(vectorParams(), "A", "8"), []string{"......"})
	for i := 0; i < maxFailureEvents+1; i++ {
		f.do(0, "MOVE 90 1 0")
	}
	f.r.EndTurn()
	if events := f.r.Frame().Events; !slices.Contains(events, "a: 1 more failed command") {
		t.Errorf("no event %q among:\n%s", "a: 1 more failed command", strings.Join(events, "\n"))
	}
}

// A map too small for the teams says so in words, one worker in the singular.
func TestTooFewPostsInWords(t *testing.T) {
	// 25 posts, 10 of them hills: 15 free for 16 workers.
	_, err := Game{}.New(referee.Config{Seed: 1, Players: 16, Options: map[string]string{"A": "5", "hills": "0.4", "workers": "1"}})
	if err == nil || !strings.Contains(err.Error(), "posts, too few for 16 teams of 1 worker") {
		t.Errorf("error %v: want the map refused, for 16 teams of 1 worker", err)
	}
}
