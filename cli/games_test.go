package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// arena games says each game's referee version and, where it still verifies the replays of
// earlier versions, which.
func TestGamesListsTheVersionsTheyVerify(t *testing.T) {
	root := newRoot()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs([]string{"games"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	older := 0
	for _, g := range referee.Games() {
		info := g.Info()
		want := "referee v" + info.Version + ")"
		if len(info.OlderVersions) > 0 {
			older++
			want = "referee v" + info.Version + ", verifies the replays of v" + strings.Join(info.OlderVersions, ", v") + " too)"
		}
		var line string
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.HasPrefix(l, info.Name+" — ") {
				line = l
			}
		}
		if !strings.HasSuffix(line, want) {
			t.Errorf("%s: got %q, want a line ending with %q", info.Name, line, want)
		}
	}
	if older == 0 {
		t.Error("no game verifies the replays of an earlier version: the test checks nothing")
	}
}
