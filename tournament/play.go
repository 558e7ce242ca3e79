package tournament

import (
	"context"
	"fmt"
	"iter"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/replays"
)

type finished struct {
	id  GameID
	rec Record
	err error
}

// playAll plays the pending games (left of them) on Parallel workers and hands each finished game to
// record, one at a time, in the order they finish. record may stop the run (the games in
// flight are then stopped and not recorded); so does the first game that cannot be played,
// whose error is returned. A cancelled ctx stops the run without an error.
func (r *Runner) playAll(ctx context.Context, pending iter.Seq[GameID], left int, record func(Record) (stop bool, err error),
	setup Setup, players map[string]match.Player, hashes map[string]string) error {
	if left <= 0 {
		return nil // no worker would take a game the feeder offers
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan GameID)
	done := make(chan finished)
	var wg sync.WaitGroup
	cpus := r.pinnedCPUs()
	for w := range min(r.Parallel, left) {
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
		for g := range pending {
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
		if firstErr != nil {
			continue
		}
		stop, err := record(f.rec)
		if err != nil {
			firstErr = err
		}
		if stop {
			cancel()
		}
	}
	return firstErr
}

// play runs one game and turns it into a record (and a replay file when asked).
func (r *Runner) play(ctx context.Context, g GameID, players map[string]match.Player, hashes map[string]string, setup Setup, cpus []int) (Record, error) {
	seats := g.Seats()
	cfg := r.Base
	cfg.Game, cfg.Seed, cfg.CPUs, cfg.Players = r.Game, g.Seed, cpus, nil
	cfg.NoFrames = r.ReplayDir == "" // nobody will see the drawings
	for _, name := range seats {
		p := players[name]
		p.Name = name
		cfg.Players = append(cfg.Players, p)
	}
	var path string
	if r.ReplayDir != "" {
		path = filepath.Join(r.ReplayDir, r.replayName(g))
		// Written while the game is played (see replays.Stream).
		var err error
		if cfg.Replay, err = replays.Create(path); err != nil {
			return Record{}, err
		}
		defer cfg.Replay.Abort()
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
		seat := Seat{Bot: seats[s], Hash: hashes[seats[s]], Score: pr.Score, Rank: pr.Rank, Status: pr.Status, Message: shorten(pr.Message, 300)}
		if t := pr.Timing; t != nil {
			seat.Timing = &SeatTiming{MaxMS: t.MaxMS, FirstMS: t.FirstMS, LaterMaxMS: t.LaterMaxMS, NearLimit: t.NearLimit, OverLimit: t.OverLimit, SoftCompute: t.SoftCompute, Delayed: t.DelayedTurn}
		}
		rec.Seats = append(rec.Seats, seat)
	}
	if err := rec.Validate(); err != nil {
		return Record{}, fmt.Errorf("result: %w", err)
	}
	if cfg.Replay != nil {
		if err := cfg.Replay.Finish(rep); err != nil {
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
