// Package e2e holds acceptance tests that use arena the way a new user does: the real
// binary (built once in TestMain), bots written from the seed documents alone
// (testdata/bots/<game>_statement.py), and only what README.md and --help promise.
//
// Every test names the issue point it checks. Limits are scaled up (--time-scale)
// wherever a timeout is not the point, because the tests must pass on a busy machine.
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	arenaBin string // the arena binary built by TestMain
	workDir  string // scratch directory: replays, maps, serve output
	botsDir  string // absolute path of testdata/bots
)

// roomy multiplies the time limits of games where a timeout is not the point: 100 times,
// as in match/hostile_test.go (queens: 100 s for the first answer, 5 s after), because a
// busy machine once kept a well-behaved bot 1.35 s from a CPU, past the 1 s of 20 times.
// The limits only bound the waits: a game whose bots answer takes no longer. A bot that
// must be timed out waits out its turn's whole limit, 5 s, so it is late in that one turn
// only, and a test that needs a bot over the limit without a timeout plays smaller.
const roomy = "100"

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "arena-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	workDir = dir
	arenaBin = filepath.Join(dir, "arena")
	if botsDir, err = filepath.Abs(filepath.Join("testdata", "bots")); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	build := exec.Command(goTool(), "build", "-o", arenaBin, ".")
	build.Dir = ".." // the repository root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: go build -o %s . failed: %v\n%s", arenaBin, err, out)
		return 1
	}
	return m.Run()
}

func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// run is one finished arena command.
type run struct {
	args   []string
	stdout string
	stderr string
	code   int
}

func (r run) String() string {
	return fmt.Sprintf("arena %s\nexit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(r.args, " "), r.code, r.stdout, r.stderr)
}

// arena runs the binary with args in workDir and returns what it printed and its exit
// status; it fails the test only when the binary cannot be run at all.
func arena(t *testing.T, args ...string) run {
	t.Helper()
	return runCommand(t, workDir, nil, arenaBin, args)
}

// runCommand runs path with args in dir, env added to the environment, for at most four
// minutes, and returns what it printed and its exit status (args[0] of the run is path's
// base name when it is not arena); it fails the test only when the command cannot be run
// at all or runs out of time.
func runCommand(t *testing.T, dir string, env []string, path string, args []string) run {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = dir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := run{args: args, stdout: stdout.String(), stderr: stderr.String()}
	if path != arenaBin {
		r.args = append([]string{filepath.Base(path)}, args...)
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && ctx.Err() == nil:
		r.code = exit.ExitCode()
	default:
		t.Fatalf("%s: %v\n%s", strings.Join(r.args, " "), err, r)
	}
	return r
}

// result is what `arena run --json` prints (README "The result").
type result struct {
	Game    string   `json:"game"`
	Seed    int64    `json:"seed"`
	Turns   int      `json:"turns"`
	Winner  int      `json:"winner"`
	Players []player `json:"players"`
}

type player struct {
	Index   int     `json:"index"`
	Name    string  `json:"name"`
	Score   float64 `json:"score"`
	Rank    int     `json:"rank"`
	Status  string  `json:"status"`
	Message string  `json:"message"`
}

func (r result) scores() []float64 {
	s := make([]float64, len(r.Players))
	for i, p := range r.Players {
		s[i] = p.Score
	}
	return s
}

// play runs `arena run --json` with the given bots and flags; the game must be played
// (exit 0) and its result parsed.
func play(t *testing.T, bots []string, flags ...string) (result, run) {
	t.Helper()
	r := arena(t, append(append([]string{"run", "--json"}, flags...), bots...)...)
	if r.code != 0 {
		t.Fatalf("the game was not played:\n%s", r)
	}
	var res result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("arena run --json printed no result: %v\n%s", err, r)
	}
	return res, r
}

// statementBot is the command line of a bot written from a seed document.
func statementBot(t *testing.T, game string, args ...string) string {
	t.Helper()
	needPython(t)
	path := filepath.Join(botsDir, game+"_statement.py")
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	return strings.Join(append([]string{"python3", path}, args...), " ")
}

func needPython(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (README: needed for the example bots and tests)")
	}
}

// pythonStart is the shortest of three wall-clock times of a trivial python3 start: a
// measure of how loaded the machine is right now.
func pythonStart(t *testing.T) time.Duration {
	t.Helper()
	needPython(t)
	best := time.Hour
	for i := 0; i < 3; i++ {
		start := time.Now()
		if err := exec.Command("python3", "-c", "pass").Run(); err != nil {
			t.Fatal(err)
		}
		best = min(best, time.Since(start))
	}
	return best
}

// replayFile is the parsed replay (docs/replay-format.md), kept generic so that a test
// can change one field and write the rest back untouched.
type replayFile map[string]any

func readReplay(t *testing.T, path string) replayFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r replayFile
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return r
}

// frameShapes returns a turn's frame shapes as docs/replay-format.md says to rebuild them:
// the frame's own, then its ids' entries in the shape table as it stands at this turn (a
// file of arena-replay/1's table, then each turn's new entries).
func (r replayFile) frameShapes(turn map[string]any) []any {
	var shapes []any
	if frame, ok := turn["frame"].(map[string]any); ok {
		shapes, _ = frame["shapes"].([]any)
	}
	table, _ := r["shape_table"].([]any)
	table = slices.Clone(table)
	turns, _ := r["turns"].([]any)
	for _, t := range turns {
		t := t.(map[string]any)
		added, _ := t["new_shapes"].([]any)
		table = append(table, added...)
		if t["turn"] == turn["turn"] {
			break
		}
	}
	ids, _ := turn["shape_ids"].([]any)
	for _, id := range ids {
		shapes = append(shapes, table[int(id.(float64))])
	}
	return shapes
}

func (r replayFile) write(t *testing.T, path string) {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func (r replayFile) turns() []map[string]any {
	raw, _ := r["turns"].([]any)
	out := make([]map[string]any, len(raw))
	for i, v := range raw {
		out[i], _ = v.(map[string]any)
	}
	return out
}

// timing is the result's timing summary of a seat (result.players[seat].timing).
func (r replayFile) timing(t *testing.T, seat int) map[string]any {
	t.Helper()
	result, _ := r["result"].(map[string]any)
	players, _ := result["players"].([]any)
	if seat >= len(players) {
		t.Fatalf("the replay's result has %d players, no seat %d", len(players), seat)
	}
	timing, _ := players[seat].(map[string]any)["timing"].(map[string]any)
	return timing
}

// moves of one turn, each {"player", "input", "output", ...}.
func moves(turn map[string]any) []map[string]any {
	raw, _ := turn["moves"].([]any)
	out := make([]map[string]any, len(raw))
	for i, v := range raw {
		out[i], _ = v.(map[string]any)
	}
	return out
}

func moveOf(turn map[string]any, seat int) map[string]any {
	for _, m := range moves(turn) {
		if p, ok := m["player"].(float64); ok && int(p) == seat {
			return m
		}
	}
	return nil
}

// writeFile writes content to a new file in the test's temporary directory.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
