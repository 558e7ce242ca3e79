package viewer_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arena-games/arena/internal/proctest"
	"github.com/arena-games/arena/replays"
)

// viewServer is a running `arena view`.
type viewServer struct {
	URL    string
	stderr *proctest.Buffer
}

var urlPattern = regexp.MustCompile(`http://127\.0\.0\.1:[0-9]+/`)

// startView runs `arena view ARGS...` as a user would and waits for the URL it prints. At
// the end of the test it is stopped with Ctrl-C (SIGINT) and must exit cleanly.
func startView(t *testing.T, env []string, args ...string) *viewServer {
	t.Helper()
	cmd := exec.Command(arenaBin, append([]string{"view"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	srv := &viewServer{stderr: &proctest.Buffer{}}
	cmd.Stderr = srv.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default:
			}
		}
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("arena view after Ctrl-C: %v\n%s", err, srv.stderr)
			}
		case <-time.After(15 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
			t.Errorf("arena view still running 15 s after Ctrl-C")
		}
	})
	select {
	case line := <-lines:
		srv.URL = urlPattern.FindString(line)
		if srv.URL == "" {
			t.Fatalf("arena view printed %q, no URL on 127.0.0.1", line)
		}
	case err := <-exited:
		t.Fatalf("arena view exited before serving: %v\n%s", err, srv.stderr)
	case <-time.After(60 * time.Second):
		t.Fatalf("arena view printed no URL within 60 s\n%s", srv.stderr)
	}
	return srv
}

func httpGet(t *testing.T, url string) (int, string, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), body
}

func TestViewServesTheViewerAndTheReplay(t *testing.T) {
	path := writeSmallReplay(t, t.TempDir(), "small.json.gz")
	srv := startView(t, nil, "--no-open", path)
	code, ctype, body := httpGet(t, srv.URL)
	if code != 200 || !strings.HasPrefix(ctype, "text/html") || !bytes.Contains(body, []byte(`id="board"`)) {
		t.Fatalf("GET /: %d %s\n%.300s", code, ctype, body)
	}
	code, ctype, body = httpGet(t, srv.URL+"replay.json")
	if code != 200 || !strings.HasPrefix(ctype, "application/json") || !bytes.Contains(body, []byte(`"format":"`+replays.Format+`"`)) {
		t.Fatalf("GET /replay.json: %d %s\n%.300s", code, ctype, body)
	}
	for _, name := range []string{"main.js", "viewer.css"} {
		if code, _, _ := httpGet(t, srv.URL+"static/"+name); code != 200 {
			t.Errorf("GET /static/%s: %d", name, code)
		}
	}
	if code, _, _ := httpGet(t, srv.URL+"static/nothing.js"); code != 404 {
		t.Errorf("GET /static/nothing.js: %d, want 404", code)
	}
}

func TestViewTakesTheAskedPort(t *testing.T) {
	path := writeSmallReplay(t, t.TempDir(), "small.json")
	port := freePort(t)
	srv := startView(t, nil, "--no-open", "--port", port, path)
	if !strings.HasSuffix(srv.URL, ":"+port+"/") {
		t.Fatalf("asked for port %s, got %s", port, srv.URL)
	}
	// A second viewer on the same port says why it cannot start.
	out, err := exec.Command(arenaBin, "view", "--no-open", "--port", port, path).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "--port "+port+": bind: address already in use") {
		t.Fatalf("second arena view on port %s: %v\n%s", port, err, out)
	}
}

func TestViewOpensABrowserOnlyWithADisplay(t *testing.T) {
	dir := t.TempDir()
	path := writeSmallReplay(t, dir, "small.json.gz")
	opened := filepath.Join(dir, "opened")
	browser := filepath.Join(dir, "browser.sh")
	if err := os.WriteFile(browser, []byte("#!/bin/sh\necho \"$1\" > "+opened+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}

	// arena view decides on the browser right after printing the URL; its word on stderr
	// may reach this test later than the URL did, however late on a busy machine.
	srv := startView(t, []string{"DISPLAY=", "WAYLAND_DISPLAY=", "BROWSER=" + browser}, path)
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(srv.stderr.String(), "no display"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("stderr without a display: %q, want it to say there is no display", srv.stderr)
		}
	}
	if _, err := os.Stat(opened); err == nil {
		t.Fatal("a browser was started without a display")
	}

	srv = startView(t, []string{"DISPLAY=:99", "BROWSER=" + browser}, path)
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, err := os.ReadFile(opened)
		if err == nil && strings.TrimSpace(string(got)) == srv.URL {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("$BROWSER was not started with %s (got %q, %v)", srv.URL, got, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestViewRefusesABadReplayClearly(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format": "arena-replay/1", "game": "queens", "players": []}`), 0o644); err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(dir, "cut.json")
	if err := os.WriteFile(truncated, []byte(`{"format": "arena-replay/1", "game": "qu`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no players", []string{bad}, "replay " + bad + ": field players: no players"},
		{"no players, html", []string{"--html", filepath.Join(dir, "out.html"), bad}, "replay " + bad + ": field players"},
		{"truncated", []string{truncated}, "replay " + truncated + ": "},
		{"missing", []string{filepath.Join(dir, "none.json")}, "no such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := exec.Command(arenaBin, append([]string{"view", "--no-open"}, tc.args...)...).CombinedOutput()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 {
				t.Fatalf("exit: %v, want status 1\n%s", err, out)
			}
			if !strings.Contains(string(out), tc.want) {
				t.Fatalf("output %q, want it to contain %q", out, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "out.html")); err == nil {
		t.Error("--html wrote a page for a bad replay")
	}
}

// --port with --html is refused before anything is read or written: the page needs no
// server, and a user who set a port expects one.
func TestViewHTMLRefusesAPort(t *testing.T) {
	dir := t.TempDir()
	path := writeSmallReplay(t, dir, "small.json")
	out := filepath.Join(dir, "game.html")
	msg, err := exec.Command(arenaBin, "view", "--html", out, "--port", "8080", path).CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(msg), "--port 8080: --html writes a page that opens from the file") {
		t.Errorf("arena view --html --port: %v, want a usage error naming --port\n%s", err, msg)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the page was written")
	}
}

func TestViewHTMLWritesOnePage(t *testing.T) {
	dir := t.TempDir()
	path := writeSmallReplay(t, dir, "small.json")
	out := filepath.Join(dir, "game.html")
	msg, err := exec.Command(arenaBin, "view", "--html", out, path).CombinedOutput()
	if err != nil {
		t.Fatalf("arena view --html: %v\n%s", err, msg)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	assertSelfContained(t, page)
}

// A directory named as the page is refused by name, and left as it was.
func TestViewHTMLRefusesADirectory(t *testing.T) {
	dir := t.TempDir()
	path := writeSmallReplay(t, dir, "small.json")
	out := filepath.Join(dir, "pages")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	msg, err := exec.Command(arenaBin, "view", "--html", out, path).CombinedOutput()
	if err == nil || !strings.Contains(string(msg), out+": is a directory") {
		t.Fatalf("arena view --html DIR: %v, want the directory named\n%s", err, msg)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".pages.*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// A page in a directory that does not exist names the directory, as a replay's path does,
// not the temporary file the page is first written to.
func TestViewHTMLInAMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	path := writeSmallReplay(t, dir, "small.json")
	out := filepath.Join(dir, "nosuch", "game.html")
	msg, err := exec.Command(arenaBin, "view", "--html", out, path).CombinedOutput()
	want := "arena: viewer page " + out + ": directory " + filepath.Dir(out) + ": no such file or directory\n"
	if err == nil || string(msg) != want {
		t.Errorf("arena view --html in a missing directory: %v\n%s\nwant %q", err, msg, want)
	}
}

// A page in a directory that says it can be written but cannot hold a file (/proc, as
// root) names that directory, as a replay's path does, not the page's temporary file.
func TestViewHTMLInADirectoryThatHoldsNoFile(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("as root only: others are refused /proc by the permission check")
	}
	path := writeSmallReplay(t, t.TempDir(), "small.json")
	msg, err := exec.Command(arenaBin, "view", "--html", "/proc/arena-page.html", path).CombinedOutput()
	want := "arena: viewer page /proc/arena-page.html: cannot create a file in /proc: "
	if err == nil || !strings.HasPrefix(string(msg), want) || strings.Contains(string(msg), ".tmp") {
		t.Errorf("arena view --html /proc/arena-page.html: %v\n%s\nwant it to start with %q and name no temporary file", err, msg, want)
	}
}

// A page named as a pipe (or a device: /dev/stdout, /dev/null) is written into it, not
// renamed over it, which would replace the pipe or the device itself.
func TestViewHTMLIntoAPipe(t *testing.T) {
	dir := t.TempDir()
	path := writeSmallReplay(t, dir, "small.json")
	out := filepath.Join(dir, "page.fifo")
	if err := syscall.Mkfifo(out, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(out) // blocks until arena opens it to write
		if err != nil {
			got <- nil
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- b
	}()
	cmd := exec.Command(arenaBin, "view", "--html", out, path)
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case page := <-got:
		assertSelfContained(t, page)
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Errorf("nothing was written into the pipe\n%s", msg.String())
	}
	if err := <-waited; err != nil {
		t.Errorf("arena view --html PIPE: %v\n%s", err, msg.String())
	}
	if info, err := os.Lstat(out); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", info.Mode(), err)
	}
}
