package match

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// runTurns plays a CodinGame-style game: each turn, the players the referee asks receive
// their input and must answer their lines within the limit.
func runTurns(ctx context.Context, cfg Config, ref referee.TurnBased, seats []*seat, rec *replays.Replay) error {
	idle := &idleWork{seats: seats}
	var answerBuf []referee.Answer // Play does not keep its answers: one array for every turn
	var moveSlab []replays.Move    // the turns' moves, handed out from larger arrays
	for !ref.Over() {
		if err := ctx.Err(); err != nil {
			return interrupted(ref.Turn(), err)
		}
		turn := ref.Turn()
		reqs := ref.Requests()
		if len(reqs) == 0 {
			return fmt.Errorf("%s: turn %d: the referee asks nobody but the game is not over", rec.Game, turn)
		}
		if cap(answerBuf) < len(reqs) {
			answerBuf = make([]referee.Answer, len(reqs))
		}
		answers := answerBuf[:len(reqs)]
		clear(answers)
		if cap(moveSlab)-len(moveSlab) < len(reqs) {
			moveSlab = make([]replays.Move, 0, max(len(reqs), 64))
		}
		k := len(moveSlab)
		moveSlab = moveSlab[:k+len(reqs)]
		moves := moveSlab[k : k+len(reqs) : k+len(reqs)]
		if cfg.Concurrent {
			var wg sync.WaitGroup
			for i, req := range reqs {
				wg.Add(1)
				go func(i int, req referee.Request) {
					defer wg.Done()
					// Nothing overlaps here: the move is settled at once.
					s := seats[req.Player]
					answers[i] = exchange(&cfg, s, nil, req, &moves[i])
					s.settle()
				}(i, req)
			}
			wg.Wait()
		} else {
			for i, req := range reqs {
				s := seats[req.Player]
				s.settle() // before this bot's next input: its stderr and counters are its last move's
				answers[i] = exchange(&cfg, s, idle, req, &moves[i])
			}
		}
		if err := ctx.Err(); err != nil {
			// The bots were stopped by the interruption: their answers are not theirs, and
			// neither are their times (a bot asked after the stop was never sent its input).
			// The turn is not recorded, so its times leave the timing health too; what its
			// bots were sent and answered is kept apart (Result.Stopped), for debugging.
			for i, req := range reqs {
				s := seats[req.Player]
				s.times, s.near = s.times[:len(s.times)-1], s.near[:len(s.near)-1]
				// Its CPU time and the like are not kept; what it printed on stderr since it was
				// last settled joins the stopped turn when the bots are stopped (Run).
				s.owed = owed{}
				if !s.sent {
					moves[i].Input = ""
				}
			}
			return interruptedIn(turn, err, moves)
		}
		ref.Play(answers)
		for _, a := range answers {
			s := seats[a.Player]
			if a.Status != referee.StatusOK && !s.out {
				// A bot that failed is out of the game: stop it now rather than at the end.
				s.out = true
				s.settle()
				go s.proc.Stop(cfg.StopGrace)
				cfg.Log.Debug().Int("player", a.Player).Int("turn", turn).Str("status", string(a.Status)).Str("message", a.Message).Msg("player out")
			}
		}
		rec.AddTurn(replays.Turn{Turn: turn, Moves: moves, Frame: cfg.frame(ref)})
		for _, m := range moves {
			s := seats[m.Player]
			s.lastTurn = len(rec.Turns) - 1
			if m.Status == "" && m.Message != "" {
				s.overLimit++ // the note of an answer over the limit that did not lose
			}
			if m.Compute == referee.VerdictSoft {
				s.softCompute++
			}
		}
		cfg.Replay.Final(rec, finalTurns(seats))
	}
	return nil
}

// finalTurns is how many of the recorded turns nothing will change any more: those before
// every bot's last move. Every bot has been asked since, so their moves are settled (a bot
// is settled before its next input; a session turn is recorded whole); only a bot's last
// move can still gain the stderr it writes after answering.
// A bot that is out of the game keeps its last move, and the turns from there wait for the
// end of the game.
func finalTurns(seats []*seat) int {
	n := seats[0].lastTurn
	for _, s := range seats[1:] {
		n = min(n, s.lastTurn)
	}
	return max(n, 0)
}

// idleWork is what the runner does while a bot thinks, once its input is written: what
// the other seats still owe of their last moves. None of it changes what the referee is
// told. (The turns' digests wait for the end of the game, or for the replay's writer: see
// sealTurns.)
type idleWork struct {
	seats []*seat
}

func (w *idleWork) do(busy *seat) {
	for _, o := range w.seats {
		if o != busy {
			o.settle()
		}
	}
}

// owed is what is left to record of a seat's last move: its CPU time, whether the machine
// delayed it, and its stderr. Reading them costs system calls, and on the wall clock
// nothing the referee is told depends on them, so the runner reads them once the next bot
// has its input, while that bot thinks; and in any case before this bot is sent its next
// input (or stopped), so that they cover exactly this move.
type owed struct {
	move        *replays.Move
	wall, limit time.Duration
}

// settle records what the seat's last move still owes (nothing if it owes nothing).
func (s *seat) settle() {
	if s.owed.move == nil {
		return
	}
	s.account(s.owed.move, s.usage(), s.owed.wall, s.owed.limit)
}

// usage reads the bot's counters: what it used since the previous reading.
func (s *seat) usage() players.Usage {
	sample := s.proc.Sample()
	u := sample.Since(s.clock.last)
	s.clock.last = sample
	return u
}

// account records a move's usage and stderr, and settles the seat.
func (s *seat) account(m *replays.Move, u players.Usage, wall, limit time.Duration) {
	if u.CPUOK {
		cpu := ms(u.CPU)
		m.CPUMS = &cpu
	}
	m.Delayed = delayed(wall, u, limit, s.proc.RunqueueWait)
	if m.Delayed {
		s.delayed++
	}
	m.Stderr = s.proc.TakeStderr()
	s.owed = owed{}
}

// exchange sends one request to a bot and reads its answer, enforcing the time limit from
// the last byte written to the last line read, on the chosen clock and timing regime, and
// records the move. Once the input is written, idle work (if any) is done while the bot
// thinks.
func exchange(cfg *Config, s *seat, idle *idleWork, req referee.Request, move *replays.Move) referee.Answer {
	answer := referee.Answer{Player: req.Player, Status: referee.StatusOK}
	*move = replays.Move{Player: req.Player, Input: req.Input}
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
	if end := cfg.capAt(start); !end.IsZero() && (by.IsZero() || end.Before(by)) {
		by, capped = end, true
	}
	sent, err := s.proc.Write(req.Input, by)
	s.sent = err == nil
	if idle != nil {
		idle.do(s)
	}
	var lines []string
	var output string
	var last time.Time // when the last line arrived
	over := overNothing
	if err == nil {
		// Counters watched while waiting: a bot that computes without answering loses as it
		// crosses the CPU clock's limit, or the hard compute limit, not at the wall-clock net.
		w := watch{metered: !cfg.NoMeter, scale: cfg.TimeScale}
		if cfg.Clock == ClockCPU && hard > 0 {
			w.clock = hard
		}
		if req.Compute != nil && !cfg.NoTimeout && (req.Compute.HardCPU > 0 || req.Compute.HardInstructions > 0) {
			w.compute = req.Compute
		}
		if w.clock > 0 || w.compute != nil {
			lines, last, err, over = readWatching(s, req.Lines, by, w, sent)
			output = replays.JoinLines(lines)
			if over == overCompute {
				// Not a timeout: the hard compute verdict below forfeits the bot.
				err = nil
			}
		} else {
			var a players.Answer
			a, err = s.proc.ReadAnswer(req.Lines, by)
			lines, output, last = a.Lines, a.Output, a.Last
		}
	}
	// The time arena stood stopped (Ctrl-Z) is not the bot's: see players.StopWithArena.
	var wall time.Duration
	if len(lines) > 0 && err == nil && over == overNothing {
		wall = max(0, last.Sub(sent)-players.Paused(sent, last))
	} else {
		wall = players.ActiveSince(sent)
	}
	// The verdict needs the counters on the CPU clock, under a compute limit, and to say
	// why a bot failed; otherwise they are read later (see owed).
	s.owed = owed{move: move, wall: wall, limit: limit}
	var usage players.Usage
	if cfg.Clock == ClockCPU || req.Compute != nil || err != nil {
		usage = s.usage()
		s.account(move, usage, wall, limit)
	}
	answer.Lines = lines
	move.Output = output
	took := wall
	clockName := "wall"
	if cfg.Clock == ClockCPU && usage.CPUOK {
		took, clockName = usage.CPU, "CPU"
	}
	switch {
	case err != nil:
		answer.Status, answer.Message = statusOf(err)
		answer.Message = withLastWords(s, answer.Status, answer.Message)
		if answer.Status == referee.StatusTimeout {
			switch {
			case over == overClock:
				answer.Message = fmt.Sprintf("used %s of CPU time without answering (limit %s)", formatMS(usage.CPU), formatMS(limit))
			case cfg.Clock == ClockCPU && hard > 0 && !capped:
				// Not the CPU limit: the wall-clock net for a bot that waits without computing.
				answer.Message = fmt.Sprintf("no answer within %s of wall-clock time, the CPU clock's limit for a bot that does not compute (it used %s of CPU; limit %s)", formatMS(wait), formatMS(usage.CPU), formatMS(hard))
			case capped && cfg.capReached():
				answer.Message = fmt.Sprintf("the game's wall-clock cap of %s was reached", cfg.GameTimeout)
			default:
				answer.Message = timeoutMessage(answer.Message, len(lines), req.Lines, hard)
				if pe := (*players.Error)(nil); errors.As(err, &pe) && pe.Partial != "" {
					answer.Message += ", then " + protocol.Quote(pe.Partial, 60) + " without a newline"
				}
				switch {
				case cfg.Timing.Kind == "strikes" && hard > limit:
					answer.Message += fmt.Sprintf(" (the %s limit and the %s a strike allows)", formatMS(limit), formatMS(hard-limit))
				case cfg.Timing.Kind == "bank" && hard > limit:
					answer.Message += fmt.Sprintf(" (the %s limit and the %s left in the time bank)", formatMS(limit), formatMS(hard-limit))
				}
			}
			took = max(took, hard)
			if rq, ok := s.proc.RunqueueWait(); ok && cfg.Clock == ClockWall && hard > 0 && rq > hard/4 {
				// Say so when the machine, not the bot, ate the time.
				answer.Message += fmt.Sprintf("; the machine was busy: the bot waited %s for a CPU (--clock=cpu measures the bot's own time)", formatMS(rq))
			}
		}
	default:
		if late, note := s.clock.judge(cfg.Timing, clockName, took, limit); late {
			answer.Status, answer.Message = referee.StatusTimeout, note
		} else if note != "" {
			move.Message = note // a strike or a withdrawal from the bank: the game goes on
		}
	}
	nearCompute := false
	if answer.Status == referee.StatusOK && req.Compute != nil && !cfg.NoTimeout {
		answer.Compute, answer.ComputeUsage, nearCompute = computeVerdict(req.Compute, usage, wall, cfg.TimeScale, over != overCompute)
		move.Compute, move.ComputeUsage = answer.Compute, answer.ComputeUsage
	}
	move.TimeMS = ms(took)
	if answer.Status != referee.StatusOK {
		move.Status, move.Message = answer.Status, answer.Message
	}
	if over != overNothing || err != nil && answer.Status == referee.StatusTimeout {
		// Out of the game without answering (a timeout, the hard compute limit's forfeit),
		// and maybe still computing: stopped now, not left to take a CPU from the players
		// asked after it in the turn, who would be timed on a core shared with it.
		s.proc.Stop(cfg.StopGrace)
	}
	s.times = append(s.times, move.TimeMS)
	s.near = append(s.near, nearCompute || nearLimit(move.TimeMS, ms(limit)))
	return answer
}

// overLimit is which limit a bot crossed while the runner waited for its answer.
type overLimit int

const (
	overNothing overLimit = iota
	overClock             // the CPU clock's time limit (--clock cpu)
	overCompute           // the request's hard compute limit (towers)
)

// watch is what a bot that has not answered yet is judged against while it is waited for.
type watch struct {
	clock   time.Duration         // the CPU clock's limit (0: not watched)
	compute *referee.ComputeLimit // the hard compute limit (nil: not watched)
	metered bool                  // the bot's counters are read (not --no-meter)
	scale   float64               // --time-scale, for the compute limit
}

// over judges the bot's usage u since its input, waited the wall time since then.
func (w watch) over(u players.Usage, waited time.Duration) overLimit {
	switch {
	case w.clock > 0 && u.CPUOK && u.CPU > w.clock:
		return overClock
	case w.compute != nil && (u.CPUOK || u.InstrOK || !w.metered):
		// A metered bot whose counters cannot be read (it has just exited, and was reaped)
		// is not judged on the wall time the verdict falls back to.
		if v, _, _ := computeVerdict(w.compute, u, waited, w.scale, false); v == referee.VerdictHard {
			return overCompute
		}
	}
	return overNothing
}

// readWatching reads an answer while checking, every few milliseconds, the bot's usage since
// its previous answer (its input was sent at sent) against the limits w watches.
func readWatching(s *seat, n int, by time.Time, w watch, sent time.Time) ([]string, time.Time, error, overLimit) {
	var got []string
	for {
		began := time.Now()
		step := began.Add(watchEvery)
		if !by.IsZero() && by.Before(step) {
			step = by
		}
		more, last, err := s.proc.ReadLines(n-len(got), step)
		got = append(got, more...)
		if err == nil {
			return got, last, nil, overNothing
		}
		now := time.Now()
		if !by.IsZero() {
			by = by.Add(players.Paused(began, now)) // a pause (Ctrl-Z) moves the net too
		}
		var pe *players.Error
		if !errors.As(err, &pe) || pe.Kind != players.KindTimeout || (!by.IsZero() && !now.Before(by)) {
			return got, last, err, overNothing
		}
		if over := w.over(s.proc.Sample().Since(s.clock.last), players.ActiveSince(sent)); over != overNothing {
			return got, last, &players.Error{Kind: players.KindTimeout}, over
		}
	}
}

// watchEvery is how often readWatching reads the counters of a bot that has not answered.
const watchEvery = 5 * time.Millisecond

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
