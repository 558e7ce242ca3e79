package players

import (
	"os/exec"
	"slices"
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
	time.Sleep(50 * time.Millisecond) // until every sleep has its environment
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
