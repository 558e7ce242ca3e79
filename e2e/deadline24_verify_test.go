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

// d24Options keeps each Deadline24 game short.
var d24Options = map[string][]string{
	"bestow":  {"--option", "Ee=100"},
	"agrid":   {"--option", "turns=30"},
	"rockets": {"--option", "turns=30", "--option", "cities=40"},
}

// d24Hostile is a bot of any Deadline24 game that sends, in its first turns, blank lines,
// unknown commands, a WAIT with an argument, a line over the length limit and more
// commands than L, reads what it is sent without checking it, and leaves in turn 3.
const d24Hostile = `python3 -c 'import sys, time
o = sys.stdout
for turn in range(3):
    o.write("\n \nGARBAGE 1\nWAIT 2\n" + "A" * 70000 + "\nDESCRIBE_WORLD x\n" + "DESCRIBE_WORLD\n" * 120 + "WAIT\n")
    o.flush()
    time.sleep(0.3)
sys.exit(3)'`

// README `arena replay verify`: every input is checked, a session game's too, but for the
// seconds of WAITING. Real replays of every Deadline24 game verify, over pipes (built-in
// bots on several seeds, rockets also served in arrival order, a hostile bot that leaves
// mid-game); one byte changed in one input is reported with its turn and player.
func TestDeadline24VerifyComparesInputs(t *testing.T) {
	d24Client(t, "agrid") // python3 present
	for _, game := range []string{"bestow", "agrid", "rockets"} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			type play struct {
				bots  []string
				seed  int
				extra []string
			}
			plays := []play{
				{[]string{"builtin:greedy", "builtin:random"}, 1, nil},
				{[]string{"builtin:random", "builtin:greedy"}, 2, nil},
				{[]string{d24Hostile, "builtin:greedy"}, 3, []string{"--turn-timeout", "200ms"}},
			}
			if game == "rockets" {
				plays = append(plays, play{[]string{"builtin:greedy", "builtin:random", "builtin:greedy"}, 4, []string{"--option", "parallel=1"}})
			}
			for _, p := range plays {
				replay := filepath.Join(dir, fmt.Sprintf("%s-%d.json", game, p.seed))
				args := append([]string{"--game", game, "--seed", fmt.Sprint(p.seed), "--replay", replay}, d24Options[game]...)
				args = append(append(args, p.extra...), p.bots...)
				res, r := d24Play(t, dir, args...)
				if p.bots[0] == d24Hostile && res.Players[0].Status != "crash" {
					t.Errorf("the hostile bot: status %q (%s), want crash\n%s", res.Players[0].Status, res.Players[0].Message, r)
				}
				d24Verify(t, replay)
				d24ChangedInputFails(t, replay)
			}
		})
	}
}

// The same over TCP: built-in bots of bestow and rockets as clients of arena serve.
func TestDeadline24VerifyComparesInputsOverTCP(t *testing.T) {
	for _, game := range []string{"bestow", "rockets"} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			srv := d24Serve(t, append([]string{"--game", game, "--teams", "2", "--seed", "6", "--time-scale", "0.1"}, d24Options[game]...)...)
			a := d24Start(t, arenaBin+" bot "+game+"/greedy --tcp "+srv.addr+" --login login1")
			b := d24Start(t, arenaBin+" bot "+game+"/random --tcp "+srv.addr+" --login login2")
			srv.wait(2 * time.Minute)
			a.wait(t, 30*time.Second)
			b.wait(t, 30*time.Second)
			replay := filepath.Join(srv.dir, game+"-6.json")
			d24Verify(t, replay)
			d24ChangedInputFails(t, replay)
		})
	}
}

// d24ChangedInputFails changes one byte of one input in the middle of a replay (not in a
// WAITING line, whose seconds are measured) and checks that arena replay verify reports
// it, naming the turn and the player.
func d24ChangedInputFails(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	turns := rec["turns"].([]any)
	for i := len(turns) / 2; i < len(turns); i++ {
		turn := turns[i].(map[string]any)
		for _, mv := range turn["moves"].([]any) {
			m := mv.(map[string]any)
			input, _ := m["input"].(string)
			lines := strings.Split(input, "\n")
			for k, l := range lines {
				if l == "" || strings.HasPrefix(l, "WAITING") {
					continue
				}
				b := []byte(l)
				b[0] ^= 1 // an ASCII letter or digit stays one
				lines[k] = string(b)
				m["input"] = strings.Join(lines, "\n")
				changed, err := json.Marshal(rec)
				if err != nil {
					t.Fatal(err)
				}
				bad := filepath.Join(t.TempDir(), "changed.json")
				if err := os.WriteFile(bad, changed, 0o644); err != nil {
					t.Fatal(err)
				}
				r := d24Arena(t, filepath.Dir(bad), "replay", "verify", bad)
				want := fmt.Sprintf("turn %v: input of player %v ", turn["turn"], m["player"])
				if r.code != 1 || !strings.Contains(r.stderr, want) {
					t.Errorf("%s with %q changed to %q in an input: want exit 1 and %q\n%s", path, l, lines[k], want, r)
				}
				return
			}
		}
	}
	t.Fatalf("%s: no input to change in the second half of the game", path)
}
