package match

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rs/zerolog"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/replays"
)

type tcpClient struct {
	t  *testing.T
	c  net.Conn
	rd *bufio.Reader
}

func dial(t *testing.T, addr string) *tcpClient {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &tcpClient{t: t, c: c, rd: bufio.NewReader(c)}
}

func (tc *tcpClient) send(line string) {
	tc.t.Helper()
	if _, err := tc.c.Write([]byte(line + "\n")); err != nil {
		tc.t.Fatal(err)
	}
}

func (tc *tcpClient) expect(prefix string) string {
	tc.t.Helper()
	tc.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	l, err := tc.rd.ReadString('\n')
	if err != nil {
		tc.t.Fatalf("waiting for %q: %v", prefix, err)
	}
	l = strings.TrimSuffix(l, "\n")
	if !strings.HasPrefix(l, prefix) {
		tc.t.Fatalf("got %q, want %q…", l, prefix)
	}
	return l
}

func (tc *tcpClient) login(login, pass string) {
	tc.t.Helper()
	tc.expect("LOGIN")
	tc.send(login)
	tc.expect("PASS")
	tc.send(pass)
	tc.expect("OK")
}

func TestServe(t *testing.T) {
	var games []*replays.Replay
	addr, done := startServe(t, context.Background(), ServeConfig{
		Game: sumGame{turns: 4}, Seed: 10, Games: 1, TimeScale: 0.5, // 500 ms turns
		Teams:  []Team{{"red", "pw1"}, {"blue", "pw2"}},
		OnGame: func(r *replays.Replay, _ *replays.Stream) { games = append(games, r) },
	})

	// A wrong password is refused and disconnected; other teams are not disturbed.
	bad := dial(t, addr)
	bad.expect("LOGIN")
	bad.send("red")
	bad.expect("PASS")
	bad.send("nope")
	bad.expect("FAILED 1 bad login or password")
	if _, err := bad.rd.ReadString('\n'); err == nil {
		t.Fatal("connection still open after a failed login")
	}

	red1, red2, blue := dial(t, addr), dial(t, addr), dial(t, addr)
	red1.login("red", "pw1")
	red2.login("red", "pw1")
	// A line sent before the start is held and answered in turn 0.
	red1.send("ADD 2")
	blue.login("blue", "pw2")
	red1.expect("OK")
	red1.expect("2")
	// Two connections of one team share its counter (L = 5): 1 used, 4 left.
	for i := 0; i < 2; i++ {
		red2.send("ADD 1")
		red2.expect("OK")
		red2.expect("")
	}
	blue.send("HELLO")
	blue.expect("FAILED 2 unknown command")
	blue.send("ADD x")
	blue.expect("FAILED 3 bad format")
	for i := 0; i < 2; i++ {
		red1.send("ADD 1")
		red1.expect("OK")
		red1.expect("")
	}
	red1.send("ADD 1") // the team's sixth command this turn
	red1.expect("FAILED 6 commands limit reached, forced waiting activated")
	red1.expect("WAITING ")
	red1.expect("OK") // next turn
	// A client that drops out does not stop the game.
	red2.c.Close()
	blue.send("WAIT")
	blue.expect("OK")
	blue.expect("WAITING ")
	blue.expect("OK")
	awaitGames(t, done, &games, 1)
	rec := games[0]
	if got := rec.Result.Players[0].Score; got != 6 {
		t.Errorf("red scored %v, want 6 (2+1+1+1+1)", got)
	}
	everyInputByteCounts(t, rec)
	// The line over red's limit reached the game as a refusal (RefusalRecorder).
	if want := []string{`0: "ADD 1" → FAILED 6 commands limit reached, forced waiting activated`}; !cmp.Equal(rec.Turns[0].Frame.Events, want) {
		t.Errorf("turn 0 events %q, want %q", rec.Turns[0].Frame.Events, want)
	}
	if err := replays.Verify(rec); err != nil {
		t.Errorf("verify: %v", err)
	}
	// Turn 1 starts with the OK of red's one connection that waited in turn 0: a second
	// one was not sent.
	first := &rec.Turns[1].Moves[0]
	if first.Player != 0 || !strings.HasPrefix(first.Input, "OK\n") {
		t.Fatalf("turn 1 starts with %+v, want red's OK", first)
	}
	first.Input = "OK\n" + first.Input
	if err := replays.Verify(rec); err == nil || !strings.Contains(err.Error(), "turn 1: input of player 0 ") {
		t.Errorf("verify with a second OK for red in turn 1: got %v, want an input mismatch", err)
	}
	if _, err := red1.rd.ReadString('\n'); err == nil {
		t.Error("connection still open after the game ended")
	}
}

// serveOnFreePort starts Serve in-process on a free port and returns its address; the
// server stops with the test.
func serveOnFreePort(t *testing.T, cfg ServeConfig) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr, done := startServe(t, ctx, cfg)
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
		}
	})
	return addr
}

// Protocol spec §1.3 and §2: the login and password are the line without the protocol's
// whitespace at its ends (space, tab, CR); any other character is part of them, so
// "red\f" is not the login "red".
func TestServeLoginTrimsOnlyProtocolWhitespace(t *testing.T) {
	addr := serveOnFreePort(t, ServeConfig{Game: sumGame{turns: 100}, Teams: []Team{{"red", "pw1"}}, StartNow: true})
	for _, login := range []string{"red\f", "red\v", "red\u00a0", "red\u0085"} {
		c := dial(t, addr)
		c.expect("LOGIN")
		c.send(login)
		c.expect("PASS")
		c.send("pw1")
		c.expect("FAILED 1 bad login or password")
	}
	c := dial(t, addr)
	c.expect("LOGIN")
	c.send(" \tred\r")
	c.expect("PASS")
	c.send("pw1 ")
	c.expect("OK")
}

// The same over pipes with handshake=1: any non-empty login is accepted, and a vertical
// tab is not the protocol's whitespace. The handshake carries passwords, which may be a
// team's real ones: it is not recorded in the replay (docs/deadline24-protocol.md).
func TestPipeHandshakeLoginAndReplay(t *testing.T) {
	bot := Player{Name: "vt", Command: "vt", Argv: []string{"sh", "-c",
		`read a; printf '\v\n'; read b; printf 'hunter2\n'; read ok; printf 'ADD 1\nWAIT\n'; while read x; do :; done`}}
	rec, err := Run(context.Background(), Config{Game: sumGame{turns: 4}, TimeScale: 0.2,
		Options: map[string]string{"handshake": "1"}, Players: []Player{bot}})
	if err != nil {
		t.Fatal(err)
	}
	if p := rec.Result.Players[0]; p.Status != "ok" || p.Score != 1 {
		t.Errorf("login \"\\v\": status %s %q, score %v; want ok, score 1", p.Status, p.Message, p.Score)
	}
	var buf strings.Builder
	if err := replays.Encode(&buf, rec); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "hunter2") {
		t.Error("the password is in the replay")
	}
}

// The login handshake over pipes gets the start-up grace as turn 0 does, not scaled by the
// time scale; a bot that does not answer it is told which prompt it missed. The slow bot
// answers after 1 s: past the grace scaled by 0.1 (500 ms), 4 s short of the grace itself,
// room for a busy machine to keep it from a CPU. The silent bot waits out the grace.
func TestPipeHandshakeGrace(t *testing.T) {
	slow := Player{Name: "slow", Command: "slow", Argv: []string{"sh", "-c",
		`read a; sleep 1; echo me; read b; echo pw; read ok; printf 'ADD 1\nWAIT\n'; while read x; do :; done`}}
	silent := Player{Name: "silent", Command: "silent", Argv: []string{"sh", "-c", `sleep 60`}}
	rec, err := Run(context.Background(), Config{Game: sumGame{turns: 4}, TimeScale: 0.1, StartupGrace: 5 * time.Second,
		Options: map[string]string{"handshake": "1"}, Players: []Player{slow, silent}})
	if err != nil {
		t.Fatal(err)
	}
	if p := rec.Result.Players[0]; p.Status != "ok" || p.Score != 1 {
		t.Errorf("a bot answering LOGIN after 1 s of a 5 s grace at time scale 0.1: %s %q, score %v; want ok", p.Status, p.Message, p.Score)
	}
	if p := rec.Result.Players[1]; p.Status != "timeout" || !strings.Contains(p.Message, "did not answer LOGIN within 5000 ms") {
		t.Errorf("a bot that never answers LOGIN: %s %q; want a timeout naming the prompt", p.Status, p.Message)
	}
}

// A team that never connected during a game (the clock started at once with --start now)
// idles and keeps its score; the result says why it is what it is.
func TestServeResultNamesAnAbsentTeam(t *testing.T) {
	var games []*replays.Replay
	addr, done := startServe(t, context.Background(), ServeConfig{
		Game: sumGame{turns: 3}, Seed: 1, Games: 1, TimeScale: 0.2, StartNow: true,
		Teams:  []Team{{"red", "pw1"}, {"blue", "pw2"}},
		OnGame: func(r *replays.Replay, _ *replays.Stream) { games = append(games, r) },
	})
	red := dial(t, addr)
	red.login("red", "pw1")
	awaitGames(t, done, &games, 1)
	got := statusesAndMessages(games[0])
	want := [][2]string{{"ok", replays.SilentNote}, {"ok", "never connected during this game"}} // red logged in and sent nothing
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("status and message per team (-want +got):\n%s", diff)
	}
	// Turns nobody spoke in are recorded with no moves, an empty list as the replay format
	// has it, not null.
	for _, turn := range games[0].Turns {
		if turn.Moves == nil {
			t.Errorf("turn %d: moves null, want []", turn.Turn)
		}
	}
}

// A team that disconnects and does not log in again idles and keeps its score, as a bot
// that closes its pipes does; the result says it left and when, where its status ok
// would otherwise say nothing. A team that came back has nothing to explain.
func TestServeResultNamesATeamThatLeft(t *testing.T) {
	var games []*replays.Replay
	addr, done := startServe(t, context.Background(), ServeConfig{
		Game: sumGame{turns: 4}, Seed: 1, Games: 1, TimeScale: 0.1,
		Teams:  []Team{{"red", "pw1"}, {"blue", "pw2"}, {"green", "pw3"}},
		OnGame: func(r *replays.Replay, _ *replays.Stream) { games = append(games, r) },
	})
	red, blue, green := dial(t, addr), dial(t, addr), dial(t, addr)
	red.login("red", "pw1")
	blue.login("blue", "pw2")
	green.login("green", "pw3")
	for _, c := range []*tcpClient{blue, green} {
		c.send("WAIT")
		c.expect("OK")
		c.expect("WAITING")
		c.expect("OK") // turn 1
		c.c.Close()
	}
	again := dial(t, addr)
	again.login("green", "pw3")
	awaitGames(t, done, &games, 1)
	got := statusesAndMessages(games[0])
	want := [][2]string{{"ok", replays.SilentNote}, {"ok", "disconnected in turn 1 and did not log in again"}, {"ok", ""}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("status and message per team (-want +got):\n%s", diff)
	}
	// The note is the server's: the replay verifies with it, and not with another message
	// (the turn it names is the server's word: the replay keeps no trace of a connection).
	if err := replays.Verify(games[0]); err != nil {
		t.Errorf("verify: %v", err)
	}
	for _, msg := range []string{"disconnected in turn 1", "crashed", "never connected"} {
		tampered := *games[0]
		tampered.Result.Players = slices.Clone(games[0].Result.Players)
		tampered.Result.Players[1].Message = msg
		if err := replays.Verify(&tampered); err == nil {
			t.Errorf("verify with the message %q: no mismatch", msg)
		}
	}
}

// The next game of --games N gets whole turns from its first one, however long the end of
// the previous game took (its replay is written in between): a turn lasts T on the clock.
func TestServeNextGameStartsWithAWholeTurn(t *testing.T) {
	var games []*replays.Replay
	addr, done := startServe(t, context.Background(), ServeConfig{
		Game: sumGame{turns: 2}, Seed: 1, Games: 2, TimeScale: 0.2,
		Teams: []Team{{"red", "pw1"}},
		OnGame: func(r *replays.Replay, _ *replays.Stream) {
			games = append(games, r)
			time.Sleep(500 * time.Millisecond) // a long replay to write
		},
	})
	red := dial(t, addr)
	red.login("red", "pw1")
	var left []float64
	for turn := 0; turn < 4; turn++ {
		red.send("ADD 1")
		red.expect("OK")
		red.expect("")
		red.send("WAIT")
		red.expect("OK")
		var x float64
		fmt.Sscanf(red.expect("WAITING "), "WAITING %f", &x)
		left = append(left, x)
		if turn < 3 {
			red.expect("OK")
		}
	}
	awaitGames(t, done, &games, 2)
	if left[2] < 0.1 {
		t.Errorf("seconds left in the first turn of game 2: %.6f of 0.2 (all of them: %v)", left[2], left)
	}
	if got := games[1].Result.Players[0].Score; got != 2 {
		t.Errorf("game 2 scored %v, want 2 (an ADD in each of its turns)", got)
	}
}

// startServe serves on a free local port until the games end or ctx is done; done receives
// what Serve returns.
func startServe(t *testing.T, ctx context.Context, cfg ServeConfig) (string, <-chan error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, cfg) }()
	return ln.Addr().String(), done
}

// awaitGames waits for Serve to end and checks that it reported n games.
func awaitGames(t *testing.T, done <-chan error, games *[]*replays.Replay, n int) {
	t.Helper()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not end")
	}
	if len(*games) != n {
		t.Fatalf("%d games reported, want %d", len(*games), n)
	}
}

// statusesAndMessages lists each team's status and message in a game's result.
func statusesAndMessages(rec *replays.Replay) [][2]string {
	var got [][2]string
	for _, p := range rec.Result.Players {
		got = append(got, [2]string{string(p.Status), p.Message})
	}
	return got
}

// failingListener fails every Accept with err, n times, then is closed.
type failingListener struct {
	net.Listener
	n   int
	err error
}

func (l *failingListener) Accept() (net.Conn, error) {
	if l.n == 0 {
		return nil, net.ErrClosed
	}
	l.n--
	return nil, l.err
}

// A server out of descriptors says so once, not at every failed accept (20 times a second).
func TestAcceptFailuresSaidOnce(t *testing.T) {
	var log bytes.Buffer
	s := &server{cfg: ServeConfig{Log: zerolog.New(&log)}}
	s.accept(context.Background(), &failingListener{n: 8, err: syscall.EMFILE})
	if n := strings.Count(log.String(), `"message":"accept"`); n != 1 || !strings.Contains(log.String(), "too many open files") {
		t.Errorf("8 failed accepts within a second logged %d times, want once:\n%s", n, log.String())
	}
}

// With a Replay stream, each game's replay is written while it is played, as arena run
// writes one: the turns leave their frames to the stream (the replay OnGame gets has none),
// and the file has them all, byte for byte what Encode makes of the whole replay, and
// verifies. A server stopped before its game started leaves no file behind.
func TestServeWritesTheReplayDuringTheGame(t *testing.T) {
	dir := t.TempDir()
	var games []*replays.Replay
	var paths []string
	addr, done := startServe(t, context.Background(), ServeConfig{
		Game: sumGame{turns: 4}, Seed: 5, Games: 2, TimeScale: 0.1, StartNow: true, // as registered, for Verify
		Teams: []Team{{"red", "pw1"}},
		Replay: func(rec *replays.Replay) *replays.Stream {
			s, err := replays.Create(fmt.Sprintf("%s/%s-%d.json", dir, rec.Game, rec.Seed))
			if err != nil {
				t.Error(err)
			}
			return s
		},
		OnGame: func(r *replays.Replay, s *replays.Stream) {
			if s.Handed() != len(r.Turns) {
				t.Errorf("seed %d: %d of %d turns handed to the stream", r.Seed, s.Handed(), len(r.Turns))
			}
			if err := s.Finish(r); err != nil {
				t.Error(err)
			}
			games, paths = append(games, r), append(paths, fmt.Sprintf("%s/%s-%d.json", dir, r.Game, r.Seed))
		},
	})
	red := dial(t, addr)
	red.login("red", "pw1")
	red.send("ADD 2")
	red.expect("OK")
	red.expect("2")
	awaitGames(t, done, &games, 2)
	for i, rec := range games {
		read, err := replays.Read(paths[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := replays.Verify(read); err != nil {
			t.Errorf("%s: %v", paths[i], err)
		}
		whole := *rec
		whole.Turns = slices.Clone(rec.Turns)
		for k := range rec.Turns {
			if !reflect.ValueOf(rec.Turns[k].Frame).IsZero() {
				t.Errorf("%s: turn %d: the served replay kept its frame", paths[i], k)
			}
			whole.Turns[k].Frame = read.Turns[k].Frame
		}
		var want bytes.Buffer
		if err := replays.Encode(&want, &whole); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(paths[i]); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: the file differs from the replay encoded at the end:\n%s", paths[i], cmp.Diff(want.String(), string(got)))
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	idle := t.TempDir()
	_, done = startServe(t, ctx, ServeConfig{
		Game: sumGame{turns: 3}, Seed: 5, Teams: []Team{{"red", "pw1"}},
		Replay: func(rec *replays.Replay) *replays.Stream {
			s, _ := replays.Create(idle + "/r.json")
			return s
		},
		OnGame: func(*replays.Replay, *replays.Stream) { t.Error("a game that never started was handed over") },
	})
	time.Sleep(100 * time.Millisecond)
	cancel()
	<-done
	if left, _ := os.ReadDir(idle); len(left) > 0 {
		t.Errorf("a server stopped before its game started left %v", left)
	}
}

// A game stopped by Ctrl-C keeps the turn in progress as far as it went, apart from its
// turns (Result.Stopped), as arena run does: what each team sent and was answered.
func TestServeInterruptedKeepsTheTurnInProgress(t *testing.T) {
	var games []*replays.Replay
	ctx, cancel := context.WithCancel(context.Background())
	addr, done := startServe(t, ctx, ServeConfig{
		Game: sumGame{turns: 100}, Seed: 3, Games: 1, TimeScale: 2, // 2 s turns
		Teams:  []Team{{"red", "pw1"}},
		OnGame: func(r *replays.Replay, _ *replays.Stream) { games = append(games, r) },
	})
	red := dial(t, addr)
	red.login("red", "pw1")
	red.send("ADD 2")
	red.expect("OK")
	red.expect("2")
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Serve: %v, want the cancellation", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not end")
	}
	if len(games) != 1 {
		t.Fatalf("%d games reported, want 1", len(games))
	}
	res := games[0].Result
	if !res.Unfinished || res.Stopped == nil {
		t.Fatalf("result %+v: want an unfinished game with its stopped turn", res)
	}
	want := []replays.Move{{Player: 0, Input: "OK\n2\n", Output: "ADD 2\n"}}
	if res.Stopped.Turn != 0 || !cmp.Equal(res.Stopped.Moves, want) {
		t.Errorf("stopped turn %d, moves %+v; want turn 0 with %+v", res.Stopped.Turn, res.Stopped.Moves, want)
	}
	if err := replays.Verify(games[0]); err != nil && !strings.Contains(err.Error(), "unfinished") {
		t.Errorf("verify: %v", err)
	}
}

// A team the server disconnects because it does not read its answers is said to have been
// dropped, and why, once: its result only says that it disconnected, as a team that left.
func TestServeSaysWhyItDroppedATeam(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	nc, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	s := &server{cfg: ServeConfig{Game: sumGame{turns: 4}, Seed: 1, Games: 1, TimeScale: 1,
		Teams: []Team{{"red", "pw1"}, {"blue", "pw2"}}, Log: zerolog.New(&log)}}
	if err := s.newGame(0); err != nil {
		t.Fatal(err)
	}
	c := &sconn{Conn: players.NewConn(nc), seat: 1, release: make(chan struct{}, 1)}
	defer func() { c.Close(); <-c.Done() }()
	s.conns[c] = true
	// Two answers of 40 MiB to a client that reads nothing: the second is more than may wait.
	big := strings.Repeat("x", 40<<20)
	c.Send(big)
	c.Send(big)
	select {
	case <-c.Closed():
	case <-time.After(10 * time.Second):
		t.Fatal("a client that read nothing of 80 MiB of answers was not dropped")
	}
	s.forget(c)
	s.forget(c)
	got := log.String()
	if n := strings.Count(got, "disconnected: did not read its answers"); n != 1 || !strings.Contains(got, `"login":"blue"`) {
		t.Errorf("the dropped team was said %d times, want once with its login:\n%s", n, got)
	}
}

// serveRedAndBlue serves one game of sumGame with the given turns to two teams, red and
// blue, both logged in; red then says nothing. game waits for the game's replay.
func serveRedAndBlue(t *testing.T, turns int) (game func() *replays.Replay, blue *tcpClient) {
	var games []*replays.Replay
	addr, done := startServe(t, context.Background(), ServeConfig{
		Game: sumGame{turns: turns}, Seed: 1, Games: 1, TimeScale: 0.1,
		Teams:  []Team{{"red", "pw1"}, {"blue", "pw2"}},
		OnGame: func(r *replays.Replay, _ *replays.Stream) { games = append(games, r) },
	})
	red := dial(t, addr)
	blue = dial(t, addr)
	red.login("red", "pw1")
	blue.login("blue", "pw2")
	return func() *replays.Replay {
		awaitGames(t, done, &games, 1)
		return games[0]
	}, blue
}

// A team that disconnects while it waits for the next turn (after WAIT) leaves in the turn
// it left in: the connection is read on while it waits, so that its end is seen when it
// comes, not when the next turn would have released the team.
func TestServeTeamThatLeavesWhileWaitingLeftInThatTurn(t *testing.T) {
	game, blue := serveRedAndBlue(t, 4)
	blue.send("WAIT")
	blue.expect("OK")
	blue.expect("WAITING")
	blue.expect("OK") // turn 1
	blue.send("WAIT")
	blue.expect("OK")
	blue.expect("WAITING")
	blue.c.Close() // in turn 1, waiting for turn 2
	g := game()
	got := statusesAndMessages(g)
	want := [][2]string{{"ok", replays.SilentNote}, {"ok", "disconnected in turn 1 and did not log in again"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("status and message per team (-want +got):\n%s", diff)
	}
	if err := replays.Verify(g); err != nil {
		t.Errorf("verify: %v", err)
	}
}

// A client's last lines count even when it closes the connection right after sending them:
// the end of the connection is handled after them, not before.
func TestServeLinesBeforeTheEndOfAConnectionCount(t *testing.T) {
	game, blue := serveRedAndBlue(t, 2)
	blue.send("ADD 7")
	blue.c.Close()
	if got := game().Result.Players[1].Score; got != 7 {
		t.Errorf("blue's score %v, want 7: its last line was not played", got)
	}
}
