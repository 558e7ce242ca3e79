package tournament

import (
	"fmt"
	"sort"
	"strings"
)

// Merged is the result of reading several results files.
type Merged struct {
	Summary Summary
	Records []Record
	// Notes are about the files: torn lines skipped, games found in several files.
	Notes []string
}

// ReadAndMerge reads results files (shards of one tournament, runs on several machines,
// one file resumed many times) and summarises them as one tournament. A game recorded in
// more than one file counts once; files of different games cannot be merged. Files that
// hold no game at all are an error, a report of nothing (a script that writes the report
// to a file wants to know); the Merged returned with it holds the notes about the files.
func ReadAndMerge(paths []string, sprt *SPRT) (*Merged, error) {
	m := &Merged{}
	seen := map[string]string{} // game key → file it was first found in
	dups := map[string]int{}    // "fileA and fileB" → count
	var firstGame string        // the game of the first record, "FILE line N"
	var firstAt string
	var empty []string // files without a game
	for _, path := range paths {
		recs, notes, err := ReadResults(path)
		if err != nil {
			return nil, err
		}
		m.Notes = append(m.Notes, notes...)
		if len(recs) == 0 {
			empty = append(empty, path)
		}
		for _, rec := range recs {
			at := fmt.Sprintf("%s line %d", path, rec.line)
			switch {
			case firstAt == "":
				firstGame, firstAt = rec.Game, at
			case rec.Game != firstGame:
				return nil, fmt.Errorf("results %s: a game of %s, but %s is a game of %s: report the results of each game separately", at, rec.Game, firstAt, firstGame)
			}
			key := rec.ID().Key()
			if first, ok := seen[key]; ok {
				dups[fmt.Sprintf("%s and %s", first, path)]++
				continue
			}
			seen[key] = path
			m.Records = append(m.Records, rec)
		}
	}
	var pairs []string
	for k := range dups {
		pairs = append(pairs, k)
	}
	sort.Strings(pairs)
	for _, k := range pairs {
		m.Notes = append(m.Notes, fmt.Sprintf("%s recorded in both %s; each is counted once", gamesAre(dups[k]), k))
	}
	if len(m.Records) == 0 {
		return m, fmt.Errorf("results %s: no games recorded, nothing to report", strings.Join(paths, ", "))
	}
	for _, path := range empty {
		m.Notes = append(m.Notes, fmt.Sprintf("results %s: no games recorded", path))
	}
	game := firstGame
	if sprt != nil {
		bots := botsInOrder(m.Records)
		if len(bots) != 2 {
			return nil, &SPRTError{fmt.Sprintf("the SPRT compares two bots; the files hold %d", len(bots))}
		}
	}
	sortRecords(m.Records)
	m.Summary = Summarize(game, botsInOrder(m.Records), m.Records, sprt)
	return m, nil
}

// botsInOrder lists the bots in the command-line order of the tournament that played them,
// as far as the pairings tell it: each pairing lists its bots in that order, so a bot comes
// after every bot listed before it in some pairing (the whole order in a round robin); the
// rest in the order they first appear. The table then lists bots tied in rating as the run
// did.
func botsInOrder(recs []Record) []string {
	var seen []string // first appearance
	index := map[string]int{}
	for _, r := range recs {
		for _, b := range r.Pairing {
			if _, ok := index[b]; !ok {
				index[b] = len(seen)
				seen = append(seen, b)
			}
		}
	}
	before := make([][]bool, len(seen)) // before[a][b]: a is listed before b in some pairing
	for i := range before {
		before[i] = make([]bool, len(seen))
	}
	pairings := map[string]bool{}
	for _, r := range recs {
		if key := strings.Join(r.Pairing, "\x1f"); !pairings[key] {
			pairings[key] = true
			for i, a := range r.Pairing {
				for _, b := range r.Pairing[i+1:] {
					before[index[a]][index[b]] = true
				}
			}
		}
	}
	// Each step takes the first bot, in order of appearance, that no bot left is listed
	// before (or the first left, should the pairings disagree).
	out := make([]string, 0, len(seen))
	taken := make([]bool, len(seen))
	for len(out) < len(seen) {
		next := -1
		for b := range seen {
			if taken[b] {
				continue
			}
			if next < 0 {
				next = b
			}
			free := true
			for a := range seen {
				if !taken[a] && a != b && before[a][b] {
					free = false
					break
				}
			}
			if free {
				next = b
				break
			}
		}
		taken[next] = true
		out = append(out, seen[next])
	}
	return out
}
