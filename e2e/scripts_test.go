package e2e

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// script runs one of scripts/*.sh in dir with env added to the environment (an entry
// "PATH=" replaces PATH) and returns what it printed and its exit status.
func script(t *testing.T, dir, name string, env []string, args ...string) run {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "scripts", name))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	r := run{args: append([]string{name}, args...), stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && ctx.Err() == nil:
		r.code = exit.ExitCode()
	default:
		t.Fatalf("%s: %v\n%s", name, err, r)
	}
	return r
}

// pathWithout is PATH without the directories that hold an `arena` executable, for the
// scripts' fallback of building arena themselves.
func pathWithout(t *testing.T) string {
	var keep []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(d, "arena")); err == nil {
			continue
		}
		keep = append(keep, d)
	}
	return "PATH=" + strings.Join(keep, string(filepath.ListSeparator))
}

// README "arena tournament": scripts/tournament-local.sh, run from a bot author's own
// directory with arena not installed, builds arena from the repository and plays.
func TestTournamentLocalScriptWithoutArena(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	r := script(t, dir, "tournament-local.sh", []string{"ARENA=", pathWithout(t)},
		"-g", "queens", "-n", "2", "-p", "1", "-s", "3", "builtin:greedy", "builtin:random", "--", "--time-scale", roomy)
	if r.code != 0 {
		t.Fatalf("want exit 0\n%s", r)
	}
	report, err := os.ReadFile(filepath.Join(dir, "tournament-queens.txt"))
	if err != nil {
		t.Fatalf("no report: %v\n%s", err, r)
	}
	if !strings.Contains(string(report), "queens: 2 games") {
		t.Errorf("report:\n%s", report)
	}
}
