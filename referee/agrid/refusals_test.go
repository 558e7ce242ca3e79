package agrid

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

func newSessionRef(t *testing.T, version string, opts map[string]string) *Referee {
	t.Helper()
	ref, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: opts, Version: version})
	if err != nil {
		t.Fatal(err)
	}
	return ref.(*Referee)
}

// The lines the session grammar refuses itself (WAIT with arguments, a line too long, a
// line past the command limit L) are refused commands like the others (version 5): quoted
// with their answer, the first 5 of a team per turn and always the one that met the limit,
// then how many more.
func TestGrammarRefusalsInEvents(t *testing.T) {
	r := newSessionRef(t, "", map[string]string{"L": "7"})
	long := strings.Repeat("PUT 1 a ", protocol.MaxSessionLine/8+1)
	answers := refereetest.PlayLines(r, 0, "TIME_TO_END", "WAIT 1", long, "WAIT")
	if want := []string{"FAILED 4 too many arguments", "FAILED 3 bad format", "OK"}; len(answers) < 2 || !cmp.Equal(want, answers[2:]) {
		t.Fatalf("a's answers %q, want %q after TIME_TO_END's two lines", answers, want)
	}
	answers = refereetest.PlayLines(r, 1, append(slices.Repeat([]string{"WAIT x"}, 7), "NOPE", "NEVER")...)
	if n := len(answers); n != 8 || answers[n-1] != "FAILED 6 commands limit reached, forced waiting activated" {
		t.Fatalf("b's answers %q: want 7 refusals, then FAILED 6", answers)
	}
	r.EndTurn()
	want := []string{
		`a: "WAIT 1" → FAILED 4 too many arguments`,
		`a: "` + long[:80] + `"… → FAILED 3 bad format`,
		`b: "WAIT x" → FAILED 4 too many arguments`,
		`b: "WAIT x" → FAILED 4 too many arguments`,
		`b: "WAIT x" → FAILED 4 too many arguments`,
		`b: "WAIT x" → FAILED 4 too many arguments`,
		`b: "WAIT x" → FAILED 4 too many arguments`,
		`b: "NOPE" → FAILED 6 commands limit reached, forced waiting activated`,
		`b: 2 more failed commands`,
	}
	if diff := cmp.Diff(want, r.Frame().Events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

// Version 4, which verifies its replays, left the grammar's refusals out.
func TestVersion4LeavesGrammarRefusalsOut(t *testing.T) {
	r := newSessionRef(t, "4", map[string]string{"L": "2"})
	refereetest.PlayLines(r, 0, "WAIT 1", "FOO", "BAR")
	r.EndTurn()
	if diff := cmp.Diff([]string{`a: "FOO" → FAILED 2 unknown command`}, r.Frame().Events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if _, err := (Game{}).New(referee.Config{Seed: 1, Players: 2, Version: "3"}); err == nil || !strings.Contains(err.Error(), `referee version "3"`) {
		t.Errorf("version 3: got %v, want an error naming it", err)
	}
}
