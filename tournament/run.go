package tournament

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/referee"
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

// Run plays every game of the plan that is not yet recorded, in parallel, appending each
// finished game to the results file. Cancelling ctx stops the games in flight (they are not
// recorded) and returns what was recorded, with Interrupted set.
func (r *Runner) Run(ctx context.Context) (*Result, error) {
	start := time.Now()
	if err := r.check(); err != nil {
		return nil, err
	}
	// The schedule is never listed whole: --games may be an SPRT's cap of millions.
	scheduled, total := r.Plan.Schedules(), r.Plan.Scheduled()
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
	if err := checkOneGame(r.ResultsPath, existing, r.Plan.Game); err != nil {
		return nil, err
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
		case !scheduled(rec.ID()):
			foreign++
		case counted[key]:
			dups++
		default:
			counted[key] = true
			recs = append(recs, rec)
		}
	}
	if foreign > 0 {
		r.note(fmt.Sprintf("results %s: %s not part of this tournament (another seed, shard, bots or --games); they are kept but not counted here (arena tournament report counts every line)", r.ResultsPath, recordedGamesAre(foreign)))
	}
	if dups > 0 {
		r.note(fmt.Sprintf("results %s: %s recorded twice; each is counted once", r.ResultsPath, gamesAre(dups)))
	}
	pending := func(yield func(GameID) bool) {
		for g := range r.Plan.EachGame() {
			if !counted[g.Key()] && !yield(g) {
				return
			}
		}
	}
	res := &Result{Scheduled: total, Recorded: len(recs)}
	left := total - len(recs)
	if r.ReplayDir != "" && left > 0 {
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
		pending, left = func(func(GameID) bool) {}, 0 // the recorded games decided: nothing to play
	}

	if r.Progress != nil {
		r.Progress(Progress{Done: len(recs), Total: total, Line: live.line(r.SPRT)})
	}
	err := r.playAll(ctx, pending, left, func(rec Record) (stop bool, err error) {
		if results != nil {
			if err := results.Append(rec); err != nil {
				return true, err
			}
		}
		recs = append(recs, rec)
		live.add(rec)
		res.Played++
		if r.Progress != nil {
			r.Progress(Progress{Done: len(recs), Total: total, Played: res.Played, Elapsed: time.Since(start), Line: live.line(r.SPRT)})
		}
		if d := live.decision(r.SPRT); d != "" && res.Decided == "" {
			res.Decided = d
			return true, nil // the test has decided: the games in flight are not needed
		}
		return false, nil
	}, setup, players, hashes)
	if err != nil {
		return nil, err
	}
	res.Interrupted = ctx.Err() != nil && len(recs) < total && res.Decided == ""
	sortRecords(recs)
	res.Summary = Summarize(r.Plan.Game, r.Plan.Bots, recs, r.SPRT)
	if res.Summary.Pair != nil && r.Plan.Shard.Count > 1 {
		res.Summary.Pair.inShard = true
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// OtherGameError refuses a results file that holds the games of another game: the games
// would be appended beside them, and arena tournament report, which counts every line of a
// file, refuses to merge two games.
type OtherGameError struct {
	Path       string
	Line       int
	Game, Want string
}

func (e *OtherGameError) Error() string {
	return fmt.Sprintf("results %s line %d: a game of %s, not of %s: a results file holds the games of one game (arena tournament report refuses to merge two); use another --results file",
		e.Path, e.Line, e.Game, e.Want)
}

// checkOneGame refuses recorded games of another game than the run's.
func checkOneGame(path string, existing []Record, game string) error {
	for _, rec := range existing {
		if rec.Game != game {
			return &OtherGameError{Path: path, Line: rec.line, Game: rec.Game, Want: game}
		}
	}
	return nil
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
		return CheckSPRT(len(r.Bots), r.Plan.Shard)
	}
	return nil
}

// SPRTError says why a sequential test cannot be used where it was asked for: a usage
// error, whether a tournament or a report finds it.
type SPRTError struct{ Reason string }

func (e *SPRTError) Error() string { return e.Reason }

// CheckSPRT says why a sequential test cannot run in a tournament of this many bots and
// this shard, if it cannot.
func CheckSPRT(bots int, shard Shard) error {
	if bots != 2 {
		return &SPRTError{fmt.Sprintf("the SPRT compares two bots, got %d", bots)}
	}
	if shard.Count > 1 {
		return &SPRTError{"the SPRT decides on all the results at once: it cannot run in a shard (run the shards, then arena tournament report --sprt)"}
	}
	return nil
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
