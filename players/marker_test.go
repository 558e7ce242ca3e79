package players

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// A marked process is found wherever the marker stands in its environment, and a process
// whose variable only starts like the marker is not.
func TestFindMarkedAnywhereInTheEnvironment(t *testing.T) {
	marker, err := newMarker()
	if err != nil {
		t.Fatal(err)
	}
	entry := MarkerVar + "=" + marker
	envs := map[string][]string{
		"only":   {entry},
		"first":  {entry, "A=1"},
		"middle": {"A=1", entry, "B=2"},
		"last":   {"A=1", entry},
		"longer": {"A=1", entry + "x"},
	}
	pids := map[string]int{}
	for name, env := range envs {
		cmd := exec.Command("sleep", "10")
		cmd.Env = env
		if err := cmd.Start(); err != nil {
			t.Skip("no sleep:", err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		pids[name] = cmd.Process.Pid
	}
	// A started process shows its environment once its exec is done, which on a busy
	// machine may take a while: wait until every sleep shows the one it was given.
	for name, pid := range pids {
		want := strings.Join(envs[name], "\x00") + "\x00"
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if got, _ := os.ReadFile(fmt.Sprintf("/proc/%d/environ", pid)); string(got) == want {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: process %d does not show its environment %q after 20 s", name, pid, want)
			}
		}
	}
	found := FindMarked(marker)
	for name, pid := range pids {
		if want := name != "longer"; slices.Contains(found, pid) != want {
			t.Errorf("%s: found %v, want %v (found %v)", name, !want, want, found)
		}
	}
	if byRunner := FindMarkedByRunner(0); len(byRunner) != 0 {
		t.Errorf("processes of runner 0: %v", byRunner)
	}
}
