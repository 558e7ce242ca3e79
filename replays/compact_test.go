package replays

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

// tableSample is sample() with frames that repeat shapes, and its file.
func tableSample(t *testing.T) (*Replay, []byte) {
	t.Helper()
	mapShape := referee.Shape{Kind: "rect", W: 10, H: 10, Fill: "#123"}
	road := referee.Shape{Kind: "line", X2: 5, Y2: 5, Player: referee.Owner(0)}
	r := sample()
	r.Turns[0].Frame = referee.Frame{Shapes: []referee.Shape{mapShape, road, {Kind: "circle", R: 1}}}
	r.Turns[1].Frame = referee.Frame{Shapes: []referee.Shape{mapShape, {Kind: "circle", R: 2}, road, mapShape}}
	var buf bytes.Buffer
	if err := Encode(&buf, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"new_shapes":[`) {
		t.Fatalf("the sample is not written with a shape table:\n%s", buf.String())
	}
	return r, buf.Bytes()
}

// ReadCompact leaves the table and the ids as the file has them, and Encode writes such a
// replay back as the file was: the same bytes as the replay read whole and encoded again.
func TestReadCompactKeepsTheShapeTable(t *testing.T) {
	r, file := tableSample(t)
	path := filepath.Join(t.TempDir(), "r.json")
	if err := os.WriteFile(path, file, 0o644); err != nil {
		t.Fatal(err)
	}
	compact, err := ReadCompact(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(compact.ShapeTable) != 4 || !cmp.Equal(compact.Turns[1].ShapeIDs, []int{0, 3, 1, 0}) || compact.Turns[1].Frame.Shapes != nil {
		t.Errorf("ReadCompact: table %v, turn 1's ids %v and shapes %v; want the file's 4 shapes and ids [0 3 1 0], no shapes", compact.ShapeTable, compact.Turns[1].ShapeIDs, compact.Turns[1].Frame.Shapes)
	}
	var fromCompact bytes.Buffer
	if err := Encode(&fromCompact, compact); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fromCompact.Bytes(), file) {
		t.Errorf("a compact replay encoded again differs from its file:\n%s\nwant\n%s", fromCompact.Bytes(), file)
	}
	whole, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r.Turns, whole.Turns); diff != "" {
		t.Errorf("Read no longer rebuilds the frames (-want +got):\n%s", diff)
	}
	var fromWhole bytes.Buffer
	if err := Encode(&fromWhole, whole); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fromCompact.Bytes(), fromWhole.Bytes()) {
		t.Errorf("encoded from ReadCompact:\n%s\nfrom Read:\n%s", fromCompact.Bytes(), fromWhole.Bytes())
	}
}

// A table that is not the one Encode would make (shapes twice, an entry no frame uses, a
// frame with shapes of its own before its ids) is passed through; the frames it gives are
// those Read gives.
func TestReadCompactPassesAnyTableThrough(t *testing.T) {
	r := sample()
	r.ShapeTable = []referee.Shape{{Kind: "rect", W: 1}, {Kind: "circle", R: 2}, {Kind: "rect", W: 1}, {Kind: "text", Text: "unused"}}
	r.Turns[0].ShapeIDs = []int{2, 1, 0}
	r.Turns[1].ShapeIDs = []int{1}
	var file bytes.Buffer
	if err := Encode(&file, r); err != nil {
		t.Fatal(err)
	}
	compact, err := DecodeCompact(file.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := Encode(&again, compact); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), file.Bytes()) {
		t.Errorf("the table is not passed through as it is:\n%s\nwant\n%s", again.Bytes(), file.Bytes())
	}
	whole, err := Decode(file.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	rebuilt, err := Decode(again.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole, rebuilt); diff != "" {
		t.Errorf("frames rebuilt from the compact replay (-Read +ReadCompact, encoded, read):\n%s", diff)
	}
	want := []referee.Shape{{Kind: "circle", R: 3, Player: referee.Owner(1)}, {Kind: "rect", W: 1}, {Kind: "circle", R: 2}, {Kind: "rect", W: 1}}
	if diff := cmp.Diff(want, whole.Turns[0].Frame.Shapes); diff != "" {
		t.Errorf("turn 0's frame, its own shape then its ids' (-want +got):\n%s", diff)
	}
}

// A replay whose frames draw nothing has no table, and reads the same either way.
func TestReadCompactWithoutATable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json.gz")
	r := sample()
	r.Turns[0].Frame.Shapes = nil
	if err := Write(path, r); err != nil {
		t.Fatal(err)
	}
	whole, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	compact, err := ReadCompact(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole, compact); diff != "" {
		t.Errorf("ReadCompact of a replay without a table (-Read +ReadCompact):\n%s", diff)
	}
}

// A bad id is refused by ReadCompact as by Read: the file, the field and the reason.
func TestReadCompactRefusesABadShapeID(t *testing.T) {
	_, file := tableSample(t)
	dir := t.TempDir()
	for _, c := range []struct{ from, to, want string }{
		{`"shape_ids":[0,1,2]`, `"shape_ids":[0,1,9]`, "field turns[0].shape_ids[2]: 9 is not in the shape table (3 shapes at this turn)"},
		{`"shape_ids":[0,1,2]`, `"shape_ids":[0,1,3]`, "field turns[0].shape_ids[2]: 3 is not in the shape table (3 shapes at this turn)"},
		{`"shape_ids":[0,3,1,0]`, `"shape_ids":[0,3,-1,0]`, "field turns[1].shape_ids[2]: -1 is not in the shape table (4 shapes at this turn)"},
		{`"new_shapes":[`, `"new_shapes":[],"x":[`, "field turns[0].shape_ids[0]: 0 is not in the shape table (0 shapes at this turn)"},
	} {
		bad := strings.Replace(string(file), c.from, c.to, 1)
		if bad == string(file) {
			t.Fatalf("%s is not in the file:\n%s", c.from, file)
		}
		path := filepath.Join(dir, "bad.json")
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		want := "replay " + path + ": " + c.want
		for name, read := range map[string]func(string) (*Replay, error){"Read": Read, "ReadCompact": ReadCompact} {
			if _, err := read(path); err == nil || err.Error() != want {
				t.Errorf("%s of %s: %v, want %q", name, c.to, err, want)
			}
		}
	}
}

// A file of arena-replay/1 (a big replay's table ahead of the turns, as arena wrote them
// then) reads as it did: the frames rebuilt, or the table kept; and written again, it is
// this version's file of the same replay.
func TestReadsTheFirstFormat(t *testing.T) {
	r, file := tableSample(t)
	compact, err := DecodeCompact(file)
	if err != nil {
		t.Fatal(err)
	}
	compact.Format = FormatV1
	old, err := json.Marshal(compact) // the table ahead of the turns
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(old, []byte(`"shape_table":[`)) || bytes.Contains(old, []byte(`"new_shapes"`)) {
		t.Fatalf("not a file of the first format: %s", old)
	}
	whole, err := Decode(old)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r.Turns, whole.Turns); diff != "" {
		t.Errorf("frames of an arena-replay/1 file (-want +got):\n%s", diff)
	}
	again, err := DecodeCompact(old)
	if err != nil {
		t.Fatal(err)
	}
	var rewritten bytes.Buffer
	if err := Encode(&rewritten, again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rewritten.Bytes(), file) {
		t.Errorf("an arena-replay/1 file written again:\n%s\nwant\n%s", rewritten.Bytes(), file)
	}
}
