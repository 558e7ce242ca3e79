package rockets

import (
	"slices"
	"strings"
	"testing"
)

// One thing is counted in the singular in the events and tooltips (version 3): "1 turn
// left", "1 road", "1 command failed", "the last turn (1 turn)", where version 2 said
// "1 turns left", "1 road(s)", "1 command(s) failed" and "1 turns".
func TestWordsSayOneInTheSingular(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, opts("turns", "1"))
	for _, setup := range []func(*game){addSite(2, 0), addSite(3, 1), suing(2, 3)} {
		setup(g)
	}
	g.suits[0].left = 1
	g.teams[0].cars[0].cycle.roads = []int{0}
	var tips []string
	for _, s := range g.Frame().Shapes {
		tips = append(tips, s.Tip)
	}
	all := strings.Join(tips, "\n")
	for _, want := range []string{
		"lawsuit: city 2 sues city 3 (started by team 1), 1 turn left",
		"; in a lawsuit (1 turn left)",
		", cycle 1 road",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no tooltip with %q among:\n%s", want, all)
		}
	}
	if got := do(g, 0, "LAUNCH_ROCKET 6"); got[0] == "OK" {
		t.Fatalf("LAUNCH_ROCKET 6 on a city without a site: %q, want a failure", got)
	}
	g.EndTurn()
	events := g.Frame().Events
	if !slices.ContainsFunc(events, func(e string) bool { return strings.HasPrefix(e, "team 1: 1 command failed, last \"LAUNCH_ROCKET 6\"") }) {
		t.Errorf("no event %q among:\n%s", "team 1: 1 command failed, last \"LAUNCH_ROCKET 6\"…", strings.Join(events, "\n"))
	}
	if want := "game over: the last turn (1 turn) is over"; !slices.Contains(events, want) {
		t.Errorf("no event %q among:\n%s", want, strings.Join(events, "\n"))
	}
}
