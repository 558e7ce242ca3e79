package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/tournament"
)

// tournamentFlags are the flags of `arena tournament` besides the game flags.
type tournamentFlags struct {
	games        int
	parallel     int
	seed         int64
	results      string
	replays      string
	format       string
	gauntlet     bool
	group        int
	sprt         string
	pin          bool
	shard        string
	allowChanged bool
	noProgress   bool
}

func newTournamentCmd() *cobra.Command {
	var gf gameFlags
	var tf tournamentFlags
	cmd := &cobra.Command{
		Use:   "tournament --game GAME [flags] BOT BOT [BOT...]",
		Short: "Play many games between bots and tell a real improvement from noise",
		Long: `Play a tournament: every pairing of bots plays the same seeds, each seed in
every seat order, in parallel, and the statistics say how sure the result is.

Bots are as in arena run. Two-player games pair the bots two by two (round-robin,
or the first bot against each other one with --gauntlet). N-player games put up
to the game's maximum number of bots in each game (--group to choose fewer), one
group per combination of bots.

Each seed is played in every seat order (all orders up to 3 players, the cyclic
rotations beyond), and the statistics count the orders of one seed as one unit.

With --results FILE every finished game is appended to FILE (one JSON line,
synced to disk); running the same command again plays only the missing games.
--shard I/N plays a deterministic part of the games, for many machines; merge
the results files with arena tournament report.`,
		Example: `  arena tournament --game=queens builtin:greedy builtin:random --games 20 --results r.jsonl
  arena tournament --game=queens "python3 new.py" "python3 old.py" --sprt 0,10 --games 2000 --results r.jsonl
  arena tournament --game=agrid ./a ./b ./c ./d --games 40 --parallel 3
  arena tournament --game=queens ./a ./b --games 1000 --shard 2/4 --results r2.jsonl
  arena tournament report r1.jsonl r2.jsonl r3.jsonl r4.jsonl`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runTournament(cmd, &gf, &tf, args)
		},
	}
	gf.register(cmd)
	f := cmd.Flags()
	f.IntVar(&tf.games, "games", 20, "games per pairing (rounded up to whole seeds: every seed is played in every seat order)")
	f.IntVar(&tf.parallel, "parallel", tournament.DefaultParallel(), "games played at once (physical cores − 1, at least 1)")
	f.Int64Var(&tf.seed, "seed", 0, "master seed: the games' seeds derive from it (default: the results file's, else random)")
	f.StringVar(&tf.results, "results", "", "append results to this file (JSON lines) and resume from it")
	f.StringVar(&tf.replays, "replays", "", "write a replay of every game into this directory")
	f.StringVar(&tf.format, "format", "table", "output format: "+strings.Join(tournament.Formats, ", "))
	f.BoolVar(&tf.gauntlet, "gauntlet", false, "play the first bot against each of the others instead of everyone against everyone")
	f.IntVar(&tf.group, "group", 0, "bots per game for N-player games (default: all bots, up to the game's maximum)")
	f.StringVar(&tf.sprt, "sprt", "", "ELO0,ELO1[,ALPHA,BETA]: stop as soon as this sequential test decides (two bots)")
	f.BoolVar(&tf.pin, "pin", false, "pin each running game's bots to one CPU")
	f.StringVar(&tf.shard, "shard", "", "I/N: play only shard I of N of the games (for many machines)")
	f.BoolVar(&tf.allowChanged, "allow-changed", false, "resume even if a bot or the settings changed since the recorded games")
	f.BoolVar(&tf.noProgress, "no-progress", false, "do not show progress on stderr")
	cmd.AddCommand(newTournamentReportCmd())
	return cmd
}

func runTournament(cmd *cobra.Command, gf *gameFlags, tf *tournamentFlags, args []string) error {
	if len(args) < 2 {
		return usageErr("a tournament needs at least 2 bots, got %d (see arena tournament --help)", len(args))
	}
	if !slices.Contains(tournament.Formats, tf.format) {
		return usageErr("--format %q: want one of %s", tf.format, strings.Join(tournament.Formats, ", "))
	}
	if tf.parallel < 1 {
		return usageErr("--parallel %d: want at least 1", tf.parallel)
	}
	if tf.games < 1 || tf.games > tournament.MaxGamesPerPairing {
		return usageErr("--games %d: want 1 to %d", tf.games, tournament.MaxGamesPerPairing)
	}
	if cmd.Flags().Changed("group") && tf.group < 1 {
		// 0 is the flag's "not given" inside arena, not a size anyone asks for.
		return usageErr("--group %d: want at least 1 (leave it out for the default)", tf.group)
	}
	game, opts, files, bots, err := resolveTournamentBots(gf, args)
	if err != nil {
		return err
	}
	info := game.Info()
	stderr := cmd.ErrOrStderr()

	plan := tournament.Plan{
		Game: info.Name, MinPlayers: info.MinPlayers, MaxPlayers: info.MaxPlayers,
		GroupSize: tf.group, Gauntlet: tf.gauntlet, GamesPerPairing: tf.games, MasterSeed: tf.seed,
	}
	for _, b := range bots {
		plan.Bots = append(plan.Bots, b.Name)
	}
	if tf.shard != "" {
		if plan.Shard, err = tournament.ParseShard(tf.shard); err != nil {
			return usageErr("%v", err) // the error names the flag and its value
		}
	}
	var sprt *tournament.SPRT
	if tf.sprt != "" {
		t, err := tournament.ParseSPRT(tf.sprt)
		if err != nil {
			return usageErr("%v", err) // the error names the flag and its value
		}
		// A usage error, refused before the plan is announced, and before --shard's need
		// of --seed: adding --seed would not make the SPRT run in a shard.
		if err := tournament.CheckSPRT(len(bots), plan.Shard); err != nil {
			return usageErr("--sprt: %v", err)
		}
		sprt = &t
	}
	if !cmd.Flags().Changed("seed") {
		var recorded bool
		plan.MasterSeed, recorded, err = masterSeed(tf.results, stderr)
		if err != nil {
			return err
		}
		if plan.Shard.Count > 1 && !recorded {
			return usageErr("--shard needs --seed: every shard must play the seeds of the same master seed")
		}
	}
	if err := plan.Check(); err != nil {
		return usageErr("%v", err)
	}
	// A bad option or map is refused now, before any game or the results file.
	if err := match.CheckGame(game, plan.GroupSize, opts, files); err != nil {
		return fileContentError(info, err)
	}
	if st, err := os.Stat(tf.replays); tf.replays != "" && err == nil && !st.IsDir() {
		// Refused before anything is said of the tournament, as arena run refuses a
		// replay path it cannot write before any bot starts.
		return fmt.Errorf("--replays %s: not a directory", tf.replays)
	}
	if cores := tournament.UsableCores(); tf.parallel > cores {
		fmt.Fprintf(stderr, "arena: warning: --parallel %d is more than the %s: games will compete for CPU and bots may time out (consider --time-scale or fewer games at once)\n", tf.parallel, count(cores, "physical core"))
	}
	orders := len(tournament.SeatOrders(plan.GroupSize))
	if tf.games%orders != 0 {
		fmt.Fprintf(stderr, "arena: --games %d rounded up to %d per pairing: each seed is played in all %d seat orders\n", tf.games, plan.Rounds()*orders, orders)
	}
	fmt.Fprintf(stderr, "arena: %s, %d bots, %s of %d, %s × %d seat orders, master seed %d, shard %s: %s, %d at once\n",
		info.Name, len(bots), count(len(plan.Pairings()), "pairing"), plan.GroupSize, count(plan.Rounds(), "seed"), orders,
		plan.MasterSeed, plan.Shard, count(plan.Scheduled(), "game"), tf.parallel)

	base := match.Config{Options: opts, Files: files, Log: logger()}
	gf.apply(&base)
	runner := &tournament.Runner{
		Plan: plan, Game: game, Bots: bots, Base: base,
		Parallel: tf.parallel, Pin: tf.pin, ResultsPath: tf.results, ReplayDir: tf.replays,
		SPRT: sprt, AllowChanged: tf.allowChanged,
		Notify: func(msg string) { fmt.Fprintln(terminal{stderr}, "arena:", msg) }, // may quote a bot
	}
	var progress *tournament.ProgressPrinter
	if !tf.noProgress {
		progress = tournament.NewProgressPrinter(stderr, isTerminal(stderr), 10*time.Second)
		if f, ok := fileOf(stderr); ok {
			progress.Width = tournament.TerminalWidth(f)
		}
		runner.Progress = progress.Update
	}
	ctx, stop := interruptible()
	defer stop()
	res, err := runner.Run(ctx)
	if progress != nil {
		progress.Close()
	}
	if err != nil {
		var changed *tournament.ChangedError
		var otherGame *tournament.OtherGameError
		if errors.As(err, &changed) || errors.As(err, &otherGame) {
			return &exitError{code: 2, err: err}
		}
		return err
	}
	if err := tournament.WriteSummary(summaryOut(cmd, tf.format), res.Summary, tf.format); err != nil {
		return err
	}
	speed := ""
	if res.Played > 0 {
		speed = fmt.Sprintf(" (%.2f games/s)", float64(res.Played)/res.Elapsed.Seconds())
	}
	fmt.Fprintf(stderr, "arena: played %s in %s%s; %d were recorded before; %d of %d scheduled games recorded\n",
		tournament.Games(res.Played), tournament.FormatDuration(res.Elapsed), speed, res.Recorded, res.Recorded+res.Played, res.Scheduled)
	switch {
	case res.Decided != "":
		fmt.Fprintf(stderr, "arena: the SPRT decided (%s): stopped\n", res.Decided)
	case res.Interrupted:
		again := "run the same command again to finish"
		if tf.results == "" {
			again = "use --results FILE to be able to resume"
		}
		return &exitError{code: 130, err: fmt.Errorf("interrupted: %d of %s recorded; %s", res.Recorded+res.Played, count(res.Scheduled, "game"), again)}
	}
	return nil
}

// resolveTournamentBots resolves the game and the bots with the same code as arena run.
// gameFlags.resolve checks the number of bots against the game's player count, which a
// tournament may exceed: it gets as many bots as one game takes, the rest go through
// botPlayer one by one.
func resolveTournamentBots(gf *gameFlags, args []string) (referee.Game, map[string]string, map[string][]byte, []tournament.Bot, error) {
	first := len(args)
	if g, err := referee.Lookup(gf.game); err == nil && first > g.Info().MaxPlayers {
		first = g.Info().MaxPlayers
	}
	game, opts, files, players, err := gf.resolve(args[:first])
	if err != nil {
		return nil, nil, nil, nil, err
	}
	for _, arg := range args[first:] {
		p, err := botPlayer(game.Info().Name, arg)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		players = append(players, loggingIn(p, opts))
	}
	// The same bot twice (self-play, to measure the seat advantage) needs distinct names.
	seen := map[string]int{}
	var bots []tournament.Bot
	for _, p := range players {
		seen[p.Name]++
		if n := seen[p.Name]; n > 1 {
			p.Name = fmt.Sprintf("%s #%d", p.Name, n)
		}
		hash, err := tournament.HashPlayer(p)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		bots = append(bots, tournament.Bot{Name: p.Name, Player: p, Hash: hash})
	}
	return game, opts, files, bots, nil
}

// masterSeed picks the master seed when --seed is not given: the one recorded in the
// results file, so that a resumed run plays the same seeds, else a new random one.
func masterSeed(results string, stderr io.Writer) (seed int64, recorded bool, err error) {
	if results != "" {
		recs, _, err := tournament.ReadResults(results)
		switch {
		case err == nil && len(recs) > 0:
			fmt.Fprintf(stderr, "arena: master seed %d, from %s\n", recs[0].MasterSeed, results)
			return recs[0].MasterSeed, true, nil
		case err != nil && !errors.Is(err, os.ErrNotExist):
			return 0, false, err
		}
	}
	return newSeed(), false, nil
}

func isTerminal(w io.Writer) bool {
	f, ok := fileOf(w)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

func newTournamentReportCmd() *cobra.Command {
	var format, sprtArg string
	cmd := &cobra.Command{
		Use:   "report [flags] FILE...",
		Short: "Merge results files (shards, machines, runs) into one set of statistics",
		Long: `Read results files written by arena tournament --results and print the same
statistics as the tournament, counting each game once even if it is in several
files. A torn last line (a run killed while writing) is ignored. Files that hold
no game at all are an error (exit 1): there is nothing to report.`,
		Example: `  arena tournament report r.jsonl
  arena tournament report shard-*.jsonl --format json
  arena tournament report r.jsonl --sprt 0,10`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !slices.Contains(tournament.Formats, format) {
				return usageErr("--format %q: want one of %s", format, strings.Join(tournament.Formats, ", "))
			}
			var sprt *tournament.SPRT
			if sprtArg != "" {
				t, err := tournament.ParseSPRT(sprtArg)
				if err != nil {
					return usageErr("%v", err)
				}
				sprt = &t
				if format == "csv" {
					// The CSV is the bots table alone: the test would be evaluated and not shown.
					return usageErr("--sprt with --format csv: the csv is the bots table alone, with no place for the test; use --format table or json")
				}
			}
			merged, err := tournament.ReadAndMerge(args, sprt)
			if merged != nil {
				for _, n := range merged.Notes {
					fmt.Fprintln(cmd.ErrOrStderr(), "arena:", n)
				}
			}
			var sprtErr *tournament.SPRTError
			if errors.As(err, &sprtErr) {
				return usageErr("--sprt: %v", err) // as arena tournament --sprt says it
			}
			if err != nil {
				return err
			}
			return tournament.WriteSummary(summaryOut(cmd, format), merged.Summary, format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "output format: "+strings.Join(tournament.Formats, ", "))
	cmd.Flags().StringVar(&sprtArg, "sprt", "", "ELO0,ELO1[,ALPHA,BETA]: evaluate this sequential test (two bots; table or json format)")
	return cmd
}

// summaryOut is where a tournament's summary goes: the table quotes what bots printed (the
// messages of their failures), so control characters are escaped there; JSON and CSV are
// data, written as they are.
func summaryOut(cmd *cobra.Command, format string) io.Writer {
	if format == "table" || format == "" {
		return terminal{cmd.OutOrStdout()}
	}
	return cmd.OutOrStdout()
}
