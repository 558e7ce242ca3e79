package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// replay show reads a replay with its shape table left as it is (it shows no frame), and
// checks its shape ids as strictly as every other reader.
func TestReplayShowReadsAShapeTableStrictly(t *testing.T) {
	rec := &replays.Replay{
		Format: replays.Format, Arena: "test", Game: "queens", RefereeVersion: "1", Seed: 7,
		Players:    []replays.Player{{Name: "a", Command: "./a"}, {Name: "b", Command: "./b"}},
		Settings:   replays.Settings{Style: referee.StyleTurns, TimeScale: 1},
		ShapeTable: []referee.Shape{{Kind: "rect", W: 1, H: 1}, {Kind: "circle", R: 2}},
		Turns: []replays.Turn{
			{Turn: 0, Moves: []replays.Move{{Player: 0, Input: "1\n", Output: "WAIT\n", TimeMS: 3}}, Frame: referee.Frame{Events: []string{"a waited"}}, ShapeIDs: []int{0, 1}},
			{Turn: 1, Moves: []replays.Move{{Player: 1, Input: "2\n", Output: "MOVE 1 2\n", TimeMS: 4}}, ShapeIDs: []int{1, 1}},
		},
		Result: replays.Result{Game: "queens", Seed: 7, Turns: 2, Winner: 0, Players: []replays.PlayerResult{{Index: 0, Status: "ok", Rank: 1}, {Index: 1, Status: "ok", Rank: 2}}},
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	if err := replays.Write(good, rec); err != nil {
		t.Fatal(err)
	}
	show := func(path string) (string, error) {
		root := newRoot()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetErr(&out)
		root.SetArgs([]string{"replay", "show", path})
		err := root.Execute()
		return out.String(), err
	}
	out, err := show(good)
	if err != nil || !strings.Contains(out, "MOVE 1 2") || !strings.Contains(out, "event: a waited") {
		t.Errorf("replay show of a replay with a shape table: %v\n%s", err, out)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, bytes.Replace(data, []byte(`"shape_ids":[1,1]`), []byte(`"shape_ids":[1,2]`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "replay " + bad + ": field turns[1].shape_ids[1]: 2 is not in the shape table (2 shapes)"
	if _, err := show(bad); err == nil || err.Error() != want {
		t.Errorf("replay show of a bad shape id: %v, want %q", err, want)
	}
}
