package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// docs/deadline24-protocol.md "Locally: arena run": a bot of a Deadline24 game that exits,
// is killed, closes its output, stops reading its input or floods leaves the game with a
// status and message that say so and idles; the game goes on to its end, the other bot
// plays on, the replay verifies, and nothing the bot started survives the game (README:
// "its whole process tree is stopped at the end of the game"). Garbage is answered FAILED,
// recorded and listed in the frame's events, and the game goes on.
func TestDeadline24HostileBots(t *testing.T) {
	d24Client(t, "agrid") // python3 present
	hostile, err := filepath.Abs(filepath.Join("testdata", "bots", "session_hostile.py"))
	if err != nil {
		t.Fatal(err)
	}
	games := []struct {
		name  string
		opts  []string
		query string // a command with a long answer, that the noread bot sends without reading
		turns int    // the game's length (bestow's depends on the play)
	}{
		{"bestow", []string{"--option", "Ee=100"}, "GET_MY_SPACE", 0},
		{"agrid", []string{"--option", "turns=30"}, "DESCRIBE_WORLD", 30},
		{"rockets", []string{"--option", "turns=30"}, "DESCRIBE_WORLD", 30},
	}
	modes := []struct {
		mode, status, message string // message: a regexp
		scale                 string // --time-scale; roomy when empty
	}{
		{"exit3", "crash", `^exited with code 3$`, ""},
		{"segv", "crash", `^killed by signal 11 \(segmentation fault\)$`, ""},
		{"closeout", "crash", `^closed its output but kept running$`, ""},
		{"forkhold", "crash", `^exited with code 0$`, ""},
		// The second an answer may wait to be read is scaled like every limit (roomy would
		// make it 100 s).
		{"noread", "timeout", `^did not read its input \(limit 3000 ms\)$`, "3"},
		{"flood", "limit", `^flooded its output: more than 1 MiB not read as answers, starting "x{60}"… \(940 more bytes\)$`, ""},
		// Leaving is the bot's own business at the end: it is stopped after the exit grace.
		{"stubborn", "ok", `^$`, ""},
		{"garbage", "ok", `^$`, ""},
	}
	for _, g := range games {
		for _, m := range modes {
			t.Run(g.name+"/"+m.mode, func(t *testing.T) {
				dir := t.TempDir()
				replay := filepath.Join(dir, "r.json")
				// Every process the bot starts inherits the tag, so that survivors can be found.
				tag := fmt.Sprintf("ARENA_E2E_HOSTILE=%d-%s-%s", os.Getpid(), g.name, m.mode)
				scale := m.scale
				if scale == "" {
					scale = roomy
				}
				args := append([]string{"run", "--json", "--game", g.name, "--seed", "3", "--replay", replay,
					"--exit-grace", "300ms", "--time-scale", scale}, g.opts...)
				args = append(args, fmt.Sprintf("python3 %s %s %s", hostile, m.mode, g.query), "builtin:greedy")
				res := playHostile(t, dir, tag, args, m.status, m.message)
				if g.turns > 0 && res.Turns != g.turns {
					t.Errorf("the game lasted %d turns, want its %d", res.Turns, g.turns)
				}
				d24Verify(t, replay)
				if m.mode == "garbage" {
					checkGarbageRecorded(t, readReplay(t, replay))
				}
				if left := tagged(tag); len(left) > 0 {
					t.Errorf("processes left behind: %v", left)
				}
			})
		}
	}
}

// checkGarbageRecorded checks that the first line of garbage is in the replay as the
// hostile bot (seat 0) sent it (invalid UTF-8 replaced), with its FAILED answer, and that
// the turn's events quote it.
func checkGarbageRecorded(t *testing.T, r replayFile) {
	t.Helper()
	// quoted: as the events quote it, control bytes escaped.
	const sent, quoted = "\x01garbage\uFFFD\x00\n", `"\x01garbage` + "\uFFFD" + `\x00"`
	for i, turn := range r.turns() {
		m := moveOf(turn, 0)
		if out, _ := m["output"].(string); !strings.Contains(out, "garbage") {
			continue
		}
		if out, in := m["output"].(string), m["input"].(string); !strings.HasPrefix(out, sent) || !strings.Contains(in, "FAILED 2 unknown command\n") {
			t.Errorf("turn %d: output %q, input %q; want %q answered FAILED 2", i, out, in, sent)
		}
		frame, _ := turn["frame"].(map[string]any)
		events, _ := frame["events"].([]any)
		for _, e := range events {
			if s, _ := e.(string); strings.Contains(s, quoted) && strings.Contains(s, "FAILED 2") {
				return
			}
		}
		t.Errorf("turn %d: no event quotes %s with its FAILED 2: %q", i, quoted, events)
		return
	}
	t.Error("no move of the hostile bot holds its garbage")
}

// tagged lists the live processes whose environment holds the entry env ("KEY=VALUE"),
// looking again for up to 20 s while any is left: a process being stopped dies once the
// kernel next runs it, which on a busy machine can take a while (proctest.WaitGone).
func tagged(env string) []string {
	deadline := time.Now().Add(20 * time.Second)
	for {
		var pids []string
		dirs, _ := filepath.Glob("/proc/[0-9]*")
		for _, d := range dirs {
			data, err := os.ReadFile(filepath.Join(d, "environ"))
			if err != nil {
				continue
			}
			for _, e := range strings.Split(string(data), "\x00") {
				if e == env {
					pids = append(pids, filepath.Base(d))
				}
			}
		}
		if len(pids) == 0 || time.Now().After(deadline) {
			return pids
		}
		time.Sleep(50 * time.Millisecond)
	}
}
