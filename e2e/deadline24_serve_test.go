package e2e

// Acceptance tests of `arena serve` and of the TCP-style session over pipes for the
// Deadline24 games bestow and agrid: logins, robustness against other teams, several
// games on one session, and `--option handshake=1`.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestDeadline24ServeBadLogin — issue point: a bad login gets
// `FAILED 1 bad login or password` and the connection is closed (seed §2.1,
// docs/deadline24-protocol.md); the team can still log in properly afterwards.
// (--start now: the clock runs without the other team, so commands are answered.)
func TestDeadline24ServeBadLogin(t *testing.T) {
	srv := d24Serve(t, "--game", "bestow", "--seed", "1", "--team", "alice:pw1", "--team", "bob:pw2", "--start", "now")
	for _, tc := range []struct{ name, login, pass string }{
		{"wrong password", "alice", "pw2"},
		{"unknown login", "carol", "pw1"},
		{"password of the login of the other team", "bob", "pw1"},
		{"empty login and password", "", ""},
		{"login with a trailing space", "alice ", "pw1 x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := d24Dial(t, srv.addr)
			if got := c.login(tc.login, tc.pass); got != "FAILED 1 bad login or password" {
				t.Fatalf("answer to %q/%q: %q; want %q", tc.login, tc.pass, got, "FAILED 1 bad login or password")
			}
			line, err := c.line(10 * time.Second)
			if !errors.Is(err, io.EOF) {
				t.Errorf("after FAILED 1 the connection must be closed; read %q, %v", line, err)
			}
		})
	}
	t.Run("then a good login", func(t *testing.T) {
		c := d24Dial(t, srv.addr)
		if got := c.login("alice", "pw1"); got != "OK" {
			t.Fatalf("answer to alice/pw1: %q; want OK", got)
		}
		c.send("DESCRIBE_WORLD\n")
		c.expect("OK")
		line, err := c.line(10 * time.Second)
		if err != nil || len(strings.Fields(line)) != 17 {
			t.Errorf("DESCRIBE_WORLD data: %q, %v; want the 17 values of seed §5.8", line, err)
		}
	})
}

// TestDeadline24ServeDisturbance — issue point: garbage lines and a flood of commands from
// one team, and a dropped connection of another, do not disturb a third team's game;
// the flood is held to L commands per turn; a dropped team logs in again (twice at once)
// and goes on; the replay of such a game still verifies.
func TestDeadline24ServeDisturbance(t *testing.T) {
	const turns = 60
	srv := d24Serve(t, "--game", "agrid", "--teams", "3", "--seed", "21", "--time-scale", "0.1", "--option", fmt.Sprintf("turns=%d", turns))
	dir := t.TempDir()
	goodLog := filepath.Join(dir, "good.log")
	good := d24Start(t, d24Client(t, "agrid", "--host", "127.0.0.1", "--port", srv.port(), "--login", "login1", "--pass", "secret", "--log", goodLog))

	// Team 2 logs in; its garbage and flood come once the clock runs.
	noisy := d24Dial(t, srv.addr)
	if got := noisy.login("login2", "secret"); got != "OK" {
		t.Fatalf("login2: %q", got)
	}
	// Team 3: logs in (the clock starts with the three teams in), sends two commands and
	// drops the connection without reading the answers.
	drop := d24Dial(t, srv.addr)
	if got := drop.login("login3", "secret"); got != "OK" {
		t.Fatalf("login3: %q", got)
	}
	drop.send("DESCRIBE_WORLD\nLIST_MY_WORKERS\n")
	drop.c.Close()

	// Team 2: garbage, then a flood.
	garbage := []struct {
		line string
		want []string // regexps of the answer lines; none for a blank line
		why  string
	}{
		{"\x00\x01garbage\x7f\x1b[2J", []string{"^FAILED 2 unknown command$"}, "control characters"},
		{"gar\tbage \u00e9\u00e8 \U0001F600", []string{"^FAILED 2 unknown command$"}, "UTF-8 garbage (invalid UTF-8: TestDeadline24KnownIssueServeInvalidUTF8Replay)"},
		{"wait", []string{"^FAILED 2 unknown command$"}, "command names are upper case exactly"},
		{"TIME_TO_END 1 2 3", []string{"^FAILED 4 too many arguments$"}, "code 4"},
		{"MOVE 1 x y", []string{"^FAILED 3 bad format$"}, "code 3"},
		{"MOVE", []string{"^FAILED 3 bad format$"}, "missing arguments"},
		{strings.Repeat("A", 70000), []string{"^FAILED 3 bad format$"}, "docs: lines longer than 65 536 bytes are answered FAILED 3 bad format"},
		{" \t \r", nil, "docs: a line with only whitespace is ignored"},
		{"TIME_TO_END\r", []string{"^OK$", `^[0-9]+ [0-9]+$`}, "CR is whitespace (seed §2.3)"},
		{"DESCRIBE_WORLD", []string{"^OK$", `^([^ ]+ ){18}[^ ]+$`}, "still served"},
	}
	for _, g := range garbage {
		noisy.send(g.line + "\n")
		for _, w := range g.want {
			got, err := noisy.line(20 * time.Second)
			if err != nil || !regexp.MustCompile(w).MatchString(got) {
				t.Fatalf("garbage %q (%s): answer %q, %v; want %s", d24Trim(g.line), g.why, got, err, w)
			}
		}
	}
	var flood struct {
		sync.Mutex
		// perTurn counts the answers by the turn they were given in, told by TIME_TO_END's
		// own count of turns left: a turn that ends before the flood reaches L (a busy
		// machine) has no FAILED 6 to close it.
		perTurn   map[int]int
		unexpect  []string
		failed6   int
		closedEOF bool
	}
	flood.perTurn = map[int]int{}
	floodDone := make(chan struct{})
	go func() { // the flood: far more than L lines per turn, read as they come
		defer close(floodDone)
		cmds := strings.Repeat("TIME_TO_END\n", 3000)
		go func() { _, _ = io.WriteString(noisy.c, cmds) }()
		waiting := false
		for {
			line, err := noisy.line(time.Minute)
			flood.Lock()
			switch {
			case err != nil:
				flood.closedEOF = errors.Is(err, io.EOF)
				flood.Unlock()
				return
			case waiting && line == "OK":
				waiting = false
			case waiting:
				flood.unexpect = append(flood.unexpect, "after FAILED 6: "+line)
			case line == "OK":
				data, err := noisy.line(time.Minute)
				var left, idle int
				if _, serr := fmt.Sscanf(data, "%d %d", &left, &idle); err != nil || serr != nil {
					flood.unexpect = append(flood.unexpect, "TIME_TO_END data: "+data)
				}
				flood.perTurn[left]++
			case line == "FAILED 6 commands limit reached, forced waiting activated":
				flood.failed6++
				if w, err := noisy.line(time.Minute); err != nil || !d24Waiting.MatchString(w) {
					flood.unexpect = append(flood.unexpect, "after FAILED 6: "+w)
				}
				waiting = true
			default:
				flood.unexpect = append(flood.unexpect, line)
			}
			flood.Unlock()
		}
	}()

	time.Sleep(500 * time.Millisecond)
	// ... and comes back with two connections at once (docs: a team may hold several
	// connections; a team that disconnects may log in again and go on).
	back1, back2 := d24Dial(t, srv.addr), d24Dial(t, srv.addr)
	for i, c := range []*d24Conn{back1, back2} {
		if got := c.login("login3", "secret"); got != "OK" {
			t.Fatalf("login3 again (connection %d): %q; want OK", i+1, got)
		}
	}
	back1.send("DESCRIBE_WORLD\n")
	back1.expect("OK")
	if w, err := back1.line(20 * time.Second); err != nil || len(strings.Fields(w)) != 19 {
		t.Errorf("DESCRIBE_WORLD after logging in again: %q, %v; want the 19 values of seed §6.7", w, err)
	}
	back2.send("TIME_TO_END\n")
	back2.expect("OK")
	if _, err := back2.line(20 * time.Second); err != nil {
		t.Error(err)
	}
	back1.send("WAIT\n")
	back1.expect("OK")
	if w, err := back1.line(20 * time.Second); err != nil || !d24Waiting.MatchString(w) {
		t.Errorf("WAIT after logging in again: %q, %v", w, err)
	}
	back1.expect("OK")
	back1.c.Close() // dropped again, in the middle of the game
	back2.c.Close()

	out := srv.wait(2 * time.Minute)
	good.wait(t, 10*time.Second)
	<-floodDone
	if !regexp.MustCompile(fmt.Sprintf(`agrid\s+seed 21\s+%d turns`, turns)).MatchString(out) {
		t.Errorf("no summary of the %d-turn game\n%s", turns, srv.output())
	}

	t.Run("flood held to L per turn", func(t *testing.T) {
		flood.Lock()
		defer flood.Unlock()
		most := 0
		for _, n := range flood.perTurn {
			most = max(most, n)
		}
		t.Logf("flood: %d forced waits, answers by turns left %v", flood.failed6, flood.perTurn)
		if most > 30 {
			t.Errorf("the flooding team got %d commands answered in one turn; L = 30", most)
		}
		if flood.failed6 < turns/2 {
			t.Errorf("the flooding team was forced to wait %d times in a %d-turn game", flood.failed6, turns)
		}
		if len(flood.unexpect) > 0 {
			t.Errorf("unexpected lines to the flooding team: %q", flood.unexpect[:min(5, len(flood.unexpect))])
		}
		if !flood.closedEOF {
			t.Error("the flooding team's connection was not closed at the end of the game")
		}
	})

	t.Run("the other team's game", func(t *testing.T) {
		recs := d24Transcript(t, goodLog)
		if len(d24Events(recs, "end")) != 1 {
			t.Error("the good client did not play to the end")
		}
		tally := d24Tally(recs)
		for cmd, answers := range tally {
			for answer, n := range answers {
				if regexp.MustCompile(`^FAILED [2-6] `).MatchString(answer) || (answer != "OK" && !strings.HasPrefix(answer, "FAILED ")) {
					t.Errorf("good client: %s answered %q %d times", cmd, answer, n)
				}
			}
		}
		res := d24ReplayResult(t, filepath.Join(srv.dir, "agrid-21.json"))
		t.Logf("good client: %d turns waited of %d, SCORE %v, score %v", tally["WAIT"]["OK"], turns, tally["SCORE"], res.Players[0].Score)
		if tally["WAIT"]["OK"] < turns/2 {
			t.Errorf("the good client saw only %d of %d turns", tally["WAIT"]["OK"], turns)
		}
		if tally["SCORE"]["OK"] == 0 || res.Players[0].Score <= 0 {
			t.Errorf("the good client harvested %v and scored %v", tally["SCORE"], res.Players[0].Score)
		}
	})
	d24Verify(t, filepath.Join(srv.dir, "agrid-21.json"))
}

// TestDeadline24ServeGamesBackToBack — issue point: `--games 2` plays two games back to
// back (seeds S and S+1) with the sessions kept open; the clients notice the new game
// and DESCRIBE_WORLD describes it; both replays verify.
func TestDeadline24ServeGamesBackToBack(t *testing.T) {
	for _, tc := range []struct {
		game string
		seed int
		args []string
	}{
		{"bestow", 30, []string{"--option", "Ee=100"}},
		{"agrid", 40, []string{"--teams", "2", "--option", "turns=30"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			args := append([]string{"--game", tc.game, "--games", "2", "--seed", fmt.Sprint(tc.seed), "--time-scale", "0.05"}, tc.args...)
			srv := d24Serve(t, args...)
			dir := t.TempDir()
			var clients []*d24Proc
			for i := 1; i <= 2; i++ {
				clients = append(clients, d24Start(t, d24Client(t, tc.game, "--host", "127.0.0.1", "--port", srv.port(), "--login", fmt.Sprintf("login%d", i), "--log", filepath.Join(dir, fmt.Sprintf("c%d.log", i)))))
			}
			out := srv.wait(3 * time.Minute)
			for _, c := range clients {
				c.wait(t, 10*time.Second)
			}
			for _, seed := range []int{tc.seed, tc.seed + 1} {
				if !regexp.MustCompile(fmt.Sprintf(`%s\s+seed %d\s+[0-9]+ turns`, tc.game, seed)).MatchString(out) {
					t.Errorf("no summary of the game of seed %d\n%s", seed, srv.output())
				}
				replay := filepath.Join(srv.dir, fmt.Sprintf("%s-%d.json", tc.game, seed))
				if _, err := os.Stat(replay); err != nil {
					t.Errorf("replay of seed %d: %v", seed, err)
					continue
				}
				d24Verify(t, replay)
			}
			for i := 1; i <= 2; i++ {
				recs := d24Transcript(t, filepath.Join(dir, fmt.Sprintf("c%d.log", i)))
				d24CheckWaiting(t, recs, 0.05)
				if n := len(d24Events(recs, "login")); n != 1 {
					t.Errorf("client %d logged in %d times; the session stays open between games", i, n)
				}
				if n := len(d24Events(recs, "new game")); n != 1 {
					t.Errorf("client %d noticed %d new games on its session; want 1", i, n)
				}
				end := d24Events(recs, "end")
				if len(end) != 1 || end[0].Game != 2 {
					t.Errorf("client %d: end of session %v; want it after the second game", i, end)
				}
				// The second game answers like a fresh one: its own world, its own limits.
				var first, second []string
				for _, r := range recs {
					if r.Cmd == "" || r.Probe != "" || r.Game != 2 {
						continue
					}
					name := strings.Fields(r.Cmd)[0]
					if name == "DESCRIBE_WORLD" || name == "GET_ALL_PIECES" || name == "SHOW_MAP" {
						if r.Reply[0] != "OK" {
							t.Errorf("client %d, game 2: %s answered %q", i, r.Cmd, r.Reply[0])
						}
					}
					if name == "GET_ALL_PIECES" {
						second = r.Reply
					}
				}
				for _, r := range recs {
					if r.Cmd == "GET_ALL_PIECES" && r.Game == 1 && r.Probe == "" {
						first = r.Reply
					}
				}
				if tc.game == "bestow" && strings.Join(first, "\n") == strings.Join(second, "\n") {
					t.Errorf("client %d: the pieces of game 2 (seed %d) are those of game 1 (seed %d)", i, tc.seed+1, tc.seed)
				}
			}
		})
	}
}

// TestDeadline24Handshake — issue point: `--option handshake=1` lets the same TCP-style
// client (LOGIN/PASS first) play over pipes through `arena run`.
func TestDeadline24Handshake(t *testing.T) {
	for _, tc := range []struct {
		game string
		opts []string
	}{
		{"bestow", []string{"--option", "Ee=100"}},
		{"agrid", []string{"--option", "turns=100"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			dir := t.TempDir()
			replay := filepath.Join(dir, "r.json")
			args := append([]string{"--game", tc.game, "--seed", "13", "--option", "handshake=1", "--replay", replay}, tc.opts...)
			args = append(args,
				d24Client(t, tc.game, "--login", "alpha", "--pass", "pw1", "--log", "a.log"),
				d24Client(t, tc.game, "--login", "beta", "--pass", "pw2", "--log", "b.log"))
			res, r := d24Play(t, dir, args...)
			d24AllOK(t, res, r)
			for _, name := range []string{"a.log", "b.log"} {
				recs := d24Transcript(t, filepath.Join(dir, name))
				if l := d24Events(recs, "login"); len(l) != 1 || strings.Join(l[0].Reply, ",") != "LOGIN,PASS,OK" {
					t.Errorf("%s: login exchange %v; want LOGIN, PASS, OK over the pipes", name, l)
				}
				if end := d24Events(recs, "end"); len(end) != 1 || end[0].Turn != res.Turns-1 {
					t.Errorf("%s: the client saw %v; want the end of input after turn %d", name, end, res.Turns-1)
				}
			}
			d24Verify(t, replay)
		})
	}
	// docs/deadline24-protocol.md: "any non-empty login and password is accepted".
	t.Run("empty login", func(t *testing.T) {
		dir := t.TempDir()
		res, r := d24Play(t, dir, "--game", "bestow", "--seed", "13", "--option", "handshake=1", "--option", "Ee=100",
			d24Client(t, "bestow", "--login", "''", "--log", "a.log"), d24Client(t, "bestow", "--login", "beta"))
		l := d24Events(d24Transcript(t, filepath.Join(dir, "a.log")), "login")
		if len(l) != 1 || strings.Join(l[0].Reply, ",") != "LOGIN,PASS,FAILED 1 bad login or password" {
			t.Errorf("empty login over the pipes: %v; want LOGIN, PASS, FAILED 1 bad login or password", l)
		}
		if p := res.Players[0]; p.Status == "ok" || res.Players[1].Status != "ok" {
			t.Errorf("statuses %q (%s) / %q; want the refused bot out, the other ok\n%s", p.Status, p.Message, res.Players[1].Status, r)
		}
	})
}

// TestDeadline24ServeSharedCounter — issue point (docs/deadline24-protocol.md, `arena
// serve`): the connections of one team share the team's command counter, and each has
// its own WAIT state. One-second turns: the exchange below fits in one turn.
func TestDeadline24ServeSharedCounter(t *testing.T) {
	srv := d24Serve(t, "--game", "agrid", "--teams", "1", "--seed", "2", "--start-now", "--option", "L=10")
	a, b := d24Dial(t, srv.addr), d24Dial(t, srv.addr)
	for i, c := range []*d24Conn{a, b} {
		if got := c.login("login1", "secret"); got != "OK" {
			t.Fatalf("connection %d of login1: %q; want OK", i+1, got)
		}
	}
	ask := func(c *d24Conn, n int) {
		t.Helper()
		c.send(strings.Repeat("TIME_TO_END\n", n))
		for i := 0; i < n; i++ {
			c.expect("OK")
			if _, err := c.line(10 * time.Second); err != nil {
				t.Fatal(err)
			}
		}
	}
	waiting := func(c *d24Conn) {
		t.Helper()
		if w, err := c.line(10 * time.Second); err != nil || !d24Waiting.MatchString(w) {
			t.Fatalf("read %q, %v; want WAITING x", w, err)
		}
	}
	// Start from the beginning of a turn.
	a.send("WAIT\n")
	a.expect("OK")
	waiting(a)
	a.expect("OK")
	ask(a, 6)
	ask(b, 3)
	b.send("WAIT\n") // b waits; a goes on
	b.expect("OK")
	waiting(b)
	ask(a, 1) // the team's 10th command: L = 10
	a.send("TIME_TO_END\n")
	a.expect("FAILED 6 commands limit reached, forced waiting activated")
	waiting(a)
	a.expect("OK") // next turn, for both connections
	b.expect("OK")
	ask(b, 1) // a fresh counter
}

// TestDeadline24ServeEndIsEndOfInput — docs/deadline24-protocol.md: at the end of the
// game a client reads its last answers, then end of input. A client that sends the next
// turn's line as soon as it reads WAITING x (allowed: it is read in the next turn) has
// sent bytes the server never reads; the connection must still end with EOF, not with
// "connection reset by peer" (which also drops answers not read yet).
func TestDeadline24ServeEndIsEndOfInput(t *testing.T) {
	const turns = 3
	srv := d24Serve(t, "--game", "agrid", "--teams", "1", "--seed", "4", "--time-scale", "0.1", "--option", fmt.Sprintf("turns=%d", turns))
	c := d24Dial(t, srv.addr)
	if got := c.login("login1", "secret"); got != "OK" {
		t.Fatalf("login1: %q", got)
	}
	for turn := 0; turn < turns; turn++ {
		c.send("WAIT\n")
		c.expect("OK")
		if w, err := c.line(10 * time.Second); err != nil || !d24Waiting.MatchString(w) {
			t.Fatalf("turn %d: read %q, %v; want WAITING x", turn, w, err)
		}
		c.send("TIME_TO_END\n") // early, for the next turn
		if turn == turns-1 {
			break
		}
		c.expect("OK") // the next turn starts
		c.expect("OK") // TIME_TO_END
		if _, err := c.line(10 * time.Second); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(500 * time.Millisecond) // the game ends meanwhile; the answers wait unread
	if line, err := c.line(10 * time.Second); !errors.Is(err, io.EOF) {
		t.Errorf("after the last turn: read %q, %v; want end of input", line, err)
	}
	srv.wait(time.Minute)
}

// TestDeadline24ServeInterrupted — Ctrl-C stops the server: every connection ends, the
// game in progress leaves a replay of the turns played, marked unfinished, whose turns
// verify, and arena exits 1 saying how many games were played (as an interrupted `arena run`).
func TestDeadline24ServeInterrupted(t *testing.T) {
	srv := d24Serve(t, "--game", "agrid", "--teams", "2", "--seed", "8", "--time-scale", "0.05", "--option", "turns=1000")
	a, b := d24Dial(t, srv.addr), d24Dial(t, srv.addr)
	for i, c := range []*d24Conn{a, b} {
		if got := c.login(fmt.Sprintf("login%d", i+1), "secret"); got != "OK" {
			t.Fatalf("login%d: %q", i+1, got)
		}
	}
	for turn := 0; turn < 5; turn++ {
		a.send("WAIT\n")
		a.expect("OK")
		if w, err := a.line(10 * time.Second); err != nil || !d24Waiting.MatchString(w) {
			t.Fatalf("read %q, %v; want WAITING x", w, err)
		}
		a.expect("OK")
	}
	if err := srv.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	out := srv.waitExit(time.Minute, 1)
	if !strings.Contains(srv.output(), "interrupted: 0 of 1 game played") {
		t.Errorf("arena serve does not say it was interrupted before its game ended\n%s", srv.output())
	}
	for i, c := range []*d24Conn{a, b} {
		if line, err := c.line(10 * time.Second); !errors.Is(err, io.EOF) {
			t.Errorf("login%d after Ctrl-C: read %q, %v; want end of input", i+1, line, err)
		}
	}
	replay := filepath.Join(srv.dir, "agrid-8.json")
	if !strings.Contains(out, replay+" holds the") {
		t.Errorf("the output does not say where the interrupted game is\n%s", srv.output())
	}
	res := d24ReplayResult(t, replay)
	if !res.Unfinished || res.Turns < 5 || res.Turns >= 1000 {
		t.Errorf("the interrupted game's result: unfinished %v after %d turns; want unfinished after the turns played", res.Unfinished, res.Turns)
	}
	if v := arena(t, "replay", "verify", replay); v.code != 1 || !strings.Contains(v.stderr, "an unfinished game: its") {
		t.Errorf("arena replay verify on the interrupted game: want its turns checked and exit 1 for the missing result\n%s", v)
	}
}

// TestDeadline24ServeSlowReader — issue point (docs/deadline24-protocol.md): a client
// that stops reading its answers is disconnected, and the other team's turns go on.
// SHOW_MAP of a 500×500 map every turn (E = 1) fills the unread connection within a few
// turns; the game lasts 12 s (idle=1000: no premature end without markers).
// What must fail is a server that keeps the team that does not read (it is not cut before
// the end), or whose game it holds (the other team's turns stop, or come few and far
// between: it sees fewer than a fifth of them, none in the last quarter). What must pass
// is the reading team of a busy machine: 100 ms turns leave its client room to answer
// (with 50 ms ones, four busy processes on two CPUs had it see one turn in five).
func TestDeadline24ServeSlowReader(t *testing.T) {
	const turns = 120
	srv := d24Serve(t, "--game", "agrid", "--teams", "2", "--seed", "6", "--time-scale", "0.1",
		"--option", fmt.Sprintf("turns=%d", turns), "--option", "idle=1000", "--option", "A=500", "--option", "E=1")
	good, slow := d24Dial(t, srv.addr), d24Dial(t, srv.addr)
	if got := good.login("login1", "secret"); got != "OK" {
		t.Fatalf("login1: %q", got)
	}
	if got := slow.login("login2", "secret"); got != "OK" {
		t.Fatalf("login2: %q", got)
	}
	var seen []int // TIME_TO_END U of every turn the good team saw
	var gap time.Duration
	last := time.Now()
	goodDone := make(chan struct{})
	var goodEnd time.Time
	go func() {
		defer close(goodDone)
		defer func() { goodEnd = time.Now() }()
		for {
			// Each write gets its own deadline: the one login left would end the client's
			// writes 20 s after it, in the middle of a game that a busy machine slows down.
			_ = good.c.SetWriteDeadline(time.Now().Add(time.Minute))
			if _, err := io.WriteString(good.c, "TIME_TO_END\nWAIT\n"); err != nil {
				return
			}
			var lines []string
			for i := 0; i < 5; i++ { // OK, U V, then OK, WAITING x, OK
				line, err := good.line(time.Minute)
				if err != nil {
					return
				}
				lines = append(lines, line)
				var u, v int
				if _, err := fmt.Sscanf(line, "%d %d", &u, &v); i == 1 && err == nil {
					seen = append(seen, u)
				}
			}
			gap, last = max(gap, time.Since(last)), time.Now()
		}
	}()
	var cut time.Time
	var cutErr error
	slowDone := make(chan struct{})
	go func() {
		defer close(slowDone)
		for start := time.Now(); time.Since(start) < 2*time.Minute; time.Sleep(50 * time.Millisecond) {
			_ = slow.c.SetWriteDeadline(time.Now().Add(time.Minute))
			if _, err := io.WriteString(slow.c, "SHOW_MAP\nWAIT\n"); err != nil {
				cut, cutErr = time.Now(), err
				return
			}
		}
	}()
	srv.wait(2 * time.Minute)
	<-goodDone
	slow.c.Close()
	<-slowDone
	if cut.IsZero() || !cut.Before(srv.end.Add(-time.Second)) {
		t.Errorf("the team that never reads was not disconnected before the end of the game (write error %v at %v, game over at %v)", cutErr, cut.Format("15:04:05.000"), srv.end.Format("15:04:05.000"))
	} else {
		t.Logf("the team that never reads was cut %v before the end of the game: %v", srv.end.Sub(cut).Round(time.Millisecond), cutErr)
	}
	t.Logf("the other team saw %d of %d turns; longest time between two of its turns: %v", len(seen), turns, gap.Round(time.Millisecond))
	// (A client that is late on a busy machine may miss the very last turns.)
	if len(seen) < turns/5 || seen[len(seen)-1] > turns/4 {
		t.Errorf("the other team saw %d of %d turns, the last with TIME_TO_END %v; want its turns to go on to the end",
			len(seen), turns, seen[max(0, len(seen)-3):])
	}
	// The server's own word on who left before the end: the result notes a team whose
	// connection closed during the game. (When the server process exits is no measure of
	// when the game ended: writing the replay of 500×500 maps takes seconds on a busy
	// machine.)
	res := d24ReplayResult(t, filepath.Join(srv.dir, "agrid-6.json"))
	// (A late client's last lines may leave it silent in the last turns, which the result
	// may note: the server's word is on its connection.)
	if msg := res.Players[0].Message; strings.HasPrefix(msg, "disconnected") || strings.HasPrefix(msg, "never connected") {
		t.Errorf("the team that reads: %q in its result (its connection closed %v before the server ended); want it served to the end", msg, srv.end.Sub(goodEnd).Round(time.Millisecond))
	}
	if msg := res.Players[1].Message; !strings.HasPrefix(msg, "disconnected in turn ") {
		t.Errorf("the team that never reads: %q in its result; want it disconnected", msg)
	}
}

// Each Deadline24 starter, and each built-in bot (`arena bot GAME/BOT --tcp`), plays
// `arena serve --games 2` on one connection: it notices the second game (nothing announces
// it: bestow's efforts are back at 0, agrid's and rockets' TIME_TO_END stops counting down) and
// reads its world afresh. (The bestow starter used to play the second game with the first
// one's pieces, and the rockets starter drove its cars from the first game's home: its
// moves were refused. The built-in bestow bots and rockets/greedy did the same later.)
func TestDeadline24StartersBackToBack(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (README: needed for the example bots and tests)")
	}
	for _, tc := range []struct {
		game     string
		bots     []string // built-in bots, one team each; the starter plays every team
		options  []string
		commands []string // each team sends them in the second game
	}{
		{"bestow", []string{"greedy", "random"}, []string{"--option", "Ee=100"}, []string{"DESCRIBE_WORLD", "GET_ALL_PIECES"}},
		{"agrid", []string{"greedy", "random"}, []string{"--option", "turns=30"}, []string{"DESCRIBE_WORLD"}},
		{"rockets", []string{"greedy", "random"}, []string{"--option", "turns=30"}, []string{"DESCRIBE_WORLD", "HOME"}},
		// Games too short for the count to go up again: one turn says U = 0 on every turn;
		// ten turns read every tenth turn (the built-in rockets bots) say 9 on each reading.
		{"agrid", []string{"greedy", "random"}, []string{"--option", "turns=1"}, []string{"DESCRIBE_WORLD"}},
		{"rockets", []string{"greedy", "random"}, []string{"--option", "turns=1"}, []string{"DESCRIBE_WORLD", "HOME"}},
		{"rockets", []string{"greedy", "random"}, []string{"--option", "turns=10"}, []string{"DESCRIBE_WORLD", "HOME"}},
		// One command a turn: TIME_TO_END is read every tenth turn only, and on every turn
		// past the end the last reading foretold, where the next game begins.
		{"agrid", []string{"greedy", "random"}, []string{"--option", "turns=30", "--option", "L=1"}, []string{"DESCRIBE_WORLD"}},
		{"rockets", []string{"greedy", "random"}, []string{"--option", "turns=30", "--option", "L=1"}, []string{"DESCRIBE_WORLD", "HOME"}},
	} {
		starter, err := filepath.Abs(filepath.Join("..", "players", "starters", tc.game, "starter.py"))
		if err != nil {
			t.Fatal(err)
		}
		for _, builtin := range []bool{false, true} {
			name := tc.game + "/starter/" + tc.options[len(tc.options)-1]
			if builtin {
				name = tc.game + "/builtin/" + tc.options[len(tc.options)-1]
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				const seed = 30
				teams := len(tc.bots)
				args := append([]string{"--game", tc.game, "--teams", fmt.Sprint(teams), "--games", "2", "--seed", fmt.Sprint(seed), "--time-scale", "0.05"}, tc.options...)
				srv := d24Serve(t, args...)
				var clients []*d24Proc
				for i := 1; i <= teams; i++ {
					command := fmt.Sprintf("python3 %s --tcp %s --login login%d --password secret", starter, srv.addr, i)
					if builtin {
						command = fmt.Sprintf("%s bot %s/%s --tcp %s --login login%d", arenaBin, tc.game, tc.bots[i-1], srv.addr, i)
					}
					clients = append(clients, d24Start(t, command))
				}
				srv.wait(3 * time.Minute)
				for _, c := range clients {
					c.wait(t, 10*time.Second)
				}
				second := d24ReplayTurns(t, filepath.Join(srv.dir, fmt.Sprintf("%s-%d.json", tc.game, seed+1)))
				for _, command := range tc.commands {
					sent := map[int]bool{}
					for _, turn := range second {
						for _, m := range turn.Moves {
							if strings.Contains(m.Output, command) {
								sent[m.Player] = true
							}
						}
					}
					if len(sent) != teams {
						t.Errorf("game 2: the players that sent %s: %v; want all %d", command, sent, teams)
					}
				}
			})
		}
	}
}

// TestDeadline24BuiltinBotsOverTCP — README `arena bot`: a built-in bot plays against
// `arena serve` as a TCP client (--tcp, --login, --password): a sparring team for a local
// contest. A wrong password is refused with the server's answer and exit status 1; the
// game the two bots then play verifies.
func TestDeadline24BuiltinBotsOverTCP(t *testing.T) {
	t.Parallel()
	srv := d24Serve(t, "--game", "agrid", "--teams", "2", "--seed", "6", "--time-scale", "0.1", "--option", "turns=40")
	wrong := d24Arena(t, t.TempDir(), "bot", "agrid/random", "--tcp", srv.addr, "--login", "login2", "--password", "nope")
	if wrong.code != 1 || !strings.Contains(wrong.stderr, "FAILED 1 bad login or password") {
		t.Errorf("a wrong password: want exit status 1 with the server's answer\n%s", wrong)
	}
	greedy := d24Start(t, arenaBin+" bot agrid/greedy --tcp "+srv.addr+" --login login1")
	random := d24Start(t, arenaBin+" bot agrid/random --tcp "+srv.addr+" --login login2 --password secret")
	out := srv.wait(time.Minute)
	greedy.wait(t, 30*time.Second)
	random.wait(t, 30*time.Second)
	if !strings.Contains(out, "winner: player 0 (login1)") {
		t.Errorf("the greedy team did not win against the random one:\n%s", out)
	}
	d24Verify(t, filepath.Join(srv.dir, "agrid-6.json"))
	// The server measures no response times: replay show gives none (it printed 0.00 ms).
	if show := d24Arena(t, srv.dir, "replay", "show", "agrid-6.json", "--turn", "3"); show.code != 0 ||
		!strings.Contains(show.stdout, "== turn 3, player 0 (login1)\n") || strings.Contains(show.stdout, " ms") {
		t.Errorf("replay show of a serve replay: want its exchanges without times\n%s", show)
	}
	if r := d24Arena(t, t.TempDir(), "bot", "queens/greedy", "--tcp", srv.addr); r.code != 2 || !strings.Contains(r.stderr, "Deadline24 games") {
		t.Errorf("--tcp with a CodinGame game: want exit status 2 naming the games it is for\n%s", r)
	}
}

// arena bot --tcp names the bot, the server and the login when the connection fails, and
// says what happened in words, as it does of a refused login: a server that reset the
// connection once the game was over used to give only "read tcp A->B: read: connection
// reset by peer". A session that ends before any command was answered is not a game
// played (a bot that logged in as the server's last game ended, say): it exits 1 too.
// The servers here play the server's side of each case.
func TestBotOverTCPSaysWhatHappenedToTheConnection(t *testing.T) {
	t.Parallel()
	login := func(c net.Conn, rd *bufio.Reader) {
		for _, prompt := range []string{"LOGIN", "PASS"} {
			fmt.Fprintln(c, prompt)
			rd.ReadString('\n')
		}
		fmt.Fprintln(c, "OK")
	}
	reset := func(c net.Conn) {
		c.(*net.TCPConn).SetLinger(0) // closing then resets the connection
		c.Close()
	}
	for _, tc := range []struct {
		name   string
		server func(c net.Conn, rd *bufio.Reader)
		want   string // after "arena: bot agrid/greedy: "; ADDR is the server's address
	}{
		{"closed before the login", func(c net.Conn, rd *bufio.Reader) { c.Close() },
			"logging in to ADDR as team7: the server closed the connection before the LOGIN prompt"},
		{"reset during the login", func(c net.Conn, rd *bufio.Reader) {
			fmt.Fprintln(c, "LOGIN")
			rd.ReadString('\n')
			reset(c)
		}, "logging in to ADDR as team7: the server closed the connection abruptly (connection reset by peer) before the PASS prompt"},
		{"closed once logged in", func(c net.Conn, rd *bufio.Reader) {
			login(c, rd)
			rd.ReadString('\n') // the bot's first command
			c.Close()
		}, "playing on ADDR as team7: the server closed the connection before answering any command (is its last game over?)"},
		{"reset once logged in", func(c net.Conn, rd *bufio.Reader) {
			login(c, rd)
			rd.ReadString('\n')
			reset(c)
		}, "playing on ADDR as team7: the server closed the connection abruptly (connection reset by peer) before answering any command (is its last game over?)"},
		{"reset during the game", func(c net.Conn, rd *bufio.Reader) {
			login(c, rd)
			rd.ReadString('\n')            // TIME_TO_END
			fmt.Fprintln(c, "OK\n100 100") // U V: the turns left, the idle countdown
			rd.ReadString('\n')
			reset(c)
		}, "playing on ADDR as team7: the server closed the connection abruptly (connection reset by peer)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			go func() {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				defer c.Close()
				tc.server(c, bufio.NewReader(c))
			}()
			addr := ln.Addr().String()
			want := "arena: bot agrid/greedy: " + strings.ReplaceAll(tc.want, "ADDR", addr)
			r := arena(t, "bot", "agrid/greedy", "--tcp", addr, "--login", "team7")
			if r.code != 1 || strings.TrimSpace(r.stderr) != want {
				t.Errorf("want exit status 1 and only %q\n%s", want, r)
			}
		})
	}
	t.Run("no server", func(t *testing.T) {
		t.Parallel()
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		want := "arena: bot agrid/greedy: connecting to " + addr + " (--tcp) as team7: no server listens there (connection refused)"
		if r := arena(t, "bot", "agrid/greedy", "--tcp", addr, "--login", "team7"); r.code != 1 || strings.TrimSpace(r.stderr) != want {
			t.Errorf("want exit status 1 and only %q\n%s", want, r)
		}
	})
}

// arena serve says where it listens as the user gave it: 0.0.0.0 with the port it bound
// (a free one for port 0), not the [::] that Go listens on for 0.0.0.0.
func TestDeadline24ServeSaysTheAddressAsGiven(t *testing.T) {
	t.Parallel()
	srv := d24Serve(t, "--game", "agrid", "--listen", "0.0.0.0:0", "--option", "turns=3")
	if !strings.HasPrefix(srv.addr, "0.0.0.0:") || srv.port() == "0" {
		t.Errorf("arena serve --listen 0.0.0.0:0: want it serving on 0.0.0.0 and the port it bound\n%s", srv.output())
	}
	if out := srv.output(); strings.Contains(out, "[::]") {
		t.Errorf("arena serve --listen 0.0.0.0:0 names the address as [::]\n%s", out)
	}
}

// A replay arena serve cannot write (its path is taken by a directory) makes it exit 1
// saying why, and its summary names no replay: it printed "replay: PATH" all the same.
func TestServeNamesNoReplayItCouldNotWrite(t *testing.T) {
	t.Parallel()
	srv := d24Serve(t, "--game", "agrid", "--teams", "2", "--seed", "8", "--time-scale", "0.1", "--option", "turns=10")
	taken := filepath.Join(srv.dir, "agrid-8.json")
	if err := os.MkdirAll(filepath.Join(taken, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	a := d24Start(t, arenaBin+" bot agrid/greedy --tcp "+srv.addr+" --login login1")
	b := d24Start(t, arenaBin+" bot agrid/random --tcp "+srv.addr+" --login login2")
	srv.waitExit(time.Minute, 1)
	a.wait(t, 30*time.Second)
	b.wait(t, 30*time.Second)
	out := srv.output()
	if strings.Contains(out, "replay: ") || !strings.Contains(out, taken) {
		t.Errorf("want no replay named in the summary and the error naming %s:\n%s", taken, out)
	}
}

// A Deadline24 starter given no server to talk to says so, not with a Python traceback: a
// newcomer's first run of a starter with --tcp is often before arena serve is up.
func TestDeadline24StartersSayWhyTheyCannotConnect(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed (README: needed for the example bots and tests)")
	}
	// A port nobody listens on: one just closed.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := l.Addr().String()
	l.Close()
	for _, game := range []string{"bestow", "agrid", "rockets"} {
		starter, err := filepath.Abs(filepath.Join("..", "players", "starters", game, "starter.py"))
		if err != nil {
			t.Fatal(err)
		}
		for address, want := range map[string]string{
			closed:     "cannot connect to " + closed + ": Connection refused (is arena serve running there?)",
			"nonsense": "--tcp nonsense: want HOST:PORT, e.g. 127.0.0.1:20000",
		} {
			out, err := exec.Command("python3", starter, "--tcp", address).CombinedOutput()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 1 || strings.TrimSpace(string(out)) != want {
				t.Errorf("%s starter --tcp %s: %v, said %q; want exit 1 and %q", game, address, err, out, want)
			}
		}
	}
}

// `arena bot GAME/NAME --tcp` logs in as NAME unless --login is given, which a default
// arena serve (teams login1, login2, …) refuses: the refusal says so, and how teams are
// named. A login given and refused is said as it is.
func TestBotLoginRefusedSaysHowTeamsAreNamed(t *testing.T) {
	srv := d24Serve(t, "--game", "bestow")
	r := arena(t, "bot", "bestow/greedy", "--tcp", srv.addr)
	want := `logging in to ` + srv.addr + ` as greedy (its name: no --login given): login refused: "FAILED 1 bad login or password"; arena serve's teams are login1, login2, … with password secret unless its --team flags name them`
	if r.code != 1 || !strings.Contains(r.stderr, want) {
		t.Errorf("default login refused: want exit 1 and %q\n%s", want, r)
	}
	r = arena(t, "bot", "bestow/greedy", "--tcp", srv.addr, "--login", "bob")
	if r.code != 1 || !strings.Contains(r.stderr, `as bob: login refused: "FAILED 1 bad login or password"`) || strings.Contains(r.stderr, "arena serve's teams") {
		t.Errorf("a given login refused: want exit 1 and the refusal alone\n%s", r)
	}
}
