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
