package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// docs/deadline24-protocol.md "Errors common to all games": the lines the session refuses
// before the game sees them (a WAIT with arguments, a line too long, a line over the
// command limit L) are refused commands in the frame events, as the game's own refusals
// are: in bestow and agrid quoted with their answer, the line that met the limit always;
// in rockets in the team's count, the last one quoted. The replay verifies.
func TestDeadline24GrammarRefusalsInEvents(t *testing.T) {
	d24Client(t, "agrid") // python3 present
	bot, err := filepath.Abs(filepath.Join("testdata", "bots", "session_refuser.py"))
	if err != nil {
		t.Fatal(err)
	}
	long := `"` + strings.Repeat("X", 80) + `"…`
	for _, g := range []struct {
		name string
		opts []string
		want []string // among the events of turn 0
	}{
		{"bestow", []string{"--option", "Ee=100", "--option", "L=10"}, []string{
			`A: "WAIT 1" → FAILED 4 too many arguments`,
			`A: ` + long + ` → FAILED 3 bad format`,
			`A: "NOPE" → FAILED 6 commands limit reached, forced waiting activated`,
			`A: 5 more failed commands`,
		}},
		{"agrid", []string{"--option", "turns=3", "--option", "L=10"}, []string{
			`a: "WAIT 1" → FAILED 4 too many arguments`,
			`a: ` + long + ` → FAILED 3 bad format`,
			`a: "NOPE" → FAILED 6 commands limit reached, forced waiting activated`,
			`a: 5 more failed commands`,
		}},
		{"rockets", []string{"--option", "turns=3", "--option", "L=10"}, []string{
			`team 1: 11 commands failed, last "NOPE": FAILED 6 commands limit reached, forced waiting activated`,
		}},
	} {
		t.Run(g.name, func(t *testing.T) {
			dir := t.TempDir()
			replay := filepath.Join(dir, "r.json")
			args := append([]string{"run", "--game", g.name, "--seed", "3", "--replay", replay, "--time-scale", roomy}, g.opts...)
			args = append(args, "python3 "+bot, "builtin:greedy")
			if r := d24Arena(t, dir, args...); r.code != 0 {
				t.Fatalf("want exit 0\n%s", r)
			}
			rec := readReplay(t, replay)
			frame, _ := rec.turns()[0]["frame"].(map[string]any)
			raw, _ := frame["events"].([]any)
			events := map[string]bool{}
			for _, e := range raw {
				s, _ := e.(string)
				events[s] = true
			}
			for _, w := range g.want {
				if !events[w] {
					t.Errorf("no event %q in turn 0:\n%s", w, strings.Join(strings.Fields(fmt.Sprint(raw)), " "))
				}
			}
			if g.name == "bestow" {
				// 10 lines counted (WAIT 1, the long line, 8 NOPE), then the one over L.
				players, _ := frame["state"].(map[string]any)["players"].([]any)
				if len(players) != 2 || players[0].(map[string]any)["failed"] != 11.0 {
					t.Errorf("A's refused commands in the state: %v, want 11", players)
				}
			}
			d24Verify(t, replay)
		})
	}
}
