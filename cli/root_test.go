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
