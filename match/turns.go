package match

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// runTurns plays a CodinGame-style game: each turn, the players the referee asks receive
// their input and must answer their lines within the limit.
func runTurns(ctx context.Context, cfg Config, ref referee.TurnBased, seats []*seat, rec *replays.Replay) error {
	for !ref.Over() {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("game interrupted at turn %d: %w", ref.Turn(), err)
		}
		turn := ref.Turn()
		reqs := ref.Requests()
		if len(reqs) == 0 {
			return fmt.Errorf("%s: turn %d: the referee asks nobody but the game is not over", rec.Game, turn)
		}
		answers := make([]referee.Answer, len(reqs))
		moves := make([]replays.Move, len(reqs))
		if cfg.Concurrent {
			var wg sync.WaitGroup
			for i, req := range reqs {
				wg.Add(1)
				go func(i int, req referee.Request) {
					defer wg.Done()
					answers[i], moves[i] = exchange(cfg, seats[req.Player], req)
				}(i, req)
			}
			wg.Wait()
		} else {
			for i, req := range reqs {
				answers[i], moves[i] = exchange(cfg, seats[req.Player], req)
			}
		}
		ref.Play(answers)
		for i, a := range answers {
			s := seats[a.Player]
			moves[i].Stderr = s.proc.TakeStderr()
			if a.Status != referee.StatusOK && !s.out {
				// A bot that failed is out of the game: stop it now rather than at the end.
				s.out = true
				go s.proc.Stop(cfg.StopGrace)
				cfg.Log.Debug().Int("player", a.Player).Int("turn", turn).Str("status", string(a.Status)).Str("message", a.Message).Msg("player out")
			}
		}
		rec.Turns = append(rec.Turns, replays.Turn{Turn: turn, Moves: moves, Frame: ref.Frame()})
	}
	return nil
}

// exchange sends one request to a bot and reads its answer, enforcing the time limit from
// the last byte written to the last line read.
func exchange(cfg Config, s *seat, req referee.Request) (referee.Answer, replays.Move) {
	answer := referee.Answer{Player: req.Player, Status: referee.StatusOK}
	move := replays.Move{Player: req.Player, Input: req.Input}
	limit := cfg.scale(req.Timeout)
	start := time.Now()
	sent, err := s.proc.Write(req.Input, deadline(start, limit))
	var lines []players.Line
	if err == nil {
		lines, err = s.proc.ReadLines(req.Lines, deadline(sent, limit))
	}
	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = l.Text
	}
	answer.Lines = texts
	move.Output = replays.JoinLines(texts)

	elapsed := time.Since(sent)
	if len(lines) > 0 {
		elapsed = max(0, lines[len(lines)-1].At.Sub(sent))
	}
	if err != nil {
		answer.Status, answer.Message = statusOf(err)
		if answer.Status == referee.StatusTimeout {
			answer.Message = timeoutMessage(answer.Message, len(lines), req.Lines, limit)
			elapsed = max(elapsed, limit)
		}
	} else if limit > 0 && elapsed > limit {
		// The lines came, but after the limit (noticed late by the scheduler, or a
		// line that was in flight): the bot's clock is what counts.
		answer.Status = referee.StatusTimeout
		answer.Message = fmt.Sprintf("answered in %s, over the %s limit", formatMS(elapsed), formatMS(limit))
	}
	move.TimeMS = ms(elapsed)
	move.Status, move.Message = answer.Status, answer.Message
	if move.Status == referee.StatusOK {
		move.Status = ""
	}
	s.times = append(s.times, move.TimeMS)
	s.limit = append(s.limit, ms(limit))
	return answer, move
}

func timeoutMessage(detail string, got, want int, limit time.Duration) string {
	switch {
	case detail != "":
		return fmt.Sprintf("%s (limit %s)", detail, formatMS(limit))
	case got == 0:
		return fmt.Sprintf("no answer within %s", formatMS(limit))
	default:
		return fmt.Sprintf("answered %d of %d lines within %s", got, want, formatMS(limit))
	}
}
