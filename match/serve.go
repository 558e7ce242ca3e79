package match

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/rs/zerolog"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// Team is one seat of a served game.
type Team struct {
	Login, Password string
}

// ServeConfig configures `arena serve`.
type ServeConfig struct {
	Game    referee.Game
	Seed    int64 // game k (from 0) uses Seed + k
	Options map[string]string
	Files   map[string][]byte
	Teams   []Team
	Games   int // back-to-back games (default 1)
	// StartNow starts the clock at once instead of when every team has logged in.
	StartNow  bool
	TimeScale float64
	// HandshakeTimeout bounds the LOGIN/PASS exchange of a new connection.
	HandshakeTimeout time.Duration
	// Replay, when set, is called as each game is set up, with its replay (no turns yet),
	// and returns the stream the game's turns are handed to as they are played (nil for
	// none): its replay file is then written during the game, as arena run writes one, and
	// the turns handed over leave their frames to it (see replays.Stream.Final).
	Replay func(*replays.Replay) *replays.Stream
	// OnGame is called with each finished game's replay and its stream (nil without one),
	// to finish the stream (or write the replay) and print the result; and with the game in
	// progress when ctx ends, marked unfinished. A stream OnGame does not finish is aborted
	// when it returns.
	OnGame func(*replays.Replay, *replays.Stream)
	Log    zerolog.Logger
}

// Serve runs the Deadline24 real-time server on ln: clients log in as teams, every turn
// lasts the game's turn duration on the real clock whatever the clients do, lines are
// served in arrival order, and several connections of one team share its command counter.
// It returns when the last game has ended or ctx is done.
func Serve(ctx context.Context, ln net.Listener, cfg ServeConfig) error {
	if cfg.Games <= 0 {
		cfg.Games = 1
	}
	if cfg.TimeScale <= 0 {
		cfg.TimeScale = 1
	}
	if cfg.HandshakeTimeout <= 0 {
		cfg.HandshakeTimeout = 30 * time.Second
	}
	if cfg.Game.Info().Style != referee.StyleSession {
		return fmt.Errorf("%s is not a session game: arena serve runs the Deadline24 games", cfg.Game.Info().Name)
	}
	s := &server{cfg: cfg, lines: make(chan lineEvent), logins: make(chan *sconn), ctx: ctx}
	defer func() { s.stream.Abort() }() // a game set up but never played leaves no file
	if err := s.newGame(0); err != nil {
		return err
	}
	acceptCtx, stopAccept := context.WithCancel(ctx)
	defer stopAccept()
	go func() {
		<-acceptCtx.Done()
		ln.Close()
	}()
	go s.accept(acceptCtx, ln)
	return s.loop()
}

type lineEvent struct {
	conn    *sconn
	line    string
	tooLong bool
	// left: the client has gone (or its connection failed). It comes after the client's
	// last line, so that the loop handles that line before it closes the connection.
	left bool
}

// sconn is a logged-in connection.
type sconn struct {
	*players.Conn
	seat    int
	release chan struct{} // the reader may read the next line
	waiting bool
}

type server struct {
	cfg    ServeConfig
	ctx    context.Context
	lines  chan lineEvent
	logins chan *sconn

	game     int
	ref      referee.Session
	rec      *replays.Replay
	stream   *replays.Stream // the game's replay file, written as it is played (or nil)
	teams    []protocol.Team
	moves    []replays.Move // this turn's, in arrival order
	conns    map[*sconn]bool
	held     []lineEvent // lines that arrived before the start
	loggedIn []bool
	present  []bool // a team was connected at some point of the current game
	left     []int  // the turn in which a team's last connection closed, or -1
	started  bool
	turnEnd  time.Time
	// The turn's start on the clock, and how much of the pauses since then (Ctrl-Z: see
	// players.StopWithArena) has already moved its end.
	turnBegan  time.Time
	turnPaused time.Duration
}

// nextTurn makes the current turn end a turn's duration after end.
func (s *server) nextTurn(end time.Time) {
	s.turnEnd = end.Add(s.turnDuration())
	s.turnBegan, s.turnPaused = end, 0
}

// unappliedPause is how long arena stood stopped (Ctrl-Z) during the turn beyond what has
// already moved its end.
func (s *server) unappliedPause() time.Duration {
	return players.Paused(s.turnBegan, time.Now()) - s.turnPaused
}

// timeLeft is the time left in the turn, a pause not yet applied to its end included: a
// line read on fg may be handled before the tick that moves the end (see loop), and a WAIT
// then was told the turn was over while it went on for what it had left.
func (s *server) timeLeft() time.Duration {
	return time.Until(s.turnEnd.Add(s.unappliedPause()))
}

func (s *server) newGame(k int) error {
	info := s.cfg.Game.Info()
	seed := s.cfg.Seed + int64(k)
	refCfg, err := serveConfig(info, seed, len(s.cfg.Teams), s.cfg.Options, s.cfg.Files)
	if err != nil {
		return err
	}
	ref, err := s.cfg.Game.New(refCfg)
	if err != nil {
		return err
	}
	sess, ok := ref.(referee.Session)
	if !ok {
		return fmt.Errorf("%s: referee is not a session referee", info.Name)
	}
	s.game, s.ref = k, sess
	s.rec = &replays.Replay{
		Format: replays.Format, Arena: Version, Game: info.Name, RefereeVersion: info.Version,
		Seed: seed, Options: s.cfg.Options, Turns: []replays.Turn{},
		Settings: replays.Settings{Style: info.Style, TimeScale: s.cfg.TimeScale, Clock: "wall", Transport: "tcp"},
	}
	if s.rec.Options == nil {
		s.rec.Options = map[string]string{}
	}
	if len(s.cfg.Files) > 0 {
		s.rec.Files = map[string]string{}
		for key, v := range s.cfg.Files {
			s.rec.Files[key] = string(v)
		}
	}
	for i, t := range s.cfg.Teams {
		s.rec.Players = append(s.rec.Players, replays.Player{Name: t.Login, Command: fmt.Sprintf("tcp team %d (%s)", i, t.Login)})
	}
	if s.cfg.Replay != nil {
		s.stream = s.cfg.Replay(s.rec)
	}
	s.teams = make([]protocol.Team, len(s.cfg.Teams))
	for i := range s.teams {
		s.teams[i] = referee.SessionTeam(sess, i)
		s.teams[i].Panicked = refereePanic(s.cfg.Log, i)
	}
	s.resetTeams()
	if s.conns == nil {
		s.conns = map[*sconn]bool{}
		s.loggedIn = make([]bool, len(s.cfg.Teams))
	}
	s.present = make([]bool, len(s.cfg.Teams))
	s.left = make([]int, len(s.cfg.Teams))
	for i := range s.left {
		s.left[i] = -1
	}
	for c := range s.conns {
		select {
		case <-c.Closed():
		default:
			s.present[c.seat] = true
		}
	}
	return nil
}

func (s *server) accept(ctx context.Context, ln net.Listener) {
	var failing time.Time // when accepting last began to fail, zero while it works
	failed := 0           // failures since that was last said
	for {
		nc, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, net.ErrClosed) {
				return
			}
			// Out of descriptors (too many clients for ulimit -n), accept fails until
			// some close: said once, then every acceptLogEvery with a count, not 20 times a
			// second.
			failed++
			if now := time.Now(); failing.IsZero() || now.Sub(failing) >= acceptLogEvery {
				s.cfg.Log.Warn().Err(err).Int("failures", failed).Msg("accept")
				failing, failed = now, 0
			}
			time.Sleep(50 * time.Millisecond)
			continue
		}
		failing, failed = time.Time{}, 0
		go s.client(ctx, players.NewConn(nc))
	}
}

// acceptLogEvery is how often a server that cannot accept connections says so.
const acceptLogEvery = 5 * time.Second

// client authenticates one connection, then feeds its lines to the game loop one at a time:
// the next line is read only once the previous one has been answered (and, after a WAIT,
// once the next turn has started).
func (s *server) client(ctx context.Context, c *players.Conn) {
	seat, err := c.Handshake(func(login, password string) (int, bool) {
		for i, t := range s.cfg.Teams {
			if t.Login == login && t.Password == password {
				return i, true
			}
		}
		return 0, false
	}, s.cfg.HandshakeTimeout)
	if err != nil {
		s.cfg.Log.Info().Str("remote", c.Remote).Err(err).Msg("login refused")
		return
	}
	s.cfg.Log.Info().Str("remote", c.Remote).Int("team", seat).Msg("logged in")
	sc := &sconn{Conn: c, seat: seat, release: make(chan struct{}, 1)}
	select {
	case s.logins <- sc:
	case <-ctx.Done():
		c.Close()
		return
	}
	// The connection is read a line ahead of the loop: a line waits here until the loop has
	// handled the one before it (release), so that what a waiting team sends is the next
	// turn's, but the connection's end is seen when it comes, and a team that leaves while
	// it waits for the next turn leaves in the turn it left in.
	reads := make(chan connRead)
	go func() {
		for {
			line, tooLong, err := c.ReadLine(time.Time{})
			select {
			case reads <- connRead{line, tooLong, err}:
			case <-c.Closed():
				return
			case <-ctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	var held *connRead // read while the loop held the line before it
	for {
		var r connRead
		if held != nil {
			r, held = *held, nil
		} else {
			select {
			case r = <-reads:
			case <-c.Closed(): // closed by the server: forgotten at the turn's end
				return
			case <-ctx.Done():
				c.Close()
				return
			}
		}
		if r.err != nil {
			s.gone(ctx, sc)
			return
		}
		select {
		case s.lines <- lineEvent{conn: sc, line: r.line, tooLong: r.tooLong}:
		case <-ctx.Done():
			c.Close()
			return
		}
		for released := false; !released; {
			next := reads
			if held != nil {
				next = nil // one line ahead at most: the rest waits in the connection
			}
			select {
			case <-sc.release:
				released = true
			case r := <-next:
				if r.err != nil {
					s.gone(ctx, sc) // while the team waits for the next turn
					return
				}
				held = &r
			case <-c.Closed():
				return
			case <-ctx.Done():
				c.Close()
				return
			}
		}
	}
}

// connRead is one ReadLine of a connection.
type connRead struct {
	line    string
	tooLong bool
	err     error
}

// gone tells the loop that a connection's client has left (or the connection failed):
// the loop closes it and forgets it once it has handled the lines before.
func (s *server) gone(ctx context.Context, sc *sconn) {
	select {
	case s.lines <- lineEvent{conn: sc, left: true}:
	case <-ctx.Done():
		sc.Close()
	}
}

func (s *server) turnDuration() time.Duration {
	return time.Duration(float64(s.ref.Rules().TurnDuration) * s.cfg.TimeScale)
}

// loop is the only goroutine that touches the referee: lines in arrival order, turn
// boundaries on the clock.
func (s *server) loop() error {
	var timer *time.Timer
	var tick <-chan time.Time
	start := func() {
		s.started = true
		s.nextTurn(time.Now())
		timer = time.NewTimer(time.Until(s.turnEnd))
		tick = timer.C
		s.cfg.Log.Info().Int("game", s.game).Int64("seed", s.rec.Seed).Msg("game started")
		held := s.held
		s.held = nil
		for _, ev := range held {
			s.handle(ev)
		}
	}
	if s.cfg.StartNow {
		start()
	}
	for {
		select {
		case <-s.ctx.Done():
			s.closeAll()
			if s.started {
				s.interrupted()
			}
			return s.ctx.Err()
		case sc := <-s.logins:
			s.conns[sc] = true
			s.loggedIn[sc.seat] = true
			s.present[sc.seat] = true
			s.left[sc.seat] = -1
			if !s.started && allTrue(s.loggedIn) {
				start()
			}
		case ev := <-s.lines:
			if !s.started {
				s.held = append(s.held, ev)
				continue
			}
			s.handle(ev)
		case <-tick:
			if d := s.unappliedPause(); d > 0 {
				// arena stood stopped (Ctrl-Z) during the turn: the game stood still with
				// it. Without this, every turn the pause lasted would be played at once
				// on fg, and the teams would find themselves that many turns further.
				s.turnPaused += d
				s.turnEnd = s.turnEnd.Add(d)
				timer.Reset(time.Until(s.turnEnd))
				continue
			}
			game := s.game
			done, err := s.boundary()
			if err != nil || done {
				s.closeAll()
				return err
			}
			end := s.turnEnd
			if s.game != game {
				// The end of a game (its replay written) takes time of its own: the next
				// game's first turn still lasts a whole turn from when it starts.
				end = time.Now()
			}
			s.nextTurn(end)
			timer.Reset(time.Until(s.turnEnd))
		}
	}
}

func allTrue(b []bool) bool {
	for _, v := range b {
		if !v {
			return false
		}
	}
	return true
}

func (s *server) handle(ev lineEvent) {
	c := ev.conn
	if ev.left {
		c.Close()
		s.forget(c)
		return
	}
	select {
	case <-c.Closed():
		s.forget(c)
		return
	default:
	}
	s.record(c.seat, replays.SessionLine(ev.line, ev.tooLong)+"\n", "")
	kind, resp := s.teams[c.seat].Respond(ev.line, ev.tooLong, func(tokens []string) []string {
		return s.ref.Command(c.seat, tokens)
	}, func() float64 { return s.timeLeft().Seconds() })
	switch kind {
	case protocol.LineIgnored:
		c.release <- struct{}{}
		return
	case protocol.LineWaits:
		c.waiting = true // released at the next turn
	default:
		c.release <- struct{}{}
	}
	s.record(c.seat, "", replays.JoinLines(resp))
	c.Send(resp...)
}

// record appends to this turn's transcript, merging consecutive lines of one team.
func (s *server) record(seat int, output, input string) {
	if n := len(s.moves); n > 0 && s.moves[n-1].Player == seat {
		s.moves[n-1].Output += output
		s.moves[n-1].Input += input
		return
	}
	s.moves = append(s.moves, replays.Move{Player: seat, Output: output, Input: input})
}

// forget drops a closed connection; when it was its team's last, the team has left in
// this turn (until it logs in again).
func (s *server) forget(c *sconn) {
	known := s.conns[c] // (a connection may be forgotten twice: at a boundary, then on its last event)
	delete(s.conns, c)
	if why := c.Dropped(); why != "" && known {
		s.cfg.Log.Warn().Str("remote", c.Remote).Int("team", c.seat).Str("login", s.cfg.Teams[c.seat].Login).
			Msg("disconnected: " + why)
	}
	for o := range s.conns {
		if o.seat == c.seat {
			select {
			case <-o.Closed():
			default:
				return
			}
		}
	}
	s.left[c.seat] = s.ref.Turn()
}

// boundary resolves the turn; it reports whether the last game is over.
func (s *server) boundary() (bool, error) {
	turn := s.ref.Turn()
	for c := range s.conns {
		select {
		case <-c.Closed():
			s.forget(c)
		default:
		}
	}
	s.ref.EndTurn()
	t := replays.Turn{Turn: turn, Moves: s.moves, Frame: s.ref.Frame()}
	t.Seal()
	s.rec.AddTurn(t)
	s.stream.Final(s.rec, len(s.rec.Turns)) // a turn is final once resolved: the next lines are the next turn's
	s.moves = nil
	s.resetTeams()
	if s.ref.Over() {
		s.rec.Result = replays.NewResult(s.rec.Game, s.rec.Seed, len(s.rec.Turns), s.rec.Players, s.ref.Result())
		for i := range s.rec.Result.Players {
			// An absent team idles and keeps its score, as over pipes; say why it is that low.
			p := &s.rec.Result.Players[i]
			switch {
			case p.Message != "":
			case !s.present[p.Index]:
				p.Message = replays.ServeNeverConnected
			case s.left[p.Index] >= 0:
				p.Message = replays.ServeLeft(s.left[p.Index])
			}
		}
		unended := map[int]string{}
		for c := range s.conns {
			if u := c.Unended(); u != "" {
				unended[c.seat] = u
			}
		}
		replays.NoteSilentSeats(&s.rec.Result, s.rec.Turns, unended)
		s.over()
		if s.game+1 >= s.cfg.Games {
			return true, nil
		}
		if err := s.newGame(s.game + 1); err != nil {
			return true, err
		}
	}
	for c := range s.conns {
		select {
		case <-c.Closed():
			s.forget(c)
			continue
		default:
		}
		if c.waiting {
			c.waiting = false
			s.record(c.seat, "", protocol.OK+"\n")
			c.Send(protocol.OK)
			c.release <- struct{}{}
		}
	}
	return false, nil
}

// interrupted hands over the game in progress when the server is stopped (Ctrl-C), as an
// unfinished replay of the turns played: a stopped contest keeps its games, as a stopped
// `arena run` does. The turn in progress is not recorded, and its lines have already
// changed the referee: the result is the position of the recorded turns, re-simulated.
func (s *server) interrupted() {
	outcomes := recordedOutcomes(s.cfg.Game, s.rec, s.ref.Result(), s.cfg.Log)
	s.rec.Result = replays.NewResult(s.rec.Game, s.rec.Seed, len(s.rec.Turns), s.rec.Players, outcomes)
	s.rec.Result.Unfinished = true
	if len(s.moves) > 0 {
		// The turn in progress, as far as it went: what the teams sent and were answered,
		// for debugging (a client that hung on an answer), as arena run keeps it.
		stopped := &replays.StoppedTurn{Turn: s.ref.Turn()}
		for _, m := range s.moves {
			stopped.Moves = append(stopped.Moves, replays.Move{Player: m.Player, Input: m.Input, Output: m.Output})
		}
		s.rec.Result.Stopped = stopped
	}
	s.over()
}

// over hands the game's replay and stream to OnGame, which finishes the stream.
func (s *server) over() {
	if s.cfg.OnGame != nil {
		s.cfg.OnGame(s.rec, s.stream)
	}
	s.stream.Abort() // (nothing once finished)
	s.stream = nil
}

// resetTeams starts a turn's command counters with the game's current limit L.
func (s *server) resetTeams() {
	limit := s.ref.Rules().CommandLimit
	for i := range s.teams {
		s.teams[i].Limit = limit
		s.teams[i].StartTurn()
	}
}

func (s *server) closeAll() {
	for c := range s.conns {
		c.Close()
	}
	// The process may exit as soon as Serve returns: let every connection deliver its last
	// answers and end cleanly first.
	for c := range s.conns {
		<-c.Done()
	}
}
