package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// docs/deadline24-protocol.md "Locally: arena run": a bot that goes silent during the game
// (it stops sending commands and keeps its pipes open) idles, status ok, and its result
// says from which turn on it sent nothing, quoting what its output ended with when that is
// a line without its newline. The note is in the printed result and in the replay, which
// verifies with it.
func TestDeadline24SilentBot(t *testing.T) {
	d24Client(t, "agrid") // python3 present
	bot, err := filepath.Abs(filepath.Join("testdata", "bots", "session_silent.py"))
	if err != nil {
		t.Fatal(err)
	}
	games := []struct {
		name string
		opts []string
	}{
		{"bestow", []string{"--option", "Ee=100"}},
		{"agrid", []string{"--option", "turns=20"}},
		{"rockets", []string{"--option", "turns=20"}},
	}
	for _, g := range games {
		for _, mode := range []string{"hang", "unended"} {
			t.Run(g.name+"/"+mode, func(t *testing.T) {
				dir := t.TempDir()
				replay := filepath.Join(dir, "r.json")
				// Silent turns last the whole budget: a short one keeps the game short.
				args := append([]string{"--game", g.name, "--seed", "3", "--replay", replay, "--turn-timeout", "100ms"}, g.opts...)
				args = append(args, fmt.Sprintf("python3 %s %s 3", bot, mode), "builtin:greedy")
				res, r := d24Play(t, dir, args...)
				// The bot waits in turns 0 to 2; on a busy machine a WAIT may come after its
				// turn's budget and count in the next turn: the replay says which was its last.
				from := lastTurnWithOutput(t, replay, 0) + 1
				if from < 3 || from > res.Turns-3 {
					t.Fatalf("the bot's last line in turn %d of %d; want it from turn 2 on, well before the end\n%s", from-1, res.Turns, r)
				}
				want := fmt.Sprintf("sent no command from turn %d on, the last %d turns of the game (is it stuck, or is its output no longer flushed?)", from, res.Turns-from)
				if mode == "unended" {
					want = fmt.Sprintf(`sent no command from turn %d on, the last %d turns of the game, only "WAIT" without a newline`, from, res.Turns-from)
				}
				for _, got := range []d24Result{res, d24ReplayResult(t, replay)} {
					if p := got.Players[0]; p.Status != "ok" || p.Message != want {
						t.Errorf("the silent bot: %s %q; want ok %q\n%s", p.Status, p.Message, want, r)
					}
					if p := got.Players[1]; p.Status != "ok" || p.Message != "" {
						t.Errorf("the bot that played: %s %q; want ok and no message", p.Status, p.Message)
					}
				}
				d24Verify(t, replay)
			})
		}
	}
}

// docs/deadline24-protocol.md "A local contest: arena serve": a team that goes silent
// during a game, its connection kept open, gets the same note as over pipes, with the line
// it left without its newline.
func TestDeadline24ServeSilentTeam(t *testing.T) {
	d24Client(t, "agrid") // python3 present
	bot, err := filepath.Abs(filepath.Join("testdata", "bots", "session_silent.py"))
	if err != nil {
		t.Fatal(err)
	}
	const turns = 30
	srv := d24Serve(t, "--game", "agrid", "--teams", "2", "--seed", "5", "--time-scale", "0.1", "--option", fmt.Sprintf("turns=%d", turns))
	silent := d24Start(t, fmt.Sprintf("python3 %s unended 3 %s login1 secret", bot, srv.addr))
	greedy := d24Start(t, fmt.Sprintf("%s bot agrid/greedy --tcp %s --login login2", arenaBin, srv.addr))
	srv.wait(2 * time.Minute)
	silent.wait(t, 30*time.Second)
	greedy.wait(t, 30*time.Second)
	replay := filepath.Join(srv.dir, "agrid-5.json")
	// Its WAITs are served on the real clock: the replay says in which turn the last was.
	from := lastTurnWithOutput(t, replay, 0) + 1
	if from < 3 || from > turns-3 {
		t.Fatalf("the team's last line in turn %d of %d; want it from turn 2 on, well before the end\n%s", from-1, turns, srv.output())
	}
	want := fmt.Sprintf(`sent no command from turn %d on, the last %d turns of the game, only "WAIT" without a newline`, from, turns-from)
	res := d24ReplayResult(t, replay)
	if p := res.Players[0]; p.Status != "ok" || p.Message != want {
		t.Errorf("the silent team: %s %q; want ok %q", p.Status, p.Message, want)
	}
	if !strings.Contains(srv.output(), want) {
		t.Errorf("the printed summary does not say %q\n%s", want, srv.output())
	}
	d24Verify(t, replay)
}

// lastTurnWithOutput is the index of the last turn of a replay in which player sent a line.
func lastTurnWithOutput(t *testing.T, path string, player int) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Turns []struct {
			Moves []struct {
				Player int    `json:"player"`
				Output string `json:"output"`
			} `json:"moves"`
		} `json:"turns"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	last := -1
	for i, turn := range rep.Turns {
		for _, m := range turn.Moves {
			if m.Player == player && m.Output != "" {
				last = i
			}
		}
	}
	return last
}
