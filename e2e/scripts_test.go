package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arena-games/arena/internal/proctest"
)

// script runs one of scripts/*.sh in dir with env added to the environment (an entry
// "PATH=" replaces PATH) and returns what it printed and its exit status.
func script(t *testing.T, dir, name string, env []string, args ...string) run {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "scripts", name))
	if err != nil {
		t.Fatal(err)
	}
	return runCommand(t, dir, env, path, args)
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
	localScript(t, []string{"ARENA=", pathWithout(t)})
}

// docs/tournament.md: the local script's example passes --sprt after --; the report it
// writes at the end says how the test stands.
func TestTournamentLocalScriptSPRT(t *testing.T) {
	report := localScript(t, []string{"ARENA=" + arenaBin}, "--sprt", "0,10")
	if !strings.Contains(report, "SPRT    LLR") {
		t.Errorf("the report has no SPRT:\n%s", report)
	}
}

// The local script's reports are its tournament's own: a results file that also holds an
// earlier run's games (another seed, into the same -o) keeps them, but they are not counted
// in the reports, as arena itself does not count them. (The reports used to be
// `arena tournament report` of the whole file: 4 games here.)
func TestTournamentLocalScriptReportsItsOwnGames(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	for _, seed := range []string{"3", "4"} {
		r := script(t, dir, "tournament-local.sh", []string{"ARENA=" + arenaBin},
			"-g", "queens", "-n", "2", "-p", "1", "-s", seed, "builtin:greedy", "builtin:random", "--", "--time-scale", roomy)
		if r.code != 0 {
			t.Fatalf("seed %s: want exit 0\n%s", seed, r)
		}
	}
	report, err := os.ReadFile(filepath.Join(dir, "tournament-queens.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(report), "queens: 2 games") {
		t.Errorf("the table counts other games than its tournament's:\n%s", report)
	}
	csv, err := os.ReadFile(filepath.Join(dir, "tournament-queens.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(csv), "\nbuiltin:greedy,2,") {
		t.Errorf("the csv counts other games than its tournament's:\n%s", csv)
	}
	if lines, _ := os.ReadFile(filepath.Join(dir, "tournament-queens.jsonl")); strings.Count(string(lines), "\n") != 4 {
		t.Errorf("the results file should keep both runs' 4 games:\n%s", lines)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, "*.err")); len(leftovers) != 0 {
		t.Errorf("files left behind: %v", leftovers)
	}
}

// localScript plays a 2-game queens tournament with scripts/tournament-local.sh and
// returns the table report it wrote.
func localScript(t *testing.T, env []string, flags ...string) string {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	r := script(t, dir, "tournament-local.sh", env, append([]string{
		"-g", "queens", "-n", "2", "-p", "1", "-s", "3", "builtin:greedy", "builtin:random", "--", "--time-scale", roomy}, flags...)...)
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
	return string(report)
}

// Help asked for with -h is printed on stdout with exit 0; an unknown option prints it on
// stderr with exit 2. Both scripts.
func TestTournamentScriptsHelp(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	for _, name := range []string{"tournament-local.sh", "tournament-shards.sh"} {
		if r := script(t, t.TempDir(), name, nil, "-h"); r.code != 0 || !strings.Contains(r.stdout, "scripts/"+name+" -g GAME") || r.stderr != "" {
			t.Errorf("%s -h: want the help on stdout and exit 0\n%s", name, r)
		}
		if r := script(t, t.TempDir(), name, nil, "-x"); r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "scripts/"+name+" -g GAME") {
			t.Errorf("%s -x: want the help on stderr and exit 2\n%s", name, r)
		}
	}
}

// The script's options go before the bots: one given after them is said so, with exit 2
// and nothing written, rather than handed to arena, which refused it as an unknown flag.
func TestTournamentLocalScriptOptionAfterTheBots(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	r := script(t, dir, "tournament-local.sh", []string{"ARENA=" + arenaBin}, "-g", "queens", "builtin:greedy", "builtin:random", "-o", "x.jsonl")
	if r.code != 2 || !strings.Contains(r.stderr, "tournament-local: -o after the bots: the script's options go before them (arena's after --)") || strings.Contains(r.stderr, "unknown shorthand flag") {
		t.Errorf("want exit 2 naming the misplaced option\n%s", r)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("files made: %v", left)
	}
}

// When arena refuses the arguments (exit 2) the local script says so, rather than that
// running the same command again would finish the tournament, and exits 2 too.
func TestTournamentLocalScriptRefusedArguments(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	for _, args := range [][]string{
		{"-g", "queens", "-p", "0", "builtin:greedy", "builtin:random"},
		{"-g", "nosuch", "builtin:greedy", "builtin:random"},
	} {
		r := script(t, t.TempDir(), "tournament-local.sh", []string{"ARENA=" + arenaBin}, args...)
		if r.code != 2 || !strings.Contains(r.stderr, "tournament-local: arena refused to play (exit 2): see its message above") ||
			strings.Contains(r.stderr, "run the same command again") {
			t.Errorf("%v: want exit 2, the refusal said, no advice to run again\n%s", args, r)
		}
	}
}

// fakeSSH is an ssh for GNU parallel's --ssh that runs the command on this machine, in a
// home directory of its own ($FAKE_REMOTE_HOME): a remote machine without a network. Like
// sshd, it sets HOME and SHELL for the command: GNU parallel's remote worker runs the job
// with $SHELL, and without one it runs nothing and reports success.
const fakeSSH = `#!/bin/sh
while [ $# -gt 0 ]; do
  case "$1" in
    -l|-o|-p|-S|-i|-F|-J|-E|-c|-m|-b|-e) shift 2 ;;
    -*) shift ;;
    *) break ;;
  esac
done
shift # the host
[ "${1:-}" = "--" ] && shift
cd "$FAKE_REMOTE_HOME" || exit 255
HOME=$FAKE_REMOTE_HOME SHELL=/bin/sh exec sh -c "$*"
`

// shardsScript plays a 4-game queens tournament in 2 shards with
// scripts/tournament-shards.sh, a bot file named relative to the directory it is run from,
// and checks that the bot was found in every game and that each shard's results came back.
func shardsScript(t *testing.T, logins string, env []string, flags ...string) (report string) {
	t.Helper()
	for _, tool := range []string{"bash", "parallel", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	dir := t.TempDir()
	bot, err := os.ReadFile(filepath.Join(botsDir, "queens_statement.py"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bot.py"), bot, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-g", "queens", "-n", "4", "-S", logins, "-j", "2", "-s", "3", "-a", arenaBin, "-b", "bot.py",
		"python3 bot.py", "builtin:random", "--", "--time-scale", roomy, "--parallel", "1"}
	r := script(t, dir, "tournament-shards.sh", env, append(args, flags...)...)
	if r.code != 0 {
		t.Fatalf("want exit 0\n%s", r)
	}
	for _, shard := range []string{"shard-1.jsonl", "shard-2.jsonl"} {
		data, err := os.ReadFile(filepath.Join(dir, "shards-queens", shard))
		if err != nil {
			t.Fatal(err)
		}
		if n := bytes.Count(data, []byte("\n")); n != 2 {
			t.Errorf("%s: %d games, want 2\n%s", shard, n, r)
		}
		if bytes.Contains(data, []byte(`"crash"`)) {
			t.Errorf("%s: the bot crashed:\n%s", shard, data)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "shards-queens", "report.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "queens: 4 games") {
		t.Errorf("report:\n%s\n%s", data, r)
	}
	// A shard refuses --sprt: its verdict (2 games: no clear difference) does not suggest it.
	for _, line := range strings.Split(r.stdout+r.stderr, "\n") {
		if strings.HasPrefix(line, "shard ") && strings.Contains(line, "--sprt") {
			t.Errorf("a shard suggests --sprt: %q\n%s", line, r)
		}
	}
	// With this machine alone nothing is copied, and GNU parallel has nothing to warn of.
	if logins == ":" && strings.Contains(r.stderr, "Warning") {
		t.Errorf("a warning with -S \":\"\n%s", r)
	}
	return string(data)
}

// docs/tournament.md "Many machines": this machine (":") plays its shards from the
// directory the script is run from, where the bots' files are.
func TestTournamentShardsScriptHere(t *testing.T) {
	shardsScript(t, ":", []string{"ARENA=", pathWithout(t)})
}

// docs/tournament.md: an SPRT cannot run inside a shard, so the script's --sprt after --
// goes to the merged report.
func TestTournamentShardsScriptSPRT(t *testing.T) {
	report := shardsScript(t, ":", []string{"ARENA=" + arenaBin}, "--sprt", "0,10")
	if !strings.Contains(report, "SPRT    LLR") {
		t.Errorf("the report has no SPRT:\n%s", report)
	}
}

// docs/tournament.md "Many machines": a -b file named relative to the directory the script
// is run from reaches the other machines, and the results come back.
func TestTournamentShardsScriptRemote(t *testing.T) {
	if _, err := exec.LookPath("rsync"); err != nil {
		t.Skip("rsync is not installed (GNU parallel copies files with it)")
	}
	tools := t.TempDir()
	ssh := filepath.Join(tools, "ssh")
	if err := os.WriteFile(ssh, []byte(fakeSSH), 0o755); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	shardsScript(t, "elsewhere", []string{"PARALLEL=--ssh " + ssh, "FAKE_REMOTE_HOME=" + home})
	if left, _ := os.ReadDir(home); len(left) != 0 {
		t.Errorf("files left on the other machine: %v", left)
	}
}

// A shards directory holds the games of one master seed: a run with another -s is refused
// before any game, since the merged report would count the games of both. (A shard file
// with a game makes the seed binding: see TestTournamentShardsScriptSeedOfNoGames.)
func TestTournamentShardsScriptOtherSeed(t *testing.T) {
	for _, tool := range []string{"bash", "parallel"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	dir := t.TempDir()
	shards := filepath.Join(dir, "shards-queens")
	if err := os.MkdirAll(shards, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(shards, "seed"), []byte("5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	game := []byte(`{"format":"arena-tournament/1","game":"queens","master_seed":5}` + "\n")
	if err := os.WriteFile(filepath.Join(shards, "shard-1.jsonl"), game, 0o644); err != nil {
		t.Fatal(err)
	}
	r := script(t, dir, "tournament-shards.sh", nil, "-g", "queens", "-n", "4", "-S", ":", "-s", "3", "-a", arenaBin, "builtin:greedy", "builtin:random")
	if r.code != 2 || !strings.Contains(r.stderr, "holds the shards of master seed 5, not 3") {
		t.Errorf("want exit 2 naming both seeds\n%s", r)
	}
	if left, _ := filepath.Glob(filepath.Join(shards, "shard-*")); len(left) != 1 {
		t.Errorf("shard files made: %v", left)
	}
	if seed, _ := os.ReadFile(filepath.Join(shards, "seed")); string(seed) != "5\n" {
		t.Errorf("the recorded seed became %q", seed)
	}
}

// A shard that fails is counted in the script's last words as GNU parallel counts failed
// jobs, and the script exits 1 after writing the report of the shards that finished.
func TestTournamentShardsScriptFailedShard(t *testing.T) {
	for _, tool := range []string{"bash", "parallel"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	dir := t.TempDir()
	// The arena of the "other machines" fails its second shard.
	wrapper := filepath.Join(dir, "arena-without-shard-2")
	text := "#!/bin/sh\ncase \"$*\" in *'--shard 2/2'*) echo 'shard 2 fails' >&2; exit 3 ;; esac\nexec '" + arenaBin + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	r := script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, "-g", "queens", "-n", "4", "-S", ":", "-j", "2",
		"-s", "3", "-a", wrapper, "builtin:greedy", "builtin:random", "--", "--time-scale", roomy, "--parallel", "1")
	if r.code != 1 || !strings.Contains(r.stderr, "tournament-shards: 1 shard did not finish; run the same command again to resume them") {
		t.Errorf("want exit 1 naming 1 shard\n%s", r)
	}
	if report, err := os.ReadFile(filepath.Join(dir, "shards-queens", "report.txt")); err != nil || !strings.Contains(string(report), "queens: 2 games") {
		t.Errorf("report of the shard that finished (%v):\n%s", err, report)
	}
	// The report's note on the shard that recorded nothing is said once, not again for the
	// CSV report written beside the table.
	if n := strings.Count(r.stderr, "shard-2.jsonl: no games recorded"); n != 1 {
		t.Errorf("the note on the empty shard said %d times, want once\n%s", n, r)
	}
	if csv, err := os.ReadFile(filepath.Join(dir, "shards-queens", "report.csv")); err != nil || !strings.Contains(string(csv), "builtin:greedy") {
		t.Errorf("CSV report (%v):\n%s", err, csv)
	}
}

// When no shard recorded a game, the merged report fails saying so, and the script still
// counts the shards that did not finish and says how to resume them.
func TestTournamentShardsScriptNoShardFinished(t *testing.T) {
	for _, tool := range []string{"bash", "parallel"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	dir := t.TempDir()
	failing := filepath.Join(dir, "arena-that-fails")
	if err := os.WriteFile(failing, []byte("#!/bin/sh\necho 'no shard plays' >&2\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, "-g", "queens", "-n", "4", "-S", ":", "-j", "2",
		"-s", "3", "-a", failing, "builtin:greedy", "builtin:random")
	if r.code != 1 || !strings.Contains(r.stderr, "no games recorded") ||
		!strings.Contains(r.stderr, "tournament-shards: 2 shards did not finish; run the same command again to resume them") {
		t.Errorf("want exit 1, the report's error and the 2 shards named\n%s", r)
	}
}

// README: an empty option value, "a script's unset variable", is refused rather than
// taken for "not given": the local script used to play with a random seed, the default
// results file or the default parallelism. Nothing is played.
func TestTournamentLocalScriptEmptyValues(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	for _, opt := range []string{"-s", "-o", "-p", "-n", "-g"} {
		dir := t.TempDir()
		args := []string{"-g", "queens", "-n", "2", "-p", "1", "-s", "3"}
		for i := range args {
			if args[i] == opt {
				args[i+1] = ""
			}
		}
		if opt == "-o" {
			args = append(args, "-o", "")
		}
		r := script(t, dir, "tournament-local.sh", []string{"ARENA=" + arenaBin}, append(args, "builtin:greedy", "builtin:random")...)
		if r.code != 2 || !strings.Contains(r.stderr, "tournament-local: "+opt+": empty value") {
			t.Errorf("%s \"\": want exit 2 naming the option\n%s", opt, r)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("%s \"\": files made: %v", opt, left)
		}
	}
}

// The local script advises running the same command again only when that can help: not
// when arena cannot write the results file, when ARENA cannot be run, or when another run
// holds the results file. It says what went wrong, and keeps arena's exit status.
func TestTournamentLocalScriptFailuresRetryCannotFix(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	play := []string{"-g", "queens", "-n", "2", "-p", "1", "-s", "3"}
	bots := []string{"builtin:greedy", "builtin:random"}

	dir := t.TempDir()
	r := script(t, dir, "tournament-local.sh", []string{"ARENA=" + arenaBin}, append(append(play, "-o", "/nonexistent/r.jsonl"), bots...)...)
	if r.code != 1 || !strings.Contains(r.stderr, "/nonexistent: no such file or directory") ||
		!strings.Contains(r.stderr, "tournament-local: arena failed (exit 1) before recording any game: see its message above") ||
		strings.Contains(r.stderr, "run the same command again") {
		t.Errorf("-o /nonexistent/r.jsonl: want exit 1, arena's message, no advice to run again\n%s", r)
	}

	r = script(t, dir, "tournament-local.sh", []string{"ARENA=/nonexistent/arena"}, append(play, bots...)...)
	if r.code != 127 || !strings.Contains(r.stderr, "tournament-local: ARENA=/nonexistent/arena: no such command") ||
		strings.Contains(r.stderr, "run the same command again") {
		t.Errorf("ARENA=/nonexistent/arena: want exit 127 saying arena could not be run, no advice to run again\n%s", r)
	}

	// Another run holds the results file.
	results := filepath.Join(dir, "held.jsonl")
	f, err := os.Create(results)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	r = script(t, dir, "tournament-local.sh", []string{"ARENA=" + arenaBin}, append(append(play, "-o", results), bots...)...)
	if r.code != 1 || !strings.Contains(r.stderr, "in use by another arena tournament") ||
		!strings.Contains(r.stderr, "before recording any game") || strings.Contains(r.stderr, "run the same command again") {
		t.Errorf("a locked results file: want exit 1, arena's message, no advice to run again\n%s", r)
	}
}

// A run stopped while playing (here Ctrl-C, as SIGINT to the script's process group)
// is what running the same command again finishes: the script says so, with exit 130.
func TestTournamentLocalScriptInterruptedAdvice(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	dir := t.TempDir()
	path, err := filepath.Abs(filepath.Join("..", "scripts", "tournament-local.sh"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, "-g", "queens", "-n", "2000", "-p", "1", "-s", "3", "builtin:greedy", "builtin:random", "--", "--no-progress")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ARENA="+arenaBin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	results := filepath.Join(dir, "tournament-queens.jsonl")
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if st, err := os.Stat(results); err == nil && st.Size() > 0 {
			break
		}
		if time.Now().After(deadline) {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			cmd.Wait()
			t.Fatalf("no game recorded in a minute\n%s", stderr.String())
		}
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(stderr.String(), "tournament-local: interrupted; run the same command again to finish") {
		t.Errorf("want exit 130 and the advice to run again (%v)\n%s", err, stderr.String())
	}
}

// A signal sent to a tournament script alone (kill PID, as a job scheduler does), not to
// its process group, stops what it runs too: arena (GNU parallel for the shards) ran in
// the foreground, and went on playing and appending to the results on its own once the
// script was gone.
func TestTournamentScriptsPassSignalsOn(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	proctest.HangUpDefault(t) // the tests may run under nohup
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		t.Run("local/"+sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			results := filepath.Join(dir, "results.jsonl")
			code, stderr := signalScriptAlone(t, dir, results, sig, "tournament-local.sh", "-g", "queens", "-n", "2000", "-p", "1", "-s", "3", "-o", results)
			if code != 130 || !strings.Contains(stderr, "tournament-local: interrupted; run the same command again to finish") {
				t.Errorf("%v to the script: exit %d, want 130 and the advice to run again\n%s", sig, code, stderr)
			}
		})
	}
	t.Run("shards/"+syscall.SIGTERM.String(), func(t *testing.T) {
		needShardsTools(t)
		dir := t.TempDir()
		shards := filepath.Join(dir, "shards")
		code, stderr := signalScriptAlone(t, dir, filepath.Join(shards, "shard-1.jsonl"), syscall.SIGTERM, "tournament-shards.sh", "-g", "queens", "-S", ":", "-j", "2", "-n", "4000", "-s", "3", "-o", shards)
		if code != 1 || !strings.Contains(stderr, "did not finish; run the same command again to resume them") {
			t.Errorf("TERM to the script: exit %d, want 1 and the advice to run again\n%s", code, stderr)
		}
	})
}

// signalScriptAlone starts a tournament script between greedy and random with ARENA set,
// sends sig to it alone once results holds a game, and returns its exit status and stderr
// once nothing that names dir (its arena, writing there) is left running.
func signalScriptAlone(t *testing.T, dir, results string, sig syscall.Signal, name string, args ...string) (int, string) {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("..", "scripts", name))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(path, append(args, "builtin:greedy", "builtin:random", "--", "--no-progress")...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "ARENA="+arenaBin)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.WaitDelay = time.Second // an arena left behind holds stderr open
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if st, err := os.Stat(results); err == nil && st.Size() > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no game recorded in a minute\n%s", stderr.String())
		}
	}
	cmd.Process.Signal(sig) // the script alone
	cmd.Wait()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		left := processesNaming(dir)
		if len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			for _, pid := range left {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			t.Fatalf("%v to %s: still running 10 s after it exited (code %d): %v\n%s", sig, name, cmd.ProcessState.ExitCode(), left, stderr.String())
		}
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// processesNaming lists the processes whose command line holds s.
func processesNaming(s string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		if b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline")); err == nil && bytes.Contains(b, []byte(s)) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// needShardsTools skips a test of tournament-shards.sh where bash or GNU parallel is missing.
func needShardsTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"bash", "parallel"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
}

// pathWithoutParallel is a PATH of one directory that links every executable on PATH but
// GNU parallel: a machine where it is not installed.
func pathWithoutParallel(t *testing.T) string {
	dir := t.TempDir()
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if e.Name() == "parallel" {
				continue
			}
			os.Symlink(filepath.Join(d, e.Name()), filepath.Join(dir, e.Name())) // the first on PATH wins
		}
	}
	return "PATH=" + dir
}

// Without GNU parallel the shards script says so (exit 1) and writes nothing, but a mistake
// in its arguments is still said as such first (exit 2).
func TestTournamentShardsScriptWithoutParallel(t *testing.T) {
	dir := t.TempDir()
	env := []string{"ARENA=" + arenaBin, pathWithoutParallel(t)}
	bots := []string{"builtin:greedy", "builtin:random"}
	r := script(t, dir, "tournament-shards.sh", env, append(append([]string{"-g", "queens", "-n", "4", "-S", ":"}, bots...), "builtin:greedy", "--", "--sprt", "0,10")...)
	if r.code != 2 || !strings.Contains(r.stderr, "--sprt compares two bots, not 3") {
		t.Errorf("a mistake without GNU parallel: want exit 2 naming it\n%s", r)
	}
	r = script(t, dir, "tournament-shards.sh", env, append([]string{"-g", "queens", "-n", "4", "-S", ":"}, bots...)...)
	if r.code != 1 || !strings.Contains(r.stderr, "tournament-shards: GNU parallel is not installed") {
		t.Errorf("want exit 1 saying GNU parallel is not installed\n%s", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "shards-queens")); err == nil {
		t.Error("shards-queens made without GNU parallel to play its shards")
	}
}

// The shards script checks its own arguments, and arena's once, before any shard runs: a
// mistake is said once, naming the option, with exit 2 and no advice to run the same
// command again, and nothing is written. (Each mistake used to run every shard, or none,
// and end with "N shards did not finish; run the same command again to resume them".)
func TestTournamentShardsScriptBadArguments(t *testing.T) {
	needShardsTools(t)
	bots := []string{"builtin:greedy", "builtin:random"}
	for _, c := range []struct {
		args []string
		want string // in stderr, once
	}{
		{[]string{"-n", "abc"}, "tournament-shards: -n abc: want a whole number of games per pairing, at least 1"},
		{[]string{"-n", "0"}, "tournament-shards: -n 0: want a whole number of games per pairing, at least 1"},
		{[]string{"-j", "abc"}, "tournament-shards: -j abc: want a whole number of shards, at least 1"},
		{[]string{"-j", "0"}, "tournament-shards: -j 0: want a whole number of shards, at least 1"},
		{[]string{"-j", "-1"}, "tournament-shards: -j -1: want a whole number of shards, at least 1"},
		{[]string{"-s", "x"}, "tournament-shards: -s x: want a whole number"},
		{[]string{"-g", "quens"}, `unknown game "quens"`},
		{[]string{"-a", "/nonexistent/arena"}, "tournament-shards: -a /nonexistent/arena: no such command on this machine"},
		{[]string{"--", "--bogus"}, "unknown flag: --bogus"},
		{[]string{"--", "--sprt"}, "tournament-shards: --sprt needs a value, ELO0,ELO1"},
		{[]string{"--", "--sprt", "0,x"}, `--sprt "0,x"`},
		{[]string{"--", "--seed", "4"}, "tournament-shards: --seed after --: give -s"},
		{[]string{"-s", ""}, "tournament-shards: -s: empty value"},
		{[]string{"-o", ""}, "tournament-shards: -o: empty value"},
		{[]string{"-n", ""}, "tournament-shards: -n: empty value"},
		{[]string{"-j", ""}, "tournament-shards: -j: empty value"},
		{[]string{"-a", ""}, "tournament-shards: -a: empty value"},
		{[]string{"-b", ""}, "tournament-shards: -b: empty value"},
	} {
		dir := t.TempDir()
		opts := []string{"-g", "queens", "-n", "4", "-S", ":", "-j", "2", "-s", "3", "-a", arenaBin}
		var after []string
		if c.args[0] == "--" {
			after = c.args
		} else {
			for i := 0; i < len(c.args); i += 2 {
				opts = append(opts, c.args[i], c.args[i+1]) // the last of an option is taken
			}
		}
		args := append(append(opts, bots...), after...)
		r := script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, args...)
		if r.code != 2 || strings.Count(r.stderr, c.want) != 1 || strings.Contains(r.stderr, "run the same command again") ||
			strings.Contains(r.stderr, "seq:") {
			t.Errorf("%v: want exit 2, %q said once, no advice to run again\n%s", c.args, c.want, r)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("%v: files made: %v", c.args, left)
		}
	}
}

// A shard that arena refuses (exit 2: here its arena, unlike this machine's, knows no
// such flag) is said to be refused, with exit 2: running the same command again would be
// refused again. An arena that cannot be run on a machine (exit 127) is said to be missing.
func TestTournamentShardsScriptRefusedShard(t *testing.T) {
	needShardsTools(t)
	dir := t.TempDir()
	wrapper := filepath.Join(dir, "arena-refusing-shard-2")
	text := "#!/bin/sh\ncase \"$*\" in *'--shard 2/3'*) echo 'unknown flag: --time-scale' >&2; exit 2 ;; *'--shard 3/3'*) exit 127 ;; esac\nexec '" + arenaBin + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	r := script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, "-g", "queens", "-n", "6", "-S", ":", "-j", "3",
		"-s", "3", "-a", wrapper, "builtin:greedy", "builtin:random", "--", "--time-scale", roomy, "--parallel", "1")
	if r.code != 2 || !strings.Contains(r.stderr, "tournament-shards: arena refused to play shard 2 (exit 2): see its message above") ||
		!strings.Contains(r.stderr, "tournament-shards: could not run arena ("+wrapper+") for shard 3 on : (exit 127)") ||
		strings.Contains(r.stderr, "run the same command again") {
		t.Errorf("want exit 2, the refused and the missing shards named, no advice to run again\n%s", r)
	}
	if report, err := os.ReadFile(filepath.Join(dir, "shards-queens", "report.txt")); err != nil || !strings.Contains(string(report), "queens: 2 games") {
		t.Errorf("report of the shard that finished (%v):\n%s", err, report)
	}
}

// Without arena on PATH the script builds one for the merged report, and this machine's
// shards (":") play with it too, rather than fail to find arena.
func TestTournamentShardsScriptHereWithoutArena(t *testing.T) {
	needShardsTools(t)
	dir := t.TempDir()
	r := script(t, dir, "tournament-shards.sh", []string{"ARENA=", pathWithout(t)}, "-g", "queens", "-n", "4", "-S", ":", "-j", "2",
		"-s", "3", "builtin:greedy", "builtin:random", "--", "--time-scale", roomy, "--parallel", "1")
	if r.code != 0 || !strings.Contains(r.stdout, "queens: 4 games") {
		t.Errorf("want exit 0 and the report of 4 games\n%s", r)
	}
}

// A shards directory whose shard files hold no game binds no seed: a run that recorded
// nothing (its arena failed on every shard) does not stop the corrected command with
// another -s. (The seed used to be written before anything ran, and then refused.)
func TestTournamentShardsScriptSeedOfNoGames(t *testing.T) {
	needShardsTools(t)
	dir := t.TempDir()
	failing := filepath.Join(dir, "arena-that-fails")
	if err := os.WriteFile(failing, []byte("#!/bin/sh\necho 'no shard plays' >&2\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	play := []string{"-g", "queens", "-n", "4", "-S", ":", "-j", "2"}
	bots := []string{"builtin:greedy", "builtin:random", "--", "--time-scale", roomy, "--parallel", "1"}
	if r := script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, append(append(play, "-s", "5", "-a", failing), bots...)...); r.code != 1 {
		t.Fatalf("want exit 1\n%s", r)
	}
	r := script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, append(append(play, "-s", "42", "-a", arenaBin), bots...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "queens: 4 games") {
		t.Errorf("want exit 0 with the corrected seed\n%s", r)
	}
	if seed, _ := os.ReadFile(filepath.Join(dir, "shards-queens", "seed")); string(seed) != "42\n" {
		t.Errorf("the recorded seed is %q, want 42", seed)
	}
}

// A shards directory holds one tournament: a run with other bots is refused before any
// game, since the merged report would rate the bots of both (3 bots here), and the same
// command as before still resumes.
func TestTournamentShardsScriptOtherTournament(t *testing.T) {
	needShardsTools(t)
	dir := t.TempDir()
	play := []string{"-g", "queens", "-S", ":", "-n", "4", "-a", arenaBin}
	first := []string{"builtin:greedy", "builtin:random", "--", "--time-scale", roomy, "--parallel", "1"}
	if r := script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, append(play, first...)...); r.code != 0 {
		t.Fatalf("want exit 0\n%s", r)
	}
	shard, err := os.ReadFile(filepath.Join(dir, "shards-queens", "shard-1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	r := script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, append(play,
		arenaBin+" bot queens/greedy", "builtin:random", "--", "--time-scale", roomy, "--parallel", "1")...)
	if r.code != 2 || !strings.Contains(r.stderr, "tournament-shards: shards-queens holds the shards of another tournament") ||
		!strings.Contains(r.stderr, "another -o DIR") {
		t.Errorf("want exit 2, the other tournament said, -o suggested\n%s", r)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "shards-queens", "shard-1.jsonl")); !bytes.Equal(now, shard) {
		t.Errorf("the refused run changed the shard file")
	}
	r = script(t, dir, "tournament-shards.sh", []string{"ARENA=" + arenaBin}, append(play, first...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "queens: 4 games") || strings.Contains(r.stdout, "queens/greedy") {
		t.Errorf("the same command again: want exit 0 and the report of its 4 games\n%s", r)
	}
}
