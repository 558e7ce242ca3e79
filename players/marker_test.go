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

// A process carrying a marker of this process's pid that this process never gave is another
// arena's, one that had the same pid before (pids are reused) and was killed with its
// warden: it is not counted as this runner's. FindMarked still finds it by its marker.
func TestFindMarkedByRunnerCountsOnlyMarkersGivenHere(t *testing.T) {
	given, err := newMarker()
	if err != nil {
		t.Fatal(err)
	}
	foreign := markerPrefix(os.Getpid()) + "0123456789abcdef01234567" // an earlier process's, without this one's nonce
	pids := map[string]int{}
	for name, marker := range map[string]string{"given": given, "foreign": foreign} {
		cmd := exec.Command("sleep", "10")
		cmd.Env = []string{"A=1", MarkerVar + "=" + marker}
		if err := cmd.Start(); err != nil {
			t.Skip("no sleep:", err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		pids[name] = cmd.Process.Pid
		for deadline := time.Now().Add(20 * time.Second); !slices.Contains(FindMarked(marker), cmd.Process.Pid); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: process %d does not show its marker after 20 s", name, cmd.Process.Pid)
			}
		}
	}
	got := FindMarkedByRunner(os.Getpid())
	if !slices.Contains(got, pids["given"]) || slices.Contains(got, pids["foreign"]) {
		t.Errorf("FindMarkedByRunner: %v; want %d (given here), not %d (another arena's)", got, pids["given"], pids["foreign"])
	}
}
