package flags_test

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/flags"
	"github.com/arena-games/arena/referee/refereetest"
)

// plausibleAnswer gives each of the player's alive minions a mostly legal command, so that
// the conformance games run long and use every rule.
func plausibleAnswer(r *rand.Rand, req referee.Request) []string {
	lines := strings.Split(strings.TrimSuffix(req.Input, "\n"), "\n")
	if len(lines) > 0 && len(strings.Fields(lines[0])) == 2 && strings.Contains(req.Input, "#") {
		for i, l := range lines { // skip the initialization part
			if strings.HasPrefix(l, "MINE ") {
				lines = lines[i+1:]
				break
			}
		}
	}
	n, _ := strconv.Atoi(lines[3])
	var cmds []string
	for _, l := range lines[4 : 4+n] {
		f := strings.Fields(l)
		id := f[0]
		row, _ := strconv.Atoi(f[1])
		col, _ := strconv.Atoi(f[2])
		switch x := r.IntN(20); {
		case x < 13:
			cmds = append(cmds, fmt.Sprintf("MOVE %s %d %d", id, r.IntN(17), r.IntN(33)))
		case x < 14:
			cmds = append(cmds, "WAIT "+id)
		case x < 16:
			cmds = append(cmds, "FIRE "+id)
		case x < 17:
			cmds = append(cmds, "FREEZE "+id)
		case x < 19:
			d := [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}[r.IntN(4)]
			cmds = append(cmds, fmt.Sprintf("MINE %s %d %d", id, row+d[0], col+d[1]))
		}
	}
	if r.IntN(200) == 0 {
		return []string{"MOVE 9 0 0"} // now and then an invalid answer
	}
	return []string{strings.Join(cmds, " | ")}
}

func TestConformance(t *testing.T) {
	for _, profile := range []string{"original", "seed"} {
		t.Run(profile, func(t *testing.T) {
			refereetest.Run(t, flags.Game{}, refereetest.Options{
				Seeds:       []int64{1, 2, 3, 4, 5, 6},
				Answer:      plausibleAnswer,
				GameOptions: map[string]string{"profile": profile},
			})
		})
	}
}

func TestOptions(t *testing.T) {
	tests := []struct {
		options map[string]string
		wantErr string
	}{
		{nil, ""},
		{map[string]string{"profile": "original"}, ""},
		{map[string]string{"profile": "seed"}, ""},
		{map[string]string{"profile": "draft"}, `flags: option profile="draft": want original or seed`},
		{map[string]string{"speed": "2"}, `flags: option "speed": unknown option (known: profile)`},
	}
	for _, tc := range tests {
		_, err := flags.Game{}.New(referee.Config{Seed: 1, Players: 2, Options: tc.options})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.wantErr {
			t.Errorf("options %v: error %q, want %q", tc.options, got, tc.wantErr)
		}
	}
	if _, err := (flags.Game{}).New(referee.Config{Seed: 1, Players: 3}); err == nil {
		t.Errorf("3 players accepted")
	}
}

// Runner failures deactivate the player with the runner's status and message.
func TestDeactivation(t *testing.T) {
	tests := []struct {
		name       string
		statuses   [2]referee.Status
		wantRanks  [2]int
		wantStatus [2]referee.Status
	}{
		{"timeout", [2]referee.Status{referee.StatusTimeout, referee.StatusOK}, [2]int{2, 1}, [2]referee.Status{referee.StatusTimeout, referee.StatusOK}},
		{"crash", [2]referee.Status{referee.StatusOK, referee.StatusCrash}, [2]int{1, 2}, [2]referee.Status{referee.StatusOK, referee.StatusCrash}},
		{"limit", [2]referee.Status{referee.StatusLimit, referee.StatusOK}, [2]int{2, 1}, [2]referee.Status{referee.StatusLimit, referee.StatusOK}},
		{"both", [2]referee.Status{referee.StatusTimeout, referee.StatusCrash}, [2]int{1, 1}, [2]referee.Status{referee.StatusTimeout, referee.StatusCrash}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ref, err := flags.Game{}.New(referee.Config{Seed: 7, Players: 2})
			if err != nil {
				t.Fatal(err)
			}
			tb := ref.(referee.TurnBased)
			var answers []referee.Answer
			for p, st := range tc.statuses {
				a := referee.Answer{Player: p, Status: st, Lines: []string{""}}
				if st != referee.StatusOK {
					a.Lines, a.Message = nil, fmt.Sprintf("runner says %s", st)
				}
				answers = append(answers, a)
			}
			tb.Requests()
			tb.Play(answers)
			if !ref.Over() {
				t.Fatal("game goes on after a deactivation")
			}
			res := ref.Result()
			for p := range res {
				if res[p].Rank != tc.wantRanks[p] || res[p].Status != tc.wantStatus[p] {
					t.Errorf("player %d: %+v, want rank %d status %s", p, res[p], tc.wantRanks[p], tc.wantStatus[p])
				}
				if tc.statuses[p] != referee.StatusOK && res[p].Message != "runner says "+string(tc.statuses[p]) {
					t.Errorf("player %d: message %q, want the runner's", p, res[p].Message)
				}
			}
		})
	}
}

func TestTimeLimits(t *testing.T) {
	ref, _ := flags.Game{}.New(referee.Config{Seed: 1, Players: 2})
	tb := ref.(referee.TurnBased)
	for turn, want := range []int64{1000, 50, 50} {
		reqs := tb.Requests()
		for _, req := range reqs {
			if req.Timeout.Milliseconds() != want || req.Lines != 1 {
				t.Errorf("turn %d: timeout %v lines %d, want %d ms and 1 line", turn, req.Timeout, req.Lines, want)
			}
		}
		tb.Play([]referee.Answer{{Player: 0, Lines: []string{""}, Status: referee.StatusOK}, {Player: 1, Lines: []string{""}, Status: referee.StatusOK}})
	}
}

// The game is registered under its name.
func TestRegistered(t *testing.T) {
	g, err := referee.Lookup("flags")
	if err != nil {
		t.Fatal(err)
	}
	if g.Info().Version == "" || len(g.Info().Options) != 1 {
		t.Errorf("info %+v", g.Info())
	}
}
