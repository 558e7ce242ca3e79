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
	want := "replay " + bad + ": field turns[1].shape_ids[1]: 2 is not in the shape table (2 shapes at this turn)"
	if _, err := show(bad); err == nil || err.Error() != want {
		t.Errorf("replay show of a bad shape id: %v, want %q", err, want)
	}
}

// replay stdin prints exactly what a bot received, and nothing for one that received
// nothing; it then says why on stderr (it used to say nothing, a team of arena serve that
// never connected looking like a broken command), and exits 0 as for any input printed.
func TestReplayStdinSaysWhyItPrintsNothing(t *testing.T) {
	rec := &replays.Replay{
		Format: replays.Format, Arena: "test", Game: "agrid", RefereeVersion: "4", Seed: 78,
		Players: []replays.Player{
			{Name: "login1", Command: "tcp team 0 (login1)"}, {Name: "login2", Command: "tcp team 1 (login2)"},
			{Name: "login3", Command: "tcp team 2 (login3)"}, {Name: "login4", Command: "tcp team 3 (login4)"},
		},
		Settings: replays.Settings{Style: referee.StyleSession, TimeScale: 1, Clock: "wall", Transport: "tcp"},
		Turns: []replays.Turn{
			{Turn: 0, Moves: []replays.Move{{Player: 0, Output: "TIME_TO_END\n", Input: "OK\n3\n"}}},
			{Turn: 1, Moves: []replays.Move{{Player: 0, Output: "WAIT\n", Input: "OK\nWAITING 0.5\n"}}},
			{Turn: 2, Moves: []replays.Move{{Player: 3, Output: "TIME_TO_END\n", Input: "OK\n1\n"}}},
		},
		Result: replays.Result{Game: "agrid", Seed: 78, Turns: 3, Winner: -1, Players: []replays.PlayerResult{
			{Index: 0, Name: "login1", Status: "ok", Rank: 1},
			{Index: 1, Name: "login2", Status: "ok", Rank: 1, Message: replays.ServeNeverConnected},
			{Index: 2, Name: "login3", Status: "ok", Rank: 1, Message: replays.SilentNote},
			{Index: 3, Name: "login4", Status: "ok", Rank: 1},
		}},
	}
	path := filepath.Join(t.TempDir(), "agrid-78.json")
	if err := replays.Write(path, rec); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args      []string
		out, note string
	}{
		{[]string{"--player", "0"}, "OK\n3\nOK\nWAITING 0.5\n", ""},
		{[]string{"--player", "1"}, "", "player 1 (login2) never connected during this game, so it received no input"},
		{[]string{"--player", "1", "--turn", "1"}, "", "player 1 (login2) never connected during this game, so it received no input"},
		{[]string{"--player", "2"}, "", "player 2 (login3) received no input in the whole game; its result says: " + replays.SilentNote},
		{[]string{"--player", "3", "--turn", "1"}, "", "player 3 (login4) received no input up to turn 1 (its first input is in turn 2)"},
		{[]string{"--player", "3"}, "OK\n1\n", ""},
	} {
		root := newRoot()
		var stdout, stderr bytes.Buffer
		root.SetOut(&stdout)
		root.SetErr(&stderr)
		root.SetArgs(append([]string{"replay", "stdin", path}, c.args...))
		err := root.Execute()
		want := ""
		if c.note != "" {
			want = "arena: replay " + path + ": nothing to print: " + c.note + "\n"
		}
		if err != nil || stdout.String() != c.out || stderr.String() != want {
			t.Errorf("replay stdin %v: error %v, stdout %q, stderr %q; want no error, stdout %q, stderr %q", c.args, err, stdout.String(), stderr.String(), c.out, want)
		}
	}
}

// replay stdin prints all a team of arena serve was sent in the turn a Ctrl-C stopped: the
// stopped turn holds a move for each of its runs of lines, in arrival order, as the turns
// played do, not one move per team.
func TestReplayStdinTakesAllOfAServeStoppedTurn(t *testing.T) {
	rec := &replays.Replay{
		Format: replays.Format, Arena: "test", Game: "rockets", RefereeVersion: "4", Seed: 5,
		Players:  []replays.Player{{Name: "login1", Command: "tcp team 0 (login1)"}, {Name: "login2", Command: "tcp team 1 (login2)"}},
		Settings: replays.Settings{Style: referee.StyleSession, TimeScale: 1, Clock: "wall", Transport: "tcp"},
		Turns: []replays.Turn{
			{Turn: 0, Moves: []replays.Move{{Player: 0, Output: "WAIT\n", Input: "OK\nWAITING 0.5\n"}, {Player: 1, Output: "WAIT\n", Input: "OK\nWAITING 0.5\n"}}},
		},
		Result: replays.Result{Game: "rockets", Seed: 5, Turns: 1, Winner: -1, Unfinished: true, Players: []replays.PlayerResult{
			{Index: 0, Name: "login1", Status: "ok", Rank: 1}, {Index: 1, Name: "login2", Status: "ok", Rank: 1},
		}, Stopped: &replays.StoppedTurn{Turn: 1, Moves: []replays.Move{
			{Player: 0, Input: "OK\n"}, {Player: 1, Input: "OK\n"},
			{Player: 0, Output: "HOME\n", Input: "OK\n134 1000 NONE 0\n"}, {Player: 1, Output: "CARS\n", Input: "OK\n0\n"},
			{Player: 0, Output: "TIME_TO_END\n", Input: "OK\n0 28\n"},
		}}},
	}
	path := filepath.Join(t.TempDir(), "rockets-5.json")
	if err := replays.Write(path, rec); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"--player", "0"}, {"--player", "0", "--turn", "1"}} {
		root := newRoot()
		var stdout, stderr bytes.Buffer
		root.SetOut(&stdout)
		root.SetErr(&stderr)
		root.SetArgs(append([]string{"replay", "stdin", path}, args...))
		err := root.Execute()
		want := "OK\nWAITING 0.5\nOK\nOK\n134 1000 NONE 0\nOK\n0 28\n"
		if err != nil || stdout.String() != want {
			t.Errorf("replay stdin %v: error %v, stdout %q, stderr %q; want %q", args, err, stdout.String(), stderr.String(), want)
		}
	}
}
