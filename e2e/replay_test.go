package e2e

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The replay is written while the game is played: a replay path that cannot be written is
// refused before any bot starts, and a game interrupted with Ctrl-C still leaves a replay
// of the turns played, marked unfinished, which reads like any other.
func TestReplayWrittenDuringTheGame(t *testing.T) {
	needPython(t)
	t.Parallel()
	dir := t.TempDir()
	mark := filepath.Join(dir, "started")
	bot := fmt.Sprintf("sh -c 'touch %s; exec python3 %s'", mark, filepath.Join(botsDir, "queens_statement.py"))
	bad := filepath.Join(dir, "missing", "r.json")
	r := arena(t, "run", "--game", "queens", "--seed", "3", "--replay", bad, bot, "builtin:random")
	if r.code == 0 || !strings.Contains(r.stderr, bad) || !strings.Contains(r.stderr, "no such file or directory") {
		t.Errorf("an unwritable replay path: want an error naming it\n%s", r)
	}
	if _, err := os.Stat(mark); err == nil {
		t.Errorf("a bot was started although the replay could not be written")
	}

	// The bot says on stderr (passed through live) which turn it is asked: once it is asked
	// turn 6, turns 0 to 5 are played, and Ctrl-C comes then, however busy the machine.
	replay := filepath.Join(dir, "interrupted.json")
	cmd := exec.Command(arenaBin, "run", "--game", "queens", "--seed", "3", "--time-scale", roomy, "--replay", replay, "--stderr",
		"python3 "+filepath.Join(botsDir, "queens_statement.py")+" --every-sleep-ms 20 --log-turns 1", "builtin:random")
	stderr, err := interruptAtTurn(t, cmd, 6)
	var exit *exec.ExitError
	if !errors.As(err, &exit) || !strings.Contains(stderr, "interrupted") || !strings.Contains(stderr, replay+" holds the") {
		t.Fatalf("interrupted game: %v, stderr %q; want a failure saying it was interrupted and what the replay holds", err, stderr)
	}
	got := readReplay(t, replay)
	if n := len(got.turns()); n < 6 || n >= 200 {
		t.Errorf("the interrupted game's replay has %d turns, want the turns played (some, not all)", n)
	}
	if s := arena(t, "replay", "show", replay, "--turn", "3", "--player", "0"); s.code != 0 || !strings.Contains(s.stdout, "turn 3") || !strings.Contains(s.stdout, "unfinished: stopped after") {
		t.Errorf("arena replay show on the interrupted game's replay: want turn 3, and the game said unfinished\n%s", s)
	}
	if result, _ := got["result"].(map[string]any); result["unfinished"] != true {
		t.Errorf("the interrupted game's result: %v, want it marked unfinished", result)
	}
	if v := arena(t, "replay", "verify", replay); v.code != 1 || !strings.Contains(v.stderr, "an unfinished game: its") {
		t.Errorf("arena replay verify on the interrupted game's replay: want its turns checked and exit 1 for the missing result\n%s", v)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// A game stopped by Ctrl-C while a bot hangs (--no-timeout) keeps the turn it was stopped
// in, as far as it went, apart from the turns played: replay stdin gives the input the bot
// hung on, and replay show what it had printed. (That turn was dropped: the input that
// reproduces the hang was lost.)
func TestInterruptedGameKeepsTheTurnItWasStoppedIn(t *testing.T) {
	needPython(t)
	t.Parallel()
	dir := t.TempDir()
	replay := filepath.Join(dir, "hang.json")
	cmd := exec.Command(arenaBin, "run", "--game", "queens", "--seed", "3", "--no-timeout", "--replay", replay, "--stderr",
		"python3 "+filepath.Join(botsDir, "queens_statement.py")+" --sleep-turn 4 --sleep-ms 600000 --log-turns 1", "builtin:random")
	stderr, _ := interruptAtTurn(t, cmd, 4)
	if !strings.Contains(stderr, replay+" holds the 4 turns played and turn 4 as far as it went") {
		t.Errorf("arena's word on the interrupted game: want what the replay holds\n%s", stderr)
	}
	upTo3 := arena(t, "replay", "stdin", replay, "--player", "0", "--turn", "3")
	upTo4 := arena(t, "replay", "stdin", replay, "--player", "0", "--turn", "4")
	all := arena(t, "replay", "stdin", replay, "--player", "0")
	if upTo3.code != 0 || upTo4.code != 0 || len(upTo4.stdout) <= len(upTo3.stdout) || !strings.HasPrefix(upTo4.stdout, upTo3.stdout) || all.stdout != upTo4.stdout {
		t.Fatalf("replay stdin up to the stopped turn: want the input of turns 0 to 3, then turn 4's\n%s\n%s", upTo3, upTo4)
	}
	// What the bot was sent in turn 4 is a queens turn: gold and touched site, then the sites.
	if turn4 := strings.TrimPrefix(upTo4.stdout, upTo3.stdout); !regexp.MustCompile(`^\d+ -?\d+\n`).MatchString(turn4) {
		t.Errorf("turn 4's input: %q", turn4)
	}
	show := arena(t, "replay", "show", replay, "--turn", "4", "--player", "0")
	if show.code != 0 || !strings.Contains(show.stdout, "during turn 4") || !strings.Contains(show.stdout, "== turn 4, player 0") ||
		!strings.Contains(show.stdout, "stopped by the interruption") || !strings.Contains(show.stdout, "  | turn 4") {
		t.Errorf("replay show of the stopped turn: want its input and the bot's stderr\n%s", show)
	}
	// It is no turn of the game: verify checks the 4 played and has no result to check.
	if v := arena(t, "replay", "verify", replay); v.code != 1 || !strings.Contains(v.stderr, "its 4 turns verify") {
		t.Errorf("verify: want the 4 played turns checked\n%s", v)
	}
}

// replay rerun --replay keeps the new game's turns when it is stopped by Ctrl-C, as arena
// run keeps them: the replay asked for, marked unfinished, where the rerun went on to
// differ or hang. It was discarded, and the error named the replay being rerun as if it
// were at fault, as it still did without --replay.
func TestRerunInterruptedKeepsItsReplay(t *testing.T) {
	needPython(t)
	t.Parallel()
	dir := t.TempDir()
	log := filepath.Join(dir, "turns.log")
	// The recorded command, run again by rerun: it sleeps only when the rerun asks it to
	// (ARENA_TEST_SLEEP_MS in arena's environment, which bots inherit), and logs its turns
	// to a file, rerun having no --stderr.
	bot := fmt.Sprintf(`sh -c 'exec python3 %s --every-sleep-ms "${ARENA_TEST_SLEEP_MS:-0}" --log-turns 1 2>>%s'`,
		filepath.Join(botsDir, "queens_statement.py"), log)
	recorded := filepath.Join(dir, "r.json")
	play(t, []string{bot, "builtin:random"}, "--game=queens", "--seed=3", "--time-scale", roomy, "--replay", recorded)

	again := filepath.Join(dir, "again.json")
	interruptedRerun := func(args ...string) (string, error) {
		t.Helper()
		if err := os.WriteFile(log, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(arenaBin, append([]string{"replay", "rerun", recorded}, args...)...)
		cmd.Dir = workDir
		cmd.Env = append(os.Environ(), "ARENA_TEST_SLEEP_MS=20")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
			if b, _ := os.ReadFile(log); regexp.MustCompile(`(?m)^turn 6$`).Match(b) {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("the rerun's bot was not asked turn 6 within two minutes; stderr:\n%s", stderr.String())
			}
		}
		cmd.Process.Signal(os.Interrupt)
		err := cmd.Wait()
		return stderr.String(), err
	}

	// Without --replay, the game is said to be interrupted, as arena run says it, not the
	// replay read (which is not at fault).
	// What was compared before the stop is said first: the bot answers as recorded.
	stderr, err := interruptedRerun()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !regexp.MustCompile(`^arena: before the stop: same answers on the \d+ turns played\narena: game interrupted at turn `).MatchString(stderr) {
		t.Fatalf("interrupted rerun without --replay: %v, stderr %q; want exit 1 saying the game was interrupted", err, stderr)
	}

	stderr, err = interruptedRerun("--replay", again)
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(stderr, again+" holds the") {
		t.Fatalf("interrupted rerun: %v, stderr %q; want exit 1 saying what the new replay holds", err, stderr)
	}
	got := readReplay(t, again)
	if n := len(got.turns()); n < 6 || n >= 200 {
		t.Errorf("the interrupted rerun's replay has %d turns, want the turns played (some, not all)", n)
	}
	if result, _ := got["result"].(map[string]any); result["unfinished"] != true {
		t.Errorf("the interrupted rerun's result: %v, want it marked unfinished", result)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}

	// The unfinished replay reruns: its recorded turns are compared, and the new game
	// going on past the turn where it was stopped is no difference (it was reported as
	// one, "the new game goes on after the recorded one ended", exit 1).
	r := arena(t, "replay", "rerun", again)
	if r.code != 0 || !regexp.MustCompile(`same answers on the \d+ turns recorded before the game was stopped; the new game went on to turn \d+`).MatchString(r.stdout) {
		t.Errorf("rerun of the unfinished replay: want exit 0 and same answers on its recorded turns\n%s", r)
	}
}

// interruptAtTurn runs cmd (arena, in the work directory) until its bot, which writes
// "turn N" on stderr as it is asked turn N (passed through live: --stderr), is asked the
// given turn, then presses Ctrl-C: the turns before are played, however busy the machine.
// It returns arena's stderr and how it ended.
func interruptAtTurn(t *testing.T, cmd *exec.Cmd, turn int) (string, error) {
	t.Helper()
	cmd.Dir = workDir
	stderr := &watchedOutput{want: regexp.MustCompile(fmt.Sprintf(`(?m)turn %d$`, turn)), seen: make(chan struct{})}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-stderr.seen:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the bot was not asked turn %d within two minutes; stderr:\n%s", turn, stderr)
	}
	cmd.Process.Signal(os.Interrupt)
	err := cmd.Wait()
	return stderr.String(), err
}

// watchedOutput keeps what a command writes and closes seen once it matches want.
type watchedOutput struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	want *regexp.Regexp
	seen chan struct{}
	once sync.Once
}

func (w *watchedOutput) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.want.Match(w.buf.Bytes()) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

func (w *watchedOutput) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// README: the same seed and the same bot outputs give the same replay, byte for byte, but
// for what is measured rather than played: response times, CPU times, the delayed flag,
// the timing summaries of the result, and the seconds a Deadline24 `WAITING x` reports.
// Two runs of the same game with built-in bots, a CodinGame game and a Deadline24 game,
// both as .json and .json.gz.
func TestSameSeedSameReplayBytes(t *testing.T) {
	t.Parallel()
	measured := []*regexp.Regexp{
		regexp.MustCompile(`"(time_ms|cpu_ms)":[0-9.]+`),
		regexp.MustCompile(`,"delayed":true`),
		regexp.MustCompile(`"timing":\{[^}]*\}`),
		regexp.MustCompile(`WAITING [0-9.]+`),
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		// Roomy limits: a bot timed out on a busy machine would make the two games differ.
		{"queens.json", []string{"--game=queens", "--seed=77", "--time-scale", roomy, "builtin:greedy", "builtin:random"}},
		{"agrid.json.gz", []string{"--game=agrid", "--seed=77", "--time-scale", roomy, "--option", "turns=40", "builtin:greedy", "builtin:random", "builtin:greedy"}},
	} {
		var files [2][]byte
		for i := range files {
			path := filepath.Join(t.TempDir(), tc.name)
			play(t, nil, append([]string{"--replay", path}, tc.args...)...)
			rec, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(path, ".gz") {
				zr, err := gzip.NewReader(bytes.NewReader(rec))
				if err != nil {
					t.Fatal(err)
				}
				if rec, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
			}
			for _, m := range measured {
				rec = m.ReplaceAll(rec, []byte("measured"))
			}
			files[i] = rec
		}
		if !bytes.Equal(files[0], files[1]) {
			i := 0
			for i < len(files[0]) && i < len(files[1]) && files[0][i] == files[1][i] {
				i++
			}
			from := max(0, i-120)
			t.Errorf("%s: two runs differ beyond what is measured, from byte %d:\nfirst:  …%s\nsecond: …%s", tc.name, i,
				files[0][from:min(len(files[0]), i+80)], files[1][from:min(len(files[1]), i+80)])
		}
	}
}

// A game played with --option handshake=1 between built-in bots is played again by rerun:
// the built-in bots take part in the login exchange again, as they did in the game.
func TestRerunOfAHandshakeGame(t *testing.T) {
	t.Parallel()
	replay := filepath.Join(t.TempDir(), "r.json")
	// Roomy turns, recorded and so replayed: a busy machine must not make a bot miss a turn
	// in one game and not the other.
	play(t, []string{"builtin:greedy", "builtin:random"}, "--game=agrid", "--seed=3", "--option", "turns=5", "--option", "handshake=1", "--time-scale", roomy, "--replay", replay)
	if r := arena(t, "replay", "rerun", replay); r.code != 0 || !strings.Contains(r.stdout, "same answers on all 5 turns") {
		t.Errorf("rerun of a handshake game between built-in bots: want the same answers\n%s", r)
	}
	// replay stdin prints what the bot received, the login exchange first: a client that
	// logs in reads through it (without it, "handshake: expected LOGIN, got \"OK\"").
	in := arena(t, "replay", "stdin", replay, "--player", "0")
	if in.code != 0 || !strings.HasPrefix(in.stdout, "LOGIN\nPASS\nOK\n") {
		t.Fatalf("replay stdin of a handshake game: want the login exchange first\n%s", in)
	}
	bot := exec.Command(arenaBin, "bot", "agrid/greedy", "--handshake")
	bot.Stdin = strings.NewReader(in.stdout)
	if out, err := bot.CombinedOutput(); err != nil {
		t.Errorf("the built-in bot fed replay stdin: %v\n%s", err, out)
	}
}

// The same in a tournament with more bots than a game takes: every built-in bot logs in,
// not only those of the first game's seats.
func TestTournamentOfAHandshakeGame(t *testing.T) {
	t.Parallel()
	r := arena(t, "tournament", "--game=bestow", "--option", "handshake=1", "--option", "Ee=100", "--games", "2", "--parallel", "1",
		"builtin:greedy", "builtin:random", "builtin:greedy")
	if r.code != 0 || strings.Contains(r.stdout, "crash") || strings.Contains(r.stdout, "LOGIN") {
		t.Errorf("tournament of three built-in bots with handshake=1: want no crash\n%s", r)
	}
}

// A replay big enough to be written with a shape table verifies as it reads: arena replay
// verify rebuilds its frames a turn at a time from the table (a 1500-turn rockets game's
// frames, rebuilt at once, took gigabytes), and a shape changed in the table is caught as a
// frame that differs, at the first turn that draws it.
func TestReplayVerifyWithAShapeTable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.json")
	// 60 turns of rockets draw some 70 000 shapes, each distinct one stored once.
	r := arena(t, "run", "--game", "rockets", "--option", "turns=60", "--turn-timeout", "20ms", "--seed", "1",
		"--replay", path, "builtin:greedy", "builtin:random")
	if r.code != 0 {
		t.Fatalf("want exit 0\n%s", r)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	table := bytes.Index(data, []byte(`"new_shapes":[{`))
	if table < 0 {
		t.Fatalf("the replay has no shape table (%d bytes)", len(data))
	}
	if r := arena(t, "replay", "verify", path); r.code != 0 || !strings.Contains(r.stdout, "ok (rockets, seed 1, 60 turns, result matches)") {
		t.Fatalf("want the replay verified\n%s", r)
	}
	// The table's first entry (a road) is drawn in turn 0: its colour changed.
	at := table + bytes.Index(data[table:], []byte(`"stroke":"#`)) + len(`"stroke":"#`)
	if at < table+len(`"stroke":"#`) || at > table+500 {
		t.Fatalf("no stroke in the table's first entry")
	}
	changed := slices.Clone(data)
	copy(changed[at:], "010203")
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	r = arena(t, "replay", "verify", bad)
	if r.code != 1 || !strings.Contains(r.stderr, "replay "+bad+": does not verify: turn 0: frame differs") {
		t.Errorf("want the changed shape found in turn 0's frame\n%s", r)
	}
}

// --replay /dev/stdout with arena's output redirected to a file writes the replay into that
// file, through arena's output, and the summary goes to stderr, so that the file holds the
// replay only: /dev/stdout, a link to the descriptor, is not renamed over (as root it was
// replaced by a regular file, and the file got the summary only). So does naming the file
// stdout goes to, and the viewer's --html; --json beside it is refused, both wanting stdout.
func TestReplayToDevStdoutRedirectedToAFile(t *testing.T) {
	t.Parallel()
	link, err := os.Readlink("/dev/stdout")
	if err != nil {
		t.Skip("/dev/stdout is not a symbolic link here:", err)
	}
	t.Cleanup(func() {
		// Should the link be replaced all the same (as root), the machine gets it back.
		if now, err := os.Readlink("/dev/stdout"); err != nil || now != link {
			os.Remove("/dev/stdout")
			os.Symlink(link, "/dev/stdout")
		}
	})
	dir := t.TempDir()
	replay := filepath.Join(dir, "r.json")
	play(t, []string{"builtin:greedy", "builtin:random"}, "--game=queens", "--seed=3", "--replay", replay)
	for i, args := range [][]string{
		{"run", "builtin:greedy", "builtin:random", "--game=queens", "--seed=3", "--replay", "/dev/stdout"},
		{"run", "builtin:greedy", "builtin:random", "--game=queens", "--seed=3", "--replay", filepath.Join(dir, "run1.out")},
		{"view", "--html", "/dev/stdout", replay},
	} {
		out := filepath.Join(dir, args[0]+strconv.Itoa(i)+".out")
		f, err := os.Create(out)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(arenaBin, args...)
		cmd.Dir, cmd.Stdout = workDir, f
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err = cmd.Run()
		f.Close()
		if err != nil {
			t.Fatalf("arena %v: %v\n%s", args, err, stderr.String())
		}
		if now, err := os.Readlink("/dev/stdout"); err != nil || now != link {
			t.Fatalf("arena %v: /dev/stdout is no longer a link to %s (%q, %v)", args, link, now, err)
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		switch args[0] {
		case "run":
			// The replay only; the summary on stderr.
			if r := arena(t, "replay", "verify", out); r.code != 0 {
				t.Errorf("arena %v > file: the file is not the replay alone:\n%s", args, r)
			}
			if !strings.Contains(stderr.String(), "queens  seed 3") {
				t.Errorf("arena %v > file: want the summary on stderr, got %q", args, stderr.String())
			}
		case "view":
			if !bytes.HasPrefix(bytes.ToLower(got), []byte("<!doctype html>")) || !bytes.Contains(got, []byte("</html>")) {
				t.Errorf("arena view --html /dev/stdout > file: want the page, got %d bytes starting %.80q", len(got), got)
			}
		}
	}
	if r := arena(t, "run", "builtin:greedy", "builtin:random", "--game=queens", "--json", "--replay", "/dev/stdout"); r.code != 2 || !strings.Contains(r.stderr, "--replay /dev/stdout and --json both write to standard output") {
		t.Errorf("--json --replay /dev/stdout: want it refused\n%s", r)
	}
}
