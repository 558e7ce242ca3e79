package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// execute runs arena's command line in the test and returns its error.
func execute(t *testing.T, args ...string) error {
	t.Helper()
	root := newRoot()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	return root.Execute()
}

// A mistyped command is named, with the command it is likely a slip for, whatever follows
// it: the flags of the command meant (arena maps --game=rockets) are no unknown flag of
// arena's.
func TestUnknownCommandSuggestsTheNearOne(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"maps"}, `unknown command "maps" for "arena"; did you mean "arena map"? (see arena --help)`},
		{[]string{"maps", "rockets"}, `unknown command "maps" for "arena"; did you mean "arena map"? (see arena --help)`},
		{[]string{"maps", "--game=rockets", "--seed", "7"}, `unknown command "maps" for "arena"; did you mean "arena map"? (see arena --help)`},
		{[]string{"game"}, `unknown command "game" for "arena"; did you mean "arena games"? (see arena --help)`},
		{[]string{"replay", "vrify", "r.json"}, `unknown command "vrify" for "arena replay"; did you mean "arena replay verify"? (see arena replay --help)`},
		{[]string{"nosuch"}, `unknown command "nosuch" for "arena" (see arena --help)`},
		{[]string{"completion", "tcsh"}, `unknown command "tcsh" for "arena completion"; did you mean "arena completion bash" or "arena completion fish" or "arena completion zsh"? (see arena completion --help)`},
		{[]string{"--nosuch"}, `unknown flag: --nosuch (see arena --help)`},
	} {
		err := execute(t, tc.args...)
		var ee *exitError
		if err == nil || err.Error() != tc.want || !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("arena %s: got %v, want a usage error %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

// A word given to a command that takes none is an unexpected argument, not an unknown
// command; a game's name given where --game is meant says so (arena map rockets).
func TestUnexpectedArgumentOfACommandWithoutArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"map", "rockets"}, `arena map: unexpected argument "rockets": the game is given as --game=rockets (see arena map --help)`},
		{[]string{"map", "rockets", "--seed", "7"}, `arena map: unexpected argument "rockets": the game is given as --game=rockets (see arena map --help)`},
		{[]string{"serve", "bestow"}, `arena serve: unexpected argument "bestow": the game is given as --game=bestow (see arena serve --help)`},
		{[]string{"games", "queens"}, `arena games: unexpected argument "queens": it takes none (see arena games --help)`},
		{[]string{"version", "x"}, `arena version: unexpected argument "x": it takes none (see arena version --help)`},
	} {
		err := execute(t, tc.args...)
		var ee *exitError
		if err == nil || err.Error() != tc.want || !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("arena %s: got %v, want a usage error %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

// A wrong number of arguments is said with the words of the command's usage line, not
// cobra's count of "arg(s)".
func TestWrongNumberOfArgumentsNamesWhatIsWanted(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--game", "queens"}, `arena run: missing BOT BOT... (see arena run --help)`},
		{[]string{"view"}, `arena view: missing REPLAY (see arena view --help)`},
		{[]string{"view", "a.json", "b.json"}, `arena view: want one REPLAY, got 2: "a.json" "b.json" (see arena view --help)`},
		{[]string{"replay", "stdin", "--player", "0"}, `arena replay stdin: missing FILE (see arena replay stdin --help)`},
		{[]string{"tournament", "report"}, `arena tournament report: missing FILE... (see arena tournament report --help)`},
		{[]string{"bot"}, `arena bot: missing GAME/NAME (see arena bot --help)`},
	} {
		err := execute(t, tc.args...)
		var ee *exitError
		if err == nil || err.Error() != tc.want || !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("arena %s: got %v, want a usage error %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

// A player count a game does not take is said in players, as --players counts them.
func TestMapPlayersOutOfRange(t *testing.T) {
	err := execute(t, "map", "--game", "rockets", "--players", "9")
	var ee *exitError
	if want := "--players 9: rockets takes 1 to 8 players"; err == nil || err.Error() != want || !errors.As(err, &ee) || ee.code != 2 {
		t.Errorf("got %v, want a usage error %q", err, want)
	}
}

// A built-in bot of a game that does not exist is refused for the game, with the games.
func TestBotOfAnUnknownGame(t *testing.T) {
	err := execute(t, "bot", "nosuch/greedy")
	var ee *exitError
	if want := `bot "nosuch/greedy": unknown game "nosuch" (known: agrid, bestow, flags, queens, rockets, towers, triangles)`; err == nil || err.Error() != want || !errors.As(err, &ee) || ee.code != 2 {
		t.Errorf("got %v, want a usage error %q", err, want)
	}
}

// --log-level takes the four levels it names, not zerolog's others: a script's "trace"
// is refused rather than taken, and "disabled" does not silence arena's errors.
func TestLogLevelTakesTheLevelsItNames(t *testing.T) {
	for _, level := range []string{"debug", "info", "warn", "error"} {
		if err := execute(t, "version", "--log-level", level); err != nil {
			t.Errorf("--log-level %s: %v", level, err)
		}
	}
	for _, level := range []string{"trace", "fatal", "panic", "disabled", "DEBUG", "foo"} {
		err := execute(t, "version", "--log-level", level)
		var ee *exitError
		want := `--log-level "` + level + `": want debug, info, warn or error`
		if err == nil || !strings.HasPrefix(err.Error(), want) || !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("--log-level %s: got %v, want a usage error %q", level, err, want)
		}
	}
}
