package tournament

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// ChangedError refuses to resume with bots or settings that differ from the recorded ones.
type ChangedError struct {
	Path    string
	Changes []string
}

func (e *ChangedError) Error() string {
	return fmt.Sprintf("results %s were recorded with something else than this run:\n  %s\nuse another --results file, or --allow-changed to count the old games with the new ones",
		e.Path, strings.Join(e.Changes, "\n  "))
}

func (r *Runner) setup() Setup {
	b := r.Base
	s := Setup{
		RefereeVersion: r.Game.Info().Version, Options: map[string]string{},
		TimeScale: b.TimeScale, NoTimeout: b.NoTimeout, Concurrent: b.Concurrent,
		Clock: b.Clock, Timing: b.Timing.String(),
		MaxMemory: b.MaxMemory, MaxProcesses: b.MaxProcesses, MaxTurnOutput: b.MaxTurnOutput, GameTimeout: b.GameTimeout.String(),
	}
	if b.TurnTimeout > 0 {
		s.TurnTimeout = b.TurnTimeout.String()
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
func (r *Runner) checkUnchanged(existing []Record, hashes map[string]string, setup Setup, scheduled func(GameID) bool) error {
	type change struct {
		games    int
		was, now string
	}
	changed := map[string]*change{}
	setupChanged := map[string]int{} // recorded games by how their settings differ from now
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
		if scheduled(rec.ID()) && !rec.Setup.Same(setup) {
			setupChanged[rec.Setup.Diff(setup)]++
		}
	}
	var lines []string
	for key, c := range changed {
		bot, _, _ := strings.Cut(key, "\x00")
		lines = append(lines, fmt.Sprintf("bot %q has changed since %d recorded games (hash %s then, %s now)", bot, c.games, c.was, c.now))
	}
	sort.Strings(lines)
	// One line for each other setup the games were played with, each saying how it differs.
	diffs := slices.Sorted(maps.Keys(setupChanged))
	for _, d := range diffs {
		were := strconv.Itoa(setupChanged[d]) + " recorded games were"
		if setupChanged[d] == 1 {
			were = "1 recorded game was"
		}
		lines = append(lines, fmt.Sprintf("%s played with other settings (%s)", were, d))
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
