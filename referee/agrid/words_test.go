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
