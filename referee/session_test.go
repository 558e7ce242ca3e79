package referee

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/protocol"
)

// sessionStub is a session referee with L = 2 that answers every command FAILED 2.
type sessionStub struct{ Session }

func (sessionStub) Rules() SessionRules { return SessionRules{CommandLimit: 2} }
func (sessionStub) Command(int, []string) []string {
	return []string{protocol.Failed(protocol.CodeUnknown)}
}

// recorderStub keeps account of the grammar's refusals.
type recorderStub struct {
	sessionStub
	refused []string
}

func (r *recorderStub) Refused(player int, line string, tooLong bool, answer string) {
	r.refused = append(r.refused, protocol.QuoteLine(line, tooLong, 80)+" → "+answer+" for "+string(rune('0'+player)))
}

// SessionTeam takes the referee's limit and, for a RefusalRecorder, reports the grammar's
// refusals with the seat's index.
func TestSessionTeamReportsRefusals(t *testing.T) {
	if team := SessionTeam(sessionStub{}, 0); team.Limit != 2 || team.Refused != nil {
		t.Errorf("a referee that keeps no account: limit %d, Refused set %v; want 2, false", team.Limit, team.Refused != nil)
	}
	r := &recorderStub{}
	team := SessionTeam(r, 1)
	for _, line := range []string{"WAIT 5", "FOO", "BAR"} {
		team.Handle(line, false, func(tokens []string) []string { return r.Command(1, tokens) })
	}
	want := []string{
		`"WAIT 5" → FAILED 4 too many arguments for 1`,
		`"BAR" → FAILED 6 commands limit reached, forced waiting activated for 1`,
	}
	if diff := cmp.Diff(want, r.refused); diff != "" {
		t.Errorf("refusals (-want +got):\n%s", diff)
	}
}

func TestCheckVersion(t *testing.T) {
	info := Info{Name: "g", Version: "3", OlderVersions: []string{"2"}}
	for _, v := range []string{"", "3", "2"} {
		if err := CheckVersion(info, v); err != nil {
			t.Errorf("version %q: %v", v, err)
		}
	}
	if info.Plays("") || !info.Plays("2") || info.Plays("1") {
		t.Errorf("Plays: want versions 3 and 2 only")
	}
	if err := CheckVersion(info, "1"); err == nil || !strings.Contains(err.Error(), `g: referee version "1": this arena plays version 3 or 2`) {
		t.Errorf("version 1: %v", err)
	}
}
