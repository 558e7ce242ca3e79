package cli

import (
	"bytes"
	"strings"
	"testing"
)

// No --help shows a default that only stands for "not given": replay show's and stdin's
// --turn and --player would read "(default -1)", as if -1 were a turn or a player to use.
func TestHelpShowsNoPlaceholderDefault(t *testing.T) {
	for _, args := range [][]string{{"replay", "show", "--help"}, {"replay", "stdin", "--help"}} {
		root := newRoot()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if strings.Contains(line, "(default -1)") {
				t.Errorf("arena %s: %q", strings.Join(args, " "), strings.TrimSpace(line))
			}
		}
		if !strings.Contains(out.String(), "--turn") {
			t.Errorf("arena %s shows no --turn:\n%s", strings.Join(args, " "), out.String())
		}
	}
}
