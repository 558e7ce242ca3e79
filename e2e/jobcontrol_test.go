package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-Z (SIGTSTP) stops arena with its bots, though they run in process groups of their
// own that the terminal's stop does not reach, and the pause costs no bot its time, nor
// the game its wall-clock cap: after `fg` (SIGCONT) the game goes on, no bot out on time. Before, the bots went on running
// while arena stood stopped, and the bot it was waiting for was timed out by the length of
// the pause.
func TestCtrlZStopsTheBotsAndCostsThemNoTime(t *testing.T) {
	needPython(t)
	t.Parallel()
	dir := t.TempDir()
	log := filepath.Join(dir, "turns.log")
	// 30 ms a turn against a limit of 1000 ms (--time-scale 20): well within it, even for a
	// bot that waits a few hundred milliseconds for a CPU on a busy machine; a pause of 4.5 s
	// far over it; and over the game's wall-clock cap of 5 s with the game's own two seconds
	// or so, which the pause does not count toward either.
	bot := fmt.Sprintf(`sh -c 'exec python3 %s --every-sleep-ms 30 --log-turns 1 2>>%s'`, filepath.Join(botsDir, "queens_statement.py"), log)
	cmd := exec.Command(arenaBin, "run", "--json", "--game=queens", "--seed=3", "--time-scale", "20", "--game-timeout", "5s", bot, "builtin:random")
	cmd.Dir = workDir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	turns := func() int {
		b, _ := os.ReadFile(log)
		return len(regexp.MustCompile(`(?m)^turn \d+$`).FindAll(b, -1))
	}
	for deadline := time.Now().Add(time.Minute); turns() < 5; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the bot was not asked 5 turns within a minute; stderr:\n%s", stderr.String())
		}
	}

	cmd.Process.Signal(syscall.SIGTSTP)
	bots := childrenOf(t, cmd.Process.Pid)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		stopped := processState(cmd.Process.Pid) == "T"
		for _, pid := range bots {
			stopped = stopped && processState(pid) == "T"
		}
		if stopped {
			break
		}
		if time.Now().After(deadline) {
			states := []string{"arena " + processState(cmd.Process.Pid)}
			for _, pid := range bots {
				states = append(states, fmt.Sprint(pid, " ", processState(pid)))
			}
			t.Fatalf("after SIGTSTP, not all stopped: %v; stderr:\n%s", states, stderr.String())
		}
	}
	before := turns()
	time.Sleep(4500 * time.Millisecond)
	if after := turns(); after != before {
		t.Errorf("the bot played on while arena stood stopped: %d turns, then %d", before, after)
	}
	cmd.Process.Signal(syscall.SIGCONT)

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("arena run after the pause: %v\nstderr:\n%s", err, stderr.String())
		}
	case <-time.After(2 * time.Minute):
		t.Fatalf("the game did not end within two minutes of SIGCONT; stderr:\n%s", stderr.String())
	}
	var res result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("no result: %v\n%s", err, stdout.String())
	}
	for i, p := range res.Players {
		if p.Status != "" && p.Status != "ok" {
			t.Errorf("player %d: %s %s; want no bot out for the pause", i, p.Status, p.Message)
		}
	}
}

// childrenOf returns the processes whose parent is pid, but for arena's warden (which a
// pause leaves alone: it stops nothing and times nothing).
func childrenOf(t *testing.T, pid int) []int {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		t.Fatal(err)
	}
	var kids []int
	for _, e := range entries {
		var child int
		if _, err := fmt.Sscanf(e.Name(), "%d", &child); err != nil {
			continue
		}
		if f := statFields(child); len(f) > 1 && f[1] == fmt.Sprint(pid) {
			if cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", child)); bytes.Contains(cmdline, []byte("__warden")) {
				continue
			}
			kids = append(kids, child)
		}
	}
	if len(kids) == 0 {
		t.Fatalf("no child of %d found", pid)
	}
	return kids
}

// processState is the state letter of /proc/PID/stat ("T": stopped), "" when gone.
func processState(pid int) string {
	if f := statFields(pid); len(f) > 0 {
		return f[0]
	}
	return ""
}

// statFields are the fields of /proc/PID/stat after the command's name: state, ppid, ….
func statFields(pid int) []string {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	s := string(b)
	return strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
}

// Ctrl-Z stops `arena serve`'s game with it: the turns of the pause are not played at once
// on fg (SIGCONT), skipped by every team, but the turn in progress goes on where it stood.
// The team here keeps asking TIME_TO_END and waiting: across a pause of 100 turns' time,
// the count goes down by the turns it waited, not by a hundred more (agrid's idle rule
// would even put the team out: a hundred turns without a move).
func TestCtrlZStopsServesClock(t *testing.T) {
	t.Parallel()
	// agrid's turns last 1 s, here 20 ms.
	srv := d24Serve(t, "--game", "agrid", "--teams", "1", "--option", "turns=1000", "--time-scale", "0.02")
	c := d24Dial(t, srv.addr)
	if got := c.login("login1", "secret"); got != "OK" {
		t.Fatalf("login: %q", got)
	}
	turnsLeft := func() int {
		t.Helper()
		c.send("TIME_TO_END\n")
		c.expect("OK")
		line, err := c.line(20 * time.Second)
		var u, v int
		if _, serr := fmt.Sscan(line, &u, &v); err != nil || serr != nil {
			t.Fatalf("TIME_TO_END: %q, %v", line, err)
		}
		c.send("WAIT\n")
		c.expect("OK")
		if line, err := c.line(20 * time.Second); err != nil || !strings.HasPrefix(line, "WAITING ") {
			t.Fatalf("WAIT: %q, %v", line, err)
		}
		c.expect("OK")
		return u
	}
	for range 5 {
		turnsLeft()
	}
	before := turnsLeft()
	ctrlZ(t, srv)
	time.Sleep(2 * time.Second)
	srv.cmd.Process.Signal(syscall.SIGCONT)
	// Three turns on: a server catching up on the pause's turns has played them all by then.
	turnsLeft()
	turnsLeft()
	after := turnsLeft()
	if before-after > 10 {
		t.Errorf("TIME_TO_END went from %d to %d across the pause: the turns of the pause were played", before, after)
	}
}

// WAITING says the time left in the turn after a pause too: a WAIT sent while arena serve
// stood stopped may be handled on fg before the tick that moves the turn's end, and was
// then told 0 while the turn went on for what it had left. Either comes first at random:
// the test tries several times.
func TestCtrlZWaitingSaysTheTimeLeft(t *testing.T) {
	t.Parallel()
	srv := d24Serve(t, "--game", "agrid", "--teams", "1", "--option", "turns=1000") // 1 s turns
	c := d24Dial(t, srv.addr)
	if got := c.login("login1", "secret"); got != "OK" {
		t.Fatalf("login: %q", got)
	}
	waiting := func() float64 {
		t.Helper()
		c.expect("OK")
		line, err := c.line(20 * time.Second)
		var x float64
		if _, serr := fmt.Sscanf(line, "WAITING %f", &x); err != nil || serr != nil {
			t.Fatalf("WAIT: %q, %v", line, err)
		}
		c.expect("OK")
		return x
	}
	for try := range 8 {
		c.send("WAIT\n")
		waiting() // a turn of 1 s begins
		time.Sleep(100 * time.Millisecond)
		ctrlZ(t, srv)
		c.send("WAIT\n")
		time.Sleep(1200 * time.Millisecond) // past the turn's end, were the pause not counted
		srv.cmd.Process.Signal(syscall.SIGCONT)
		if x := waiting(); x < 0.3 {
			t.Fatalf("try %d: WAITING %.6f after a pause 0.1 s into a turn of 1 s", try, x)
		}
	}
}

// ctrlZ stops arena serve as Ctrl-Z does (SIGTSTP) and returns once it stands stopped.
func ctrlZ(t *testing.T, srv *d24Server) {
	t.Helper()
	srv.cmd.Process.Signal(syscall.SIGTSTP)
	for deadline := time.Now().Add(10 * time.Second); processState(srv.cmd.Process.Pid) != "T"; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("arena serve not stopped by SIGTSTP: state %s", processState(srv.cmd.Process.Pid))
		}
	}
}
