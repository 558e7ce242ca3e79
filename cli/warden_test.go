package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arena-games/arena/internal/proctest"
	"github.com/arena-games/arena/players"
)

// arena killed outright (kill -9) leaves no bot process behind: the bot dies by its
// parent-death signal, and what it started (a child in its process group that cleared its
// environment, a child that left the group with the marker) is killed by the warden arena
// started with it, which then exits too.
func TestKilledArenaLeavesNoBotProcess(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	bot := `env -i sleep 300 & echo $! > group.pid
python3 -c 'import os, time; os.setsid(); open("setsid.pid", "w").write(str(os.getpid())); time.sleep(300)' &
exec sleep 300`
	cmd := exec.Command(tournamentTestBinary(t), "run", "sh -c '"+strings.ReplaceAll(bot, "'", `'"'"'`)+"'", "builtin:random", "--game=queens", "--no-timeout")
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	arenaPid := cmd.Process.Pid
	pids := map[string]int{}
	for _, name := range []string{"group.pid", "setsid.pid"} {
		pids[name] = proctest.WaitPidFile(t, filepath.Join(dir, name))
	}
	t.Cleanup(func() {
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	cmd.Process.Kill()
	cmd.Wait()

	// Killed processes die once the kernel next runs them, which on a busy machine can
	// take a while: they are looked for until they are gone, for up to 20 s.
	deadline := time.Now().Add(20 * time.Second)
	left := func() []string {
		var names []string
		for name, pid := range pids {
			if proctest.Alive(pid) {
				names = append(names, name)
			}
		}
		if marked := players.FindMarkedByRunner(arenaPid); len(marked) > 0 {
			names = append(names, "marked "+strconv.Itoa(len(marked)))
		}
		if wardens := wardensOf(arenaPid); len(wardens) > 0 {
			names = append(names, "its warden")
		}
		return names
	}
	for len(left()) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if l := left(); len(l) > 0 {
		t.Errorf("after kill -9 of arena, still running: %v", l)
	}
}

// arena killed outright leaves no temporary replay either: the replay being written, in
// arena run and in each game in flight of a tournament's --replays, was left as its .tmp
// file for ever (a tournament killed and resumed again and again piled them up). The
// warden removes them once arena is gone.
func TestKilledArenaLeavesNoTemporaryReplay(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		dir  string // where the replays go, under the test's directory
	}{
		{"run", []string{"run", "sh -c 'touch started; exec sleep 300'", "builtin:random", "--game=queens", "--no-timeout", "--replay", "r.json"}, "."},
		{"tournament", []string{"tournament", "sh -c 'touch started; exec sleep 300'", "builtin:random", "--game=queens", "--no-timeout",
			"--games", "4", "--parallel", "2", "--replays", "rep", "--no-progress"}, "rep"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(tournamentTestBinary(t), tc.args...)
			cmd.Dir = dir
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The replay's temporary file is made before the bots start.
			for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				if _, err := os.Stat(filepath.Join(dir, "started")); err == nil {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					cmd.Wait()
					t.Fatal("the bot did not start within a minute")
				}
			}
			temps := func() []string {
				var names []string
				entries, _ := os.ReadDir(filepath.Join(dir, tc.dir))
				for _, e := range entries {
					if strings.HasSuffix(e.Name(), ".tmp") {
						names = append(names, e.Name())
					}
				}
				return names
			}
			if len(temps()) == 0 {
				t.Fatal("no temporary replay while the game is played: nothing to test")
			}
			cmd.Process.Kill()
			cmd.Wait()
			deadline := time.Now().Add(20 * time.Second)
			for len(temps()) > 0 && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			if left := temps(); len(left) > 0 {
				t.Errorf("after kill -9 of arena, temporary replays left: %v", left)
			}
		})
	}
}

// wardensOf lists the live warden processes of the arena process runner.
func wardensOf(runner int) []int {
	entries, _ := os.ReadDir("/proc")
	want := "\x00" + players.WardenCommand + "\x00" + strconv.Itoa(runner) + "\x00"
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err == nil && strings.Contains("\x00"+string(b), want) && proctest.Alive(pid) {
			pids = append(pids, pid)
		}
	}
	return pids
}
