package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

const sessionMaxLine = protocol.MaxSessionLine

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
			return fmt.Errorf("game interrupted at turn %d: %w", ref.Turn(), err)
		}
		turn := ref.Turn()
		rules := ref.Rules()
		budget := cfg.scale(rules.TurnDuration)
		if turn == 0 && budget > 0 {
			budget = max(budget, cfg.StartupGrace)
		}
		moves := make([]*replays.Move, n)
		for p, s := range seats {
			moves[p] = &replays.Move{Player: p}
			if turn == 0 && failedShakes != nil && failedShakes[p] != nil {
				moves[p] = failedShakes[p] // recorded so that re-simulation leaves the seat too
			}
			if waiting[p] && !s.out {
				sendSession(cfg, ref, &refMu, s, moves[p], []string{protocol.OK}, time.Now().Add(time.Second))
			}
			waiting[p] = false
		}
		serve := func(p int, clockStart time.Time) {
			if seats[p].out {
				return
			}
			waiting[p] = serveSeat(cfg, ref, &refMu, seats[p], moves[p], rules.CommandLimit, clockStart, budget)
		}
		var order []int
		if rules.Sequential {
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
			return fmt.Errorf("game interrupted at turn %d: %w", turn, err) // the bots were stopped
		}
		ref.EndTurn()
		t := replays.Turn{Turn: turn}
		for _, p := range order {
			m := moves[p]
			m.Stderr = seats[p].proc.TakeStderr()
			if m.Input != "" || m.Output != "" || m.Status != "" || m.Stderr != "" {
				t.Moves = append(t.Moves, *m)
			}
		}
		t.Frame = cfg.frame(ref)
		t.Seal()
		rec.Turns = append(rec.Turns, t)
		for _, m := range t.Moves {
			seats[m.Player].lastTurn = len(rec.Turns) - 1
		}
		cfg.Replay.Final(rec, finalTurns(seats))
	}
	// Game over: no final OK; end of input tells the bots, which get a moment to exit.
	for _, s := range seats {
		s.proc.CloseInput()
	}
	exitBy := time.After(cfg.ExitGrace)
	for _, s := range seats {
		select {
		case <-s.proc.Exited():
		case <-exitBy:
		}
	}
	return nil
}

// serveSeat reads and answers one seat's command lines until it waits, its budget runs out
// or it leaves. It reports whether the seat is waiting for the next turn's OK.
func serveSeat(cfg Config, ref referee.Session, refMu *sync.Mutex, s *seat, m *replays.Move, limit int, clockStart time.Time, budget time.Duration) bool {
	team := protocol.Team{Limit: limit}
	by := deadline(clockStart, budget)
	var out []string
	defer func() {
		m.Output += replays.JoinLines(out)
		elapsed := time.Since(clockStart)
		m.TimeMS = ms(elapsed)
		s.times = append(s.times, m.TimeMS)
		s.limit = append(s.limit, ms(budget))
	}()
	for {
		line, err := s.proc.ReadLine(by)
		if err != nil {
			var pe *players.Error
			if errors.As(err, &pe) && pe.Kind == players.KindTimeout {
				return false // budget used: the boundary is taken, later lines are next turn's
			}
			leave(cfg, ref, refMu, s, m, err)
			return false
		}
		recorded := line.Text
		if line.TooLong {
			recorded += "…" // longer than the limit, so re-simulation sees it as too long too
		}
		out = append(out, recorded)
		refMu.Lock()
		kind, resp := team.Handle(line.Text, line.TooLong, func(tokens []string) []string {
			return ref.Command(s.index, tokens)
		})
		refMu.Unlock()
		if kind == protocol.LineIgnored {
			continue
		}
		if kind == protocol.LineWaits {
			left := time.Duration(0)
			if budget > 0 {
				left = budget - time.Since(clockStart)
			}
			resp = append(resp, protocol.Waiting(left.Seconds()))
		}
		if !sendSession(cfg, ref, refMu, s, m, resp, time.Now().Add(time.Second)) {
			return false
		}
		if kind == protocol.LineWaits {
			return true
		}
	}
}

// sendSession writes response lines to a seat and records them; a seat that does not take
// them leaves the game.
func sendSession(cfg Config, ref referee.Session, refMu *sync.Mutex, s *seat, m *replays.Move, lines []string, by time.Time) bool {
	text := replays.JoinLines(lines)
	m.Input += text
	if _, err := s.proc.Write(text, by); err != nil {
		leave(cfg, ref, refMu, s, m, err)
		return false
	}
	return true
}

// leave takes a seat out of the game: in the Deadline24 games it simply idles.
func leave(cfg Config, ref referee.Session, refMu *sync.Mutex, s *seat, m *replays.Move, err error) {
	status, msg := statusOf(err)
	if status == referee.StatusTimeout {
		msg = "did not read its input"
	}
	msg = withLastWords(s, status, msg)
	m.Status, m.Message = status, msg
	s.out = true
	refMu.Lock()
	ref.Leave(s.index, status, msg)
	refMu.Unlock()
	go s.proc.Stop(cfg.StopGrace)
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
			by := deadline(time.Now(), cfg.scale(cfg.StartupGrace))
			ok := true
			for _, prompt := range []string{"LOGIN", "PASS"} {
				if _, err := s.proc.Write(prompt+"\n", by); err != nil {
					leave(cfg, ref, &refMu, s, m, err)
					return
				}
				line, err := s.proc.ReadLine(by)
				if err != nil {
					leave(cfg, ref, &refMu, s, m, err)
					return
				}
				ok = ok && strings.TrimSpace(line.Text) != ""
			}
			if !ok {
				s.proc.Write(protocol.Failed(protocol.CodeBadLogin)+"\n", time.Now().Add(time.Second))
				leave(cfg, ref, &refMu, s, m, &players.Error{Kind: players.KindCrash, Msg: "bad login or password in the handshake"})
				return
			}
			s.proc.Write(protocol.OK+"\n", time.Now().Add(time.Second))
		}(s)
	}
	wg.Wait()
	return failed
}
