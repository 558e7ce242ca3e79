// Package cli builds arena's command line: one file per verb.
package cli

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	_ "github.com/arena-games/arena/players/builtin/all" // every game's built-in bots
	"github.com/arena-games/arena/referee"
	_ "github.com/arena-games/arena/referee/games" // every game
)

// exitError carries an exit status other than 1 (e.g. 2 for usage errors).
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageErr(format string, a ...any) error {
	return &exitError{code: 2, err: fmt.Errorf(format, a...)}
}

// Main runs arena with the given arguments and returns the process exit status.
func Main(args []string) int {
	catchBrokenPipe()
	root := newRoot()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	if isOutputGone() {
		dieOfBrokenPipe() // the work has stopped; the reader wants nothing more
	}
	if err == nil {
		return 0
	}
	// Errors quote what bots printed: through terminal. One that names its command
	// ("arena run: missing BOT BOT...") is said as it is, not after a second "arena:".
	if msg := err.Error(); strings.HasPrefix(msg, "arena ") {
		fmt.Fprintln(terminal{stderr}, msg)
	} else {
		fmt.Fprintln(terminal{stderr}, "arena:", msg)
	}
	var ee *exitError
	if errors.As(err, &ee) {
		return ee.code
	}
	var oe *referee.OptionError
	if errors.As(err, &oe) {
		return 2 // a bad --option is a usage error, wherever it is found
	}
	return 1
}

var logLevel string

func newRoot() *cobra.Command {
	root := &cobra.Command{
		Use:   "arena",
		Short: "Run bot-programming games locally: exact rules, exact limits, replays, tournaments",
		Long: `arena runs bot-programming games locally, the way CodinGame and the Deadline24
contest servers run them. Bots are programs in any language that read the game's
input on stdin and answer on stdout.

Start with:  arena games                      (the games and their built-in bots)
             arena run builtin:greedy builtin:random --game=queens`,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			// The four levels arena logs at: zerolog would take its others too (trace, fatal,
			// panic, disabled, in any case), which the flag does not offer.
			lvl, err := zerolog.ParseLevel(logLevel)
			if err != nil || !slices.Contains([]string{"debug", "info", "warn", "error"}, logLevel) {
				return usageErr("--log-level %q: want debug, info, warn or error", logLevel)
			}
			zerolog.SetGlobalLevel(lvl)
			zerolog.TimeFieldFormat = time.RFC3339Nano
			return refuseEmptyValues(cmd)
		},
	}
	root.PersistentFlags().StringVar(&logLevel, "log-level", "warn", "log level on stderr: debug, info, warn, error")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if !cmd.HasParent() {
			// A flag of a command mistyped (arena maps --game=rockets) reaches the root, which
			// has none of that command's flags: the word before it is the mistake.
			if words := cmd.Flags().Args(); len(words) > 0 {
				return unknownCommand(cmd, words[0])
			}
			return &exitError{code: 2, err: fmt.Errorf("%w (see %s --help)", describeFlagError(err), cmd.CommandPath())}
		}
		return &exitError{code: 2, err: fmt.Errorf("%s: %w (see %s --help)", cmd.CommandPath(), describeFlagError(err), cmd.CommandPath())}
	})
	root.AddCommand(newRunCmd(), newGamesCmd(), newBotCmd(), newReplayCmd(), newServeCmd(), newVersionCmd(), newTournamentCmd(), newViewCmd(), newMapCmd())
	// cobra adds its completion command when it runs; added now, its shells are checked
	// like any command's words (arena completion tcsh is refused, not answered with help).
	root.InitDefaultCompletionCmd()
	wrongArgsAreUsage(root)
	return root
}

// refuseEmptyValues refuses a string flag given an empty value: that is a script's unset
// variable (--replay "$OUT"), and taking it for the flag left out would quietly write no
// replay, keep no results, or serve a viewer instead of writing the page.
func refuseEmptyValues(cmd *cobra.Command) error {
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err == nil && f.Value.Type() == "string" && f.Value.String() == "" {
			err = usageErr("--%s \"\": want a non-empty value", f.Name)
		}
	})
	return err
}

// describeFlagError says what a flag's value should be, as arena's own checks of flag values
// do ("--seed "abc": want a whole number"), rather than quoting the Go parser that refused it
// (strconv.ParseInt: parsing "abc": invalid syntax).
func describeFlagError(err error) error {
	var ie *pflag.InvalidValueError
	if !errors.As(err, &ie) {
		return err
	}
	var want string
	switch ie.GetFlag().Value.Type() {
	case "int", "int64", "uint", "uint64":
		want = "want a whole number"
	case "float64":
		want = "want a number"
	case "duration":
		want = "want a duration such as 500ms, 2s or 10m"
	case "bool":
		want = "want true or false"
	default:
		return err
	}
	if errors.Is(err, strconv.ErrRange) {
		want = "out of range"
	}
	return fmt.Errorf("--%s %q: %s", ie.GetFlag().Name, ie.GetValue(), want)
}

// wrongArgsAreUsage makes a wrong number of arguments, and an unknown subcommand, a usage
// error (exit status 2) like a bad flag, in cmd and every command under it. A command that
// only groups others shows its help when given nothing.
func wrongArgsAreUsage(cmd *cobra.Command) {
	if !cmd.Runnable() {
		cmd.Args = cobra.ArbitraryArgs
		cmd.RunE = func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommand(c, args[0])
			}
			return c.Help()
		}
	}
	if check := cmd.Args; check != nil {
		cmd.Args = func(c *cobra.Command, args []string) error {
			if err := check(c, args); err != nil {
				return usageErr("%s: %v (see %s --help)", c.CommandPath(), describeArgsError(c, args, err), c.CommandPath())
			}
			return refuseEmptyArgs(c, args)
		}
	}
	for _, sub := range cmd.Commands() {
		wrongArgsAreUsage(sub)
	}
}

// refuseEmptyArgs refuses an argument given empty, as refuseEmptyValues refuses a flag's:
// a script's unset variable (arena replay show "$REPLAY") is no file to read, and was
// said as one ("replay : no such file or directory"). The argument is named as the
// command's usage line names it.
func refuseEmptyArgs(c *cobra.Command, args []string) error {
	for i, a := range args {
		if a != "" {
			continue
		}
		name := "argument " + strconv.Itoa(i+1)
		if names := argNames(c); len(names) > 0 {
			name = strings.TrimSuffix(names[min(i, len(names)-1)], "...")
		}
		return usageErr("%s: %s \"\": want a non-empty value", c.CommandPath(), name)
	}
	return nil
}

// argNames lists the arguments a command's usage line names, in order: "BOT", "BOT..." for
// "run [flags] BOT BOT...", "FILE" for "stdin FILE --player P [--turn N]".
func argNames(c *cobra.Command) []string {
	var names []string
	words := strings.Fields(c.Use)[1:]
	for i := 0; i < len(words); i++ {
		switch w := words[i]; {
		case strings.HasPrefix(strings.TrimPrefix(w, "["), "-"):
			if !strings.Contains(w, "]") {
				i++ // the flag's value: --player P, [--turn N]
			}
		case !strings.HasPrefix(w, "[") && w == strings.ToUpper(w):
			names = append(names, w)
		}
	}
	return names
}

// describeArgsError words cobra's count of arguments ("requires at least 1 arg(s), only
// received 0") with what the command's usage line names: "missing BOT BOT...", "want one
// FILE, got 2: …".
func describeArgsError(c *cobra.Command, args []string, err error) error {
	want := argNames(c)
	switch {
	case len(want) == 0:
		return err
	case len(args) == 0:
		return fmt.Errorf("missing %s", strings.Join(want, " "))
	case len(want) == 1 && !strings.HasSuffix(want[0], "..."):
		quoted := make([]string, len(args))
		for i, a := range args {
			quoted[i] = strconv.Quote(a)
		}
		return fmt.Errorf("want one %s, got %d: %s", want[0], len(args), strings.Join(quoted, " "))
	}
	return err
}

// noArgs is cobra.NoArgs worded for a command that has no subcommands: a word given to it is
// an argument it does not take, not an unknown command; a game's name is a slip for --game
// where the command has it (arena map rockets).
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	if _, err := referee.Lookup(args[0]); err == nil && cmd.Flags().Lookup("game") != nil {
		return fmt.Errorf("unexpected argument %q: the game is given as --game=%s", args[0], args[0])
	}
	return fmt.Errorf("unexpected argument %q: it takes none", args[0])
}

// unknownCommand refuses a word that names no command under cmd, with the commands it is
// likely a slip for (arena maps: arena map), as cobra would if it saw the word itself.
func unknownCommand(cmd *cobra.Command, word string) error {
	cmd.SuggestionsMinimumDistance = 2
	var hint string
	if names := cmd.SuggestionsFor(word); len(names) > 0 {
		for i := range names {
			names[i] = fmt.Sprintf("%q", cmd.CommandPath()+" "+names[i])
		}
		hint = "; did you mean " + strings.Join(names, " or ") + "?"
	}
	return usageErr("unknown command %q for %q%s (see %s --help)", word, cmd.CommandPath(), hint, cmd.CommandPath())
}

func logger() zerolog.Logger {
	// Colours only on a terminal: a log sent to a file or a pipe is read as text.
	w := zerolog.ConsoleWriter{Out: stderr, TimeFormat: "15:04:05.000", NoColor: !isTerminal(stderr)}
	return zerolog.New(w).With().Timestamp().Logger()
}

// count says n things: "1 team", "2 teams".
func count(n int, thing string) string { return referee.Count(n, thing, thing+"s") }
