package cli

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/players/builtin"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// gameFlags are the flags shared by every command that plays games (run, tournament).
type gameFlags struct {
	game       string
	options    []string
	noTimeout  bool
	timeScale  float64
	concurrent bool

	clock        string
	timing       string
	memoryMB     int
	processes    int
	outputMB     int
	gameTimeout  time.Duration
	turnTimeout  time.Duration
	exitGrace    time.Duration
	parsedTiming match.Timing

	flags *pflag.FlagSet // the command's, to tell a flag given from one left at its default
}

func (f *gameFlags) register(cmd *cobra.Command) {
	f.flags = cmd.Flags()
	cmd.Flags().StringVar(&f.game, "game", "", "game to play (required; see: arena games)")
	cmd.Flags().StringArrayVar(&f.options, "option", nil, "game option KEY=VALUE (repeatable; see: arena games)")
	cmd.Flags().BoolVar(&f.noTimeout, "no-timeout", false, "disable time and compute limits (debugging)")
	cmd.Flags().Float64Var(&f.timeScale, "time-scale", 1, "multiply every time limit of the game by this factor (not the strike grace or a time bank)")
	cmd.Flags().BoolVar(&f.concurrent, "concurrent", false, "ask the players of a turn at once instead of one after another")
	cmd.Flags().StringVar(&f.clock, "clock", match.ClockWall, "turn-based games: what response times are measured with: wall (like CodinGame) or cpu (the bot's own CPU time, fair on a busy machine)")
	cmd.Flags().StringVar(&f.timing, "timing", "strict", "over the limit: strict (loses), strikes (third strike or limit+50ms loses), bank:MS (a per-game time bank)")
	cmd.Flags().IntVar(&f.memoryMB, "memory-limit", match.DefaultMaxMemory>>20, "memory limit per bot in MiB, its whole process tree (0: none)")
	cmd.Flags().IntVar(&f.processes, "process-limit", match.DefaultMaxProcesses, "most processes per bot, its whole tree (0: none)")
	cmd.Flags().IntVar(&f.outputMB, "output-limit", players.DefaultMaxTurnOutput>>20, "most output per bot per turn in MiB")
	cmd.Flags().DurationVar(&f.gameTimeout, "game-timeout", match.DefaultGameTimeout, "hard wall-clock cap on a whole game (0: none)")
	cmd.Flags().DurationVar(&f.turnTimeout, "turn-timeout", 0, "Deadline24 games: each bot's budget per turn instead of the game's turn duration, e.g. 200ms (0: the game's; not scaled by --time-scale)")
	cmd.Flags().DurationVar(&f.exitGrace, "exit-grace", 2*time.Second, "Deadline24 games: how long a bot may take to exit after the game ends before it is killed")
}

// apply copies the runner settings into a match configuration.
func (f *gameFlags) apply(cfg *match.Config) {
	cfg.TimeScale, cfg.NoTimeout, cfg.Concurrent = f.timeScale, f.noTimeout, f.concurrent
	cfg.Clock, cfg.Timing = f.clock, f.parsedTiming
	cfg.MaxMemory = int64(f.memoryMB) << 20
	if f.memoryMB == 0 {
		cfg.MaxMemory = -1
	}
	cfg.MaxProcesses = f.processes
	if f.processes == 0 {
		cfg.MaxProcesses = -1
	}
	cfg.MaxTurnOutput = f.outputMB << 20
	cfg.TurnTimeout, cfg.ExitGrace = f.turnTimeout, f.exitGrace
	cfg.GameTimeout = f.gameTimeout
	if f.gameTimeout == 0 || f.noTimeout && f.gameTimeout == match.DefaultGameTimeout {
		cfg.GameTimeout = -1 // debugging without limits: no cap unless asked for
	}
}

// resolve checks the game flags and builds what match.Config needs from them.
func (f *gameFlags) resolve(botArgs []string) (referee.Game, map[string]string, map[string][]byte, []match.Player, error) {
	if f.game == "" {
		return nil, nil, nil, nil, usageErr("--game is required (one of: %s)", strings.Join(gameNames(), ", "))
	}
	g, err := referee.Lookup(f.game)
	if err != nil {
		return nil, nil, nil, nil, usageErr("--game: %v", err)
	}
	if err := checkTimeScale(f.timeScale); err != nil {
		return nil, nil, nil, nil, err
	}
	if f.clock != match.ClockWall && f.clock != match.ClockCPU {
		return nil, nil, nil, nil, usageErr("--clock %q: want wall or cpu", f.clock)
	}
	if f.parsedTiming, err = match.ParseTiming(f.timing); err != nil {
		return nil, nil, nil, nil, usageErr("%v", err)
	}
	// Each refused value is named with its flag, as every other flag is.
	switch {
	case f.memoryMB < 0:
		return nil, nil, nil, nil, usageErr("--memory-limit %d: want 0 (none) or more", f.memoryMB)
	case f.processes < 0:
		return nil, nil, nil, nil, usageErr("--process-limit %d: want 0 (none) or more", f.processes)
	case f.outputMB <= 0:
		return nil, nil, nil, nil, usageErr("--output-limit %d: want at least 1", f.outputMB)
	case f.gameTimeout < 0:
		return nil, nil, nil, nil, usageErr("--game-timeout %v: want 0 (none) or more", f.gameTimeout)
	case f.turnTimeout < 0:
		return nil, nil, nil, nil, usageErr("--turn-timeout %v: want 0 (the game's) or more", f.turnTimeout)
	case f.exitGrace <= 0:
		return nil, nil, nil, nil, usageErr("--exit-grace %v: want more than 0", f.exitGrace)
	}
	info := g.Info()
	// Flags of one kind of game are refused, when given, for a game they would not change,
	// rather than quietly ignored (and recorded in its replay): given, not set to a non-zero
	// value, since --exit-grace has a default of its own and --turn-timeout 0 is a value
	// given all the same. The Deadline24 games' bots all play at once, on their own
	// connections, within turns the server times.
	session := info.Style == referee.StyleSession
	switch {
	case session && f.flags.Changed("concurrent"):
		return nil, nil, nil, nil, usageErr("--concurrent applies to the turn-based games; in %s every bot plays at once already", info.Name)
	case session && f.flags.Changed("clock"):
		return nil, nil, nil, nil, usageErr("--clock applies to the turn-based games, which measure each answer; %s times its turns on the real clock whatever the bots compute (--turn-timeout sets a bot's budget per turn)", info.Name)
	case session && f.flags.Changed("timing"):
		return nil, nil, nil, nil, usageErr("--timing applies to the turn-based games, which limit each answer; %s times its turns, and a late bot only misses the turn (--turn-timeout sets a bot's budget per turn)", info.Name)
	case !session && f.flags.Changed("turn-timeout"):
		return nil, nil, nil, nil, usageErr("--turn-timeout applies to the Deadline24 games; %s limits each answer (use --time-scale)", info.Name)
	case !session && f.flags.Changed("exit-grace"):
		return nil, nil, nil, nil, usageErr("--exit-grace applies to the Deadline24 games, whose bots are told the game is over and exit by themselves; %s stops its bots when the game ends", info.Name)
	}
	// --no-timeout lifts every time limit, so the flags that shape those limits would change
	// nothing (and still be recorded in the replay, for a rerun to puzzle over).
	if f.noTimeout {
		for _, name := range []string{"time-scale", "timing", "turn-timeout"} {
			if f.flags.Changed(name) {
				return nil, nil, nil, nil, usageErr("--%s shapes the time limits, which --no-timeout lifts: give one or the other", name)
			}
		}
	}
	if n := len(botArgs); n < info.MinPlayers || n > info.MaxPlayers {
		return nil, nil, nil, nil, usageErr("%s needs %s, got %d", info.Name, playerCount(info, "bot"), n)
	}
	opts, err := parseOptions(f.options)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	files, err := readFileOptions(info, opts)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var ps []match.Player
	for _, arg := range botArgs {
		p, err := botPlayer(info.Name, arg)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		ps = append(ps, loggingIn(p, opts))
	}
	return g, opts, files, ps, nil
}

// checkTimeScale refuses a --time-scale that is not a finite number, or so small that limits
// would round toward nothing: a limit scaled to 0 is no limit at all, the opposite of what
// a small scale asks for.
func checkTimeScale(scale float64) error {
	if reason := timeScaleReason(scale); reason != "" {
		return usageErr("--time-scale %v: %s", scale, reason)
	}
	return nil
}

// timeScaleReason says why a time scale cannot be played with ("" when it can): the flag's
// rule, which a replay's recorded scale follows too.
func timeScaleReason(scale float64) string {
	if !(scale >= minTimeScale) || math.IsInf(scale, 0) {
		return fmt.Sprintf("want a number from %v up", minTimeScale)
	}
	return ""
}

// minTimeScale makes a 1 ms limit 1 µs.
const minTimeScale = 0.001

// playerCount says how many players a game takes, as things: "2 bots", "1 to 8 teams".
func playerCount(info referee.Info, thing string) string {
	if info.MinPlayers == info.MaxPlayers {
		return count(info.MinPlayers, thing)
	}
	return fmt.Sprintf("%d to %d %ss", info.MinPlayers, info.MaxPlayers, thing)
}

func parseOptions(kvs []string) (map[string]string, error) {
	opts := map[string]string{}
	for _, kv := range kvs {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, usageErr("--option %q: want KEY=VALUE", kv)
		}
		if _, dup := opts[k]; dup {
			return nil, usageErr("--option %s given twice", k)
		}
		opts[k] = v
	}
	return opts, nil
}

// readFileOptions reads the files named by file options (maps): a path, or the name of a
// map shipped with arena.
func readFileOptions(info referee.Info, opts map[string]string) (map[string][]byte, error) {
	var files map[string][]byte
	for _, o := range info.Options {
		name, given := opts[o.Key]
		if !o.File || !given || name == "" {
			continue
		}
		data, err := readCapped(name, maxFileOption)
		if errors.Is(err, errTooLarge) {
			return nil, fmt.Errorf("%s: option %s=%q: larger than %d MiB, more than any map of the game", info.Name, o.Key, name, maxFileOption>>20)
		}
		if err != nil {
			shipped, serr := openShippedMap(info.Name, name)
			if serr != nil {
				if errors.Is(err, fs.ErrNotExist) {
					// Neither a file nor a shipped map: say why it is not a shipped map either
					// (the names that would have been found, or an ambiguous name).
					return nil, fmt.Errorf("%s: option %s=%q: no such file, and %s", info.Name, o.Key, name, strings.TrimPrefix(serr.Error(), "maps: "))
				}
				// Worded as the game words what it finds wrong inside the file; a file that
				// cannot be read is not a usage error (exit status 1), so not an OptionError.
				return nil, fmt.Errorf("%s: option %s=%q: %v", info.Name, o.Key, name, unwrapPathErr(err))
			}
			data = shipped
		}
		if files == nil {
			files = map[string][]byte{}
		}
		files[o.Key] = data
	}
	return files, nil
}

// maxFileOption bounds what a file option reads: the largest rockets world (10 000 cities)
// is a map of about 250 KB, and a path such as /dev/zero would otherwise be read until
// memory runs out.
const maxFileOption = 16 << 20

var errTooLarge = errors.New("too large")

// readCapped reads a file of at most max bytes; a longer one is errTooLarge, found after
// reading max+1 bytes, whatever the file (a device, a pipe, a sparse file).
func readCapped(name string, max int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err // an *os.PathError, as os.ReadFile's
	}
	if int64(len(data)) > max {
		return nil, errTooLarge
	}
	return data, nil
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// botPlayer turns a BOT argument into a player: `builtin:NAME` runs a built-in bot of the
// game as a subprocess of this very executable; anything else is a command line split with
// shell quoting rules and executed directly.
func botPlayer(game, arg string) (match.Player, error) {
	if name, ok := strings.CutPrefix(arg, "builtin:"); ok {
		if _, err := builtin.Lookup(game, name); err != nil {
			return match.Player{}, usageErr("bot %q: %v", arg, err)
		}
		self, err := os.Executable()
		if err != nil {
			return match.Player{}, fmt.Errorf("bot %q: cannot find arena's own executable: %w", arg, err)
		}
		return match.Player{Name: arg, Command: arg, Argv: []string{self, "bot", game + "/" + name}}, nil
	}
	argv, err := players.SplitCommand(arg)
	if err != nil {
		return match.Player{}, usageErr("bot %q: %v", arg, err)
	}
	return match.Player{Name: arg, Command: arg, Argv: argv}, nil
}

// loggingIn makes a built-in bot take part in the login exchange of a game played with
// --option handshake=1, as any TCP-style client does.
func loggingIn(p match.Player, opts map[string]string) match.Player {
	if opts[replays.HandshakeOption] == "1" && strings.HasPrefix(p.Command, "builtin:") {
		p.Argv = append(p.Argv, "--handshake")
	}
	return p
}

// fileContentError turns a bad file option (a malformed map) from a usage error into a
// plain one: the flag was right, the file's content is wrong (exit status 1, not 2).
func fileContentError(info referee.Info, err error) error {
	var oe *referee.OptionError
	if !errors.As(err, &oe) {
		return err
	}
	for _, o := range info.Options {
		if o.Key == oe.Key && o.File {
			return fmt.Errorf("%s", err)
		}
	}
	return err
}

func newSeed() int64 {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return int64(binary.LittleEndian.Uint32(b[:]) >> 1) // non-negative 31-bit, like CodinGame's seeds
}

func newRunCmd() *cobra.Command {
	var gf gameFlags
	var seed int64
	var replayPath string
	var asJSON, stderrLive bool
	cmd := &cobra.Command{
		Use:   "run [flags] BOT BOT...",
		Short: "Play one game between bots",
		Long: `Play one game and print the result.

A BOT is a command line, split with shell quoting rules and executed directly
(no shell): ./mybot, "python3 bot.py", "java -jar bot.jar". builtin:NAME is a
built-in bot of the game (see arena games).

The seed (random unless --seed) is printed and recorded: the same seed and the
same bot outputs give the same game.`,
		Example: `  arena run builtin:greedy builtin:random --game=queens
  arena run "python3 players/starters/queens/starter.py" builtin:greedy --game=queens --seed 7 --replay r.json
  arena run ./mybot builtin:random --game=queens --json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, opts, files, ps, err := gf.resolve(args)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("seed") {
				seed = newSeed()
			}
			cfg := match.Config{Game: g, Seed: seed, Options: opts, Files: files, Players: ps, Log: logger()}
			gf.apply(&cfg)
			if stderrLive {
				cfg.Stderr = stderr
			}
			cfg.NoFrames = replayPath == "" // only a replay shows the drawings
			if replayPath != "" {
				// The replay is written while the game is played; a path that cannot be
				// written is refused before any bot starts.
				if cfg.Replay, err = replays.Create(replayPath); err != nil {
					return err
				}
				defer cfg.Replay.Abort()
				if cfg.Replay.ToStdout() && asJSON {
					return usageErr("--replay %s and --json both write to standard output: give one", replayPath)
				}
			}
			ctx, stop := interruptible()
			defer stop()
			rec, runErr := match.Run(ctx, cfg)
			runErr = fileContentError(g.Info(), runErr)
			if rec == nil {
				return runErr
			}
			var replayErr error
			if replayPath != "" {
				// An interrupted game keeps the turns played, for debugging.
				replayErr = cfg.Replay.Finish(rec)
			}
			switch {
			case runErr != nil && replayErr != nil:
				return fmt.Errorf("%w; and %w", runErr, replayErr)
			case runErr != nil && replayPath != "":
				return fmt.Errorf("%w; %s holds %s, marked unfinished", runErr, replayPath, heldTurns(rec))
			case runErr != nil:
				return runErr
			}
			// The game was played to its end: its result is printed even when its replay
			// could not be written (a full disk), and that failure is the exit status.
			if asJSON {
				if err := printJSON(cmd.OutOrStdout(), rec.Result); err != nil {
					return err
				}
			} else {
				shown := replayPath
				if replayErr != nil {
					shown = ""
				}
				out := cmd.OutOrStdout()
				if cfg.Replay.ToStdout() {
					out = cmd.ErrOrStderr() // stdout holds the replay, and only it
				}
				printSummary(terminal{out}, rec, shown)
			}
			return replayErr
		},
	}
	gf.register(cmd)
	cmd.Flags().Int64Var(&seed, "seed", 0, "game seed (default: random; always printed and recorded)")
	cmd.Flags().StringVar(&replayPath, "replay", "", "write the replay to this file (.json, or .json.gz compressed)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the result as JSON")
	cmd.Flags().BoolVar(&stderrLive, "stderr", false, "pass the bots' stderr through live, each line prefixed with its bot")
	return cmd
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func printSummary(w io.Writer, rec *replays.Replay, replayPath string) {
	res := rec.Result
	fmt.Fprintf(w, "%s  seed %d  %s\n", res.Game, res.Seed, count(res.Turns, "turn"))
	if res.Winner >= 0 {
		fmt.Fprintf(w, "winner: player %d (%s)\n", res.Winner, res.Players[res.Winner].Name)
	} else {
		fmt.Fprintln(w, "draw")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  #\tbot\tscore\trank\tstatus\tmessage")
	for _, p := range res.Players {
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%d\t%s\t%s\n", p.Index, p.Name, formatScore(p.Score), p.Rank, p.Status, p.Message)
	}
	tw.Flush()
	if replayPath != "" {
		fmt.Fprintf(w, "replay: %s\n", replayPath)
	}
}

func formatScore(s float64) string {
	if s == float64(int64(s)) {
		return fmt.Sprintf("%d", int64(s))
	}
	return fmt.Sprintf("%.3f", s)
}
