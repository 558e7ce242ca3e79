// Package match runs one game: it starts the bots, asks the referee what to send to whom,
// sends it, enforces the time limits, feeds the answers back, records every exchange and
// frame, and produces the result and the replay.
package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// Version is arena's version, recorded in replays.
var Version = "0.1.0"

// Player is one seat's bot.
type Player struct {
	Name    string   // shown in results ("player 0" when empty)
	Command string   // as the user gave it, recorded in the replay
	Argv    []string // what is executed
	Dir     string
	Env     []string // extra environment (KEY=VALUE)
}

// Config is everything one game needs.
type Config struct {
	Game    referee.Game
	Seed    int64
	Options map[string]string
	Files   map[string][]byte
	Players []Player

	// TimeScale multiplies every time limit (default 1); NoTimeout disables them.
	TimeScale float64
	NoTimeout bool
	// Concurrent asks the players of a turn at once instead of one after another.
	Concurrent bool
	// Clock measures response times: ClockWall (default) or ClockCPU.
	Clock string
	// Timing is what going over a limit costs (default strict).
	Timing Timing
	// NoMeter starts bots directly, without measuring their CPU time (no CPU clock, no
	// "delayed by the machine" flags, compute limits judged on wall time).
	NoMeter bool
	// NoFrames leaves the referee's drawing of each turn out of the recording, for a game
	// whose replay nobody keeps (a tournament without --replays, `arena run` or `arena
	// replay rerun` without --replay): drawing a turn can cost a referee as much as
	// playing it. Nothing else
	// changes: the referee is told the same, and the result is the same.
	NoFrames bool
	// MaxMemory and MaxProcesses limit each bot's tree; MaxTurnOutput limits what a bot
	// may print between two inputs. Zero takes the defaults, negative disables.
	MaxMemory     int64
	MaxProcesses  int
	MaxTurnOutput int
	// GameTimeout is a hard wall-clock cap on the whole game, so that nothing can block a
	// tournament worker (zero takes the default, negative disables).
	GameTimeout time.Duration
	gameStart   time.Time // when the cap began to run (zero: no cap); see capAt

	// CPUs, when set, pins every bot of the game to these CPUs (tournament --pin).
	CPUs []int
	// Stderr, when set, receives the bots' stderr live, each line prefixed with its seat.
	Stderr io.Writer
	// Replay, when set, is handed the game's turns as soon as they are final, so that the
	// replay file is written while the game is played. The caller still finishes it with
	// the replay Run returns (or aborts it). The turns handed over leave their frames to the
	// stream (replays.Stream.Final): in the replay Run returns, only the turns it never took
	// have theirs.
	Replay *replays.Stream
	// StopGrace is how long a bot gets between end of input, SIGTERM and SIGKILL.
	StopGrace time.Duration
	// ExitGrace is how long a session bot gets to exit by itself after the game ends.
	ExitGrace time.Duration
	// TurnTimeout, when positive, replaces a session game's turn duration as each seat's
	// budget per turn in lockstep (protocol spec §5: --turn-timeout); it is not scaled.
	TurnTimeout time.Duration
	// StartupGrace is the least time a session game's turn 0 lasts, so that interpreters
	// and virtual machines can start.
	StartupGrace time.Duration

	Log zerolog.Logger
}

// Defaults for the resource limits (CodinGame gives bots 768 MB).
const (
	DefaultMaxMemory    = 768 << 20
	DefaultMaxProcesses = 64
	DefaultGameTimeout  = 15 * time.Minute
)

func limitOr(v, def int64) int64 {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// StartError is returned when a bot cannot be started (missing file, not executable, …).
type StartError struct {
	Player int
	Err    error
}

func (e *StartError) Error() string { return e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

// InterruptedError ends a game stopped from outside (Ctrl-C, SIGTERM, a reader gone) before
// its end. It unwraps to the context's error, so errors.Is(err, context.Canceled) holds.
type InterruptedError struct {
	Turn int
	Err  error
	// stopped is the turn in progress as far as it went (nil when no bot had been sent any
	// of it), for the replay's result.
	stopped *replays.StoppedTurn
}

// Error says at which turn; the cause only when it is more than the plain cancellation the
// user asked for ("context canceled" tells a user nothing).
func (e *InterruptedError) Error() string {
	if errors.Is(e.Err, context.Canceled) {
		return fmt.Sprintf("game interrupted at turn %d", e.Turn)
	}
	return fmt.Sprintf("game interrupted at turn %d: %v", e.Turn, e.Err)
}

func (e *InterruptedError) Unwrap() error { return e.Err }

func interrupted(turn int, err error) error { return &InterruptedError{Turn: turn, Err: err} }

// interruptedIn is interrupted for a turn that had begun: moves are what its bots were sent
// of it, answered and printed (their times and statuses, which the stop made, left out).
func interruptedIn(turn int, err error, moves []replays.Move) error {
	var kept []replays.Move
	for _, m := range moves {
		if m.Input != "" || m.Output != "" || m.Stderr != "" {
			kept = append(kept, replays.Move{Player: m.Player, Input: m.Input, Output: m.Output, Stderr: m.Stderr})
		}
	}
	e := &InterruptedError{Turn: turn, Err: err}
	if len(kept) > 0 {
		e.stopped = &replays.StoppedTurn{Turn: turn, Moves: kept}
	}
	return e
}

// Run plays one game and returns its replay (whose Result says who won). An error means the
// game could not be played: bad options, a bot that cannot be started, or ctx ended (then
// the replay so far is returned too).
func Run(ctx context.Context, cfg Config) (*replays.Replay, error) {
	if cfg.TimeScale <= 0 {
		cfg.TimeScale = 1
	}
	if cfg.StopGrace <= 0 {
		cfg.StopGrace = 200 * time.Millisecond
	}
	if cfg.ExitGrace <= 0 {
		cfg.ExitGrace = 2 * time.Second
	}
	if cfg.StartupGrace <= 0 {
		cfg.StartupGrace = 5 * time.Second
	}
	if cfg.Clock == "" {
		cfg.Clock = ClockWall
	}
	if cfg.Clock != ClockWall && cfg.Clock != ClockCPU {
		return nil, fmt.Errorf("clock %q: want %s or %s", cfg.Clock, ClockWall, ClockCPU)
	}
	if cfg.Timing.Kind == "" {
		cfg.Timing.Kind = "strict"
	}
	cfg.MaxMemory = limitOr(cfg.MaxMemory, DefaultMaxMemory)
	cfg.MaxProcesses = int(limitOr(int64(cfg.MaxProcesses), DefaultMaxProcesses))
	cfg.MaxTurnOutput = int(limitOr(int64(cfg.MaxTurnOutput), players.DefaultMaxTurnOutput))
	cfg.GameTimeout = time.Duration(limitOr(int64(cfg.GameTimeout), int64(DefaultGameTimeout)))
	if cfg.GameTimeout > 0 {
		cfg.gameStart = time.Now()
	}
	info := cfg.Game.Info()
	if cfg.TurnTimeout > 0 && info.Style != referee.StyleSession {
		return nil, fmt.Errorf("a turn timeout applies to the session games; %s has per-answer limits (scale them with the time scale)", info.Name)
	}
	refCfg, handshake, err := refereeConfig(info, cfg.Seed, len(cfg.Players), cfg.Options, cfg.Files)
	if err != nil {
		return nil, err
	}
	ref, err := cfg.Game.New(refCfg)
	if err != nil {
		return nil, err
	}
	rec := &replays.Replay{
		Format:         replays.Format,
		Arena:          Version,
		Game:           info.Name,
		RefereeVersion: info.Version,
		Seed:           cfg.Seed,
		Options:        cfg.Options,
		Settings: replays.Settings{
			Style: info.Style, TimeScale: cfg.TimeScale, NoTimeout: cfg.NoTimeout,
			Concurrent: cfg.Concurrent, Clock: cfg.Clock, Timing: cfg.Timing.String(), Handshake: handshake,
		},
		Turns: []replays.Turn{},
	}
	if info.Style == referee.StyleSession {
		// A session game's turns last a fixed time whatever the bots do: --timing, which
		// judges an answer against its limit, does not apply (and is refused); nor does
		// --clock, since no answer is measured (the bots are not metered): the turns run on
		// the wall clock, whatever a replay being played again recorded.
		rec.Settings.Timing = ""
		rec.Settings.Clock = ClockWall
	}
	if rec.Options == nil {
		rec.Options = map[string]string{}
	}
	if cfg.TurnTimeout > 0 {
		rec.Settings.TurnTimeoutMS = ms(cfg.TurnTimeout)
	}
	if len(cfg.Files) > 0 {
		rec.Files = map[string]string{}
		for k, v := range cfg.Files {
			rec.Files[k] = string(v)
		}
	}
	for i, p := range cfg.Players {
		if p.Name == "" {
			cfg.Players[i].Name = fmt.Sprintf("player %d", i)
		}
		rec.Players = append(rec.Players, replays.Player{Name: cfg.Players[i].Name, Command: p.Command})
	}

	seats, err := startSeats(cfg, info)
	if err != nil {
		return nil, err
	}
	rec.Settings.Meter = seats[0].proc.MeterName()
	defer stopAll(seats, cfg.StopGrace)
	// Ctrl-C stops the bots at once: a bot that does not answer, in a turn with no limit to
	// end it (--no-timeout), would otherwise hold the game for ever. Their reads and writes
	// then return, and the game ends at the interrupted turn, which is not recorded as a
	// turn (the result keeps what its bots were sent and answered: Result.Stopped).
	defer context.AfterFunc(ctx, func() {
		for _, s := range seats {
			go s.proc.Stop(cfg.StopGrace)
		}
	})()

	switch r := ref.(type) {
	case referee.TurnBased:
		err = runTurns(ctx, cfg, r, seats, rec)
	case referee.Session:
		err = runSession(ctx, cfg, r, seats, rec, handshake)
	default:
		err = fmt.Errorf("%s: referee implements neither TurnBased nor Session", info.Name)
	}
	cfg.Replay.Over() // its writer writes what waits while the bots are stopped
	for _, s := range seats {
		s.settle()
	}
	stopAll(seats, cfg.StopGrace)
	var stopped *replays.StoppedTurn
	if ie := (*InterruptedError)(nil); errors.As(err, &ie) {
		stopped = ie.stopped
	}
	for i, s := range seats {
		if tail := s.proc.TakeStderr(); tail != "" {
			if m := stopped.Move(i); m != nil {
				m.Stderr += tail // printed during the turn it was stopped in
			} else if m := lastMove(rec, i); m != nil {
				m.Stderr += tail
			}
		}
	}
	sealTurns(rec)
	outcomes := ref.Result()
	if err != nil && info.Style == referee.StyleSession {
		outcomes = recordedOutcomes(cfg.Game, rec, outcomes, cfg.Log)
	}
	rec.Result = replays.NewResult(info.Name, cfg.Seed, len(rec.Turns), rec.Players, outcomes)
	rec.Result.Unfinished = err != nil
	rec.Result.Stopped = stopped
	if info.Style == referee.StyleSession && err == nil {
		unended := map[int]string{}
		for i, s := range seats {
			unended[i] = s.unended
		}
		replays.NoteSilentSeats(&rec.Result, rec.Turns, unended)
	}
	addTiming(rec, seats)
	return rec, err
}

// sealTurns records each turn's digest (replays.Turn.Check) once the game is over, for
// turn-based and session games alike. Nothing in a game needs them, and they cost a hash
// per turn: with a lone bot, whose every exchange waits for the runner, a tenth of the
// runner's own time per exchange. A replay written while the game is played seals its own
// copies of the turns as it writes them.
func sealTurns(rec *replays.Replay) {
	for i := range rec.Turns {
		rec.Turns[i].Seal()
	}
}

// recordedOutcomes is the result of an interrupted session game: its referee has taken the
// lines of the interrupted turn, which is not recorded, and has seen the stopped bots
// leave, so the result is the position of the recorded turns, re-simulated. If that fails
// (it should not), the live referee's result stands.
func recordedOutcomes(g referee.Game, rec *replays.Replay, live []referee.Outcome, log zerolog.Logger) []referee.Outcome {
	again, err := replays.Resimulate(g, rec)
	if err != nil {
		log.Debug().Err(err).Msg("re-simulating the recorded turns")
		return live
	}
	return again.Result()
}

// seat is one running bot and what the runner knows about it.
type seat struct {
	index int
	proc  *players.Process
	out   bool // deactivated: no longer asked
	clock clockState
	times []float64
	// near says for each time whether it came near its limit: over 80% of the time limit in
	// force, or in towers, of the soft compute limit (see computeVerdict).
	near    []bool
	delayed int
	// overLimit counts the recorded answers over their limit that did not lose (--timing
	// strikes or bank), softCompute those over the soft compute limit (towers: discarded).
	overLimit, softCompute int
	owed                   owed // what the last move still has to record
	// lastTurn is the index in the replay of the last turn with a move of this bot (−1
	// before its first): the runner may still add to that move (the stderr it writes
	// after its last answer).
	lastTurn int
	// unended is what a session seat had printed of a line without its newline when its
	// last turn's budget ran out: quoted in the result when it went silent.
	unended string
	// sent: the input of the seat's last exchange was written (a turn-based game).
	sent bool
}

func startSeats(cfg Config, info referee.Info) ([]*seat, error) {
	style := info.Style
	// The CPU clock and compute limits need the counters (they see a bot's children too);
	// otherwise the process CPU clock is enough to tell a busy machine, and cheaper.
	meter := players.MeterProcessCPU
	switch {
	case cfg.NoMeter || style != referee.StyleTurns:
		meter = players.MeterOff
	case cfg.Clock == ClockCPU || info.ComputeLimited:
		meter = players.MeterCounters
	}
	seats := make([]*seat, 0, len(cfg.Players))
	for i, p := range cfg.Players {
		spec := players.Spec{
			Name: p.Name, Argv: p.Argv, Dir: p.Dir, Env: p.Env, StderrLive: cfg.Stderr, CPUs: cfg.CPUs,
			Meter:     meter,
			MaxMemory: max(cfg.MaxMemory, 0), MaxProcesses: max(cfg.MaxProcesses, 0),
			MaxTurnOutput: max(cfg.MaxTurnOutput, 0),
		}
		if style == referee.StyleSession {
			spec.MaxLine = sessionMaxLine
		}
		proc, err := players.Start(spec)
		if err != nil {
			stopAll(seats, cfg.StopGrace)
			return nil, &StartError{Player: i, Err: err}
		}
		cfg.Log.Debug().Int("player", i).Int("pid", proc.Pid()).Strs("argv", p.Argv).Msg("bot started")
		st := &seat{index: i, proc: proc, lastTurn: -1}
		st.clock.last = proc.Sample()
		st.clock.bankLeft = cfg.Timing.Bank
		seats = append(seats, st)
	}
	return seats, nil
}

// stopAll stops every bot at once (each stop may wait for a grace period).
func stopAll(seats []*seat, grace time.Duration) {
	done := make(chan struct{}, len(seats))
	for _, s := range seats {
		go func(s *seat) {
			s.proc.Stop(grace)
			done <- struct{}{}
		}(s)
	}
	for range seats {
		<-done
	}
}

func lastMove(rec *replays.Replay, player int) *replays.Move {
	for t := len(rec.Turns) - 1; t >= 0; t-- {
		moves := rec.Turns[t].Moves
		for m := len(moves) - 1; m >= 0; m-- {
			if moves[m].Player == player {
				return &rec.Turns[t].Moves[m]
			}
		}
	}
	return nil
}

// frame is the referee's drawing of the turn just played, or nothing under NoFrames.
func (cfg *Config) frame(ref referee.Referee) referee.Frame {
	if cfg.NoFrames {
		return referee.Frame{}
	}
	return ref.Frame()
}

// scale applies --time-scale and --no-timeout to a limit; zero means no limit.
func (cfg *Config) scale(d time.Duration) time.Duration {
	if cfg.NoTimeout || d <= 0 {
		return 0
	}
	return time.Duration(float64(d) * cfg.TimeScale)
}

func deadline(from time.Time, limit time.Duration) time.Time {
	if limit <= 0 {
		return time.Time{}
	}
	return from.Add(limit)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func formatMS(d time.Duration) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", ms(d)), "0"), ".") + " ms"
}

func statusOf(err error) (referee.Status, string) {
	var pe *players.Error
	if errors.As(err, &pe) {
		switch pe.Kind {
		case players.KindTimeout:
			return referee.StatusTimeout, pe.Msg
		case players.KindLimit:
			return referee.StatusLimit, pe.Msg
		}
		return referee.StatusCrash, pe.Msg
	}
	return referee.StatusCrash, err.Error()
}

// withLastWords adds the last line a crashed bot wrote to stderr to the crash message
// ("exited with code 1: ZeroDivisionError: division by zero").
func withLastWords(s *seat, status referee.Status, msg string) string {
	if status != referee.StatusCrash {
		return msg
	}
	if last := s.proc.LastStderrLine(); last != "" {
		return msg + ": " + last
	}
	return msg
}

// addTiming summarises each player's response times into the result.
func addTiming(rec *replays.Replay, seats []*seat) {
	for i, s := range seats {
		if len(s.times) == 0 || i >= len(rec.Result.Players) {
			continue
		}
		sorted := append([]float64(nil), s.times...)
		sort.Float64s(sorted)
		t := &replays.Timing{
			FirstMS: s.times[0],
			P50MS:   percentile(sorted, 0.50),
			P99MS:   percentile(sorted, 0.99),
			MaxMS:   sorted[len(sorted)-1],
		}
		if len(s.times) > 1 {
			t.LaterMaxMS = slices.Max(s.times[1:])
		}
		for _, near := range s.near {
			if near {
				t.NearLimit++
			}
		}
		t.DelayedTurn = s.delayed
		t.OverLimit, t.SoftCompute = s.overLimit, s.softCompute
		rec.Result.Players[i].Timing = t
	}
}

func percentile(sorted []float64, q float64) float64 {
	// The product is rounded on its own, as on amd64: arm64 would fuse it with the
	// addition, and a timing summary must not depend on the machine that computes it.
	idx := int(float64(q*float64(len(sorted)-1)) + 0.5)
	return sorted[idx]
}

// capAt is when the game's wall-clock cap falls, as seen at now: GameTimeout after the game
// began, moved by the time arena has stood stopped since (Ctrl-Z: see
// players.StopWithArena), so that a tournament paused for longer than the cap does not
// lose its games in flight. Zero when there is no cap.
func (c *Config) capAt(now time.Time) time.Time {
	if c.gameStart.IsZero() {
		return time.Time{}
	}
	return c.gameStart.Add(c.GameTimeout + players.Paused(c.gameStart, now))
}

// capReached reports whether the game's wall-clock cap has fallen.
func (c *Config) capReached() bool {
	now := time.Now()
	return !c.gameStart.IsZero() && !now.Before(c.capAt(now))
}
