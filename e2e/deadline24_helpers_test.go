package e2e

// Helpers of the Deadline24 acceptance tests (bestow, agrid): the clients in
// testdata/bots/{bestow,agrid}_client.py were written from the seed document
// (/work/shared/seeds/004_*: §2 server communication, §5 B.E.S.T.O.W., §6 A-grid-culture)
// and docs/deadline24-protocol.md alone. They write a transcript (JSON lines) of every
// command and its answer, which these helpers read back.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// d24Client is the command line of a seed client (game "bestow" or "agrid").
func d24Client(t *testing.T, game string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (README: needed for the example bots and tests)")
	}
	path, err := filepath.Abs(filepath.Join("testdata", "bots", game+"_client.py"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatal(err)
	}
	return strings.Join(append([]string{"python3", path}, args...), " ")
}

// d24Run is one finished arena command.
type d24Run struct {
	args           []string
	stdout, stderr string
	code           int
	wall           time.Duration
}

func (r d24Run) String() string {
	return fmt.Sprintf("arena %s\nexit %d after %v\nstdout:\n%s\nstderr:\n%s", strings.Join(r.args, " "), r.code, r.wall.Round(time.Millisecond), r.stdout, r.stderr)
}

// d24Arena runs the arena binary built by TestMain in dir.
func d24Arena(t *testing.T, dir string, args ...string) d24Run {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, arenaBin, args...)
	cmd.Dir = dir
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := d24Run{args: args, stdout: stdout.String(), stderr: stderr.String(), wall: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && ctx.Err() == nil:
		r.code = exit.ExitCode()
	default:
		t.Fatalf("arena %s: %v\n%s", strings.Join(args, " "), err, r)
	}
	return r
}

// d24Result is what `arena run --json` prints (README "The result").
type d24Result struct {
	Game    string `json:"game"`
	Seed    int64  `json:"seed"`
	Turns   int    `json:"turns"`
	Winner  int    `json:"winner"`
	Players []struct {
		Index   int     `json:"index"`
		Name    string  `json:"name"`
		Score   float64 `json:"score"`
		Rank    int     `json:"rank"`
		Status  string  `json:"status"`
		Message string  `json:"message"`
	} `json:"players"`
	Unfinished bool `json:"unfinished"` // the game was interrupted (Ctrl-C)
}

// d24Play runs `arena run --json` and parses the result; the game must be played.
func d24Play(t *testing.T, dir string, args ...string) (d24Result, d24Run) {
	t.Helper()
	r := d24Arena(t, dir, append([]string{"run", "--json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("the game was not played:\n%s", r)
	}
	var res d24Result
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil {
		t.Fatalf("arena run --json printed no result: %v\n%s", err, r)
	}
	return res, r
}

// d24AllOK fails unless every player of res ended with status ok (a client that exits
// at the end of input is not a crash).
func d24AllOK(t *testing.T, res d24Result, r fmt.Stringer) {
	t.Helper()
	for _, p := range res.Players {
		if p.Status != "ok" {
			t.Errorf("player %d (%s): status %q, message %q; want ok\n%s", p.Index, p.Name, p.Status, p.Message, r)
		}
	}
}

// d24Verify runs `arena replay verify` on a replay; it must pass.
func d24Verify(t *testing.T, path string) {
	t.Helper()
	r := d24Arena(t, filepath.Dir(path), "replay", "verify", path)
	if r.code != 0 {
		t.Errorf("arena replay verify %s: want exit 0\n%s", path, r)
	}
}

// d24Record is one line of a client transcript.
type d24Record struct {
	Game  int      `json:"game"`
	Turn  int      `json:"turn"`
	Cmd   string   `json:"cmd"`
	Reply []string `json:"reply"`
	Probe string   `json:"probe"`
	Event string   `json:"event"`
	Index int      `json:"index"`
	Same  *bool    `json:"same"`
	raw   map[string]any
}

func d24Transcript(t *testing.T, path string) []d24Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("client transcript: %v", err)
	}
	var out []d24Record
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line == "" {
			continue
		}
		var r d24Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: %v in %q", path, err, line)
		}
		_ = json.Unmarshal([]byte(line), &r.raw)
		out = append(out, r)
	}
	return out
}

// d24Events returns the transcript records of one event kind.
func d24Events(recs []d24Record, event string) []d24Record {
	var out []d24Record
	for _, r := range recs {
		if r.Event == event {
			out = append(out, r)
		}
	}
	return out
}

// d24Clean drops the probe records of turns in which the probes may have been answered
// across a turn boundary (on the real clock of arena serve): the client asks
// GET_MATCH_INFO again at the end of a probing turn and records whether the answer (the
// situation at the start of the turn, seed §5.8) was still the same.
func d24Clean(recs []d24Record) []d24Record {
	bad := map[[2]int]bool{}
	for _, r := range recs {
		if r.Event == "turn-check" && r.Same != nil && !*r.Same {
			bad[[2]int{r.Game, r.Turn}] = true
		}
	}
	var out []d24Record
	for _, r := range recs {
		if !bad[[2]int{r.Game, r.Turn}] {
			out = append(out, r)
		}
	}
	return out
}

// d24Tally counts the answers (first reply lines) to the client's own commands (not the
// probes), by command name and answer.
func d24Tally(recs []d24Record) map[string]map[string]int {
	out := map[string]map[string]int{}
	for _, r := range recs {
		if r.Cmd == "" || r.Probe != "" || len(r.Reply) == 0 {
			continue
		}
		name := strings.Fields(r.Cmd)[0]
		if out[name] == nil {
			out[name] = map[string]int{}
		}
		out[name][r.Reply[0]]++
	}
	return out
}

// d24Probe is one row of an error-code table: the answer the seed's error table gives to
// the wrong commands a client tagged with probe.
type d24Probe struct {
	probe string
	want  string // the whole FAILED line
	point string // the issue point / seed section
}

// d24CheckProbes checks every recorded answer of each probe, and that each probe of the
// table was sent at least once unless optional.
func d24CheckProbes(t *testing.T, recs []d24Record, table []d24Probe, optional map[string]bool) {
	t.Helper()
	for _, p := range table {
		t.Run(p.probe, func(t *testing.T) {
			n := 0
			for _, r := range recs {
				if r.Probe != p.probe {
					continue
				}
				n++
				if len(r.Reply) == 0 || r.Reply[0] != p.want {
					t.Errorf("%s: %q answered %q; want %q (%s)", p.probe, r.Cmd, r.Reply, p.want, p.point)
				}
			}
			if n == 0 && !optional[p.probe] {
				t.Errorf("probe %s was never sent by the client (%s)", p.probe, p.point)
			}
		})
	}
}

// d24CheckLimit checks the command-limit probe: L+1 commands sent at the start of a turn
// (written while waiting) get L answers, then FAILED 6, WAITING x and the next turn's OK
// (seed §2.2, docs/deadline24-protocol.md "The command limit L").
//
// On the real clock (strict false) a turn may end inside the burst on a busy machine;
// then every line is answered OK and the check is inconclusive rather than failed.
func d24CheckLimit(t *testing.T, recs []d24Record, limit int, strict bool) {
	t.Helper()
	var burst []d24Record
	for _, r := range recs {
		if r.Probe == "command-limit" {
			burst = append(burst, r)
		}
	}
	if len(burst) == 0 {
		t.Fatal("the client never sent its L+1 commands in one turn")
	}
	last := burst[len(burst)-1]
	if !strict && len(last.Reply) > 0 && last.Reply[0] == "OK" {
		t.Logf("the turn ended inside the burst of %d commands; command limit not checked", len(burst))
		return
	}
	if len(burst) != limit+1 || last.Index != limit+1 {
		t.Fatalf("L = %d: %d commands were answered before the FAILED 6, want %d; last %q -> %q", limit, last.Index-1, limit, last.Cmd, last.Reply)
	}
	for _, r := range burst[:limit] {
		if len(r.Reply) != 2 || r.Reply[0] != "OK" {
			t.Errorf("command %d of the burst: answer %q, want OK and its data line", r.Index, r.Reply)
		}
	}
	want := "FAILED 6 commands limit reached, forced waiting activated"
	if len(last.Reply) != 3 || last.Reply[0] != want || !d24Waiting.MatchString(last.Reply[1]) || last.Reply[2] != "OK" {
		t.Errorf("command L+1 = %d: answer %q; want [%q, \"WAITING x\", \"OK\"]", limit+1, last.Reply, want)
	}
}

var d24Waiting = regexp.MustCompile(`^WAITING [0-9]+(\.[0-9]+)?$`)

// d24WorldValue returns token i of the first DESCRIBE_WORLD answer in the transcript.
func d24WorldValue(t *testing.T, recs []d24Record, i int) string {
	t.Helper()
	for _, r := range recs {
		if r.Cmd == "DESCRIBE_WORLD" && len(r.Reply) == 2 && r.Reply[0] == "OK" {
			f := strings.Fields(r.Reply[1])
			if i < len(f) {
				return f[i]
			}
		}
	}
	t.Fatal("no DESCRIBE_WORLD answer in the transcript")
	return ""
}

// ---------------------------------------------------------------------------------
// arena serve
// ---------------------------------------------------------------------------------

// d24Server is a running `arena serve` on a free port.
type d24Server struct {
	t    *testing.T
	cmd  *exec.Cmd
	addr string
	dir  string // replays
	mu   sync.Mutex
	out  bytes.Buffer
	err  bytes.Buffer
	done chan struct{}
	exit error
	wall time.Duration
	end  time.Time // when it exited
}

var d24ServingOn = regexp.MustCompile(`serving on ([0-9.]+:[0-9]+)`)

// d24Serve starts `arena serve` listening on 127.0.0.1:0 with the replays in a temporary
// directory, and returns once the server printed the address it listens on.
func d24Serve(t *testing.T, args ...string) *d24Server {
	t.Helper()
	s := &d24Server{t: t, dir: t.TempDir(), done: make(chan struct{})}
	full := append([]string{"serve", "--listen", "127.0.0.1:0", "--replays", s.dir}, args...)
	s.cmd = exec.Command(arenaBin, full...)
	s.cmd.Dir = s.dir
	stdout, err := s.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s.cmd.Stderr = &d24LockedWriter{mu: &s.mu, w: &s.err}
	start := time.Now()
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			line := sc.Text()
			s.mu.Lock()
			s.out.WriteString(line + "\n")
			s.mu.Unlock()
			if m := d24ServingOn.FindStringSubmatch(line); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		s.exit = s.cmd.Wait()
		s.end = time.Now()
		s.wall = s.end.Sub(start)
		close(s.done)
	}()
	t.Cleanup(func() {
		select {
		case <-s.done:
		default:
			_ = s.cmd.Process.Kill()
			<-s.done
		}
	})
	select {
	case s.addr = <-addr:
	case <-s.done:
		t.Fatalf("arena %s exited before listening: %v\n%s", strings.Join(full, " "), s.exit, s.output())
	case <-time.After(30 * time.Second):
		t.Fatalf("arena %s printed no address within 30 s\n%s", strings.Join(full, " "), s.output())
	}
	return s
}

type d24LockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *d24LockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (s *d24Server) output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return "stdout:\n" + s.out.String() + "stderr:\n" + s.err.String()
}

func (s *d24Server) port() string {
	_, p, _ := net.SplitHostPort(s.addr)
	return p
}

// wait waits for the server to exit by itself (after its last game) and returns its
// stdout; it must exit 0.
func (s *d24Server) wait(timeout time.Duration) string {
	s.t.Helper()
	return s.waitExit(timeout, 0)
}

// waitExit waits for the server to exit with status code and returns its stdout.
func (s *d24Server) waitExit(timeout time.Duration, code int) string {
	s.t.Helper()
	select {
	case <-s.done:
	case <-time.After(timeout):
		s.t.Fatalf("arena serve still running after %v\n%s", timeout, s.output())
	}
	got := 0
	if s.exit != nil {
		got = -1
		if ee := (*exec.ExitError)(nil); errors.As(s.exit, &ee) {
			got = ee.ExitCode()
		}
	}
	if got != code {
		s.t.Errorf("arena serve: exit %v; want exit %d\n%s", s.exit, code, s.output())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.out.String()
}

// d24Proc is a client process started by a test.
type d24Proc struct {
	cmd  *exec.Cmd
	out  bytes.Buffer
	done chan struct{}
	err  error
}

// d24Start starts a client command line (split on spaces: the paths have none).
func d24Start(t *testing.T, line string) *d24Proc {
	t.Helper()
	f := strings.Fields(line)
	p := &d24Proc{cmd: exec.Command(f[0], f[1:]...), done: make(chan struct{})}
	p.cmd.Stdout = &p.out
	p.cmd.Stderr = &p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// wait: the client must exit 0 (it exits cleanly when the server closes the session).
func (p *d24Proc) wait(t *testing.T, timeout time.Duration) {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(timeout):
		t.Fatalf("client %s still running after %v", strings.Join(p.cmd.Args, " "), timeout)
	}
	if p.err != nil {
		t.Errorf("client %s: %v; want exit 0\n%s", strings.Join(p.cmd.Args, " "), p.err, p.out.String())
	}
}

// d24Conn is a raw TCP session, for the robustness tests.
type d24Conn struct {
	t *testing.T
	c net.Conn
	r *bufio.Reader
}

func d24Dial(t *testing.T, addr string) *d24Conn {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &d24Conn{t: t, c: c, r: bufio.NewReaderSize(c, 1<<16)}
}

func (c *d24Conn) send(s string) {
	c.t.Helper()
	_ = c.c.SetWriteDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.WriteString(c.c, s); err != nil {
		c.t.Fatalf("write %q: %v", d24Trim(s), err)
	}
}

// line reads one line (without its LF); io.EOF when the server closed the connection.
func (c *d24Conn) line(timeout time.Duration) (string, error) {
	_ = c.c.SetReadDeadline(time.Now().Add(timeout))
	s, err := c.r.ReadString('\n')
	if err != nil {
		return s, err
	}
	return strings.TrimSuffix(s, "\n"), nil
}

// waitToTheEnd answers every turn with WAIT until the server ends the connection.
func (c *d24Conn) waitToTheEnd() {
	for {
		c.send("WAIT\n")
		if _, err := c.line(time.Minute); err != nil {
			return
		}
		c.line(time.Minute) // WAITING x
		c.line(time.Minute) // the OK that starts the next turn
	}
}

func (c *d24Conn) expect(want string) {
	c.t.Helper()
	got, err := c.line(20 * time.Second)
	if err != nil || got != want {
		c.t.Fatalf("read %q (%v); want %q", got, err, want)
	}
}

// login runs the LOGIN/PASS exchange of seed §2.1 and returns the answer to the password.
func (c *d24Conn) login(login, pass string) string {
	c.t.Helper()
	c.expect("LOGIN")
	c.send(login + "\n")
	c.expect("PASS")
	c.send(pass + "\n")
	got, err := c.line(20 * time.Second)
	if err != nil {
		c.t.Fatalf("answer to the password: %q, %v", got, err)
	}
	return got
}

func d24Trim(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

func d24Near(a, b float64) bool { return math.Abs(a-b) <= 1e-4*math.Max(1, math.Abs(b)) }

// d24CheckWaiting: every WAITING x the client got is the time left in the turn (seed
// §2.2, §5.8, §6.7), so 0 ≤ x ≤ the turn duration as scaled by --time-scale.
func d24CheckWaiting(t *testing.T, recs []d24Record, turn float64) {
	t.Helper()
	n := 0
	for _, r := range recs {
		for _, line := range r.Reply {
			if !strings.HasPrefix(line, "WAITING ") {
				continue
			}
			n++
			x, err := strconv.ParseFloat(strings.TrimPrefix(line, "WAITING "), 64)
			if err != nil || x < 0 || x > turn+0.005 {
				t.Errorf("%q after %q: want the seconds left in a turn of %gs", line, r.Cmd, turn)
				return
			}
		}
	}
	if n == 0 {
		t.Error("no WAITING line in the transcript")
	}
}
