package rockets

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// The lines the session grammar refuses itself (WAIT with arguments, a line too long, a
// line past the command limit L) count among a team's failed commands (version 4), and the
// last of them is quoted: the line that met the limit, when one did.
func TestGrammarRefusalsInEvents(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, opts("L", "3"))
	long := "TIME_TO_END " + strings.Repeat("1", protocol.MaxSessionLine)
	if got := refereetest.PlayLines(g, 0, "WAIT 1", "TIME_TO_END 1", "WAIT"); !cmp.Equal(got, []string{"FAILED 4 too many arguments", "FAILED 4 too many arguments", "OK"}) {
		t.Fatalf("team 1's answers %q", got)
	}
	if got := refereetest.PlayLines(g, 1, long, "WAIT"); !cmp.Equal(got, []string{"FAILED 3 bad format", "OK"}) {
		t.Fatalf("team 2's answers %q", got)
	}
	g.EndTurn()
	want := []string{
		`team 1: 2 commands failed, last "TIME_TO_END 1": FAILED 4 too many arguments`,
		`team 2: 1 command failed, last "` + long[:80] + `"…: FAILED 3 bad format`,
	}
	if diff := cmp.Diff(want, g.Frame().Events); diff != "" {
		t.Errorf("turn 0 events (-want +got):\n%s", diff)
	}

	if got := refereetest.PlayLines(g, 0, "NOPE", "CARS", "WAIT now", "NOPE", "NEVER"); len(got) == 0 || got[len(got)-1] != "FAILED 6 commands limit reached, forced waiting activated" {
		t.Fatalf("team 1's answers %q: want FAILED 6 last", got)
	}
	g.EndTurn()
	want = []string{`team 1: 3 commands failed, last "NOPE": FAILED 6 commands limit reached, forced waiting activated`}
	if diff := cmp.Diff(want, g.Frame().Events); diff != "" {
		t.Errorf("turn 1 events (-want +got):\n%s", diff)
	}
}

// Version 3, which verifies its replays, left the grammar's refusals out.
func TestVersion3LeavesGrammarRefusalsOut(t *testing.T) {
	o := map[string]string{"map": "tiny6.data", "L": "2"}
	ref, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: o, Files: map[string][]byte{"map": []byte(tiny6)}, Version: "3"})
	if err != nil {
		t.Fatal(err)
	}
	g := ref.(*game)
	refereetest.PlayLines(g, 0, "WAIT 1", "TIME_TO_END 1", "BAR")
	g.EndTurn()
	want := []string{`team 1: 1 command failed, last "TIME_TO_END 1": FAILED 4 too many arguments`}
	if diff := cmp.Diff(want, g.Frame().Events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if _, err := (Game{}).New(referee.Config{Seed: 1, Players: 2, Version: "2"}); err == nil || !strings.Contains(err.Error(), `referee version "2"`) {
		t.Errorf("version 2: got %v, want an error naming it", err)
	}
}
