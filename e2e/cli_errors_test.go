package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A wrong number of arguments and an unknown command are usage errors (exit status 2), like
// a bad flag; so is a --time-scale that is not a number arena can scale limits by.
func TestUsageErrorsExitTwo(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"run"},
		{"run", "--game=queens"},
		{"replay", "verify"},
		{"tournament", "report"},
		{"view"},
		{"nosuch"},
		{"replay", "nosuch"},
		{"run", "--game=queens", "--time-scale", "NaN", "builtin:greedy", "builtin:random"},
		{"run", "--game=queens", "--time-scale", "1e-10", "builtin:greedy", "builtin:random"},
		{"serve", "--game=bestow", "--time-scale", "0", "--listen", "127.0.0.1:0", "--start-now"},
		{"serve", "--game=bestow", "--games", "0", "--listen", "127.0.0.1:0"},
		{"tournament", "--game=agrid", "--group", "0", "--games", "2", "builtin:greedy", "builtin:random"},
		{"serve", "--game=bestow", "--start", "later", "--listen", "127.0.0.1:0"},
		{"replay", "show", "any.json", "--turn", "-3"},
		{"replay", "stdin", "any.json", "--player", "0", "--turn", "-3"},
		{"replay", "stdin", "any.json", "--player", "-1"},
	} {
		r := arena(t, args...)
		// "arena: ..." or, for an error that names its command, "arena run: ...": the
		// program's name once.
		if r.code != 2 || !strings.HasPrefix(r.stderr, "arena") || strings.Contains(r.stderr, "arena: arena ") {
			t.Errorf("want exit status 2 and an error on stderr:\n%s", r)
		}
	}
	if r := arena(t, "replay"); r.code != 0 || !strings.Contains(r.stdout, "verify") {
		t.Errorf("arena replay alone: want its help, listing its commands\n%s", r)
	}
}

// A replay path that is an existing directory is refused before the game, not after it.
func TestReplayPathThatIsADirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := arena(t, "run", "--game=queens", "--seed=1", "--replay", dir, "builtin:greedy", "builtin:random")
	if r.code != 1 || !strings.Contains(r.stderr, dir+": is a directory") || r.stdout != "" {
		t.Errorf("want the path refused before any game is played\n%s", r)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left in the directory: %v", entries)
	}
}

// The same for a tournament's --replays that is a file: refused before the tournament is
// announced (it failed at its first game, after the plan's line, "mkdir F: not a directory").
func TestTournamentReplaysThatIsAFile(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "r.json")
	os.WriteFile(file, []byte("{}"), 0o644)
	r := arena(t, "tournament", "--game=queens", "--games=2", "--no-progress", "--replays", file, "builtin:greedy", "builtin:random")
	if r.code != 1 || r.stderr != "arena: --replays "+file+": not a directory\n" || r.stdout != "" {
		t.Errorf("want the path refused before anything else is said\n%s", r)
	}
}

// A directory that passes the permission check but holds no new file (/proc, as root) is
// refused before any bot starts, naming the path given, not a temporary file.
func TestReplayPathInADirectoryThatHoldsNoFile(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("as root only: others are refused /proc by the permission check")
	}
	t.Parallel()
	dir := t.TempDir()
	mark := filepath.Join(dir, "started")
	bot := fmt.Sprintf("sh -c 'touch %s; exec %s bot queens/random'", mark, arenaBin)
	r := arena(t, "run", "--game=queens", "--seed=1", "--replay", "/proc/arena-r.json", bot, "builtin:random")
	if r.code != 1 || !strings.Contains(r.stderr, "replay /proc/arena-r.json: cannot create a file in /proc") || strings.Contains(r.stderr, ".tmp") {
		t.Errorf("want the path refused, named as given\n%s", r)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Errorf("a bot was started although the replay could not be written")
	}
}

// A game played to its end keeps its result when its replay cannot be written at the end
// (a full disk): the result is printed, and the failure is the exit status.
func TestResultPrintedWhenTheReplayFails(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	t.Parallel()
	r := arena(t, "run", "--game=queens", "--seed=1", "--replay", "/dev/full", "builtin:greedy", "builtin:random")
	if r.code != 1 || !strings.Contains(r.stdout, "winner") || !strings.Contains(r.stderr, "replay /dev/full") || !strings.Contains(r.stderr, "no space left on device") {
		t.Errorf("want the result printed and the replay's failure said\n%s", r)
	}
	r = arena(t, "run", "--json", "--game=queens", "--seed=1", "--replay", "/dev/full", "builtin:greedy", "builtin:random")
	if r.code != 1 || !strings.Contains(r.stdout, `"winner"`) {
		t.Errorf("--json: want the result printed\n%s", r)
	}
}

// Every command that reads a replay refuses the recorded settings rerun would refuse,
// naming the field.
func TestReplaySettingsReadAlikeEverywhere(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	replay := filepath.Join(dir, "r.json")
	play(t, []string{"builtin:greedy", "builtin:random"}, "--game=queens", "--seed=1", "--replay", replay)
	data, _ := os.ReadFile(replay)
	for field, edit := range map[string][2]string{
		"settings.clock":  {`"clock":"wall"`, `"clock":"sundial"`},
		"settings.timing": {`"timing":"strict"`, `"timing":"bank:xyz"`},
	} {
		if !bytes.Contains(data, []byte(edit[0])) {
			t.Fatalf("the replay has no %s", edit[0])
		}
		bad := filepath.Join(dir, "bad.json")
		os.WriteFile(bad, bytes.Replace(data, []byte(edit[0]), []byte(edit[1]), 1), 0o644)
		for _, args := range [][]string{
			{"replay", "verify", bad}, {"replay", "show", bad}, {"replay", "stdin", "--player", "0", bad},
			{"replay", "rerun", bad}, {"view", "--html", filepath.Join(dir, "page.html"), bad},
		} {
			r := arena(t, args...)
			if r.code != 1 || !strings.Contains(r.stderr, "replay "+bad+": field "+field) {
				t.Errorf("arena %s with %s: want the field named\n%s", strings.Join(args, " "), edit[1], r)
			}
		}
	}
}

// A command does not write its output over the replay it reads.
func TestOutputOverTheReplayReadIsRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	replay := filepath.Join(dir, "r.json")
	play(t, []string{"builtin:greedy", "builtin:random"}, "--game=queens", "--seed=1", "--replay", replay)
	before, _ := os.ReadFile(replay)
	for _, args := range [][]string{
		{"view", "--html", filepath.Join(dir, ".", "r.json"), replay},
		{"replay", "rerun", replay, "--replay", replay},
	} {
		r := arena(t, args...)
		if r.code != 2 || !strings.Contains(r.stderr, "that is the replay being") {
			t.Errorf("arena %s: want a usage error\n%s", strings.Join(args, " "), r)
		}
	}
	if after, _ := os.ReadFile(replay); !bytes.Equal(before, after) {
		t.Errorf("the replay was changed")
	}
}

// A replay is played again with the timing and clock it was recorded with: a bot that
// draws on its time bank answers the same again instead of timing out.
func TestRerunKeepsTimingAndClock(t *testing.T) {
	needPython(t)
	t.Parallel()
	dir := t.TempDir()
	replay := filepath.Join(dir, "bank.json")
	// Limits 20 times roomier (1 s a turn) and a bank as given (--time-scale leaves it
	// alone): turn 4's 1.8 s take 0.8 s from its 5 s. The 4.2 s left are the room a busy
	// machine needs: a turn it delays draws on the bank rather than timing out. (Roomy
	// limits would make the slow turn, played twice, take 5 s more each time.)
	bot := "python3 " + filepath.Join(botsDir, "queens_statement.py") + " --sleep-turn 4 --sleep-ms 1800"
	_, r := play(t, []string{bot, "builtin:random"}, "--game=queens", "--seed=3", "--time-scale", "20", "--timing=bank:5000", "--replay", replay)
	if !strings.Contains(r.stdout, `"status": "ok"`) || strings.Contains(r.stdout, "timeout") {
		t.Fatalf("the recorded game: want the slow turn taken from the bank\n%s", r)
	}
	rerun := arena(t, "replay", "rerun", replay, "--replay", filepath.Join(dir, "again.json"), "--log-level", "debug")
	if rerun.code != 0 || !strings.Contains(rerun.stdout, "same answers") || !strings.Contains(rerun.stdout, "replay: "+filepath.Join(dir, "again.json")) {
		t.Errorf("rerun of a game on a time bank:\n%s", rerun)
	}
	if !strings.Contains(rerun.stderr, "bot started") {
		t.Errorf("rerun --log-level debug logs nothing of the game it plays:\n%s", rerun)
	}
	if strings.Contains(rerun.stderr, "\x1b[") {
		t.Errorf("the log sent to a pipe has terminal colour codes:\n%q", rerun.stderr)
	}
	again := readReplay(t, filepath.Join(dir, "again.json"))
	settings, _ := again["settings"].(map[string]any)
	if settings["timing"] != "bank:5000" || settings["clock"] != "wall" {
		t.Errorf("the rerun's settings: %v, want the recorded timing bank:5000 and clock wall", settings)
	}
}

// rerun refuses what it cannot play again, naming the file and the field as a malformed
// field is named ("replay FILE: field F: ..."): a game played through arena serve, whose
// players are TCP clients, and a recorded option the game refuses (the file's content is
// wrong: exit status 1).
func TestRerunRefusesWhatItCannotPlay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	replay := filepath.Join(dir, "r.json")
	// Roomy limits, recorded and so replayed by rerun: a busy machine must not make a bot
	// time out in one game and not the other, which the rerun below would call a difference.
	play(t, []string{"builtin:greedy", "builtin:random"}, "--game=queens", "--seed=5", "--time-scale", roomy, "--replay", replay)

	served := readReplay(t, replay)
	served["settings"].(map[string]any)["transport"] = "tcp"
	tcp := filepath.Join(dir, "tcp.json")
	served.write(t, tcp)
	if r := arena(t, "replay", "rerun", tcp); r.code != 1 || !strings.Contains(r.stderr, "replay "+tcp+": field settings.transport: ") {
		t.Errorf("rerun of a served game: want it refused, naming the file and the field\n%s", r)
	}

	// A recorded option the game refuses, or does not know, is named with its value.
	for _, c := range []struct {
		name    string
		options map[string]any
		want    string
	}{
		{"badopt.json", map[string]any{"profile": "zzz"}, `: field options.profile: "zzz"`},
		{"unknownopt.json", map[string]any{"speed": "2"}, `: field options.speed: "2": unknown option`},
	} {
		edited := readReplay(t, replay)
		edited["options"] = c.options
		path := filepath.Join(dir, c.name)
		edited.write(t, path)
		for _, cmd := range []string{"rerun", "verify"} {
			if r := arena(t, "replay", cmd, path); r.code != 1 || !strings.Contains(r.stderr, "replay "+path+c.want) {
				t.Errorf("replay %s with recorded options %v: want exit 1 naming the file, the field and its value\n%s", cmd, c.options, r)
			}
		}
	}

	// Recorded settings the runner refuses are named as fields of the file.
	for field, value := range map[string]any{"clock": "moon", "time_scale": -3, "turn_timeout_ms": 100, "missing time_scale": nil} {
		set := readReplay(t, replay)
		if missing, ok := strings.CutPrefix(field, "missing "); ok {
			field = missing
			delete(set["settings"].(map[string]any), field)
		} else {
			set["settings"].(map[string]any)[field] = value
		}
		setPath := filepath.Join(dir, "settings-"+field+".json")
		set.write(t, setPath)
		if r := arena(t, "replay", "rerun", setPath); r.code != 1 || !strings.Contains(r.stderr, "replay "+setPath+": field settings."+field+": ") {
			t.Errorf("rerun with settings.%s = %v: want exit 1 naming the file and the field\n%s", field, value, r)
		}
	}

	// A game this arena does not have is a field of the file for verify and rerun alike.
	chess := readReplay(t, replay)
	chess["game"] = "chess"
	chessPath := filepath.Join(dir, "chess.json")
	chess.write(t, chessPath)
	for _, cmd := range []string{"verify", "rerun"} {
		if r := arena(t, "replay", cmd, chessPath); r.code != 1 || !strings.Contains(r.stderr, "replay "+chessPath+`: field game: unknown game "chess"`) {
			t.Errorf("replay %s of an unknown game: want exit 1 naming the file and the field\n%s", cmd, r)
		}
	}

	// Another referee version: verify refuses it, naming the field; rerun plays the bots
	// again but says that a difference may then come from the game.
	other := readReplay(t, replay)
	other["referee_version"] = "99"
	otherPath := filepath.Join(dir, "other.json")
	other.write(t, otherPath)
	if r := arena(t, "replay", "verify", otherPath); r.code != 1 || !strings.Contains(r.stderr, "replay "+otherPath+`: field referee_version: "99": `) {
		t.Errorf("verify of another referee version: want exit 1 naming the file and the field\n%s", r)
	}
	if r := arena(t, "replay", "rerun", otherPath); r.code != 0 || !strings.Contains(r.stderr, `recorded with queens referee version "99"`) || !strings.Contains(r.stdout, "same answers") {
		t.Errorf("rerun of another referee version: want it played, with a note on the version\n%s", r)
	}

	// A recorded command that names no built-in bot is the file's fault, not the user's
	// arguments': exit 1, not the 2 of a bad flag.
	nobot := readReplay(t, replay)
	nobot["players"].([]any)[1].(map[string]any)["command"] = "builtin:nosuch"
	nobotPath := filepath.Join(dir, "nobot.json")
	nobot.write(t, nobotPath)
	if r := arena(t, "replay", "rerun", nobotPath); r.code != 1 || !strings.Contains(r.stderr, "replay "+nobotPath+": field players[1].command: ") || !strings.Contains(r.stderr, `no built-in bot "nosuch"`) {
		t.Errorf("rerun of a replay naming an unknown built-in bot: want exit 1 naming the file and the field\n%s", r)
	}
}

// On the CPU clock a bot that sleeps uses no CPU time; it is stopped by a wall-clock net,
// and the message says so rather than claiming the CPU limit was missed. The limits are
// scaled by 10, so that the net is 5 s a turn as roomy's limits are: at CodinGame's it is
// 1.05 s, and a busy machine could keep the opponent from a CPU for longer than that.
func TestCPUClockSleeperMessage(t *testing.T) {
	needPython(t)
	t.Parallel()
	bot := "python3 " + filepath.Join(botsDir, "queens_statement.py") + " --sleep-turn 3 --sleep-ms 15000"
	res, r := play(t, []string{bot, "builtin:random"}, "--game=queens", "--seed=3", "--clock=cpu", "--time-scale=10")
	msg := res.Players[0].Message
	if res.Players[0].Status != "timeout" || !strings.Contains(msg, "of wall-clock time") || !strings.Contains(msg, "of CPU") {
		t.Errorf("a sleeping bot on the CPU clock: status %q, message %q; want a timeout saying it was the wall-clock net\n%s", res.Players[0].Status, msg, r)
	}
}

// Ctrl-C ends a game whose bot never answers, even with no limit to end its turn
// (--no-timeout): the bots are stopped, and arena exits at once, leaving no process.
func TestInterruptStopsAHungBot(t *testing.T) {
	needPython(t)
	t.Parallel()
	dir := t.TempDir()
	bot := "python3 " + filepath.Join(botsDir, "queens_statement.py") + " --log-turns 1 --sleep-turn 2 --sleep-ms 1000000"
	cmd := exec.Command(arenaBin, "run", "--game=queens", "--seed=3", "--no-timeout", "--stderr", "--replay", filepath.Join(dir, "r.json"), bot, "builtin:random")
	cmd.Dir = workDir
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The bot says "turn 2" on its stderr (passed through by --stderr) just before it falls
	// asleep: Ctrl-C then comes in turn 2 however slow the machine is.
	var stderr bytes.Buffer
	asleep, read := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			stderr.WriteString(sc.Text() + "\n")
			if strings.HasSuffix(sc.Text(), "turn 2") {
				close(asleep)
			}
		}
	}()
	select {
	case <-asleep:
	case <-read:
		t.Fatalf("arena ended before the bot fell asleep; stderr %q", stderr.String())
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-read
		cmd.Wait()
		t.Fatalf("the bot did not reach turn 2 in 30 s; stderr %q", stderr.String())
	}
	cmd.Process.Signal(os.Interrupt)
	done := make(chan error, 1)
	go func() { <-read; done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(stderr.String(), "game interrupted at turn 2") || strings.Contains(stderr.String(), "context canceled") {
			t.Errorf("interrupted: %v, stderr %q; want a failure saying the game was interrupted at turn 2 (and no Go internals)", err, stderr.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("arena still running 10 s after Ctrl-C; stderr %q", stderr.String())
	}
	if out, _ := exec.Command("pgrep", "-f", "--", "--sleep-ms 1000000").Output(); len(out) > 0 {
		exec.Command("pkill", "-f", "--", "--sleep-ms 1000000").Run()
		t.Errorf("the bot outlived the interrupted game: pids %s", out)
	}
}

// A reader of arena's output that goes away (arena run --stderr … 2>&1 | head -1) stops
// the game as Ctrl-C does, and arena then ends by SIGPIPE as a pipeline expects: the bots
// and what they started are stopped, and the replay is whole, marked unfinished. (Go's
// default was to die at the failed write, leaving the bot's child running and the replay
// as a hidden temporary file.)
func TestClosedOutputStopsTheGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const child = "sleep 86421"
	replay := filepath.Join(dir, "r.json")
	// Roomy limits: a bot timed out on a busy machine would end the game before the
	// output closes, and the replay would be of a finished game.
	cmd := exec.Command(arenaBin, "run", "--game=queens", "--seed=3", "--time-scale", roomy, "--stderr", "--replay", replay, waitingBot(t, dir, child), "builtin:random")
	first := runUntilOutputCloses(t, cmd, child)
	if !strings.Contains(first, "thinking about turn") {
		t.Errorf("arena's first line: %q; want the bot's stderr", first)
	}
	noHiddenFiles(t, dir)
	rec := readReplay(t, replay)
	if res, _ := rec["result"].(map[string]any); res["unfinished"] != true {
		t.Errorf("the replay's result: %v; want it marked unfinished", rec["result"])
	}
}

// The same for a tournament piped into head: its games stop, their replays are closed,
// and the results file holds whole lines, so that the same command resumes it.
func TestClosedOutputStopsATournament(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const child = "sleep 86422"
	replays, results := filepath.Join(dir, "replays"), filepath.Join(dir, "results.jsonl")
	cmd := exec.Command(arenaBin, "tournament", "--game=queens", "--games=400", "--parallel=2", "--log-level=debug",
		"--replays", replays, "--results", results, waitingBot(t, dir, child), "builtin:random")
	runUntilOutputCloses(t, cmd, child)
	noHiddenFiles(t, replays)
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.SplitAfter(string(data), "\n") {
		if line != "" && (!strings.HasSuffix(line, "\n") || !json.Valid([]byte(line))) {
			t.Errorf("%s line %d is not a whole JSON line: %q", results, i+1, line)
		}
	}
}

// waitingBot writes a queens bot that waits every turn, says so on stderr, and starts a
// child (the command child) that would outlive it.
func waitingBot(t *testing.T, dir, child string) string {
	bot := filepath.Join(dir, "bot.sh")
	script := `#!/bin/sh
` + child + ` &
read n; i=0; while [ $i -lt $n ]; do read l; i=$((i+1)); done
t=0
while read g; do
  i=0; while [ $i -lt $n ]; do read l; i=$((i+1)); done
  read u; i=0; while [ $i -lt $u ]; do read l; i=$((i+1)); done
  echo "thinking about turn $t" >&2
  echo WAIT; echo TRAIN
  t=$((t+1))
done
`
	if err := os.WriteFile(bot, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bot
}

// runUntilOutputCloses starts arena with stdout and stderr into one pipe, reads its first
// line and closes the pipe, like head -1; arena must then end by SIGPIPE within seconds,
// leaving no process running child. It returns the line read.
func runUntilOutputCloses(t *testing.T, cmd *exec.Cmd, child string) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Dir = workDir
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	first, err := bufio.NewReader(r).ReadString('\n')
	r.Close()
	if err != nil {
		t.Errorf("arena's first line: %q, %v", first, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("arena still running 10 s after its output was closed")
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || !ee.Sys().(syscall.WaitStatus).Signaled() || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGPIPE {
		t.Errorf("arena ended with %v; want it ended by SIGPIPE", err)
	}
	if out, _ := exec.Command("pgrep", "-f", child).Output(); len(out) > 0 {
		exec.Command("pkill", "-f", child).Run()
		t.Errorf("a bot's child outlived arena: pids %s", out)
	}
	return first
}

// noHiddenFiles fails if dir holds a hidden file: a replay's temporary file left behind.
func noHiddenFiles(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("left behind in %s: %s", dir, e.Name())
		}
	}
}

// arena serve refuses a bad game option before it listens: it never says it is serving a
// game it cannot start. An option out of range is a usage error (2), a malformed map file
// is a bad file (1); both name the option.
func TestServeRefusesBadOptionsBeforeListening(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	badMap := filepath.Join(dir, "bad.map")
	if err := os.WriteFile(badMap, []byte("not a map\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		code int
		want string
		args []string
	}{
		{2, `option Ee="5"`, []string{"--game=bestow", "--option", "Ee=5"}},
		{2, `option variant="grid1"`, []string{"--game=bestow", "--variant", "grid1"}},
		{1, "option map=", []string{"--game=rockets", "--teams", "2", "--option", "map=" + badMap}},
	} {
		r := arena(t, append([]string{"serve", "--listen", "127.0.0.1:0", "--replays", dir}, c.args...)...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stdout, "serving") {
			t.Errorf("want exit status %d naming %s, and no \"serving on\"\n%s", c.code, c.want, r)
		}
	}
}

// Without --listen, arena serve takes its port from the variant; a variant the game does not
// have is named as such (with the known ones), not reported as a variant without a port,
// which would send the user looking for a --listen that cannot help.
func TestServeUnknownVariantWithoutListen(t *testing.T) {
	t.Parallel()
	r := arena(t, "serve", "--game=bestow", "--variant", "vanila", "--replays", t.TempDir())
	if r.code != 2 || !strings.Contains(r.stderr, `option variant="vanila": unknown variant`) || strings.Contains(r.stderr, "--listen") || strings.Contains(r.stdout, "serving") {
		t.Errorf("want exit status 2 naming the unknown variant, and no \"serving on\"\n%s", r)
	}
}

// A bot that cannot be started is refused by arena tournament before its first game, in
// the words of arena run: a file that is not executable used to pass the tournament's
// check and fail every game.
func TestBotThatCannotStartReadsTheSameEverywhere(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	notExecutable := filepath.Join(dir, "bot.sh")
	if err := os.WriteFile(notExecutable, []byte("#!/bin/sh\necho WAIT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for bot, reason := range map[string]string{
		notExecutable:                  "permission denied",
		dir:                            "is a directory",
		filepath.Join(dir, "nosuch"):   "no such file or directory",
		"arena-no-such-command --flag": "executable file not found in $PATH",
	} {
		first, _, _ := strings.Cut(bot, " ")
		want := bot + ": cannot start " + `"` + first + `": ` + reason
		for _, args := range [][]string{
			{"run", "--game=queens", "builtin:greedy", bot},
			{"tournament", "--game=queens", "--games=2", "--no-progress", "--results", filepath.Join(dir, "r.jsonl"), "builtin:greedy", bot},
		} {
			r := arena(t, args...)
			if r.code != 1 || strings.TrimSpace(r.stderr) != "arena: "+want || r.stdout != "" {
				t.Errorf("want exit status 1 and only %q\n%s", want, r)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "r.jsonl")); err == nil {
		t.Errorf("a results file was started for a tournament that cannot play")
	}
}

// A flag value that does not parse is named with what the flag wants, as arena's own
// checks name a value out of range, not with the Go parser's words.
func TestFlagValuesThatDoNotParse(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--game=queens", "--seed", "abc"}, `arena run: --seed "abc": want a whole number (see arena run --help)`},
		{[]string{"run", "--seed", "99999999999999999999"}, `arena run: --seed "99999999999999999999": out of range`},
		{[]string{"run", "--time-scale", "fast"}, `arena run: --time-scale "fast": want a number`},
		{[]string{"tournament", "--game-timeout", "10"}, `arena tournament: --game-timeout "10": want a duration such as 500ms, 2s or 10m`},
		{[]string{"view", "--port", "http", "r.json"}, `arena view: --port "http": want a whole number`},
		{[]string{"serve", "--game=bestow", "--games", "two"}, `arena serve: --games "two": want a whole number`},
		{[]string{"replay", "show", "r.json", "--turn", "last"}, `arena replay show: --turn "last": want a whole number`},
		{[]string{"run", "--json=maybe"}, `arena run: --json "maybe": want true or false`},
	} {
		r := arena(t, c.args...)
		if r.code != 2 || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, "strconv") || strings.Contains(r.stderr, "time:") {
			t.Errorf("want exit status 2 and %q\n%s", c.want, r)
		}
	}
}

// A limit flag out of range is named alone, with its value, by every command that plays.
func TestLimitFlagsNamedWithTheirValue(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ flag, value, want string }{
		{"--memory-limit", "-1", "--memory-limit -1: want 0 (none) or more"},
		{"--process-limit", "-2", "--process-limit -2: want 0 (none) or more"},
		{"--output-limit", "0", "--output-limit 0: want at least 1"},
		{"--game-timeout", "-1s", "--game-timeout -1s: want 0 (none) or more"},
		{"--turn-timeout", "-5ms", "--turn-timeout -5ms: want 0 (the game's) or more"},
		{"--exit-grace", "0s", "--exit-grace 0s: want more than 0"},
	} {
		for _, cmd := range []string{"run", "tournament"} {
			r := arena(t, cmd, "--game=bestow", c.flag, c.value, "builtin:greedy", "builtin:random")
			if r.code != 2 || strings.TrimSpace(r.stderr) != "arena: "+c.want {
				t.Errorf("arena %s %s %s: want exit status 2 and only %q\n%s", cmd, c.flag, c.value, c.want, r)
			}
		}
	}
}

// arena serve's usage errors read as arena run's and exit 2 like them: a missing --game
// (cobra's required flag said "required flag(s) "game" not set" and exited 1), and a number
// of teams the game cannot seat, named by the flag that set it, with the game's counts:
// --teams 0 among them, which used to be taken for the flag left out (agrid served 1 team,
// bestow 2).
func TestServeUsageErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "--game is required (one of: agrid, bestow, rockets)"},
		{[]string{"--game=bestow", "--teams", "1"}, "--teams 1: bestow is played by 2 teams"},
		{[]string{"--game=bestow", "--teams", "-1"}, "--teams -1: bestow is played by 2 teams"},
		{[]string{"--game=bestow", "--teams", "0"}, "--teams 0: bestow is played by 2 teams"},
		{[]string{"--game=agrid", "--teams", "0"}, "--teams 0: agrid is played by 1 to 16 teams"},
		{[]string{"--game=agrid", "--teams=-3"}, "--teams -3: agrid is played by 1 to 16 teams"},
		{[]string{"--game=rockets", "--teams", "0", "--team", "a:b"}, "--teams 0: rockets is played by 1 to 8 teams"},
		{[]string{"--game=rockets", "--teams", "3", "--team", "a:b", "--team", "c:d"}, "--teams 3 but 2 --team flags"},
		{[]string{"--game=rockets", "--teams", "9"}, "--teams 9: rockets is played by 1 to 8 teams"},
		{[]string{"--game=bestow", "--team", "a:b"}, "1 --team flag: bestow is played by 2 teams"},
		// --start-now is --start now: beside another --start, one would be overruled.
		{[]string{"--game=bestow", "--start", "all", "--start-now"}, "--start all and --start-now disagree (--start-now is the same as --start now): give one or the other"},
		{[]string{"--game=bestow", "--start-now", "--start=all"}, "--start all and --start-now disagree (--start-now is the same as --start now): give one or the other"},
		{[]string{"--game=bestow", "--start", "now", "--start-now=false"}, "--start now and --start-now=false disagree (--start-now is the same as --start now): give one or the other"},
	} {
		r := arena(t, append([]string{"serve", "--listen", "127.0.0.1:0", "--replays", dir}, c.args...)...)
		if r.code != 2 || strings.TrimSpace(r.stderr) != "arena: "+c.want || r.stdout != "" {
			t.Errorf("want exit status 2 and only %q\n%s", c.want, r)
		}
	}
}

// A path flag given an empty value (a script's unset variable: --replay "$OUT") is refused,
// not taken for the flag left out: no replay written, no results kept, or a viewer served
// instead of the page written, all without a word.
func TestEmptyFlagValuesAreRefused(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, args := range [][]string{
		{"run", "--game=queens", "--replay", "", "builtin:greedy", "builtin:random"},
		{"replay", "rerun", "r.json", "--replay="},
		{"view", "--html", "", "r.json"},
		{"tournament", "--game=queens", "--results=", "builtin:greedy", "builtin:random"},
		{"tournament", "--game=queens", "--replays=", "builtin:greedy", "builtin:random"},
		{"serve", "--game=bestow", "--listen", "127.0.0.1:0", "--replays="},
		{"bot", "agrid/greedy", "--tcp="},
	} {
		cmd := exec.Command(arenaBin, args...)
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("arena %q still running after 30 s", args)
			continue
		}
		if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.HasSuffix(stderr.String(), `"": want a non-empty value`+"\n") || stdout.Len() != 0 {
			t.Errorf("arena %q: exit status %d, stdout %q, stderr %q; want 2 and the flag named", args, code, stdout.String(), stderr.String())
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("left in the directory: %v", entries)
	}
}

// An argument given empty (a script's unset variable: arena replay show "$REPLAY") is
// refused as an empty flag value is, naming it as the usage line does: it was "replay :
// no such file or directory", exit status 1.
func TestEmptyArgumentsAreRefused(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "verify", ""}, `arena replay verify: FILE "": want a non-empty value`},
		{[]string{"replay", "show", ""}, `arena replay show: FILE "": want a non-empty value`},
		{[]string{"replay", "stdin", "", "--player", "0"}, `arena replay stdin: FILE "": want a non-empty value`},
		{[]string{"replay", "rerun", ""}, `arena replay rerun: FILE "": want a non-empty value`},
		{[]string{"view", "--no-open", ""}, `arena view: REPLAY "": want a non-empty value`},
		{[]string{"view", "--html", "page.html", ""}, `arena view: REPLAY "": want a non-empty value`},
		{[]string{"tournament", "report", "results.jsonl", ""}, `arena tournament report: FILE "": want a non-empty value`},
		{[]string{"run", "--game=queens", "builtin:greedy", ""}, `arena run: BOT "": want a non-empty value`},
		{[]string{"bot", ""}, `arena bot: GAME/NAME "": want a non-empty value`},
	} {
		r := arena(t, c.args...)
		if r.code != 2 || strings.TrimSpace(r.stderr) != c.want || r.stdout != "" {
			t.Errorf("arena %q: want exit status 2 and only %q\n%s", c.args, c.want, r)
		}
	}
}

// A numeric game option out of range reads the same in every game, with the range arena
// games shows (bestow said "not an integer" without its range, towers "from 1 to 1000").
func TestNumericOptionsOutOfRangeReadAlike(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ game, option, want string }{
		{"bestow", "Ee=x", `bestow: option Ee="x": want an integer in 100..5000`},
		{"bestow", "Ee=99999", `bestow: option Ee="99999": want an integer in 100..5000`},
		{"bestow", "I=x", `bestow: option I="x": want a number in 1..2`},
		{"towers", "turns=0", `towers: option turns="0": want an integer in 1..1000`},
		{"agrid", "A=4", `agrid: option A="4": want an integer in 5..500`},
		{"rockets", "cars=x", `rockets: option cars="x": want an integer in 1..20`},
	} {
		r := arena(t, "run", "--game="+c.game, "--option", c.option, "builtin:greedy", "builtin:random")
		if r.code != 2 || strings.TrimSpace(r.stderr) != "arena: "+c.want {
			t.Errorf("want exit status 2 and only %q\n%s", c.want, r)
		}
	}
}

// An output path in a directory that does not exist, or under a file, names the path and
// the directory at fault, for the results file as for a replay; arena serve's replay
// directory is named as arena tournament names it.
func TestOutputPathsNameTheirDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "nosuch")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"tournament", "--game=queens", "--games=2", "--no-progress", "--results", filepath.Join(missing, "r.jsonl"), "builtin:greedy", "builtin:random"},
			"results " + filepath.Join(missing, "r.jsonl") + ": directory " + missing + ": no such file or directory"},
		{[]string{"run", "--game=queens", "--replay", filepath.Join(missing, "r.json"), "builtin:greedy", "builtin:random"},
			"replay " + filepath.Join(missing, "r.json") + ": directory " + missing + ": no such file or directory"},
		{[]string{"serve", "--game=bestow", "--listen", "127.0.0.1:0", "--replays", file},
			"replays " + file + ": "},
	} {
		r := arena(t, c.args...)
		if r.code != 1 || !strings.Contains(r.stderr, "arena: "+c.want) || strings.Contains(r.stdout, "serving") {
			t.Errorf("want exit status 1 and %q\n%s", c.want, r)
		}
	}
}

// The tournament's own flags are named as every flag is, "--FLAG VALUE: reason", once.
func TestTournamentFlagsNamedOnce(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "3/2"}, "--shard 3/2: want 1 ≤ I ≤ N"},
		{[]string{"--shard", "x"}, `--shard "x": want I/N, e.g. 2/4`},
		{[]string{"--sprt", "10,0"}, `--sprt "10,0": ELO0 must be below ELO1`},
		{[]string{"--group", "3"}, "--group 3: queens is played by 2 players"},
	} {
		r := arena(t, append([]string{"tournament", "--game=queens", "builtin:greedy", "builtin:random"}, c.args...)...)
		if r.code != 2 || strings.TrimSpace(r.stderr) != "arena: "+c.want {
			t.Errorf("want exit status 2 and only %q\n%s", c.want, r)
		}
	}
}

// The Deadline24 games' own flags are refused, when given, for a game they do not apply to,
// by every command that takes them, rather than quietly ignored: --exit-grace was, its value
// left unread (a turn-based game stops its bots at the end), and --turn-timeout 0 was taken
// for the flag left out. arena bot's --handshake likewise.
func TestDeadline24FlagsRefusedForOtherGames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--exit-grace", "1s"}, "--exit-grace applies to the Deadline24 games, whose bots are told the game is over and exit by themselves; queens stops its bots when the game ends"},
		{[]string{"--exit-grace", "2s"}, "--exit-grace applies to the Deadline24 games, whose bots are told the game is over and exit by themselves; queens stops its bots when the game ends"},
		{[]string{"--turn-timeout", "200ms"}, "--turn-timeout applies to the Deadline24 games; queens limits each answer (use --time-scale)"},
		{[]string{"--turn-timeout", "0"}, "--turn-timeout applies to the Deadline24 games; queens limits each answer (use --time-scale)"},
	} {
		for _, cmd := range []string{"run", "tournament"} {
			r := arena(t, append([]string{cmd, "--game=queens", "builtin:greedy", "builtin:random"}, c.args...)...)
			if r.code != 2 || strings.TrimSpace(r.stderr) != "arena: "+c.want || r.stdout != "" {
				t.Errorf("want exit status 2 and only %q\n%s", c.want, r)
			}
		}
	}
	want := "arena: bot queens/greedy: --handshake is for the Deadline24 games (agrid, bestow, rockets), whose bots log in"
	if r := arena(t, "bot", "queens/greedy", "--handshake"); r.code != 2 || strings.TrimSpace(r.stderr) != want || r.stdout != "" {
		t.Errorf("want exit status 2 and only %q\n%s", want, r)
	}
}

// The other way round: the turn-based games' --concurrent, --timing and --clock are refused
// for a Deadline24 game, where they would change nothing (and still be recorded in the
// replay: --clock cpu was, as "clock":"cpu").
func TestTurnBasedFlagsRefusedForDeadline24Games(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--concurrent"}, "--concurrent applies to the turn-based games; in bestow every bot plays at once already"},
		{[]string{"--timing", "strict"}, "--timing applies to the turn-based games, which limit each answer; bestow times its turns, and a late bot only misses the turn (--turn-timeout sets a bot's budget per turn)"},
		{[]string{"--timing", "bank:500"}, "--timing applies to the turn-based games, which limit each answer; bestow times its turns, and a late bot only misses the turn (--turn-timeout sets a bot's budget per turn)"},
		{[]string{"--clock", "cpu"}, "--clock applies to the turn-based games, which measure each answer; bestow times its turns on the real clock whatever the bots compute (--turn-timeout sets a bot's budget per turn)"},
		{[]string{"--clock", "wall"}, "--clock applies to the turn-based games, which measure each answer; bestow times its turns on the real clock whatever the bots compute (--turn-timeout sets a bot's budget per turn)"},
	} {
		for _, cmd := range []string{"run", "tournament"} {
			r := arena(t, append([]string{cmd, "--game=bestow", "builtin:greedy", "builtin:random"}, c.args...)...)
			if r.code != 2 || strings.TrimSpace(r.stderr) != "arena: "+c.want || r.stdout != "" {
				t.Errorf("%s %v: want exit status 2 and only %q\n%s", cmd, c.args, c.want, r)
			}
		}
	}
}

// A Deadline24 game's replay that recorded the CPU clock (before --clock was refused for
// those games) is played again as any other, and the new replay records the wall clock its
// turns ran on, as arena run's and arena serve's do.
func TestRerunOfADeadline24GameRecordsTheWallClock(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	replay := filepath.Join(dir, "agrid.json")
	play(t, []string{"builtin:greedy", "builtin:random"}, "--game=agrid", "--seed=1", "--option", "turns=5", "--turn-timeout", "50ms", "--replay", replay)
	cpu := readReplay(t, replay)
	cpu["settings"].(map[string]any)["clock"] = "cpu"
	cpuPath := filepath.Join(dir, "cpu.json")
	cpu.write(t, cpuPath)
	again := filepath.Join(dir, "again.json")
	if r := arena(t, "replay", "rerun", cpuPath, "--replay", again); r.code != 0 || !strings.Contains(r.stdout, "same answers") {
		t.Fatalf("rerun of an agrid replay recorded with clock cpu: want it played\n%s", r)
	}
	for path, want := range map[string]string{replay: "wall", again: "wall"} {
		if got := readReplay(t, path)["settings"].(map[string]any)["clock"]; got != want {
			t.Errorf("%s: settings.clock %v, want %q", path, got, want)
		}
	}
}

// --no-timeout lifts every time limit, so the flags that shape them are refused beside it,
// by every command that takes them, rather than quietly ignored (and recorded in the replay).
func TestTimeLimitFlagsRefusedWithNoTimeout(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		game string
		args []string
		flag string
	}{
		{"queens", []string{"--time-scale", "2"}, "time-scale"},
		{"queens", []string{"--time-scale", "1"}, "time-scale"},
		{"queens", []string{"--timing", "strikes"}, "timing"},
		{"bestow", []string{"--time-scale", "0.5"}, "time-scale"},
		{"bestow", []string{"--turn-timeout", "200ms"}, "turn-timeout"},
	} {
		want := "arena: --" + c.flag + " shapes the time limits, which --no-timeout lifts: give one or the other"
		for _, cmd := range []string{"run", "tournament"} {
			r := arena(t, append([]string{cmd, "--game=" + c.game, "builtin:greedy", "builtin:random", "--no-timeout"}, c.args...)...)
			if r.code != 2 || strings.TrimSpace(r.stderr) != want || r.stdout != "" {
				t.Errorf("%s %s %v: want exit status 2 and only %q\n%s", cmd, c.game, c.args, want, r)
			}
		}
	}
	// --clock still says what a move's recorded time is, limits or not.
	if r := arena(t, "run", "--game=queens", "--seed", "1", "builtin:greedy", "builtin:random", "--no-timeout", "--clock", "cpu"); r.code != 0 {
		t.Errorf("--no-timeout --clock cpu: want a game\n%s", r)
	}
}

// arena bot's --login and --password are for --tcp: without it they are refused rather than
// ignored, since the bot would not log in with them.
func TestBotLoginWithoutTCP(t *testing.T) {
	t.Parallel()
	for _, flag := range []string{"--login", "--password"} {
		r := arena(t, "bot", "agrid/greedy", flag, "team7")
		if r.code != 2 || !strings.Contains(r.stderr, "bot agrid/greedy: "+flag+" is for --tcp") || r.stdout != "" {
			t.Errorf("arena bot %s without --tcp: want exit status 2 naming the flag\n%s", flag, r)
		}
	}
}

// arena bot's --handshake answers the LOGIN/PASS prompts on stdin/stdout; over --tcp the bot
// logs in anyway, with --login and --password, so --handshake beside --tcp, which changed
// nothing, is refused as --login without --tcp is.
func TestBotHandshakeWithTCP(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() { // a server that closes every connection: the bot must not reach it
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			conn.Close()
		}
	}()
	want := "arena: bot agrid/greedy: --handshake is for stdin/stdout (arena run's --option handshake=1); with --tcp the bot logs in anyway, with --login and --password"
	for _, args := range [][]string{
		{"--handshake", "--tcp", ln.Addr().String()},
		{"--tcp", ln.Addr().String(), "--handshake", "--login", "team7"},
	} {
		r := arena(t, append([]string{"bot", "agrid/greedy"}, args...)...)
		if r.code != 2 || strings.TrimSpace(r.stderr) != want || r.stdout != "" {
			t.Errorf("arena bot %v: want exit status 2 and only %q\n%s", args, want, r)
		}
	}
}

// arena bot's --tcp is checked as arena serve's --listen is: an address no server could be
// at is a bad flag (exit status 2), named with its value and the reason, before any
// connection. It was net's "address foo: missing port in address", exit status 1.
func TestBotTCPAddressChecked(t *testing.T) {
	t.Parallel()
	const want = "want the server's HOST:PORT, e.g. 127.0.0.1:20003"
	for _, c := range []struct{ tcp, want string }{
		{"foo", `--tcp "foo": ` + want},
		{"20003", `--tcp "20003": ` + want},
		{"::1:20003", `--tcp "::1:20003": ` + want + "; an IPv6 host in brackets, e.g. [::1]:20003"},
		{"127.0.0.1:99999", "--tcp 127.0.0.1:99999: port 99999: want 1 to 65535"},
		{"127.0.0.1:0", "--tcp 127.0.0.1:0: port 0: want 1 to 65535"},
		{"127.0.0.1:-1", `--tcp "127.0.0.1:-1": port "-1": want a number from 1 to 65535`},
		{"127.0.0.1:http", `--tcp "127.0.0.1:http": port "http": want a number from 1 to 65535`},
		{"127.0.0.1:", `--tcp "127.0.0.1:": port "": want a number from 1 to 65535`},
	} {
		r := arena(t, "bot", "agrid/greedy", "--tcp", c.tcp)
		if want := "arena: bot agrid/greedy: " + c.want; r.code != 2 || strings.TrimSpace(r.stderr) != want || r.stdout != "" {
			t.Errorf("want exit status 2 and only %q\n%s", want, r)
		}
	}
}

// An address that cannot be listened on is named by the flag that gave it, once, with the
// reason: not "view: listening on 127.0.0.1:P: listen tcp 127.0.0.1:P: bind: ...".
func TestAddressInUseNamesTheFlag(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	_, port, _ := net.SplitHostPort(addr)
	dir := t.TempDir()
	replay := filepath.Join(dir, "r.json")
	play(t, []string{"builtin:greedy", "builtin:random"}, "--game=queens", "--seed=1", "--replay", replay)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"view", "--no-open", "--port", port, replay}, "arena: --port " + port + ": bind: address already in use\n"},
		{[]string{"serve", "--game=bestow", "--replays", dir, "--listen", addr}, "arena: --listen " + addr + ": bind: address already in use\n"},
	} {
		if r := arena(t, c.args...); r.code != 1 || r.stderr != c.want || r.stdout != "" {
			t.Errorf("want exit status 1 and only %q\n%s", c.want, r)
		}
	}

	// The port of a variant, taken when --listen is left out, is named as that, with the
	// flag that chooses another. (Held here, or by another program: in use either way.)
	if held, err := net.Listen("tcp", "127.0.0.1:20005"); err == nil {
		defer held.Close()
	}
	want := "arena: 127.0.0.1:20005, the port of agrid grid3 (--listen to choose another): bind: address already in use\n"
	if r := arena(t, "serve", "--game=agrid", "--variant=grid3", "--replays", dir); r.code != 1 || r.stderr != want || r.stdout != "" {
		t.Errorf("want exit status 1 and only %q\n%s", want, r)
	}
}

// A --listen that no machine could listen on is a bad flag (exit status 2), named with its
// value and what it should be, as arena view's --port is, before anything starts: it was
// net's "address nonsense: missing port in address" with exit status 1.
func TestServeListenChecked(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct{ listen, want string }{
		{"nonsense", `--listen "nonsense": want HOST:PORT, e.g. 127.0.0.1:20003 (this machine only) or 0.0.0.0:20003 (every address)`},
		{"20003", `--listen "20003": want HOST:PORT, e.g. 127.0.0.1:20003 (this machine only) or 0.0.0.0:20003 (every address)`},
		{"::1:20003", `--listen "::1:20003": want HOST:PORT, e.g. 127.0.0.1:20003 (this machine only) or 0.0.0.0:20003 (every address); an IPv6 host in brackets, e.g. [::1]:20003`},
		{"127.0.0.1:99999", "--listen 127.0.0.1:99999: port 99999: want 0 (any free port) to 65535"},
		{"127.0.0.1:-1", `--listen "127.0.0.1:-1": port "-1": want a number from 0 (any free port) to 65535`},
		{"127.0.0.1:http", `--listen "127.0.0.1:http": port "http": want a number from 0 (any free port) to 65535`},
		{"0.0.0.0:", `--listen "0.0.0.0:": port "": want a number from 0 (any free port) to 65535`},
	} {
		r := arena(t, "serve", "--game=agrid", "--replays", dir, "--listen", c.listen)
		if r.code != 2 || strings.TrimSpace(r.stderr) != "arena: "+c.want || r.stdout != "" {
			t.Errorf("want exit status 2 and only %q\n%s", c.want, r)
		}
	}
}
