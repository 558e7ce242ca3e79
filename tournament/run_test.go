package tournament

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// pyBot is a number_bot.py player named by its arguments.
func pyBot(t testing.TB, name string, args ...string) Bot {
	t.Helper()
	script, err := filepath.Abs("testdata/number_bot.py")
	if err != nil {
		t.Fatal(err)
	}
	argv := append([]string{"python3", script}, args...)
	p := match.Player{Name: name, Command: strings.Join(argv, " "), Argv: argv}
	hash, err := HashPlayer(p)
	if err != nil {
		t.Fatal(err)
	}
	return Bot{Name: name, Player: p, Hash: hash}
}

// numBot is a number_bot.sh player: the same behaviour as number_bot.py, started in a
// millisecond instead of tens (hundreds on a loaded machine).
func numBot(t testing.TB, name string, args ...string) Bot {
	t.Helper()
	script, err := filepath.Abs("testdata/number_bot.sh")
	if err != nil {
		t.Fatal(err)
	}
	argv := append([]string{"sh", script}, args...)
	p := match.Player{Name: name, Command: strings.Join(argv, " "), Argv: argv}
	hash, err := HashPlayer(p)
	if err != nil {
		t.Fatal(err)
	}
	return Bot{Name: name, Player: p, Hash: hash}
}

// shBot answers the same number every turn; it starts in a millisecond, for tests that
// need many games.
func shBot(t testing.TB, name string, answer int) Bot {
	t.Helper()
	argv := []string{"sh", "-c", "while read line; do echo " + itoa(answer) + "; done"}
	p := match.Player{Name: name, Command: strings.Join(argv, " "), Argv: argv}
	hash, err := HashPlayer(p)
	if err != nil {
		t.Fatal(err)
	}
	return Bot{Name: name, Player: p, Hash: hash}
}

func itoa(i int) string { return strconv.Itoa(i) }

func newRunner(game numberGame, games int, bots ...Bot) *Runner {
	info := game.Info()
	r := &Runner{
		Plan: Plan{Game: info.Name, MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers, GamesPerPairing: games, MasterSeed: 11},
		Game: game, Bots: bots, Parallel: 2,
	}
	for _, b := range bots {
		r.Plan.Bots = append(r.Plan.Bots, b.Name)
	}
	return r
}

func readLines(t *testing.T, path string) []Record {
	t.Helper()
	recs, notes, err := ReadResults(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) > 0 {
		t.Errorf("unexpected notes: %v", notes)
	}
	return recs
}

func checkUnique(t *testing.T, recs []Record) {
	t.Helper()
	seen := map[string]bool{}
	for _, r := range recs {
		k := r.ID().Key()
		if seen[k] {
			t.Errorf("game recorded twice: seed %d order %v", r.Seed, r.Order)
		}
		seen[k] = true
	}
}

func checkNoBotLeft(t *testing.T) {
	t.Helper()
	if pids := players.FindMarkedByRunner(os.Getpid()); len(pids) > 0 {
		t.Errorf("bot processes left behind: %v", pids)
	}
}

// The check on a fake game that always runs: 20 games between a strong and a weak
// bot are 10 seeds × 2 seat orders, recorded once each, and the strong bot's interval is
// clearly above 50%.
func TestTwoBotsTwentyGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := newRunner(duelGame, 20, pyBot(t, "strong", "base=3"), pyBot(t, "weak", "base=0"))
	r.ResultsPath = path
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	recs := readLines(t, path)
	if len(recs) != 20 || res.Played != 20 || res.Scheduled != 20 {
		t.Fatalf("%d lines, %d played, %d scheduled; want 20", len(recs), res.Played, res.Scheduled)
	}
	checkUnique(t, recs)
	seeds := map[int64]int{}
	for _, rec := range recs {
		seeds[rec.Seed]++
	}
	if len(seeds) != 10 {
		t.Errorf("%d seeds, want 10", len(seeds))
	}
	for s, n := range seeds {
		if n != 2 {
			t.Errorf("seed %d played %d times, want 2 (both seat orders)", s, n)
		}
	}
	p := res.Summary.Pair
	if p == nil || p.A != "strong" || p.Games != 20 || p.Units != 10 {
		t.Fatalf("pair stats: %+v", p)
	}
	if p.ScoreLo <= 0.5 {
		t.Errorf("strong's score %v [%v, %v]: interval not above 50%%", p.Score, p.ScoreLo, p.ScoreHi)
	}
	if p.LOS < 0.99 {
		t.Errorf("LOS %v, want near 1", p.LOS)
	}
	checkNoBotLeft(t)

	// Running the same tournament again plays nothing.
	res, err = r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Played != 0 || res.Recorded != 20 || len(readLines(t, path)) != 20 {
		t.Errorf("second run played %d, found %d recorded", res.Played, res.Recorded)
	}
}

// A run cancelled half way, then a torn line as kill -9 leaves it, then the same run again:
// exactly the 20 games, each once.
func TestResumeAfterInterruptAndTornLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := newRunner(duelGame, 20, numBot(t, "strong", "base=3"), numBot(t, "weak", "base=0"))
	r.ResultsPath = path
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Progress = func(p Progress) {
		if p.Done >= 8 {
			cancel()
		}
	}
	res, err := r.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted {
		t.Errorf("not marked interrupted: %+v", res)
	}
	first := readLines(t, path)
	if len(first) < 8 || len(first) >= 20 {
		t.Fatalf("%d games recorded by the interrupted run, want 8 to 19", len(first))
	}
	checkNoBotLeft(t)

	// kill -9 while writing: half a line at the end.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"format":"arena-tournament/1","game":"duel","master_se`); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, notes, err := ReadResults(path); err != nil || len(notes) != 1 {
		t.Errorf("ReadResults of a torn file: %v, notes %v", err, notes)
	}

	var notes []string
	r.Progress = nil
	r.Notify = func(s string) { notes = append(notes, s) }
	res, err = r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "torn") {
		t.Errorf("notes %q, want one about the torn line", notes)
	}
	recs := readLines(t, path)
	if len(recs) != 20 || res.Recorded != len(first) || res.Played != 20-len(first) {
		t.Errorf("%d lines after resuming (recorded %d, played %d), want 20", len(recs), res.Recorded, res.Played)
	}
	checkUnique(t, recs)
	if res.Summary.Games != 20 {
		t.Errorf("summary counts %d games", res.Summary.Games)
	}
}

// A whole record whose newline was not written is kept, not replayed.
func TestLineWithoutNewlineIsCompleted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := newRunner(duelGame, 2, shBot(t, "a", 5), shBot(t, "b", 1))
	r.ResultsPath = path
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, bytes.TrimSuffix(data, []byte("\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	f, recs, notes, err := OpenResults(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if len(recs) != 2 || len(notes) != 1 || !strings.Contains(notes[0], "completed") {
		t.Errorf("%d records, notes %q", len(recs), notes)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Errorf("file not restored:\n%s", after)
	}
}

func TestCorruptMiddleLineIsAnError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	if err := os.WriteFile(path, []byte("{\"format\":\"arena-tournament/1\"}\nnot json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := ReadResults(path)
	if err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("got %v, want an error naming line 1", err)
	}
}

func TestResultsFileIsLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	f, _, _, err := OpenResults(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := newRunner(duelGame, 2, shBot(t, "a", 5), shBot(t, "b", 1))
	r.ResultsPath = path
	if _, err := r.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("second writer: %v, want a lock error", err)
	}
}

// Two shards merged by Report give the same games and totals as one unsharded run.
func TestShardsMergeLikeOneRun(t *testing.T) {
	dir := t.TempDir()
	bots := []Bot{numBot(t, "a", "base=2"), numBot(t, "b", "base=1"), numBot(t, "c", "base=0", "spread=6")}
	whole := newRunner(duelGame, 4, bots...)
	whole.ResultsPath = filepath.Join(dir, "all.jsonl")
	if _, err := whole.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for i := 1; i <= 2; i++ {
		r := newRunner(duelGame, 4, bots...)
		r.Plan.Shard = Shard{Index: i, Count: 2}
		r.ResultsPath = filepath.Join(dir, "shard"+itoa(i)+".jsonl")
		paths = append(paths, r.ResultsPath)
		res, err := r.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if res.Played == 0 || res.Played == 12 {
			t.Errorf("shard %d played %d of 12 games", i, res.Played)
		}
	}
	merged, err := ReadAndMerge(paths, nil)
	if err != nil {
		t.Fatal(err)
	}
	single, err := ReadAndMerge([]string{whole.ResultsPath}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if merged.Summary.Games != 12 || single.Summary.Games != 12 {
		t.Fatalf("games: merged %d, single %d, want 12", merged.Summary.Games, single.Summary.Games)
	}
	for i, b := range single.Summary.Bots {
		m := merged.Summary.Bots[i]
		if b.Name != m.Name || b.Games != m.Games || b.Wins != m.Wins || b.Draws != m.Draws || b.Losses != m.Losses || b.Points != m.Points {
			t.Errorf("bot %s: merged %+v, single %+v", b.Name, m, b)
		}
	}
	// Merging a file with itself counts each game once.
	again, err := ReadAndMerge(append(paths, paths[0]), nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Summary.Games != 12 || len(again.Notes) == 0 {
		t.Errorf("duplicate file: %d games, notes %v", again.Summary.Games, again.Notes)
	}
}

// A shard refuses --sprt, so its verdict does not suggest a run with --sprt; the report of
// the merged shards, which takes --sprt, does.
func TestShardVerdictDoesNotSuggestSPRT(t *testing.T) {
	const hint = "a run with --sprt stops when it is clear"
	r := newRunner(duelGame, 4, shBot(t, "a", 3), shBot(t, "b", 3))
	r.Plan.Shard = Shard{Index: 1, Count: 2}
	r.ResultsPath = filepath.Join(t.TempDir(), "shard1.jsonl")
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := WriteSummary(&out, res.Summary, "table"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "verdict no clear difference") || strings.Contains(out.String(), hint) {
		t.Errorf("a shard's verdict: want no clear difference, without %q:\n%s", hint, out.String())
	}
	merged, err := ReadAndMerge([]string{r.ResultsPath}, nil)
	if err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := WriteSummary(&out, merged.Summary, "table"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), hint) {
		t.Errorf("the report's verdict: want %q:\n%s", hint, out.String())
	}
}

func TestThreeBotRoundRobinRatingTable(t *testing.T) {
	r := newRunner(duelGame, 6, numBot(t, "mid", "base=2"), numBot(t, "top", "base=5"), numBot(t, "low", "base=0"))
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s := res.Summary
	if s.Games != 18 || s.RatingModel != "Bradley–Terry" || s.Pair != nil {
		t.Fatalf("games %d, model %q, pair %v", s.Games, s.RatingModel, s.Pair)
	}
	elo := map[string]float64{}
	for _, b := range s.Bots {
		elo[b.Name] = float64(b.Rating.Elo)
		if b.Games != 12 {
			t.Errorf("%s played %d games, want 12", b.Name, b.Games)
		}
	}
	if !(elo["top"] > elo["mid"] && elo["mid"] > elo["low"]) {
		t.Errorf("ratings %v, want top > mid > low", elo)
	}
	var out bytes.Buffer
	if err := WriteSummary(&out, s, "table"); err != nil {
		t.Fatal(err)
	}
	table := out.String()
	for _, want := range []string{"Bradley–Terry", "95% interval", "top", "mid", "low", "bots whose 95% intervals overlap may be in this order by luck"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	if strings.Index(table, "top") > strings.Index(table, "mid") || strings.Index(table, "mid") > strings.Index(table, "low") {
		t.Errorf("table not sorted by rating:\n%s", table)
	}
	t.Logf("\n%s", table)
}

// An N-player game ranks four bots: one group of four, in the four rotations of seats.
func TestNPlayerGameRanksFourBots(t *testing.T) {
	r := newRunner(raceGame, 16, numBot(t, "b1", "base=1"), numBot(t, "b3", "base=3"), numBot(t, "b0", "base=0"), numBot(t, "b2", "base=2"))
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s := res.Summary
	if s.Games != 16 || s.RatingModel != "Plackett–Luce" {
		t.Fatalf("games %d, model %q", s.Games, s.RatingModel)
	}
	elo := map[string]float64{}
	for _, b := range s.Bots {
		elo[b.Name] = float64(b.Rating.Elo)
		if b.Games != 16 {
			t.Errorf("%s played %d games, want 16", b.Name, b.Games)
		}
	}
	if !(elo["b3"] > elo["b2"] && elo["b2"] > elo["b1"] && elo["b1"] > elo["b0"]) {
		t.Errorf("ratings %v, want b3 > b2 > b1 > b0", elo)
	}
	var out bytes.Buffer
	if err := WriteSummary(&out, s, "table"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Plackett–Luce") {
		t.Errorf("table:\n%s", out.String())
	}
}

func TestSPRTStopsEarlyOnLopsidedPairing(t *testing.T) {
	r := newRunner(duelGame, 400, shBot(t, "strong", 9), shBot(t, "weak", 1))
	r.SPRT = &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	r.ResultsPath = filepath.Join(t.TempDir(), "r.jsonl")
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Decided != "H1" || res.Summary.Pair.SPRT == nil || res.Summary.Pair.SPRT.Decision != "H1" {
		t.Fatalf("decided %q, state %+v", res.Decided, res.Summary.Pair.SPRT)
	}
	if res.Played >= 100 {
		t.Errorf("played %d of 400 games before deciding", res.Played)
	}
	if res.Interrupted {
		t.Error("a decided test is not an interruption")
	}
	checkNoBotLeft(t)
	// Resuming a decided test plays nothing.
	again, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if again.Played != 0 || again.Decided != "H1" {
		t.Errorf("resumed: played %d, decided %q", again.Played, again.Decided)
	}
}

func TestChangedBotIsRefused(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "bot.sh")
	write := func(answer string) {
		if err := os.WriteFile(script, []byte("while read line; do echo "+answer+"; done\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("4")
	bot := func() Bot {
		p := match.Player{Name: "mine", Command: "sh " + script, Argv: []string{"sh", script}}
		h, err := HashPlayer(p)
		if err != nil {
			t.Fatal(err)
		}
		return Bot{Name: "mine", Player: p, Hash: h}
	}
	old := bot()
	path := filepath.Join(dir, "r.jsonl")
	r := newRunner(duelGame, 4, old, shBot(t, "other", 2))
	r.ResultsPath = path
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}

	write("5") // the bot's file changed
	changed := bot()
	if changed.Hash == old.Hash {
		t.Fatal("the hash ignores the content of bot.sh")
	}
	r = newRunner(duelGame, 8, changed, shBot(t, "other", 2))
	r.ResultsPath = path
	_, err := r.Run(context.Background())
	var ce *ChangedError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), `bot "mine" has changed since 4 recorded games`) || !strings.Contains(err.Error(), "--allow-changed") {
		t.Fatalf("got %v, want a changed-bot refusal", err)
	}
	if n := len(readLines(t, path)); n != 4 {
		t.Errorf("%d lines after the refusal, want 4", n)
	}

	r.AllowChanged = true
	var notes []string
	r.Notify = func(s string) { notes = append(notes, s) }
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Played != 4 || len(notes) == 0 {
		t.Errorf("with --allow-changed: played %d, notes %v", res.Played, notes)
	}
	if len(res.Summary.Notes) == 0 {
		t.Error("the summary does not say that it mixes two versions")
	}
}

func TestChangedSetupIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := newRunner(duelGame, 2, shBot(t, "a", 5), shBot(t, "b", 1))
	r.ResultsPath = path
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	r.Base.TimeScale = 2
	if _, err := r.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "2 recorded games were played with other settings (time scale: 1 then, 2 now)") {
		t.Errorf("got %v, want a changed-settings refusal", err)
	}
	// Games of two earlier settings are each said with theirs (all six were said to be of
	// the first one met).
	r.AllowChanged = true
	r.Plan.GamesPerPairing = 6
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// The statistics say that they mix the two, as they say of a bot in two versions (and so
	// does a report of the file, which counts every line).
	want := "the games were played with 2 different settings (time scale 1: 2 games; time scale 2: 4 games): the statistics mix them"
	if !slices.Contains(res.Summary.Notes, want) {
		t.Errorf("notes %q, want %q", res.Summary.Notes, want)
	}
	if m, err := ReadAndMerge([]string{path}, nil); err != nil || !slices.Contains(m.Summary.Notes, want) {
		t.Errorf("report: notes %v (%v), want %q", m.Summary.Notes, err, want)
	}
	r.AllowChanged = false
	r.Base.TimeScale = 3
	r.Plan.GamesPerPairing = 8
	_, err = r.Run(context.Background())
	for _, want := range []string{"2 recorded games were played with other settings (time scale: 1 then, 3 now)", "4 recorded games were played with other settings (time scale: 2 then, 3 now)"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %q", err, want)
		}
	}
}

// A results file of another game is refused before anything is played or written: the
// games appended beside the others' would make a file that arena tournament report refuses.
func TestResultsOfAnotherGameAreRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.jsonl")
	r := newRunner(raceGame, 2, shBot(t, "a", 5), shBot(t, "b", 1))
	r.ResultsPath = path
	if _, err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	d := newRunner(duelGame, 2, shBot(t, "a", 5), shBot(t, "b", 1))
	d.ResultsPath = path
	d.AllowChanged = true // not a changed bot or setting: it does not help
	_, err := d.Run(context.Background())
	var oe *OtherGameError
	if !errors.As(err, &oe) || err.Error() != "results "+path+" line 1: a game of race, not of duel: a results file holds the games of one game (arena tournament report refuses to merge two); use another --results file" {
		t.Fatalf("got %v, want the file refused as another game's", err)
	}
	if n := len(readLines(t, path)); n != 2 {
		t.Errorf("%d lines after the refusal, want 2", n)
	}
	if _, err := ReadAndMerge([]string{path}, nil); err != nil {
		t.Errorf("the file no longer reports: %v", err)
	}
}

// "No cap on a game" is recorded as the runner's -1ns; a refusal says "none".
func TestSetupSaysNoGameTimeout(t *testing.T) {
	r := newRunner(duelGame, 2, shBot(t, "a", 5), shBot(t, "b", 1))
	r.Base.GameTimeout = 15 * time.Minute
	before := r.setup()
	r.Base.GameTimeout = -1
	if d := before.Diff(r.setup()); d != "game timeout: 15m0s then, none now" {
		t.Errorf("diff %q, want the game timeout as none", d)
	}
}

// A session game's --turn-timeout changes its games, so it is part of the setup that
// results are recorded with.
func TestTurnTimeoutIsPartOfTheSetup(t *testing.T) {
	r := newRunner(duelGame, 2, shBot(t, "a", 5), shBot(t, "b", 1))
	before := r.setup()
	r.Base.TurnTimeout = 200 * time.Millisecond
	if d := before.Diff(r.setup()); d != "turn timeout: none then, 200ms now" {
		t.Errorf("diff %q, want the turn timeout named", d)
	}
}

func TestErrorsPerBotWithSeeds(t *testing.T) {
	r := newRunner(duelGame, 20, numBot(t, "crashy", "base=3", "crash=3"), numBot(t, "slow", "base=3", "slow=4"))
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range res.Summary.Bots {
		status := map[string]referee.Status{"crashy": referee.StatusCrash, "slow": referee.StatusTimeout}[b.Name]
		incidents := b.Errors[status]
		if len(incidents) == 0 {
			t.Errorf("%s: no %s recorded: %+v", b.Name, status, b.Errors)
		}
		div := map[string]int64{"crashy": 3, "slow": 4}[b.Name]
		for _, inc := range incidents {
			if inc.Seed%div != 0 {
				t.Errorf("%s: %s on seed %d, which is not a multiple of %d", b.Name, status, inc.Seed, div)
			}
		}
	}
	var out bytes.Buffer
	if err := WriteSummary(&out, res.Summary, "table"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "crashy crash ×") || !strings.Contains(out.String(), "slow timeout ×") {
		t.Errorf("table lacks the incidents:\n%s", out.String())
	}
}

func TestReplaysAndPin(t *testing.T) {
	dir := t.TempDir()
	r := newRunner(duelGame, 2, shBot(t, "a", 5), shBot(t, "b", 1))
	r.ReplayDir = filepath.Join(dir, "replays")
	r.Pin = true
	var mu sync.Mutex
	var notes []string
	r.Notify = func(s string) { mu.Lock(); notes = append(notes, s); mu.Unlock() }
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(r.ReplayDir, "duel-r0000-s*-b*.json.gz"))
	if len(files) != 2 || res.Played != 2 {
		t.Errorf("replays %v after %d games, notes %v", files, res.Played, notes)
	}
	// Written while their games were played, which left their frames to the files.
	for _, f := range files {
		rep, err := replays.Read(f)
		if err == nil {
			err = replays.Verify(rep)
		}
		if err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestFormats(t *testing.T) {
	r := newRunner(duelGame, 4, shBot(t, "a", 5), shBot(t, "b", 1))
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var js, csv bytes.Buffer
	if err := WriteSummary(&js, res.Summary, "json"); err != nil {
		t.Fatal(err)
	}
	// a wins everything: an infinite Elo must still be valid JSON.
	if !strings.Contains(js.String(), `"elo": "inf"`) {
		t.Errorf("json:\n%s", js.String())
	}
	if err := WriteSummary(&csv, res.Summary, "csv"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "bot,games,wins") || !strings.HasPrefix(lines[1], "a,4,4,0,0,") {
		t.Errorf("csv:\n%s", csv.String())
	}
	if err := WriteSummary(&csv, res.Summary, "xml"); err == nil {
		t.Error("unknown format accepted")
	}
	// The weaker bot first on the command line: the CSV lists the bots as the table does,
	// best first; the JSON in the command line's order.
	r = newRunner(duelGame, 4, shBot(t, "b", 1), shBot(t, "a", 5))
	if res, err = r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	csv.Reset()
	js.Reset()
	WriteSummary(&csv, res.Summary, "csv")
	WriteSummary(&table, res.Summary, "table")
	WriteSummary(&js, res.Summary, "json")
	lines = strings.Split(strings.TrimSpace(csv.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "a,") || !strings.HasPrefix(lines[2], "b,") || !strings.Contains(table.String(), "1  a") {
		t.Errorf("csv not in the table's order:\n%s\n%s", csv.String(), table.String())
	}
	if strings.Index(js.String(), `"name": "b"`) > strings.Index(js.String(), `"name": "a"`) {
		t.Errorf("json bots not in the command line's order:\n%s", js.String())
	}
}

// Two bots that each win every game from seat 0 score exactly 50%: their Elo is 0, written
// 0 and not -0 (the logistic formula and the second bot's negated half give negative zeros).
func TestEvenScoreIsZeroEloNotNegativeZero(t *testing.T) {
	r := newRunner(duelGame, 4, shBot(t, "a", 1), shBot(t, "b", 1))
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if p := res.Summary.Pair; p == nil || p.Wins != 2 || p.Losses != 2 {
		t.Fatalf("pair %+v: want 2 wins and 2 losses", p)
	}
	var js, csv bytes.Buffer
	if err := WriteSummary(&js, res.Summary, "json"); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(js.String(), `"elo": 0,`); n != 3 || strings.Contains(js.String(), "-0,") {
		t.Errorf("json has %d Elo of 0, want 3 (both bots and the pair) and no -0:\n%s", n, js.String())
	}
	if err := WriteSummary(&csv, res.Summary, "csv"); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(csv.String()), "\n")[1:] {
		if fields := strings.Split(line, ","); fields[8] != "0" {
			t.Errorf("csv rating %q, want 0:\n%s", fields[8], csv.String())
		}
	}
}

func BenchmarkTournamentShBots(b *testing.B) {
	r := newRunner(duelGame, 20, shBot(b, "a", 5), shBot(b, "b", 1))
	for b.Loop() {
		if _, err := r.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// A report over results of two games names the line of each, whether they are in one file
// or in two.
func TestMergeOfDifferentGamesNamesTheLines(t *testing.T) {
	dir := t.TempDir()
	line := func(game string, seed int) string {
		rec := Record{Format: RecordFormat, Game: game, MasterSeed: 1, Pairing: []string{"a", "b"}, Seed: int64(seed), Order: []int{0, 1},
			Seats: []Seat{{Bot: "a", Rank: 1, Status: referee.StatusOK}, {Bot: "b", Rank: 2, Status: referee.StatusOK}}}
		b, err := rec.encode()
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	one := filepath.Join(dir, "one.jsonl")
	other := filepath.Join(dir, "other.jsonl")
	if err := os.WriteFile(one, []byte(line("queens", 1)+line("queens", 2)+line("flags", 3)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, []byte("\n"+line("towers", 4)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		paths []string
		want  string
	}{
		{[]string{one}, "results " + one + " line 3: a game of flags, but " + one + " line 1 is a game of queens"},
		{[]string{other, one}, "results " + one + " line 1: a game of queens, but " + other + " line 2 is a game of towers"},
	} {
		_, err := ReadAndMerge(c.paths, nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadAndMerge(%v): %v, want an error with %q", c.paths, err, c.want)
		}
	}
}

// Files without a game are a report of nothing: an error naming them, not a summary
// (a script writing the report to a file would keep "no games recorded" as the report).
// Among files that have games, an empty one is a note.
func TestMergeOfNoGamesIsAnError(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.jsonl")
	torn := filepath.Join(dir, "torn.jsonl")
	full := filepath.Join(dir, "full.jsonl")
	rec := Record{Format: RecordFormat, Game: "queens", MasterSeed: 1, Pairing: []string{"a", "b"}, Seed: 1, Order: []int{0, 1},
		Seats: []Seat{{Bot: "a", Rank: 1, Status: referee.StatusOK}, {Bot: "b", Rank: 2, Status: referee.StatusOK}}}
	line, err := rec.encode()
	if err != nil {
		t.Fatal(err)
	}
	for path, content := range map[string]string{empty: "", torn: `{"format":"arena-tournament/1","ga`, full: string(line)} {
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := ReadAndMerge([]string{empty, torn}, nil)
	if want := "results " + empty + ", " + torn + ": no games recorded"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("no games: %v, want an error with %q", err, want)
	}
	if m == nil || len(m.Notes) != 1 || !strings.Contains(m.Notes[0], "torn last line") {
		t.Errorf("no games: notes %v, want the torn line's alone", m)
	}
	m, err = ReadAndMerge([]string{empty, full}, nil)
	if err != nil || m.Summary.Games != 1 || len(m.Notes) != 1 || m.Notes[0] != "results "+empty+": no games recorded" {
		t.Errorf("one empty file among others: %v, %+v", err, m)
	}
}

// A results path that names another file by mistake (a replay, notes) is refused as it
// is: a last line without a line end is cut only when it can be the start of a record.
func TestOtherFileAsResultsIsNotCut(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"notes.txt":      "my notes\nthe last line, with no line end",
		"one-line.txt":   "one line with no line end",
		"replay.json.gz": "\x1f\x8b\x08\x00\x00\x00\x00\x00\n\x00\xff binary, the last line torn",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if f, _, _, err := OpenResults(path); err == nil {
			f.Close()
			t.Errorf("%s: opened as a results file", name)
		} else if !strings.Contains(err.Error(), "results "+path+": line ") {
			t.Errorf("%s: %v; want the file and the line named", name, err)
		}
		if _, _, err := ReadResults(path); err == nil {
			t.Errorf("%s: read as a results file", name)
		}
		if after, _ := os.ReadFile(path); string(after) != content {
			t.Errorf("%s changed: %q", name, after)
		}
	}
}

// A replay named for a results file (they sit side by side, r.json and r.jsonl) is said to
// be a replay, compressed or not, by a report and by a run, and left as it is; a results
// file with a bad line further down is still a results file with a bad line.
func TestReplayAsResultsSaysSo(t *testing.T) {
	dir := t.TempDir()
	replay := &replays.Replay{Format: replays.Format, Game: "queens", Seed: 7, Options: map[string]string{},
		Players: []replays.Player{{Name: "a", Command: "a"}, {Name: "b", Command: "b"}}, Turns: []replays.Turn{{}}}
	for _, name := range []string{"r.json", "r.json.gz"} {
		if err := replays.Write(filepath.Join(dir, name), replay); err != nil {
			t.Fatal(err)
		}
	}
	indented, err := json.MarshalIndent(replay, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	noFormat := bytes.Replace(indented, []byte(`"format": "arena-replay/1",`), nil, 1)
	rec := Record{Format: RecordFormat, Game: "queens", MasterSeed: 1, Pairing: []string{"a", "b"}, Seed: 1, Order: []int{0, 1}, Turns: 3,
		Seats: []Seat{{Bot: "a", Rank: 1, Status: referee.StatusOK}, {Bot: "b", Rank: 2, Status: referee.StatusOK}}}
	line, err := rec.encode()
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string][]byte{
		"indented.json":  indented,
		"no-format.json": noFormat,
		"bad-line.jsonl": append(line, "{}\n"...),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct{ name, want string }{
		{"r.json", "r.json is a replay, not a tournament results file (arena replay show and arena replay verify read replays)"},
		{"r.json.gz", "r.json.gz is a replay, not a tournament results file"},
		{"indented.json", "indented.json is a replay, not a tournament results file"},
		{"no-format.json", "no-format.json is a replay, not a tournament results file"},
		{"bad-line.jsonl", "bad-line.jsonl: line 2: "},
	} {
		path := filepath.Join(dir, c.name)
		before, _ := os.ReadFile(path)
		if _, _, err := ReadResults(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadResults(%s): %v, want an error with %q", c.name, err, c.want)
		}
		if f, _, _, err := OpenResults(path); err == nil {
			f.Close()
			t.Errorf("OpenResults(%s): opened", c.name)
		} else if !strings.Contains(err.Error(), c.want) {
			t.Errorf("OpenResults(%s): %v, want an error with %q", c.name, err, c.want)
		}
		if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
			t.Errorf("%s changed", c.name)
		}
	}
}

// A line that does not decode names its field and the JSON found there, not the Go type
// it was read into ("Go struct field Record.game of type string").
func TestBadLineNamesTheField(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ line, want string }{
		{`{"format":"arena-tournament/1","game":5}`, "line 1: field game: want a string, got JSON number"},
		{`{"format":"arena-tournament/1","seats":{}}`, "line 1: field seats: want an array, got JSON object"},
		{`{"format":"arena-tournament/1",}`, "line 1: not a result line: not valid JSON at column 32: "},
		// A seat's field names the seat, as Validate's errors do (the decoder says seats.rank).
		{`{"format":"arena-tournament/1","seats":[{"bot":"a","rank":1},{"bot":"b","rank":"2"}]}`, "line 1: field seats[1].rank: want a whole number, got JSON string"},
		{`{"format":"arena-tournament/1","seats":[{"bot":"a","timing":{"max_ms":"1"}},{"bot":"b"}]}`, "line 1: field seats[0].timing.max_ms: want a number, got JSON string"},
	} {
		path := filepath.Join(dir, "r.jsonl")
		if err := os.WriteFile(path, []byte(c.line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := ReadResults(path)
		if err == nil || !strings.HasPrefix(err.Error(), "results "+path+": "+c.want) || strings.Contains(err.Error(), "Go struct") {
			t.Errorf("%s: got %v, want %q", c.line, err, c.want)
		}
	}
}

// A record's status, round and winner are checked against what arena writes: an unknown
// status would be listed among the errors as one, and a winner the ranks contradict tells
// another game than the one the statistics count.
func TestRecordStatusRoundAndWinner(t *testing.T) {
	good := func() Record {
		return Record{Format: RecordFormat, Game: "duel", Pairing: []string{"a", "b"}, Order: []int{0, 1}, Winner: 0,
			Seats: []Seat{{Bot: "a", Rank: 1, Status: referee.StatusOK}, {Bot: "b", Rank: 2, Status: referee.StatusCrash}}}
	}
	for _, c := range []struct {
		name string
		edit func(*Record)
		err  string
	}{
		{"as arena writes it", func(*Record) {}, ""},
		{"a draw", func(r *Record) { r.Seats[1].Rank, r.Winner = 1, -1 }, ""},
		{"an unknown status", func(r *Record) { r.Seats[1].Status = "lost" }, `field seats[1].status: "lost" is not a status (want ok, timeout, invalid, crash or limit)`},
		{"no status", func(r *Record) { r.Seats[0].Status = "" }, `field seats[0].status: "" is not a status (want ok, timeout, invalid, crash or limit)`},
		{"a negative round", func(r *Record) { r.Round = -4 }, "field round: -4 (want 0 or more)"},
		{"the loser as winner", func(r *Record) { r.Winner = 1 }, "field winner: 1, but the ranks make seat 0 the winner"},
		{"a draw with a winner", func(r *Record) { r.Seats[1].Rank = 1 }, "field winner: 0, but the ranks make it a draw (-1: first place shared)"},
		{"a win called a draw", func(r *Record) { r.Winner = -1 }, "field winner: -1, but the ranks make seat 0 the winner"},
	} {
		rec := good()
		c.edit(&rec)
		err := rec.Validate()
		if got := fmt.Sprint(err); c.err == "" && err != nil || c.err != "" && got != c.err {
			t.Errorf("%s: %v, want %q", c.name, err, c.err)
		}
	}
}

// A seat's timing that contradicts itself is refused, naming the field: a first or later
// answer slower than the slowest of all.
func TestRecordTimingMustAgree(t *testing.T) {
	rec := Record{Format: RecordFormat, Game: "duel", Pairing: []string{"a", "b"}, Order: []int{0, 1}, Winner: 0,
		Seats: []Seat{{Bot: "a", Rank: 1, Status: referee.StatusOK}, {Bot: "b", Rank: 2, Status: referee.StatusOK}}}
	for _, c := range []struct {
		timing SeatTiming
		err    string
	}{
		{SeatTiming{MaxMS: 40, FirstMS: 40, LaterMaxMS: 3}, ""},
		{SeatTiming{MaxMS: 40}, ""}, // a record of an arena before the split
		{SeatTiming{MaxMS: 40, FirstMS: 41, LaterMaxMS: 3}, "field seats[1].timing: the first answer (41 ms) or the slowest later one (3 ms) slower than the slowest of all (40 ms)"},
		{SeatTiming{MaxMS: 40, FirstMS: 2, LaterMaxMS: 40.5}, "field seats[1].timing: the first answer (2 ms) or the slowest later one (40.5 ms) slower than the slowest of all (40 ms)"},
	} {
		rec.Seats[1].Timing = &c.timing
		err := rec.Validate()
		if got := fmt.Sprint(err); c.err == "" && err != nil || c.err != "" && got != c.err {
			t.Errorf("%+v: %v, want %q", c.timing, err, c.err)
		}
	}
}

// A run and a report of its results file say the same, to the last bit: the fit does not
// depend on the order the bots are listed in, and a round robin's report lists them in
// the run's order (its first pairing in the file's order is not the run's first). In a
// gauntlet, whose pairings do not tell the others' order, the numbers are the same.
func TestReportSaysWhatTheRunSaid(t *testing.T) {
	for _, gauntlet := range []bool{false, true} {
		dir := t.TempDir()
		r := newRunner(duelGame, 6, numBot(t, "mid", "base=2", "spread=4"), numBot(t, "top", "base=5", "spread=4"), numBot(t, "low", "base=0", "spread=4"), numBot(t, "alt", "base=2", "spread=4"))
		r.Plan.Gauntlet = gauntlet
		r.ResultsPath = filepath.Join(dir, "r.jsonl")
		res, err := r.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		m, err := ReadAndMerge([]string{r.ResultsPath}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !gauntlet {
			var run, report bytes.Buffer
			if err := WriteSummary(&run, res.Summary, "json"); err != nil {
				t.Fatal(err)
			}
			if err := WriteSummary(&report, m.Summary, "json"); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(run.String(), report.String()); d != "" {
				t.Errorf("round robin: the report differs from the run (-run +report):\n%s", d)
			}
			continue
		}
		ratings := map[string]Rating{}
		for _, b := range res.Summary.Bots {
			ratings[b.Name] = *b.Rating
		}
		for _, b := range m.Summary.Bots {
			if *b.Rating != ratings[b.Name] {
				t.Errorf("gauntlet: %s rated %+v by the report, %+v by the run", b.Name, *b.Rating, ratings[b.Name])
			}
		}
	}
}

// With more than one group, an error names the game's bots in seat order beside its seed
// and seat (the seed alone no longer says which game it was), in JSON and in the table.
func TestErrorsNameTheirGame(t *testing.T) {
	r := newRunner(duelGame, 4, numBot(t, "crashy", "base=3", "crash=1"), numBot(t, "b", "base=1"), numBot(t, "c", "base=2"))
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var crashy BotStats
	for _, b := range res.Summary.Bots {
		if b.Name == "crashy" {
			crashy = b
		}
	}
	opponents := map[string]int{}
	for _, inc := range crashy.Errors[referee.StatusCrash] {
		if len(inc.Seats) != 2 || inc.Seats[inc.Seat] != "crashy" {
			t.Fatalf("incident %+v: want the game's two bots, crashy in seat %d", inc, inc.Seat)
		}
		opponents[inc.Seats[1-inc.Seat]]++
	}
	if opponents["b"] == 0 || opponents["c"] == 0 {
		t.Errorf("crashes against %v, want some against each of b and c", opponents)
	}
	var out bytes.Buffer
	if err := WriteSummary(&out, res.Summary, "table"); err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`crashy crash ×\d+: \d+/[01] \((crashy \| [bc]|[bc] \| crashy)\)`).MatchString(out.String()) {
		t.Errorf("table: want each crash with its game's bots:\n%s", out.String())
	}
}

// A bot's response-time health goes from each game's replay into its record and is summed
// per bot: the answers it gave over the limit without losing (here drawn on a time bank),
// those near the limit and the slowest. A bank of 5 s covers the 1 s by which the slow bot
// is late on the first turn after its first answer (it sleeps 1.5 s against 500 ms).
func TestResponseTimesPerBot(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.jsonl")
	r := newRunner(duelGame, 4, numBot(t, "late", "base=3", "slow=1"), numBot(t, "prompt", "base=3"))
	r.Base.Timing = match.Timing{Kind: "bank", Bank: 5 * time.Second}
	r.ResultsPath = path
	res, err := r.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range readLines(t, path) {
		for _, st := range rec.Seats {
			if st.Status != referee.StatusOK {
				t.Fatalf("seed %d: %s %s %s: the bank should have covered it", rec.Seed, st.Bot, st.Status, st.Message)
			}
			if st.Timing == nil || st.Timing.MaxMS <= 0 {
				t.Errorf("seed %d: %s: timing %+v in the record, want the game's", rec.Seed, st.Bot, st.Timing)
			}
		}
	}
	got := map[string]*BotTiming{}
	for _, b := range res.Summary.Bots {
		got[b.Name] = b.Timing
	}
	late, prompt := got["late"], got["prompt"]
	if late == nil || late.Games != 4 || late.OverLimit != 4 || late.NearLimit < 4 || late.MaxMS < 1500 || late.LaterMaxMS != late.MaxMS || late.FirstMaxMS >= 500 {
		t.Errorf("late: %+v, want 4 games, each with an answer over the limit drawn on the bank, the slowest 1500 ms or more, after a prompt first answer", late)
	}
	if prompt == nil || prompt.Games != 4 || prompt.OverLimit != 0 {
		t.Errorf("prompt: %+v, want 4 games with no answer over the limit", prompt)
	}
	var table, csv bytes.Buffer
	WriteSummary(&table, res.Summary, "table")
	WriteSummary(&csv, res.Summary, "csv")
	// The slowest answer is a later turn's, shown apart from the first (the bot's start).
	if !regexp.MustCompile(`(?m)^  late\s+\d{1,3}(\.\d+)? ms\s+1[5-9]\d\d(\.\d+)? ms\s+\d+\s+4\s+0$`).MatchString(table.String()) {
		t.Errorf("the table's response times do not show late's slow later answers and its 4 answers over the limit:\n%s", table.String())
	}
	lines := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if !strings.HasSuffix(lines[0], ",timed_games,slowest_ms,near_limit,over_limit,soft_compute,delayed_turns,slowest_first_ms,slowest_later_ms") {
		t.Errorf("csv header %q", lines[0])
	}
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "late,") && !regexp.MustCompile(`,4,(1[5-9]\d\d(\.\d+)?),\d+,4,0,0,\d{1,3}(\.\d+)?,(1[5-9]\d\d(\.\d+)?)$`).MatchString(l) {
			t.Errorf("csv row %q", l)
		}
	}
}

// A bot whose answers the machine slowed is named in a note: a tournament run with more
// jobs than CPUs measures the machine as much as the bots.
func TestDelayedAnswersAreNoted(t *testing.T) {
	seat := func(bot string, rank int, timing *SeatTiming) Seat {
		return Seat{Bot: bot, Rank: rank, Status: referee.StatusOK, Timing: timing}
	}
	recs := []Record{
		{Seed: 1, Seats: []Seat{seat("a", 1, &SeatTiming{MaxMS: 12, FirstMS: 12, LaterMaxMS: 9, NearLimit: 1, Delayed: 2}), seat("b", 2, nil)}, Winner: 0},
		{Seed: 2, Seats: []Seat{seat("a", 1, &SeatTiming{MaxMS: 30.5, FirstMS: 8, LaterMaxMS: 30.5, Delayed: 1, SoftCompute: 3}), seat("b", 2, &SeatTiming{MaxMS: 2})}, Winner: 0},
	}
	s := Summarize("duel", []string{"a", "b"}, recs, nil)
	want := &BotTiming{Games: 2, MaxMS: 30.5, FirstMaxMS: 12, LaterMaxMS: 30.5, NearLimit: 1, SoftCompute: 3, Delayed: 3}
	if diff := cmp.Diff(want, s.Bots[0].Timing); diff != "" {
		t.Errorf("a's timing (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(&BotTiming{Games: 1, MaxMS: 2, Unsplit: 1}, s.Bots[1].Timing); diff != "" {
		t.Errorf("b's timing, one game measured (-want +got):\n%s", diff)
	}
	if !slices.ContainsFunc(s.Notes, func(n string) bool {
		return strings.HasPrefix(n, "a: 3 answers slowed by the machine (the bot waited for a CPU): fewer games at once")
	}) {
		t.Errorf("notes %q do not name a's delayed answers", s.Notes)
	}
	var table bytes.Buffer
	WriteSummary(&table, s, "table")
	// b's sums are over one game of two (the other's record has no timing, as those of an
	// arena before these counts): the table says over how many games each bot's are. Its
	// measured game's record gives only the slowest answer, which the table shows.
	if !strings.Contains(table.String(), "over soft compute") || !regexp.MustCompile(`(?m)^  a\s+2 of 2\s+30\.5 ms\s+12 ms\s+30\.5 ms\s+1\s+0\s+3\s+3$`).MatchString(table.String()) ||
		!regexp.MustCompile(`(?m)^  b\s+1 of 2\s+2 ms\s+-\s+-\s+0\s+0\s+0\s+0$`).MatchString(table.String()) {
		t.Errorf("table:\n%s", table.String())
	}
}

// Results of an arena before the first answer was kept apart give only each seat's slowest
// answer. Read with newer ones, the slowest first and later answers are over the newer
// records alone: the table shows the slowest answer of every measured game beside them, so
// that one of an older game is not lost. Without such records it is not shown.
func TestSlowestAnswerOfOlderRecordsIsShown(t *testing.T) {
	seat := func(bot string, rank int, timing *SeatTiming) Seat {
		return Seat{Bot: bot, Rank: rank, Status: referee.StatusOK, Timing: timing}
	}
	older := Record{Seed: 1, Winner: 0, Seats: []Seat{
		seat("a", 1, &SeatTiming{MaxMS: 1500.5, NearLimit: 1}), seat("b", 2, &SeatTiming{MaxMS: 3})}}
	newer := Record{Seed: 2, Winner: 0, Seats: []Seat{
		seat("a", 1, &SeatTiming{MaxMS: 4, FirstMS: 4, LaterMaxMS: 0.5}), seat("b", 2, &SeatTiming{MaxMS: 2, FirstMS: 2, LaterMaxMS: 1})}}
	for _, c := range []struct {
		name string
		recs []Record
		rows []string // the bots' rows of the response times
	}{
		{"mixed", []Record{older, newer}, []string{
			`(?m)^  bot\s+slowest\s+slowest first\s+slowest later\s+near limit`,
			`(?m)^  a\s+1500\.5 ms\s+4 ms\s+0\.5 ms\s+1\s+0\s+0$`,
			`(?m)^  b\s+3 ms\s+2 ms\s+1 ms\s+0\s+0\s+0$`,
		}},
		{"older only", []Record{older}, []string{
			`(?m)^  a\s+1500\.5 ms\s+-\s+-\s+1\s+0\s+0$`,
			`(?m)^  b\s+3 ms\s+-\s+-\s+0\s+0\s+0$`,
		}},
		{"newer only", []Record{newer}, []string{
			`(?m)^  bot\s+slowest first\s+slowest later\s+near limit`,
			`(?m)^  a\s+4 ms\s+0\.5 ms\s+0\s+0\s+0$`,
		}},
	} {
		var table bytes.Buffer
		WriteSummary(&table, Summarize("duel", []string{"a", "b"}, c.recs, nil), "table")
		for _, row := range c.rows {
			if !regexp.MustCompile(row).MatchString(table.String()) {
				t.Errorf("%s: no row matching %s in the table:\n%s", c.name, row, table.String())
			}
		}
	}
}
