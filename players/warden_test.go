package players

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/arena-games/arena/internal/proctest"
)

// Once the pipe from arena closes, the warden kills what is left of the process groups it
// was told of (even a process that cleared its environment) and every process carrying one
// of this runner's markers (even one that left its group); a group reported stopped is
// left alone.
func TestWardenKillsLeftoversOnceArenaIsGone(t *testing.T) {
	dir := t.TempDir()
	watched := startScript(t, dir, `env -i sleep 300 & echo $! > group.pid
python3 -c 'import os, time; os.setsid(); open("marked.pid", "w").write(str(os.getpid())); time.sleep(300)' &
exec sleep 300`)
	stopped := startScript(t, dir, `env -i sleep 300 & echo $! > other.pid
exec sleep 300`)
	inGroup, marked, other := proctest.WaitPidFile(t, filepath.Join(dir, "group.pid")), proctest.WaitPidFile(t, filepath.Join(dir, "marked.pid")), proctest.WaitPidFile(t, filepath.Join(dir, "other.pid"))
	t.Cleanup(func() { syscall.Kill(other, syscall.SIGKILL) })

	w, done := wardenOnAPipe(t)
	w.WriteString("+" + strconv.Itoa(watched.Pid()) + "\n+" + strconv.Itoa(stopped.Pid()) + "\n-" + strconv.Itoa(stopped.Pid()) + "\n")
	w.Close() // arena is gone
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the warden did not end after its pipe closed")
	}
	// The warden has sent its kills; each killed process dies once the kernel next runs it.
	for name, pid := range map[string]int{"the watched group's process without the marker": inGroup, "the marked process that left its group": marked} {
		if !proctest.WaitGone(pid) {
			t.Errorf("%s (pid %d) survived the warden", name, pid)
		}
	}
	for deadline := time.Now().Add(20 * time.Second); len(FindMarkedByRunner(os.Getpid())) > 0 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if left := FindMarkedByRunner(os.Getpid()); len(left) > 0 {
		t.Errorf("marked processes survived the warden: %v", left)
	}
	if !proctest.Alive(other) {
		t.Errorf("the stopped group's unmarked process (pid %d) was killed: its group was reported stopped", other)
	}
}

// startScript starts a sh script as a bot in dir, stopped at the end of the test.
func startScript(t *testing.T, dir, script string) *Process {
	t.Helper()
	p, err := Start(Spec{Name: "script", Argv: []string{"sh", "-c", script}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Stop(0) })
	return p
}

// Once the pipe from arena closes, the warden removes the temporary files it was told of
// (a replay being written, which arena killed outright could neither rename nor remove),
// whatever their names hold, and leaves alone a file reported renamed or removed.
func TestWardenRemovesTemporaryFilesOnceArenaIsGone(t *testing.T) {
	dir := t.TempDir()
	left := filepath.Join(dir, ".r.json.123.tmp")
	odd := filepath.Join(dir, "a dir\nwith a line end", `.r "2".json.gz.456.tmp`)
	kept := filepath.Join(dir, ".r3.json.789.tmp") // its name reused since, say: not the warden's
	if err := os.Mkdir(filepath.Dir(odd), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{left, odd, kept} {
		if err := os.WriteFile(p, []byte("{"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, done := wardenOnAPipe(t)
	for _, line := range []string{"F" + strconv.Quote(left), "F" + strconv.Quote(odd), "F" + strconv.Quote(kept), "f" + strconv.Quote(kept)} {
		w.WriteString(line + "\n")
	}
	w.Close() // arena is gone
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the warden did not end after its pipe closed")
	}
	for _, p := range []string{left, odd} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%q: still there after the warden (%v)", p, err)
		}
	}
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("%q, reported gone, was removed: %v", kept, err)
	}
}

// wardenOnAPipe runs a warden in this process, told on the pipe it returns; done closes when
// it has finished.
func wardenOnAPipe(t *testing.T) (*os.File, <-chan struct{}) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		RunWarden(r, os.Getpid())
		close(done)
	}()
	return w, done
}
