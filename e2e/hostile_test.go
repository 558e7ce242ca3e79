package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// README "Limits": a bot that misses a limit is out with status timeout (quoting what it
// had printed of a line it did not finish), one that exits or closes its output is crash,
// one that prints what the rules reject is invalid, an endless line is limit; the other bot
// wins, and the bot's whole process tree is stopped at the end of the game. The same
// misbehaviour reads the same in every turn-based game (match/hostile_test.go plays the
// whole suite in queens).
func TestHostileBotsInEveryTurnBasedGame(t *testing.T) {
	needPython(t)
	relay, err := filepath.Abs(filepath.Join("testdata", "bots", "relay_hostile.py"))
	if err != nil {
		t.Fatal(err)
	}
	games := []struct {
		name string
		opts []string
	}{
		{"queens", nil},
		{"triangles", nil},
		{"flags", nil},
		{"towers", []string{"--option", "timeout_ms=50"}}, // 5000 ms scaled, like the others' 50 ms
	}
	modes := []struct {
		mode, status, message string // message: a regexp
	}{
		{"exit3", "crash", `^exited with code 3$`},
		{"segv", "crash", `^killed by signal 11 \(segmentation fault\)$`},
		{"closeout", "crash", `^closed its output but kept running$`},
		{"forkhold", "crash", `^exited with code 0$`},
		{"hugeline", "limit", `^printed a line longer than 1 MiB: "x{60}"…$`},
		{"partial", "timeout", `^no answer within 5000 ms, then ".+ without a newline` + busyNote},
		{"garbage", "invalid", `^invalid command.*garbage`},
		{"stubborn", "ok", ``},
	}
	for _, g := range games {
		for _, m := range modes {
			t.Run(g.name+"/"+m.mode, func(t *testing.T) {
				if m.mode == "partial" {
					// It waits out the whole limit of its turn, 5 s, asleep: the games of
					// this mode wait side by side rather than one after another.
					t.Parallel()
				}
				dir := t.TempDir()
				replay := filepath.Join(dir, "r.json")
				tag := fmt.Sprintf("ARENA_E2E_HOSTILE=%d-%s-%s", os.Getpid(), g.name, m.mode)
				// Limits 100 times the game's (roomy): only the misbehaviour may put the bot
				// out. It misbehaves at the 7th line the built-in prints, past the first turn.
				args := append([]string{"run", "--json", "--game", g.name, "--seed", "3", "--replay", replay,
					"--time-scale", roomy}, g.opts...)
				args = append(args, fmt.Sprintf("python3 %s %s %s %s 6", relay, arenaBin, g.name, m.mode), "builtin:greedy")
				res := playHostile(t, dir, tag, args, m.status, m.message)
				if m.status != "ok" && res.Winner != 1 {
					t.Errorf("winner %d, want builtin:greedy (1)", res.Winner)
				}
				if v := arena(t, "replay", "verify", replay); v.code != 0 {
					t.Errorf("arena replay verify: want exit 0\n%s", v)
				}
				if m.mode == "garbage" {
					checkInvalidRecorded(t, readReplay(t, replay))
				}
				if left := tagged(tag); len(left) > 0 {
					t.Errorf("processes left behind: %v", left)
				}
			})
		}
	}
}

// busyNote is what a timeout's message may end with on a busy machine: the bot (here
// before it misbehaved) waited long for a CPU.
const busyNote = `(; the machine was busy: the bot waited [\d.]+ ms for a CPU \(--clock=cpu measures the bot's own time\))?$`

// playHostile plays one game of a hostile bot (seat 0) against builtin:greedy with arena
// run --json and args, tag in the environment of everything it starts (tagged finds what is
// left of it), and checks the hostile bot's status and message, and that the built-in
// played on.
func playHostile(t *testing.T, dir, tag string, args []string, status, message string) result {
	t.Helper()
	r := runCommand(t, dir, []string{tag}, arenaBin, args)
	if r.code != 0 {
		t.Fatalf("the game was not played:\n%s", r)
	}
	var res result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("no result: %v\n%s", err, r)
	}
	p := res.Players[0]
	if p.Status != status || !regexp.MustCompile(message).MatchString(p.Message) {
		t.Errorf("hostile bot: status %q, message %q; want %s matching /%s/", p.Status, p.Message, status, message)
	}
	if o := res.Players[1]; o.Status != "ok" {
		t.Errorf("builtin:greedy: status %q (%s), want ok", o.Status, o.Message)
	}
	return res
}

// checkInvalidRecorded checks that the last turn of the replay holds the garbage as the
// hostile bot (seat 0) sent it (invalid UTF-8 replaced) and an event that names it.
func checkInvalidRecorded(t *testing.T, r replayFile) {
	t.Helper()
	turns := r.turns()
	last := turns[len(turns)-1]
	if out, _ := moveOf(last, 0)["output"].(string); !strings.Contains(out, "\x01garbage\uFFFD\x00\n") {
		t.Errorf("the last turn's output %q lacks the garbage line", out)
	}
	frame, _ := last["frame"].(map[string]any)
	events, _ := frame["events"].([]any)
	for _, e := range events {
		if s, _ := e.(string); strings.Contains(s, "invalid") && strings.Contains(s, "garbage") {
			return
		}
	}
	t.Errorf("no event of the last turn names the invalid command: %q", events)
}
