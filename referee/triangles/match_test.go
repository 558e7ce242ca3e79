package triangles

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/google/go-cmp/cmp"
)

// Lines the original boss bots and test agent print: MSG between actions, empty pieces
// from units that stay, a leading ';' before SPAWN, a trailing ';', a space before MOVE.
func TestOriginalBotOutputForms(t *testing.T) {
	for _, line := range []string{
		"ATTACK 0 1 3 2;MSG ATTACK!;MOVE 0 1 1;;MOVE 3 1 1;SPAWN 0 1 3",
		";SPAWN 0 1 3;SPAWN 0 2 3",
		"ADD_PATH 1 0 3 4;MOVE 0 2 1;;",
		"MOVE 0 1 1;MOVE 3 1 1; MOVE 1 0 1",
		"",
	} {
		if lo := parseLine(line, false); lo.critical != "" {
			t.Errorf("%q: %s", line, lo.critical)
		}
	}
}

// Runner failures deactivate the player with the runner's status and message; the game
// ends after that turn without applying it, and the other player wins.
func TestRunnerFailures(t *testing.T) {
	for _, status := range []referee.Status{referee.StatusTimeout, referee.StatusCrash, referee.StatusLimit} {
		m := newTestMatch(t, mapS.with(tv2Units))
		m.Play([]referee.Answer{
			{Player: 0, Lines: []string{"ADD_PATH 1 0 3 4"}, Status: referee.StatusOK},
			{Player: 1, Status: status, Message: "no answer within 1000 ms"},
		})
		if !m.Over() {
			t.Fatalf("%s: game not over", status)
		}
		want := []referee.Outcome{
			{Score: 4, Rank: 1, Status: referee.StatusOK},
			{Score: -1, Rank: 2, Status: status, Message: "no answer within 1000 ms"},
		}
		if d := cmp.Diff(want, m.Result()); d != "" {
			t.Errorf("%s: result (-want +got):\n%s", status, d)
		}
		if m.b.adj[1][4] {
			t.Errorf("%s: the last turn's actions were applied", status)
		}
	}
}

// An invalid command loses with StatusInvalid and a message quoting the text; a player
// eliminated at a turn's start is not asked; both invalid is a draw at −1.
func TestInvalidCommand(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	playTurn(t, m, "MOVE 0 1 1;FOO bar", "")
	res := m.Result()
	if res[0].Status != referee.StatusInvalid || res[0].Message != `invalid command "FOO bar": unknown command` || res[0].Score != -1 {
		t.Errorf("P0 outcome %+v", res[0])
	}
	if res[1].Status != referee.StatusOK || res[1].Rank != 1 || !m.Over() {
		t.Errorf("P1 outcome %+v, over %v", res[1], m.Over())
	}
	if m.b.units[1][0] != 1 {
		t.Error("the MOVE of the last turn was applied")
	}

	m = newTestMatch(t, mapS.with(tv2Units))
	playTurn(t, m, "LINE 1", "MOVE 99999999999 1 1")
	res = m.Result()
	if referee.Winner(res) != -1 || res[0].Status != referee.StatusInvalid || res[1].Status != referee.StatusInvalid {
		t.Errorf("both invalid: %+v", res)
	}
}

// §9.3 rule 3: owning at least 80% of the triangles eliminates the opponent.
func TestDomination(t *testing.T) {
	// Map N without the filler: P0 owns both triangles from the start.
	noFiller := testMap{houses: mapN.houses[:5], paths: mapN.paths[:5], units: map[int][2]int{1: {1, 0}, 2: {1, 0}, 4: {0, 3}}}
	m := newTestMatch(t, noFiller)
	if !m.out[1] || m.out[0] || !strings.Contains(m.reason[1], "2 of 2 triangles") {
		t.Errorf("eliminated %v, reason %q", m.out, m.reason[1])
	}
}

// QUIRK §12.7: no triangle at all dominates both players: a draw at −1.
func TestZeroTrianglesIsADraw(t *testing.T) {
	m := newTestMatch(t, testMap{houses: mapE.houses[:2], paths: [][2]int{{0, 1}}, units: map[int][2]int{0: {2, 2}}})
	if !m.Over() || len(m.Requests()) != 0 {
		t.Fatalf("over %v, requests %v", m.Over(), m.Requests())
	}
	res := m.Result()
	if res[0].Score != -1 || res[1].Score != -1 || res[0].Rank != 1 || res[1].Rank != 1 || !strings.Contains(res[1].Message, "0 of 0 triangles") {
		t.Errorf("result %+v", res)
	}
}

// Options: unknown keys, partial fixed maps and bad values are *referee.OptionError.
func TestOptions(t *testing.T) {
	good := mapS.with(tv2Units).options()
	tests := []struct {
		name    string
		options map[string]string
		key     string
	}{
		{"unknown", map[string]string{"league": "3"}, "league"},
		{"nodes only", map[string]string{"nodes": good["nodes"]}, "edges"},
		{"edges empty", map[string]string{"nodes": good["nodes"], "edges": "", "units": good["units"]}, "edges"},
		{"bad node", map[string]string{"nodes": "1,2_x,3", "edges": "0,1", "units": "0,0_0,0"}, "nodes"},
		{"off the map", map[string]string{"nodes": "1,2_3000,3", "edges": "0,1", "units": "0,0_0,0"}, "nodes"},
		{"bad edge", map[string]string{"nodes": "1,2_3,4", "edges": "0,2", "units": "0,0_0,0"}, "edges"},
		{"unit count", map[string]string{"nodes": "1,2_3,4", "edges": "0,1", "units": "0,0"}, "units"},
	}
	for _, tt := range tests {
		_, err := game{}.New(referee.Config{Seed: 1, Players: 2, Options: tt.options})
		oe, ok := err.(*referee.OptionError)
		if !ok || oe.Key != tt.key {
			t.Errorf("%s: error %v, want an OptionError for %q", tt.name, err, tt.key)
		}
	}
	_, err := game{}.New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{"nodes": "1,2_3,4", "edges": "0,1", "units": "0,0"}})
	if err == nil || !strings.Contains(err.Error(), "1 unit pair for 2 houses") {
		t.Errorf("unit count: error %v, want it to say 1 unit pair for 2 houses", err)
	}
	if _, err := (game{}).New(referee.Config{Seed: 1, Players: 3}); err == nil {
		t.Error("3 players accepted")
	}
}

// Frames draw houses with unit tooltips, paths, owned triangles in their owner's colour,
// and summarise the state.
func TestFrame(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	f := m.Frame()
	if f.View == nil || f.View.Width != 1920 || f.View.Height != 1080 {
		t.Fatalf("view %+v", f.View)
	}
	count := map[string]int{}
	for _, s := range f.Shapes {
		switch {
		case s.Kind == referee.ShapePoly && s.Player != nil && *s.Player == 0:
			count["P0 triangle"]++
			if s.Fill != referee.PlayerColor(0) || s.Alpha <= 0 || s.Alpha >= 1 || len(s.Points) != 6 {
				t.Errorf("owned triangle %+v", s)
			}
		case s.Kind == referee.ShapePoly:
			count["neutral triangle"]++
		case s.Kind == referee.ShapeLine:
			count["path"]++
		case s.Kind == referee.ShapeCircle:
			count["house"]++
			if s.Tip == "" {
				t.Errorf("house without a tooltip: %+v", s)
			}
		}
	}
	if d := cmp.Diff(map[string]int{"P0 triangle": 2, "neutral triangle": 1, "path": 8, "house": 8}, count); d != "" {
		t.Errorf("shapes (-want +got):\n%s", d)
	}
	want := frameState{Turn: 0, Scores: [2]int{4, 0}, Units: [2]int{3, 2}, Triangles: [2]int{2, 0}, Houses: [2]int{4, 1}, Total: 3}
	if d := cmp.Diff(want, f.State); d != "" {
		t.Errorf("state (-want +got):\n%s", d)
	}
	if !strings.Contains(fmt.Sprint(f.Events), "P0 captured triangle 0 1 3") {
		t.Errorf("events %q", f.Events)
	}
}

// The debug pool: at most 50 entities per player; later frames reuse them by kind.
func TestDebugPool(t *testing.T) {
	var d debugPool
	lines := func(p int, cmds ...string) [2]lineOrders {
		var lo [2]lineOrders
		lo[p] = parseLine(strings.Join(cmds, ";"), false)
		return lo
	}
	many := func(cmd string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = cmd
		}
		return out
	}
	if got := len(d.shapes(lines(0, many("LINE 0 0 1 1", 60)...))); got != 50 {
		t.Errorf("first frame: %d shapes, want 50", got)
	}
	if got := len(d.shapes(lines(0, append(many("LINE 0 0 1 1", 10), "CIRCLE 1 1 1")...))); got != 10 {
		t.Errorf("second frame: %d shapes, want the 10 lines (no circle left to create)", got)
	}
	if got := len(d.shapes(lines(1, many("TEXT 0 0 hi", 3)...))); got != 3 {
		t.Errorf("the other player's pool: %d shapes, want 3", got)
	}
}

// A player eliminated at the start of a turn is not asked; the other still is, and a
// timeout in that last turn deactivates it too, as on the original: a draw at −1.
func TestSurvivorTimeoutInTheLastTurn(t *testing.T) {
	m := newTestMatch(t, mapN.with(map[int][2]int{1: {1, 0}, 2: {1, 0}, 4: {0, 1}})) // TV-3
	reqs := m.Requests()
	if len(reqs) != 1 || reqs[0].Player != 0 {
		t.Fatalf("requests %+v", reqs)
	}
	m.Play([]referee.Answer{{Player: 0, Status: referee.StatusTimeout, Message: "no answer within 1000 ms"}})
	res := m.Result()
	want := []referee.Outcome{
		{Score: -1, Rank: 1, Status: referee.StatusTimeout, Message: "no answer within 1000 ms"},
		{Score: -1, Rank: 1, Status: referee.StatusOK, Message: "one unit, no triangle and behind: can't score any more"},
	}
	if d := cmp.Diff(want, res); d != "" || !m.Over() {
		t.Errorf("result (-want +got):\n%s", d)
	}
}

// An answer the runner reports as ok but without any line is read as an empty line (no
// commands, the game goes on); a player missing from the answers altogether is a crash.
func TestAnswerWithoutLine(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	m.Play([]referee.Answer{
		{Player: 0, Status: referee.StatusOK},
		{Player: 1, Lines: []string{""}, Status: referee.StatusOK},
	})
	if m.Over() || m.out[0] {
		t.Fatalf("over %v, eliminated %v: want the game going on", m.Over(), m.out)
	}
	diff(t, "turn-2 scores", "6 0", turnLines(m, 0)[0])

	m = newTestMatch(t, mapS.with(tv2Units))
	m.Play([]referee.Answer{{Player: 1, Lines: []string{""}, Status: referee.StatusOK}})
	want := referee.Outcome{Score: -1, Rank: 2, Status: referee.StatusCrash, Message: "no answer"}
	if d := cmp.Diff(want, m.Result()[0]); d != "" || !m.Over() {
		t.Errorf("P0 without an answer (-want +got):\n%s", d)
	}
}

// Fixed maps take the paths as given, like the original: an item without a comma is
// skipped (so a stray '_' is harmless), and a path longer than 400 or crossing another is
// kept.
func TestFixedMapPathsAsGiven(t *testing.T) {
	opts := map[string]string{
		"nodes": "100,100_1000,100_100,900_1000,900",
		"edges": "0,3__1,2_",
		"units": "1,0_0,1_0,0_0,0",
	}
	r, err := game{}.New(referee.Config{Seed: 1, Players: 2, Options: opts})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	diff(t, "paths", [][2]int{{0, 3}, {1, 2}}, pathsOf(r.(*match)))
}
