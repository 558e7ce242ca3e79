package bestow

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// The lines the session grammar refuses itself (WAIT with arguments, a line too long, a
// line past the command limit L) are failed commands like the others (version 3): quoted
// in the events, the first 5 of a seat and the one that met the limit, and counted in the
// state's totals.
func TestGrammarRefusalsInEvents(t *testing.T) {
	long := strings.Repeat("X", protocol.MaxSessionLine+10)
	r := newRef(t, map[string]string{"L": "7"})
	answers := refereetest.PlayLines(r, 0, "WAIT 1", long, "FOO", "WAIT")
	want := []string{"FAILED 4 too many arguments", "FAILED 3 bad format", "FAILED 2 unknown command", "OK"}
	if diff := cmp.Diff(want, answers); diff != "" {
		t.Fatalf("A's answers (-want +got):\n%s", diff)
	}
	answers = refereetest.PlayLines(r, 1, append(slices.Repeat([]string{"WAIT x"}, 7), "NOPE", "NEVER")...)
	if n := len(answers); n != 8 || answers[n-1] != "FAILED 6 commands limit reached, forced waiting activated" {
		t.Fatalf("B's answers %q: want 7 refusals, then FAILED 6", answers)
	}
	r.EndTurn()
	wantEvents := []string{
		`A: "WAIT 1" → FAILED 4 too many arguments`,
		`A: "` + strings.Repeat("X", 80) + `"… → FAILED 3 bad format`,
		`A: "FOO" → FAILED 2 unknown command`,
		`B: "WAIT x" → FAILED 4 too many arguments`,
		`B: "WAIT x" → FAILED 4 too many arguments`,
		`B: "WAIT x" → FAILED 4 too many arguments`,
		`B: "WAIT x" → FAILED 4 too many arguments`,
		`B: "WAIT x" → FAILED 4 too many arguments`,
		`B: "NOPE" → FAILED 6 commands limit reached, forced waiting activated`,
		`A skipped: effort 0 → 1, cash +5`,
		`B: 2 more failed commands`,
	}
	if diff := cmp.Diff(wantEvents, r.Frame().Events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if st := r.Frame().State.(FrameState); st.Players[0].Failed != 3 || st.Players[1].Failed != 8 {
		t.Errorf("failed counts %d, %d; want 3, 8", st.Players[0].Failed, st.Players[1].Failed)
	}
}

// Version 2, which verifies its replays, left the grammar's refusals out.
func TestVersion2LeavesGrammarRefusalsOut(t *testing.T) {
	ref, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{"L": "2"}, Version: "2"})
	if err != nil {
		t.Fatal(err)
	}
	r := ref.(*Referee)
	refereetest.PlayLines(r, 0, "WAIT 1", "FOO", "BAR")
	r.EndTurn()
	want := []string{`A: "FOO" → FAILED 2 unknown command`, `A skipped: effort 0 → 1, cash +5`}
	if diff := cmp.Diff(want, r.Frame().Events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if st := r.Frame().State.(FrameState); st.Players[0].Failed != 1 {
		t.Errorf("A failed %d; want 1", st.Players[0].Failed)
	}
	if _, err := (Game{}).New(referee.Config{Seed: 1, Players: 2, Version: "1"}); err == nil || !strings.Contains(err.Error(), `referee version "1"`) {
		t.Errorf("version 1: got %v, want an error naming it", err)
	}
}
