package match

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

const sessionMaxLine = protocol.MaxSessionLine

// sessionWriteLimit is how long an answer may wait for a seat to read its input: a bot that
// stops reading (and lets its input pipe fill) leaves the game then, as in the other games
// one that does not read its input within the turn's limit is out. Like every limit it is
// scaled by --time-scale and lifted by --no-timeout (a bot held in a debugger reads late).
const sessionWriteLimit = time.Second

// runSession plays a Deadline24-style game in lockstep over pipes: a turn ends when every
// live seat waits (WAIT or forced) or has used its turn budget, so a game runs as fast as
// the bots answer. Seats are served at once, or one after another when the game says so.
func runSession(ctx context.Context, cfg Config, ref referee.Session, seats []*seat, rec *replays.Replay, handshake bool) error {
	n := len(seats)
	waiting := make([]bool, n) // waited last turn: gets "OK" when this turn starts
	var failedShakes []*replays.Move
	if handshake {
		failedShakes = shakeHands(cfg, ref, seats)
	}
	var refMu sync.Mutex // the referee is not safe for concurrent use
	for !ref.Over() {
		if err := ctx.Err(); err != nil {
			return interrupted(ref.Turn(), err)
		}
		turn := ref.Turn()
		rules := ref.Rules()
		budget := cfg.scale(rules.TurnDuration)
		if cfg.TurnTimeout > 0 && !cfg.NoTimeout {
			budget = cfg.TurnTimeout // the runner's override, as it is (protocol spec §5)
		}
		if turn == 0 && budget > 0 {
			budget = max(budget, cfg.StartupGrace)
		}
		moves := make([]*replays.Move, n)
		timed := make([]int, n) // each seat's response times before this turn
		for p, s := range seats {
			timed[p] = len(s.times)
			moves[p] = &replays.Move{Player: p}
			if turn == 0 && failedShakes != nil && failedShakes[p] != nil {
				moves[p] = failedShakes[p] // recorded so that re-simulation leaves the seat too
			}
			if waiting[p] && !s.out {
				sendSession(cfg, ref, &refMu, nil, s, moves[p], []string{protocol.OK})
			}
			waiting[p] = false
		}
		var trail *arrivals
		var head []replays.Move // in arrival order: what each seat had before the lines came
		if rules.ArrivalOrder {
			trail = &arrivals{}
			for _, m := range moves {
				head = append(head, *m)
			}
		}
		serve := func(p int, clockStart time.Time) {
			if seats[p].out {
				return
			}
			waiting[p] = serveSeat(ctx, cfg, ref, &refMu, trail, seats[p], moves[p], clockStart, budget)
		}
		var order []int
		if rules.Sequential && !rules.ArrivalOrder {
			for k := 0; k < n; k++ {
				p := (turn + k) % n
				order = append(order, p)
				serve(p, time.Now())
			}
		} else {
			start := time.Now()
			var wg sync.WaitGroup
			for p := 0; p < n; p++ {
				order = append(order, p)
				wg.Add(1)
				go func(p int) {
					defer wg.Done()
					serve(p, start)
				}(p)
			}
			wg.Wait()
		}
		if err := ctx.Err(); err != nil {
			// The bots were stopped: the turn is not recorded, and its times leave the timing
			// health with it, which describes the recorded moves. What the bots were sent and
			// answered in it is kept apart (Result.Stopped), for debugging.
			stopped := make([]replays.Move, 0, n)
			for p, s := range seats {
				s.times, s.near = s.times[:timed[p]], s.near[:timed[p]]
				m := *moves[p]
				m.Stderr += s.proc.TakeStderr()
				stopped = append(stopped, m)
			}
			return interruptedIn(turn, err, stopped)
		}
		ref.EndTurn()
		t := replays.Turn{Turn: turn}
		if trail != nil {
			t.Moves = trail.transcript(head, moves, seats)
		} else {
			for _, p := range order {
				m := moves[p]
				m.Stderr = seats[p].proc.TakeStderr()
				if m.Input != "" || m.Output != "" || m.Status != "" || m.Stderr != "" {
					t.Moves = append(t.Moves, *m)
				}
			}
		}
		t.Frame = cfg.frame(ref)
		rec.AddTurn(t)
		for _, m := range t.Moves {
			seats[m.Player].lastTurn = len(rec.Turns) - 1
		}
		cfg.Replay.Final(rec, finalTurns(seats))
	}
	// Game over: no final OK; end of input tells the bots, which get a moment to exit.
	for _, s := range seats {
		s.proc.CloseInput()
	}
	// One grace for all: a channel closed when it ends, which every seat's wait sees (a
	// timer's channel delivers once, to the first seat still waiting then, and the next
	// seats would wait for their bots however long they live).
	graceOver := make(chan struct{})
	defer time.AfterFunc(cfg.ExitGrace, func() { close(graceOver) }).Stop()
	for _, s := range seats {
		select {
		case <-s.proc.Exited():
		case <-graceOver:
		}
	}
	return nil
}

// serveSeat reads and answers one seat's command lines until it waits, its budget runs out
// or it leaves. It reports whether the seat is waiting for the next turn's OK. With a
// trail, each line and its answer are also written to it as the referee handles them.
func serveSeat(ctx context.Context, cfg Config, ref referee.Session, refMu *sync.Mutex, trail *arrivals, s *seat, m *replays.Move, clockStart time.Time, budget time.Duration) bool {
	team := referee.SessionTeam(ref, s.index)
	team.Panicked = refereePanic(cfg.Log, s.index)
	by := deadline(clockStart, budget)
	// The game's wall-clock cap bounds a session game too: a seat still being served when
	// it is reached is stopped, as a bot that owes an answer is in the other games.
	capped := false
	if end := cfg.capAt(time.Now()); !end.IsZero() && (by.IsZero() || end.Before(by)) {
		by, capped = end, true
	}
	var out []string
	defer func() {
		m.Output += replays.JoinLines(out)
		elapsed := players.ActiveSince(clockStart) // a pause (Ctrl-Z) is not the seat's time
		m.TimeMS = ms(elapsed)
		s.times = append(s.times, m.TimeMS)
		s.near = append(s.near, nearLimit(m.TimeMS, ms(budget)))
	}()
	for {
		line, err := s.proc.ReadLine(by)
		if err != nil {
			var pe *players.Error
			if errors.As(err, &pe) && pe.Kind == players.KindTimeout {
				if capped && cfg.capReached() {
					err = &players.Error{Kind: players.KindTimeout, Msg: fmt.Sprintf("the game's wall-clock cap of %s was reached", cfg.GameTimeout)}
					leave(cfg, ref, refMu, trail, s, m, err)
					return false
				}
				s.unended = pe.Partial
				return false // budget used: the boundary is taken, later lines are next turn's
			}
			leave(cfg, ref, refMu, trail, s, m, err)
			return false
		}
		if ctx.Err() != nil {
			// Stopped (Ctrl-C): the turn is not played on. A line read now may be one the
			// stop ended (its output closed) or one queued for a seat served after it:
			// answering it would record an answer no bot received.
			return false
		}
		s.unended = ""
		recorded := replays.SessionLine(line.Text, line.TooLong)
		out = append(out, recorded)
		refMu.Lock()
		kind, resp := team.Respond(line.Text, line.TooLong, func(tokens []string) []string {
			return ref.Command(s.index, tokens)
		}, func() float64 {
			if budget <= 0 {
				return 0
			}
			return (budget - players.ActiveSince(clockStart)).Seconds()
		})
		if trail != nil {
			trail.add(s.index, recorded+"\n", replays.JoinLines(resp))
		}
		refMu.Unlock()
		if kind == protocol.LineIgnored {
			continue
		}
		if !sendSession(cfg, ref, refMu, trail, s, m, resp) {
			return false
		}
		if kind == protocol.LineWaits {
			return true
		}
	}
}

// sendSession writes response lines to a seat and records them; a seat that does not take
// them within sessionWriteLimit (scaled) leaves the game.
func sendSession(cfg Config, ref referee.Session, refMu *sync.Mutex, trail *arrivals, s *seat, m *replays.Move, lines []string) bool {
	text := replays.JoinLines(lines)
	m.Input += text
	limit := cfg.scale(sessionWriteLimit)
	if _, err := s.proc.Write(text, deadline(time.Now(), limit)); err != nil {
		if pe := (*players.Error)(nil); errors.As(err, &pe) && pe.Kind == players.KindTimeout {
			// Worded as in the other games, with the limit the bot missed.
			err = &players.Error{Kind: players.KindTimeout, Msg: fmt.Sprintf("%s (limit %s)", pe.Msg, formatMS(limit))}
		}
		leave(cfg, ref, refMu, trail, s, m, err)
		return false
	}
	return true
}

// leave takes a seat out of the game: in the Deadline24 games it simply idles.
func leave(cfg Config, ref referee.Session, refMu *sync.Mutex, trail *arrivals, s *seat, m *replays.Move, err error) {
	status, msg := statusOf(err)
	if status == referee.StatusTimeout && msg == "" {
		msg = "did not read its input"
	}
	msg = withLastWords(s, status, msg)
	m.Status, m.Message = status, msg
	s.out = true
	refMu.Lock()
	ref.Leave(s.index, status, msg)
	if trail != nil {
		trail.leave(s.index, status, msg)
	}
	refMu.Unlock()
	go s.proc.Stop(cfg.StopGrace)
}

// arrivals is a turn's transcript in the order the referee handled its lines, for a game
// whose answers depend on that order (SessionRules.ArrivalOrder): a move per run of one
// seat's lines, as arena serve records them, so that the replay re-simulates. Guarded by
// the referee's mutex.
type arrivals struct{ moves []replays.Move }

// add records a line a seat sent and the answer it got.
func (a *arrivals) add(player int, output, input string) {
	a.moves = appendToRun(a.moves, replays.Move{Player: player, Output: output, Input: input})
}

// leave records that a seat left the game, where it happened among the other seats' lines.
func (a *arrivals) leave(player int, status referee.Status, msg string) {
	a.moves = appendToRun(a.moves, replays.Move{Player: player, Status: status, Message: msg})
}

// appendToRun adds m to the last move when it is the same seat's and that seat is still in
// the game (a run of one seat's lines is one move), or as a move of its own.
func appendToRun(moves []replays.Move, m replays.Move) []replays.Move {
	if n := len(moves); n > 0 && moves[n-1].Player == m.Player && moves[n-1].Status == "" {
		last := &moves[n-1]
		last.Output += m.Output
		last.Input += m.Input
		last.Status, last.Message = m.Status, m.Message
		return moves
	}
	return append(moves, m)
}

// transcript is the turn's moves: what each seat had before any line came (head: the OK
// that starts the turn, a failed handshake), then the lines in the order they were
// handled; each seat's time and stderr go on its last move.
func (a *arrivals) transcript(head []replays.Move, summaries []*replays.Move, seats []*seat) []replays.Move {
	var out []replays.Move
	for _, m := range head {
		if m.Input != "" || m.Output != "" || m.Status != "" {
			out = appendToRun(out, replays.Move{Player: m.Player, Input: m.Input, Output: m.Output, Status: m.Status, Message: m.Message})
		}
	}
	for _, m := range a.moves {
		out = appendToRun(out, m)
	}
	for p, s := range seats {
		last := -1
		for i := range out {
			if out[i].Player == p {
				last = i
			}
		}
		stderr := s.proc.TakeStderr()
		if last < 0 {
			if stderr == "" {
				continue
			}
			out = append(out, replays.Move{Player: p})
			last = len(out) - 1
		}
		out[last].Stderr += stderr
		out[last].TimeMS = summaries[p].TimeMS
	}
	return out
}

// shakeHands runs the LOGIN/PASS exchange of the TCP servers over the pipes, accepting any
// non-empty login and password, so that one client works against `run` and `serve`.
func shakeHands(cfg Config, ref referee.Session, seats []*seat) []*replays.Move {
	var wg sync.WaitGroup
	var refMu sync.Mutex
	failed := make([]*replays.Move, len(seats))
	for _, s := range seats {
		wg.Add(1)
		go func(s *seat) {
			defer wg.Done()
			m := &replays.Move{Player: s.index}
			defer func() {
				if m.Status != "" {
					failed[s.index] = m
				}
			}()
			// The start-up grace, as turn 0 gets it: not scaled, since it lets interpreters
			// and virtual machines start, whatever the game's pace.
			var by time.Time
			if !cfg.NoTimeout {
				by = time.Now().Add(cfg.StartupGrace)
			}
			ok := true
			for _, prompt := range protocol.LoginPrompts {
				if _, err := s.proc.Write(prompt+"\n", by); err != nil {
					leave(cfg, ref, &refMu, nil, s, m, err)
					return
				}
				line, err := s.proc.ReadLine(by)
				if pe := (*players.Error)(nil); errors.As(err, &pe) && pe.Kind == players.KindTimeout {
					err = &players.Error{Kind: players.KindTimeout, Msg: fmt.Sprintf("did not answer %s within %s (the login handshake)", prompt, formatMS(cfg.StartupGrace))}
				}
				if err != nil {
					leave(cfg, ref, &refMu, nil, s, m, err)
					return
				}
				ok = ok && protocol.Trim(line.Text) != "" // spec §1.3: only the protocol's whitespace
			}
			if !ok {
				s.proc.Write(protocol.Failed(protocol.CodeBadLogin)+"\n", time.Now().Add(time.Second))
				leave(cfg, ref, &refMu, nil, s, m, &players.Error{Kind: players.KindCrash, Msg: "bad login or password in the handshake"})
				return
			}
			s.proc.Write(protocol.OK+"\n", time.Now().Add(time.Second))
		}(s)
	}
	wg.Wait()
	return failed
}

// refereePanic logs a command the referee panicked on, answered FAILED 5: a bug in the
// game, which costs the bot that command and not the game, and which the log lets a user
// report with the line, the panic and where it happened.
func refereePanic(log zerolog.Logger, player int) func(line string, recovered any, stack []byte) {
	return func(line string, recovered any, stack []byte) {
		log.Error().Int("player", player).Str("line", protocol.QuoteLine(line, false, 200)).
			Str("panic", fmt.Sprint(recovered)).Bytes("stack", stack).
			Msg("the referee panicked on a command, answered FAILED 5 (a bug in arena: please report it)")
	}
}
