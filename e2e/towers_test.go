package e2e

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// TestTowersComputeLimits: seed 001 "Instruction Limit" — crossing the turn limit makes
// that turn invalid (its commands are discarded, the game goes on); crossing the game
// limit loses the match. arena's defaults (`arena games`): soft 20 ms of CPU, hard 60 ms.
// CPU time does not grow while a bot waits for a core, so these limits are judged at
// their real values even on a busy machine; only the wall-clock safety net is raised.
func TestTowersComputeLimits(t *testing.T) {
	const burnTurn, turns = 5, 20
	playedOn := func(t *testing.T, res result) {
		t.Helper()
		if p := res.Players[0]; p.Status != "ok" || res.Turns != turns {
			t.Fatalf("status %q (%s) after %d turns, want ok after all %d turns", p.Status, p.Message, res.Turns, turns)
		}
	}
	cases := []struct {
		point  string
		burnMS int
		check  func(t *testing.T, res result, r replayFile)
	}{
		{
			point:  "over the soft limit on one turn: that turn is discarded and the bot plays on",
			burnMS: 40,
			check: func(t *testing.T, res result, r replayFile) {
				playedOn(t, res)
				turn := r.turns()[burnTurn]
				m := moveOf(turn, 0)
				if m["compute"] != "soft" {
					t.Errorf("replay turn %d: compute verdict %v (%v), want soft", burnTurn, m["compute"], m["compute_usage"])
				}
				events := fmt.Sprint(turn["frame"].(map[string]any)["events"])
				if !strings.Contains(events, "discarded") {
					t.Errorf("replay turn %d: no event says the commands were discarded: %s", burnTurn, events)
				}
				if n := r.timing(t, 0)["soft_compute"]; n != 1.0 {
					t.Errorf("result timing soft_compute %v, want 1", n)
				}
				for i, tr := range r.turns() {
					if m := moveOf(tr, 0); i != burnTurn && m != nil && m["compute"] != nil {
						t.Errorf("replay turn %d: compute verdict %v on a turn that burnt nothing (%v)", i, m["compute"], m["compute_usage"])
					}
				}
			},
		},
		{
			point:  "near the soft limit (over 80% of its 20 ms): the turn is played and counts as near the limit",
			burnMS: 17,
			check: func(t *testing.T, res result, r replayFile) {
				playedOn(t, res)
				if m := moveOf(r.turns()[burnTurn], 0); m["compute"] != nil {
					t.Fatalf("replay turn %d: compute verdict %v (%v), want none: the burn stays under the soft limit", burnTurn, m["compute"], m["compute_usage"])
				}
				// Its time is far from the wall-clock limit (30 s here, 1 s by default): only the
				// compute limit makes it near.
				if n, _ := r.timing(t, 0)["near_limit"].(float64); n < 1 {
					t.Errorf("result timing near_limit %v, want the burnt turn counted", r.timing(t, 0)["near_limit"])
				}
			},
		},
		{
			point:  "over the hard limit: the bot loses with a message naming the limit and its usage",
			burnMS: 300,
			check: func(t *testing.T, res result, _ replayFile) {
				p := res.Players[0]
				if p.Status != "limit" {
					t.Fatalf("status %q (%s), want limit", p.Status, p.Message)
				}
				if res.Winner != 1 || res.Turns != burnTurn+1 {
					t.Errorf("winner %d after %d turns, want the opponent to win on turn %d", res.Winner, res.Turns, burnTurn)
				}
				for _, want := range []string{"hard", "60", "used"} {
					if !strings.Contains(p.Message, want) {
						t.Errorf("message %q does not contain %q (the limit and the usage)", p.Message, want)
					}
				}
			},
		},
		{
			point:  "computing without answering: the bot loses as it crosses the hard limit, not at the wall-clock net",
			burnMS: 3_600_000, // an hour: it would never answer within the 30 s net
			check: func(t *testing.T, res result, r replayFile) {
				p := res.Players[0]
				if p.Status != "limit" {
					t.Fatalf("status %q (%s), want limit", p.Status, p.Message)
				}
				if !strings.Contains(p.Message, "without answering, over the hard limit of 60 ms") {
					t.Errorf("message %q does not say the bot was stopped over the hard limit before answering", p.Message)
				}
				m := moveOf(r.turns()[burnTurn], 0)
				if m["compute"] != "hard" || m["output"] != nil && m["output"] != "" {
					t.Errorf("replay turn %d: compute %v, output %q; want a hard verdict and no output", burnTurn, m["compute"], m["output"])
				}
			},
		},
	}
	for _, c := range cases {
		t.Run(c.point, func(t *testing.T) {
			bots := []string{
				statementBot(t, "towers", "--burn-turn", fmt.Sprint(burnTurn), "--burn-ms", fmt.Sprint(c.burnMS)),
				"builtin:greedy",
			}
			replay := filepath.Join(t.TempDir(), "towers.json")
			res, r := play(t, bots, "--game", "towers", "--seed", "4", "--replay", replay,
				"--option", fmt.Sprint("turns=", turns),
				"--option", "timeout_ms=30000", "--option", "first_timeout_ms=60000")
			if len(res.Players) != 2 {
				t.Fatalf("result without two players:\n%s", r.stdout)
			}
			if s := res.Players[0].Status; s == "timeout" {
				t.Fatalf("the wall-clock safety net fired (%s); the compute limit was the point", res.Players[0].Message)
			}
			c.check(t, res, readReplay(t, replay))
			if v := arena(t, "replay", "verify", replay); v.code != 0 {
				t.Errorf("replay does not verify:\n%s", v)
			}
		})
	}
}
