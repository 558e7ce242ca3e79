package tournament

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// Runner plays a planned tournament.
type Runner struct {
	Plan Plan
	Game referee.Game
	// Bots are the contestants, in the order of Plan.Bots.
	Bots []Bot

	// Base holds what every game shares: options, map files, time limits, clock, timing,
	// resource limits and the log. Game, Seed, Players and CPUs are set per game.
	Base match.Config

	// Parallel is the number of games played at once (at least 1).
	Parallel int
	// Pin pins each worker's games to one CPU (match.Config.CPUs) where the OS allows.
	Pin bool
	// ResultsPath is the results file to append to and resume from; empty keeps results in
	// memory only.
	ResultsPath string
	// ReplayDir, when set, receives one replay per game.
	ReplayDir string
	// SPRT, when set (two bots only), stops the tournament as soon as the test decides.
	SPRT *SPRT
	// AllowChanged accepts recorded games of bots whose hash changed since.
	AllowChanged bool

	// Notify receives notes for the user (repairs, ignored lines); nil drops them.
	Notify func(string)
	// Progress receives the state after every recorded game; nil drops it.
	Progress func(Progress)
}

// Progress is the state of a run, for a progress display.
type Progress struct {
	Done    int           // games of the schedule recorded, by this run or earlier ones
	Total   int           // games in the schedule (this shard's)
	Played  int           // games played by this run
	Elapsed time.Duration // since this run started
	Line    string        // a one-line summary of the standings
}

// Result is what a run did.
type Result struct {
	Summary   Summary
	Scheduled int // games in the schedule (this shard's)
	Recorded  int // of those, recorded before this run
	Played    int // played and recorded by this run
	// Interrupted is set when the context ended before the schedule was finished.
	Interrupted bool
	// Decided is the SPRT's decision ("H0" or "H1") when it stopped the run.
	Decided string
	Elapsed time.Duration
}

// ChangedError refuses to resume with bots or settings that differ from the recorded ones.
type ChangedError struct {
	Path    string
	Changes []string
}

func (e *ChangedError) Error() string {
	return fmt.Sprintf("results %s were recorded with something else than this run:\n  %s\nuse another --results file, or --allow-changed to count the old games with the new ones",
		e.Path, strings.Join(e.Changes, "\n  "))
}

// Run plays every game of the plan that is not yet recorded, in parallel, appending each
// finished game to the results file. Cancelling ctx stops the games in flight (they are not
// recorded) and returns what was recorded, with Interrupted set.
func (r *Runner) Run(ctx context.Context) (*Result, error) {
	start := time.Now()
	if err := r.check(); err != nil {
		return nil, err
	}
	units := r.Plan.Units()
	scheduled := map[string]bool{}
	var schedule []GameID
	for _, u := range units {
		for _, g := range u.Games {
			scheduled[g.Key()] = true
			schedule = append(schedule, g)
		}
	}
	setup := r.setup()
	hashes := map[string]string{}
	players := map[string]match.Player{}
	for _, b := range r.Bots {
		hashes[b.Name] = b.Hash
		players[b.Name] = b.Player
	}

	var results *ResultsFile
	var existing []Record
	if r.ResultsPath != "" {
		f, recs, notes, err := OpenResults(r.ResultsPath)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		results, existing = f, recs
		for _, n := range notes {
			r.note(n)
		}
	}
	if err := r.checkUnchanged(existing, hashes, setup, scheduled); err != nil {
		return nil, err
	}

	// What counts: recorded games of this schedule, each once.
	counted := map[string]bool{}
	var recs []Record
	foreign, dups := 0, 0
	for _, rec := range existing {
		key := rec.ID().Key()
		switch {
		case !scheduled[key]:
			foreign++
		case counted[key]:
			dups++
		default:
			counted[key] = true
			recs = append(recs, rec)
		}
	}
	if foreign > 0 {
		r.note(fmt.Sprintf("results %s: %d recorded games are not part of this tournament (another game, seed, shard, bots or --games); they are kept but not counted here (arena tournament report counts every line)", r.ResultsPath, foreign))
	}
	if dups > 0 {
		r.note(fmt.Sprintf("results %s: %d games are recorded twice; each is counted once", r.ResultsPath, dups))
	}
	var pending []GameID
	for _, g := range schedule {
		if !counted[g.Key()] {
			pending = append(pending, g)
		}
	}
	res := &Result{Scheduled: len(schedule), Recorded: len(recs)}
	if r.ReplayDir != "" && len(pending) > 0 {
		if err := os.MkdirAll(r.ReplayDir, 0o755); err != nil {
			return nil, fmt.Errorf("replays %s: %w", r.ReplayDir, err)
		}
	}

	live := newStandings(r.Plan.Bots)
	for _, rec := range recs {
		live.add(rec)
	}
	res.Decided = live.decision(r.SPRT)
	if res.Decided != "" {
		pending = nil
	}

	if r.Progress != nil {
		r.Progress(Progress{Done: len(recs), Total: len(schedule), Line: live.line(r.SPRT)})
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan GameID)
	done := make(chan finished)
	var wg sync.WaitGroup
	cpus := r.pinnedCPUs()
	for w := range min(r.Parallel, len(pending)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var pin []int
			if len(cpus) > 0 {
				pin = []int{cpus[w%len(cpus)]}
			}
			for g := range jobs {
				rec, err := r.play(runCtx, g, players, hashes, setup, pin)
				done <- finished{id: g, rec: rec, err: err}
			}
		}()
	}
	go func() {
	feed:
		for _, g := range pending {
			select {
			case jobs <- g:
			case <-runCtx.Done():
				break feed
			}
		}
		close(jobs)
		wg.Wait()
		close(done)
	}()

	var firstErr error
	for f := range done {
		if f.err != nil {
			if runCtx.Err() == nil && firstErr == nil {
				firstErr = fmt.Errorf("game %s: %w", describeGame(f.id), f.err)
				cancel()
			}
			continue // a game stopped by cancellation is simply not recorded
		}
		if results != nil {
			if err := results.Append(f.rec); err != nil {
				if firstErr == nil {
					firstErr = err
				}
				cancel()
				continue
			}
		}
		recs = append(recs, f.rec)
		live.add(f.rec)
		res.Played++
		if r.Progress != nil {
			r.Progress(Progress{Done: len(recs), Total: len(schedule), Played: res.Played, Elapsed: time.Since(start), Line: live.line(r.SPRT)})
		}
		if d := live.decision(r.SPRT); d != "" && res.Decided == "" {
			res.Decided = d
			cancel() // the test has decided: the games in flight are not needed
		}
	}
	if firstErr != nil {
		return nil, firstErr
	}
	res.Interrupted = ctx.Err() != nil && len(recs) < len(schedule) && res.Decided == ""
	sortRecords(recs)
	res.Summary = Summarize(r.Plan.Game, r.Plan.Bots, recs, r.SPRT)
	res.Elapsed = time.Since(start)
	return res, nil
}

type finished struct {
	id  GameID
	rec Record
	err error
}

func (r *Runner) check() error {
	if err := r.Plan.Check(); err != nil {
		return err
	}
	if len(r.Bots) != len(r.Plan.Bots) {
		return fmt.Errorf("tournament: %d bots for %d names", len(r.Bots), len(r.Plan.Bots))
	}
	for i, b := range r.Bots {
		if b.Name != r.Plan.Bots[i] {
			return fmt.Errorf("tournament: bot %d is %q, the plan says %q", i, b.Name, r.Plan.Bots[i])
		}
	}
	if r.Parallel < 1 {
		r.Parallel = 1
	}
	if r.Base.TimeScale <= 0 {
		r.Base.TimeScale = 1
	}
	if r.SPRT != nil {
		if len(r.Bots) != 2 {
			return fmt.Errorf("the SPRT compares two bots, got %d", len(r.Bots))
		}
		if r.Plan.Shard.Count > 1 {
			return errors.New("the SPRT decides on all the results at once: it cannot run in a shard (run the shards, then arena tournament report --sprt)")
		}
	}
	return nil
}

func (r *Runner) setup() Setup {
	b := r.Base
	s := Setup{
		RefereeVersion: r.Game.Info().Version, Options: map[string]string{},
		TimeScale: b.TimeScale, NoTimeout: b.NoTimeout, Concurrent: b.Concurrent,
		Clock: b.Clock, Timing: b.Timing.String(),
		MaxMemory: b.MaxMemory, MaxProcesses: b.MaxProcesses, MaxTurnOutput: b.MaxTurnOutput, GameTimeout: b.GameTimeout.String(),
	}
	for k, v := range b.Options {
		s.Options[k] = v
	}
	for k, data := range b.Files {
		if s.Files == nil {
			s.Files = map[string]string{}
		}
		s.Files[k] = contentHash(data)
	}
	return s
}

// checkUnchanged refuses recorded games of the same bots played by another version of a
// bot, and recorded games of this schedule played under another setup.
func (r *Runner) checkUnchanged(existing []Record, hashes map[string]string, setup Setup, scheduled map[string]bool) error {
	type change struct {
		games    int
		was, now string
	}
	changed := map[string]*change{}
	var setupChanged *change
	for _, rec := range existing {
		if rec.Game != r.Plan.Game {
			continue
		}
		for _, st := range rec.Seats {
			now, ours := hashes[st.Bot]
			if !ours || st.Hash == now {
				continue
			}
			key := st.Bot + "\x00" + st.Hash
			if changed[key] == nil {
				changed[key] = &change{was: st.Hash, now: now}
			}
			changed[key].games++
		}
		if scheduled[rec.ID().Key()] && !rec.Setup.Same(setup) {
			if setupChanged == nil {
				setupChanged = &change{was: rec.Setup.Diff(setup)}
			}
			setupChanged.games++
		}
	}
	var lines []string
	for key, c := range changed {
		bot, _, _ := strings.Cut(key, "\x00")
		lines = append(lines, fmt.Sprintf("bot %q has changed since %d recorded games (hash %s then, %s now)", bot, c.games, c.was, c.now))
	}
	sort.Strings(lines)
	if setupChanged != nil {
		lines = append(lines, fmt.Sprintf("%d recorded games were played with other settings (%s)", setupChanged.games, setupChanged.was))
	}
	if len(lines) == 0 {
		return nil
	}
	if r.AllowChanged {
		for _, l := range lines {
			r.note("--allow-changed: " + l)
		}
		return nil
	}
	return &ChangedError{Path: r.ResultsPath, Changes: lines}
}

// play runs one game and turns it into a record (and a replay file when asked).
func (r *Runner) play(ctx context.Context, g GameID, players map[string]match.Player, hashes map[string]string, setup Setup, cpus []int) (Record, error) {
	seats := g.Seats()
	cfg := r.Base
	cfg.Game, cfg.Seed, cfg.CPUs, cfg.Players = r.Game, g.Seed, cpus, nil
	for _, name := range seats {
		p := players[name]
		p.Name = name
		cfg.Players = append(cfg.Players, p)
	}
	started := time.Now()
	rep, err := match.Run(ctx, cfg)
	if err != nil {
		return Record{}, err
	}
	rec := Record{
		Format: RecordFormat, Game: r.Plan.Game, MasterSeed: r.Plan.MasterSeed,
		Pairing: g.Pairing, Round: g.Round, Seed: g.Seed, Order: g.Order,
		Winner: rep.Result.Winner, Turns: rep.Result.Turns, Setup: setup,
		DurationMS: time.Since(started).Milliseconds(), Finished: time.Now().UTC().Format(time.RFC3339),
	}
	if r.Plan.Shard.Count > 1 {
		rec.Shard = r.Plan.Shard.String()
	}
	for s, pr := range rep.Result.Players {
		rec.Seats = append(rec.Seats, Seat{Bot: seats[s], Hash: hashes[seats[s]], Score: pr.Score, Rank: pr.Rank, Status: pr.Status, Message: shorten(pr.Message, 300)})
	}
	if err := rec.Validate(); err != nil {
		return Record{}, fmt.Errorf("result: %w", err)
	}
	if r.ReplayDir != "" {
		path := filepath.Join(r.ReplayDir, r.replayName(g))
		if err := replays.Write(path, rep); err != nil {
			return Record{}, err
		}
		rec.Replay = path
	}
	return rec, nil
}

// replayName names a game's replay by game, round, seed and the bots' command-line
// positions in seat order: queens-r0003-s1234567-b1b0.json.gz.
func (r *Runner) replayName(g GameID) string {
	var b strings.Builder
	for _, name := range g.Seats() {
		for i, n := range r.Plan.Bots {
			if n == name {
				fmt.Fprintf(&b, "b%d", i)
			}
		}
	}
	return fmt.Sprintf("%s-r%04d-s%d-%s.json.gz", g.Game, g.Round, g.Seed, b.String())
}

func (r *Runner) note(msg string) {
	if r.Notify != nil {
		r.Notify(msg)
	}
}

func (r *Runner) pinnedCPUs() []int {
	if !r.Pin {
		return nil
	}
	cpus := AllowedCPUs()
	if len(cpus) == 0 {
		r.note("--pin: this system does not let arena choose CPUs; games run unpinned")
	}
	return cpus
}

func describeGame(g GameID) string {
	return fmt.Sprintf("seed %d (round %d, seats %s)", g.Seed, g.Round, strings.Join(g.Seats(), " | "))
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// sortRecords puts records in schedule order (round, pairing, seat order), so that the
// statistics do not depend on which worker finished first.
func sortRecords(recs []Record) {
	sort.SliceStable(recs, func(i, j int) bool {
		a, b := recs[i], recs[j]
		if a.Round != b.Round {
			return a.Round < b.Round
		}
		if ka, kb := strings.Join(a.Pairing, "\x1f"), strings.Join(b.Pairing, "\x1f"); ka != kb {
			return ka < kb
		}
		return intsKey(a.Order) < intsKey(b.Order)
	})
}
