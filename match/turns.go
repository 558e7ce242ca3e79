package match

import (
	"context"
	"errors"
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
		t := replays.Turn{Turn: turn, Moves: moves, Frame: ref.Frame()}
		t.Seal()
		rec.Turns = append(rec.Turns, t)
	}
	return nil
}

// exchange sends one request to a bot and reads its answer, enforcing the time limit from
// the last byte written to the last line read, on the chosen clock and timing regime.
func exchange(cfg Config, s *seat, req referee.Request) (referee.Answer, replays.Move) {
	answer := referee.Answer{Player: req.Player, Status: referee.StatusOK}
	move := replays.Move{Player: req.Player, Input: req.Input}
	limit := cfg.scale(req.Timeout)
	hard := s.clock.hardLimit(cfg.Timing, limit)
	if limit <= 0 {
		hard = 0
	}
	// How long to wait on the real clock: the limit itself on the wall clock; on the CPU
	// clock a generous safety net (a bot that sleeps uses no CPU), while its CPU time is
	// watched. Never past the game's cap.
	wait := hard
	if cfg.Clock == ClockCPU && hard > 0 {
		wait = max(10*hard, hard+time.Second)
	}
	start := time.Now()
	capped := false
	by := deadline(start, wait)
	if !cfg.gameDeadline.IsZero() && (by.IsZero() || cfg.gameDeadline.Before(by)) {
		by, capped = cfg.gameDeadline, true
	}
	sent, err := s.proc.Write(req.Input, by)
	var lines []players.Line
	cpuOver := false
	if err == nil {
		if cfg.Clock == ClockCPU && hard > 0 {
			lines, err, cpuOver = readWatchingCPU(s, req.Lines, by, hard)
		} else {
			lines, err = s.proc.ReadLines(req.Lines, by)
		}
	}
	sample := s.proc.Sample()
	usage := sample.Since(s.clock.last)
	s.clock.last = sample

	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = l.Text
	}
	answer.Lines = texts
	move.Output = replays.JoinLines(texts)
	wall := time.Since(sent)
	if len(lines) > 0 && err == nil {
		wall = max(0, lines[len(lines)-1].At.Sub(sent))
	}
	took := wall
	clockName := "wall"
	if usage.CPUOK {
		cpu := ms(usage.CPU)
		move.CPUMS = &cpu
		if cfg.Clock == ClockCPU {
			took, clockName = usage.CPU, "CPU"
		}
	}
	move.Delayed = delayed(wall, usage, limit)
	switch {
	case err != nil:
		answer.Status, answer.Message = statusOf(err)
		answer.Message = withLastWords(s, answer.Status, answer.Message)
		if answer.Status == referee.StatusTimeout {
			switch {
			case cpuOver:
				answer.Message = fmt.Sprintf("used %s of CPU time without answering (limit %s)", formatMS(usage.CPU), formatMS(limit))
			case capped && !time.Now().Before(cfg.gameDeadline):
				answer.Message = fmt.Sprintf("the game's wall-clock cap of %s was reached", cfg.GameTimeout)
			default:
				answer.Message = timeoutMessage(answer.Message, len(lines), req.Lines, hard)
				switch {
				case cfg.Timing.Kind == "strikes" && hard > limit:
					answer.Message += fmt.Sprintf(" (the %s limit and the %s a strike allows)", formatMS(limit), formatMS(hard-limit))
				case cfg.Timing.Kind == "bank" && hard > limit:
					answer.Message += fmt.Sprintf(" (the %s limit and the %s left in the time bank)", formatMS(limit), formatMS(hard-limit))
				}
			}
			took = max(took, hard)
			if cfg.Clock == ClockWall && hard > 0 && usage.Runqueue > hard/4 {
				// Say so when the machine, not the bot, ate the time.
				answer.Message += fmt.Sprintf("; the machine was busy: the bot waited %s for a CPU (--clock=cpu measures the bot's own time)", formatMS(usage.Runqueue))
			}
		}
	default:
		if late, note := s.clock.judge(cfg.Timing, clockName, took, limit); late {
			answer.Status, answer.Message = referee.StatusTimeout, note
		} else if note != "" {
			move.Message = note // a strike or a withdrawal from the bank: the game goes on
		}
	}
	if answer.Status == referee.StatusOK && req.Compute != nil && !cfg.NoTimeout {
		answer.Compute, answer.ComputeUsage = computeVerdict(req.Compute, usage, wall, cfg.TimeScale)
		move.Compute, move.ComputeUsage = answer.Compute, answer.ComputeUsage
	}
	move.TimeMS = ms(took)
	if answer.Status != referee.StatusOK {
		move.Status, move.Message = answer.Status, answer.Message
	}
	s.times = append(s.times, move.TimeMS)
	s.limit = append(s.limit, ms(limit))
	if move.Delayed {
		s.delayed++
	}
	return answer, move
}

// readWatchingCPU reads an answer while checking, every few milliseconds, that the bot has
// not used more CPU time than the limit since its previous answer.
func readWatchingCPU(s *seat, n int, by time.Time, limit time.Duration) ([]players.Line, error, bool) {
	var got []players.Line
	for {
		step := time.Now().Add(5 * time.Millisecond)
		if !by.IsZero() && by.Before(step) {
			step = by
		}
		more, err := s.proc.ReadLines(n-len(got), step)
		got = append(got, more...)
		if err == nil {
			return got, nil, false
		}
		var pe *players.Error
		if !errors.As(err, &pe) || pe.Kind != players.KindTimeout || !time.Now().Before(by) {
			return got, err, false
		}
		if u := s.proc.Sample().Since(s.clock.last); u.CPUOK && u.CPU > limit {
			return got, &players.Error{Kind: players.KindTimeout}, true
		}
	}
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
