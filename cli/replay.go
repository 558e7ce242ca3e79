package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

func newReplayCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "replay",
		Short: "Inspect, verify and re-run replays",
	}
	cmd.AddCommand(newReplayVerifyCmd(), newReplayShowCmd(), newReplayStdinCmd(), newReplayRerunCmd())
	return cmd
}

func newReplayVerifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify FILE",
		Short: "Re-simulate a game from its recorded outputs and check every input, frame and the result",
		Long: `Re-simulate the game from the players' recorded outputs (no bot is run) and check
that every turn's input, every frame and the result match the replay (in the
Deadline24 games, all but the seconds of WAITING, which are measured). Exits 0
when they do, 1 with the first differing turn when they do not.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// Compact: a long game's frames are rebuilt one turn at a time as they are
			// checked, not all at once (gigabytes for a 1500-turn rockets game).
			rec, err := readReplay(args[0])
			if err != nil {
				return err
			}
			if err := replays.Verify(rec); err != nil {
				var mm *replays.Mismatch
				if errors.As(err, &mm) {
					return fmt.Errorf("replay %s: does not verify: %w", args[0], err)
				}
				return replayContentError(args[0], rec, err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "%s: ok (%s, seed %d, %s, result matches)\n", args[0], rec.Game, rec.Seed, count(len(rec.Turns), "turn"))
			return nil
		},
	}
}

func newReplayShowCmd() *cobra.Command {
	var turn, player int
	cmd := &cobra.Command{
		Use:   "show FILE",
		Short: "Show what players received and answered, turn by turn, with timing health",
		Example: `  arena replay show r.json                      # summary and every turn
  arena replay show r.json --turn 12 --player 0 # one exchange`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := notNegative(cmd, "turn", "player"); err != nil {
				return err
			}
			// Only moves and events are shown: the frames can stay in their shape table.
			rec, err := readReplay(args[0])
			if err != nil {
				return err
			}
			if player >= len(rec.Players) {
				return usageErr("--player %d: the game has %s", player, count(len(rec.Players), "player"))
			}
			turns, err := selectTurns(rec, turn)
			if err != nil {
				return err
			}
			w := terminal{cmd.OutOrStdout()}
			printReplayHeader(w, rec)
			for _, t := range turns {
				for _, m := range t.Moves {
					if player >= 0 && m.Player != player {
						continue
					}
					printMove(w, rec, t.Turn, m, false)
				}
				if player < 0 {
					for _, e := range t.Frame.Events {
						fmt.Fprintf(w, "  event: %s\n", e)
					}
				}
			}
			if st := rec.Result.Stopped; st != nil && (turn < 0 || turn == st.Turn) {
				for _, m := range st.Moves {
					if player < 0 || m.Player == player {
						printMove(w, rec, st.Turn, m, true)
					}
				}
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&turn, "turn", -1, "only this turn")
	cmd.Flags().IntVar(&player, "player", -1, "only this player")
	hideDefaults(cmd, "turn", "player")
	return cmd
}

// notNegative refuses a negative value given to any of the named int flags (their default,
// −1, stands for "not given").
func notNegative(cmd *cobra.Command, names ...string) error {
	for _, name := range names {
		if v, _ := cmd.Flags().GetInt(name); cmd.Flags().Changed(name) && v < 0 {
			return usageErr("--%s %d: want 0 or more", name, v)
		}
	}
	return nil
}

// heldTurns says what the replay of a game stopped by Ctrl-C holds.
func heldTurns(rec *replays.Replay) string {
	played := "the " + count(len(rec.Turns), "turn") + " played"
	st := rec.Result.Stopped
	switch {
	case st != nil && len(rec.Turns) == 0:
		return fmt.Sprintf("turn %d as far as it went (no turn was played)", st.Turn)
	case st != nil:
		played += fmt.Sprintf(" and turn %d as far as it went", st.Turn)
	}
	return played
}

// selectTurns is the recorded turn --turn asks for, or every turn without it. The turn a
// game was stopped in is no recorded turn, but may be asked for: it selects none.
func selectTurns(rec *replays.Replay, turn int) ([]replays.Turn, error) {
	if turn < 0 {
		return rec.Turns, nil
	}
	for _, t := range rec.Turns {
		if t.Turn == turn {
			return []replays.Turn{t}, nil
		}
	}
	st := rec.Result.Stopped
	if st != nil && st.Turn == turn {
		return nil, nil
	}
	last := -1
	if n := len(rec.Turns); n > 0 {
		last = rec.Turns[n-1].Turn
	}
	if st != nil {
		return nil, usageErr("--turn %d: the replay has turns 0 to %d, and turn %d, where the game was stopped", turn, last, st.Turn)
	}
	return nil, usageErr("--turn %d: the replay has turns 0 to %d", turn, last)
}

func printReplayHeader(w io.Writer, rec *replays.Replay) {
	res := rec.Result
	fmt.Fprintf(w, "%s (referee v%s)  seed %d  %s", rec.Game, rec.RefereeVersion, rec.Seed, count(res.Turns, "turn"))
	if len(rec.Options) > 0 {
		var kv []string
		for _, k := range sortedKeys(rec.Options) {
			kv = append(kv, k+"="+rec.Options[k])
		}
		fmt.Fprintf(w, "  options %s", strings.Join(kv, " "))
	}
	fmt.Fprintln(w)
	if res.Unfinished && res.Stopped != nil {
		fmt.Fprintf(w, "unfinished: stopped after %s, during turn %d, shown as far as it went (the scores are the position before it)\n", count(len(rec.Turns), "turn"), res.Stopped.Turn)
	} else if res.Unfinished {
		fmt.Fprintf(w, "unfinished: stopped after %s (the scores are the position then)\n", count(len(rec.Turns), "turn"))
	} else if res.Winner >= 0 {
		fmt.Fprintf(w, "winner: player %d (%s)\n", res.Winner, res.Players[res.Winner].Name)
	} else {
		fmt.Fprintln(w, "draw")
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  #\tbot\tscore\trank\tstatus\tfirst\tp50\tp99\tmax\tlater max\t>80% limit\tmessage")
	for _, p := range res.Players {
		first, p50, p99, mx, later, near := "-", "-", "-", "-", "-", "-"
		if t := p.Timing; t != nil {
			first, p50, p99, mx = fmtMS(t.FirstMS), fmtMS(t.P50MS), fmtMS(t.P99MS), fmtMS(t.MaxMS)
			if t.LaterMaxMS > 0 {
				later = fmtMS(t.LaterMaxMS)
			}
			near = fmt.Sprint(t.NearLimit)
			var also []string
			if t.OverLimit > 0 {
				also = append(also, fmt.Sprintf("%d over it", t.OverLimit))
			}
			if t.SoftCompute > 0 {
				also = append(also, fmt.Sprintf("%d over the soft compute limit", t.SoftCompute))
			}
			if t.DelayedTurn > 0 {
				also = append(also, fmt.Sprintf("%d delayed", t.DelayedTurn))
			}
			if len(also) > 0 {
				near += " (" + strings.Join(also, ", ") + ")"
			}
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", p.Index, p.Name, formatScore(p.Score), p.Rank, p.Status, first, p50, p99, mx, later, near, p.Message)
	}
	tw.Flush()
}

func fmtMS(v float64) string {
	if v < 10 {
		return fmt.Sprintf("%.2fms", v)
	}
	return fmt.Sprintf("%.1fms", v)
}

// printMove prints one exchange; stopped: of the turn the game was stopped in, which has
// no time or status of its own (the stop made them).
func printMove(w io.Writer, rec *replays.Replay, turn int, m replays.Move, stopped bool) {
	fmt.Fprintf(w, "\n== turn %d, player %d (%s)", turn, m.Player, rec.Players[m.Player].Name)
	switch {
	case stopped:
		fmt.Fprint(w, ", stopped by the interruption: as far as it went, not played")
	case rec.Settings.Transport != "tcp": // arena serve measures no response times
		fmt.Fprintf(w, ", %.2f ms", m.TimeMS)
	}
	if m.CPUMS != nil {
		fmt.Fprintf(w, ", cpu %.2f ms", *m.CPUMS)
	}
	if m.Delayed {
		fmt.Fprint(w, ", delayed by the machine")
	}
	if m.Status != "" {
		fmt.Fprintf(w, ", %s: %s", m.Status, m.Message)
	}
	if m.Compute != referee.VerdictOK {
		fmt.Fprintf(w, ", compute %s (%s)", m.Compute, m.ComputeUsage)
	}
	fmt.Fprintln(w)
	section := func(name, text string) {
		if text == "" {
			return
		}
		fmt.Fprintf(w, "-- %s:\n", name)
		for _, l := range replays.SplitLines(text) {
			fmt.Fprintf(w, "  | %s\n", l)
		}
	}
	section("input", m.Input)
	section("output", m.Output)
	section("stderr", m.Stderr)
}

func newReplayStdinCmd() *cobra.Command {
	var turn, player int
	cmd := &cobra.Command{
		Use:   "stdin FILE --player P [--turn N]",
		Short: "Print exactly what a bot received, from the start up to a turn",
		Long: `Print exactly what one bot received on stdin from the start of the game up to
and including turn N (default: the last turn), so that

    arena replay stdin r.json --player 0 --turn 41 > in.txt
    ./mybot < in.txt

reproduces a crash, a timeout or a strange answer without arena.

When the bot received nothing (a team of arena serve that never connected, or that
sent no command, a Deadline24 bot speaking first; a --turn before its first input),
nothing is printed and a note on stderr says why; the exit status is 0, as for any
input printed.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := notNegative(cmd, "turn", "player"); err != nil {
				return err
			}
			if player < 0 {
				return usageErr("--player is required")
			}
			// Only moves and events are shown: the frames can stay in their shape table.
			rec, err := readReplay(args[0])
			if err != nil {
				return err
			}
			if player >= len(rec.Players) {
				return usageErr("--player %d: the game has %s", player, count(len(rec.Players), "player"))
			}
			if turn >= 0 {
				if _, err := selectTurns(rec, turn); err != nil {
					return err
				}
			}
			var b strings.Builder
			for _, t := range rec.Turns {
				if turn >= 0 && t.Turn > turn {
					break
				}
				for _, m := range t.Moves {
					if m.Player == player {
						b.WriteString(m.Input)
					}
				}
			}
			if st := rec.Result.Stopped; st != nil && (turn < 0 || turn >= st.Turn) {
				// The turn the game was stopped in; a team of arena serve has a move for each
				// of its runs of lines there, in arrival order, as in the turns played.
				for _, m := range st.Moves {
					if m.Player == player {
						b.WriteString(m.Input)
					}
				}
			}
			if b.Len() > 0 && rec.Settings.Handshake {
				// The login exchange is not recorded (it is the same for every bot that
				// got into the game), but the bot received it before its first input.
				_, err = io.WriteString(cmd.OutOrStdout(), protocol.LoginReceived)
				if err != nil {
					return err
				}
			}
			if b.Len() == 0 {
				// Nothing is what the bot received, and stdout says it exactly: stderr
				// says why, so that an empty file is not taken for a failure.
				fmt.Fprintf(cmd.ErrOrStderr(), "arena: replay %s: nothing to print: %s\n", args[0], noInputReason(rec, player, turn))
				return nil
			}
			_, err = io.WriteString(cmd.OutOrStdout(), b.String())
			return err
		},
	}
	cmd.Flags().IntVar(&player, "player", -1, "the player (required)")
	cmd.Flags().IntVar(&turn, "turn", -1, "up to this turn, included (default: the last)")
	hideDefaults(cmd, "turn", "player")
	return cmd
}

// noInputReason says why a player received no input up to turn (−1: the whole game).
func noInputReason(rec *replays.Replay, player, turn int) string {
	who := fmt.Sprintf("player %d (%s)", player, rec.Players[player].Name)
	var res *replays.PlayerResult
	if player < len(rec.Result.Players) {
		res = &rec.Result.Players[player]
	}
	first := -1 // the first turn with input for the player
	for _, t := range rec.Turns {
		for _, m := range t.Moves {
			if m.Player == player && m.Input != "" && first < 0 {
				first = t.Turn
			}
		}
	}
	switch {
	case res != nil && res.Message == replays.ServeNeverConnected:
		return who + " never connected during this game, so it received no input"
	case first >= 0:
		return fmt.Sprintf("%s received no input up to turn %d (its first input is in turn %d)", who, turn, first)
	case res != nil && res.Message != "":
		return fmt.Sprintf("%s received no input in the whole game; its result says: %s", who, res.Message)
	}
	return who + " received no input in the whole game"
}

func newReplayRerunCmd() *cobra.Command {
	var replayPath string
	cmd := &cobra.Command{
		Use:   "rerun FILE",
		Short: "Play the same bots with the same seed and options again; report the first different answer",
		Long: `Run the replay's bot commands again with the same seed, options, time limits,
time scale, clock and timing, and compare their answers turn by turn with the
recording. Exits 0 when every answer is
the same, 1 with the first turn and player whose answer differs. Useful to check
that a bot is deterministic, or to see where a new version of it starts to differ.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if replayPath != "" && sameFile(replayPath, args[0]) {
				return usageErr("--replay %s: that is the replay being rerun; the new game's would replace it", replayPath)
			}
			old, err := readReplay(args[0]) // answers are compared, not drawings
			if err != nil {
				return err
			}
			// What this arena cannot play again is named as a field of the file, in the
			// words replays.Read uses for a malformed one.
			g, err := referee.Lookup(old.Game)
			if err != nil {
				return fmt.Errorf("replay %s: field game: %w", args[0], err)
			}
			if old.Settings.Transport == "tcp" {
				return fmt.Errorf("replay %s: field settings.transport: \"tcp\": a game played through arena serve, by TCP clients, not by commands arena can start again", args[0])
			}
			timing, _ := match.ParseTiming(old.Settings.Timing) // checked by readReplay
			if v := g.Info().Version; old.RefereeVersion != "" && old.RefereeVersion != v {
				// Played all the same (the bots are what is compared), but a difference may
				// then come from the rules rather than from a bot.
				fmt.Fprintf(cmd.ErrOrStderr(), "arena: replay %s: recorded with %s referee version %q, this arena's is %q: answers may differ because the game does\n", args[0], old.Game, old.RefereeVersion, v)
			}
			var ps []match.Player
			for i, p := range old.Players {
				mp, err := botPlayer(old.Game, p.Command)
				if err != nil {
					// %v: the command comes from the file, so this is not a usage error (exit 1).
					return fmt.Errorf("replay %s: field players[%d].command: %v", args[0], i, err)
				}
				ps = append(ps, loggingIn(mp, old.Options))
			}
			cfg := old.Config()
			var stream *replays.Stream
			if replayPath != "" {
				if stream, err = replays.Create(replayPath); err != nil {
					return err
				}
				defer stream.Abort()
			}
			ctx, stop := interruptible()
			defer stop()
			rec, err := match.Run(ctx, match.Config{
				Game: g, Seed: old.Seed, Options: old.Options, Files: cfg.Files, Players: ps,
				TimeScale: old.Settings.TimeScale, NoTimeout: old.Settings.NoTimeout,
				Concurrent: old.Settings.Concurrent, Clock: old.Settings.Clock, Timing: timing, // Run checks the clock
				TurnTimeout: time.Duration(old.Settings.TurnTimeoutMS * float64(time.Millisecond)),
				Log:         logger(), Replay: stream,
				NoFrames: stream == nil, // answers are compared, not drawings
			})
			var stopped *match.InterruptedError
			if errors.As(err, &stopped) {
				// Said as arena run says it: the new game was stopped, the replay read is not
				// at fault. What was compared so far is said first: a rerun stopped where
				// the bot hangs again has still checked the turns before.
				if rec != nil {
					fmt.Fprintln(cmd.ErrOrStderr(), "arena: "+comparedSoFar(old, rec))
				}
				if stream == nil || rec == nil {
					return err
				}
				// As arena run keeps it: the new game's turns up to Ctrl-C are what
				// --replay was asked for, to look at where the bot differed or hung.
				if ferr := stream.Finish(rec); ferr != nil {
					return fmt.Errorf("%w; and %w", err, ferr)
				}
				return fmt.Errorf("%w; %s holds %s, marked unfinished", err, replayPath, heldTurns(rec))
			}
			if err != nil {
				return replayContentError(args[0], old, err)
			}
			out := terminal{cmd.OutOrStdout()}
			if stream.ToStdout() {
				out = terminal{cmd.ErrOrStderr()} // stdout holds the new replay, and only it
			}
			if stream != nil {
				if err := stream.Finish(rec); err != nil {
					return err
				}
				// Said as arena run says it, and whether or not the answers differ: the
				// new replay is where a difference is looked at.
				defer fmt.Fprintf(out, "replay: %s\n", replayPath)
			}
			if diff := firstAnswerDifference(old, rec); diff != "" {
				return errors.New(diff)
			}
			all := fmt.Sprintf("all %d turns", len(rec.Turns))
			if len(rec.Turns) == 1 {
				all = "its 1 turn"
			}
			if old.Result.Unfinished {
				// The recorded game was stopped (Ctrl-C): the new one plays on past it.
				all = fmt.Sprintf("the %s recorded before the game was stopped; the new game went on to turn %d", count(len(old.Turns), "turn"), len(rec.Turns)-1)
				if len(old.Turns) == 0 {
					all = fmt.Sprintf("no turn recorded before the game was stopped; the new game went on to turn %d", len(rec.Turns)-1)
				}
			}
			fmt.Fprintf(out, "same answers on %s; result: %s\n", all, resultLine(rec.Result))
			return nil
		},
	}
	cmd.Flags().StringVar(&replayPath, "replay", "", "write the new game's replay to this file")
	return cmd
}

// checkRecordedSettings refuses recorded settings that the runner cannot play with, naming
// the field (the flags of arena run refuse the same values).
func checkRecordedSettings(st replays.Settings, info referee.Info) error {
	if c := st.Clock; c != "" && c != match.ClockWall && c != match.ClockCPU {
		return fmt.Errorf("settings.clock: %q: want %s or %s", c, match.ClockWall, match.ClockCPU)
	}
	if reason := timeScaleReason(st.TimeScale); st.TimeScale == 0 {
		return fmt.Errorf("settings.time_scale: missing (%s)", reason)
	} else if reason != "" {
		return fmt.Errorf("settings.time_scale: %v: %s", st.TimeScale, reason)
	}
	switch {
	case !(st.TurnTimeoutMS >= 0) || math.IsInf(st.TurnTimeoutMS, 0):
		return fmt.Errorf("settings.turn_timeout_ms: %v: want a duration in milliseconds, 0 or more", st.TurnTimeoutMS)
	case st.TurnTimeoutMS > 0 && info.Style != referee.StyleSession:
		return fmt.Errorf("settings.turn_timeout_ms: %v: a turn timeout applies to the session games; %s limits each answer", st.TurnTimeoutMS, info.Name)
	}
	return nil
}

// replayContentError names the replay file in an error met playing its game again, and the
// replay's field when the game refused a recorded option or map: the file's content is
// wrong, not a flag (exit status 1).
func replayContentError(path string, rec *replays.Replay, err error) error {
	var oe *referee.OptionError
	if !errors.As(err, &oe) {
		return fmt.Errorf("replay %s: %w", path, err)
	}
	if _, recorded := rec.Files[oe.Key]; recorded {
		return fmt.Errorf("replay %s: field files.%s (the map of option %s=%q): %s", path, oe.Key, oe.Key, oe.Value, oe.Reason)
	}
	value := oe.Value
	if v, recorded := rec.Options[oe.Key]; recorded && value == "" {
		value = v // an unknown key's error does not carry its value
	}
	return fmt.Errorf("replay %s: field options.%s: %q: %s", path, oe.Key, value, oe.Reason)
}

// comparedSoFar says how the turns a stopped rerun played compare with the recorded ones.
func comparedSoFar(old, now *replays.Replay) string {
	n := min(len(old.Turns), len(now.Turns))
	upTo := *old
	upTo.Turns = old.Turns[:n]
	upTo.Result.Unfinished = true // the new game's turns past n were never played, not a difference
	played := *now
	played.Turns = now.Turns[:n]
	if diff := firstAnswerDifference(&upTo, &played); diff != "" {
		return "before the stop, " + diff
	}
	return fmt.Sprintf("before the stop: same answers on the %s played", count(n, "turn"))
}

// firstAnswerDifference compares two games' answers turn by turn. A recorded game that was
// stopped (Ctrl-C) ends where it was stopped, not where its game ended: the new game going
// on past it is no difference.
func firstAnswerDifference(old, now *replays.Replay) string {
	for i := 0; i < len(old.Turns) || i < len(now.Turns); i++ {
		if i >= len(old.Turns) {
			if old.Result.Unfinished {
				return ""
			}
			return fmt.Sprintf("turn %d: the new game goes on after the recorded one ended", now.Turns[i].Turn)
		}
		if i >= len(now.Turns) {
			return fmt.Sprintf("turn %d: the new game ended earlier (%s)", old.Turns[i].Turn, resultLine(now.Result))
		}
		a, b := old.Turns[i].Moves, now.Turns[i].Moves
		for k := 0; k < len(a) || k < len(b); k++ {
			switch {
			case k >= len(a):
				return fmt.Sprintf("turn %d: player %d was asked in the new game only", now.Turns[i].Turn, b[k].Player)
			case k >= len(b):
				return fmt.Sprintf("turn %d: player %d was asked in the recorded game only", old.Turns[i].Turn, a[k].Player)
			case a[k].Output != b[k].Output || a[k].Status != b[k].Status:
				return fmt.Sprintf("turn %d, player %d (%s): answer differs\n  recorded: %q %s\n  now:      %q %s",
					old.Turns[i].Turn, a[k].Player, old.Players[a[k].Player].Name, a[k].Output, a[k].Message, b[k].Output, b[k].Message)
			}
		}
	}
	return ""
}

func resultLine(res replays.Result) string {
	var parts []string
	for _, p := range res.Players {
		parts = append(parts, fmt.Sprintf("%s %s (%s)", p.Name, formatScore(p.Score), p.Status))
	}
	return strings.Join(parts, ", ")
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// hideDefaults keeps --help from showing the value that stands for "not given" (−1) as if
// it were a default to use: the usage text says what leaving the flag out means.
func hideDefaults(cmd *cobra.Command, names ...string) {
	for _, name := range names {
		cmd.Flags().Lookup(name).DefValue = "0" // what pflag takes for "no default to show"
	}
}

// sameFile reports whether out names the file in already is (through any path or link), so
// that a command does not write its output over the file it reads.
func sameFile(out, in string) bool {
	a, err := os.Stat(out)
	if err != nil {
		return false
	}
	b, err := os.Stat(in)
	return err == nil && os.SameFile(a, b)
}

// readReplay reads a replay for the commands that read one (verify, show, stdin, rerun,
// view), frames left in their shape table, refusing recorded settings the runner could not
// play with: every command reads a file alike.
func readReplay(path string) (*replays.Replay, error) {
	rec, err := replays.ReadCompact(path)
	if err != nil {
		return nil, err
	}
	info := referee.Info{Name: rec.Game} // a game this arena does not know: its own checks only
	if g, err := referee.Lookup(rec.Game); err == nil {
		info = g.Info()
	}
	if err := checkRecordedSettings(rec.Settings, info); err != nil {
		return nil, fmt.Errorf("replay %s: field %w", path, err)
	}
	if _, err := match.ParseTiming(rec.Settings.Timing); err != nil {
		return nil, fmt.Errorf("replay %s: field settings.timing: %v", path, err)
	}
	return rec, nil
}
