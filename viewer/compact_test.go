package viewer_test

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
	"github.com/arena-games/arena/viewer"
)

// longReplay is a game of four players on a map of cells×cells squares drawn every turn,
// with 40 units each moving over it and a line of text that changes every turn: its frames
// repeat most of their shapes, as the Deadline24 games' do, so that its file holds them in
// a shape table once there are more than 50 000 in all.
func longReplay(turns, cells int) *replays.Replay {
	const players = 4
	rec := &replays.Replay{
		Format: replays.Format, Arena: "test", Game: "rockets", RefereeVersion: "1", Seed: 3,
		Options:  map[string]string{},
		Settings: replays.Settings{Style: referee.StyleSession, TimeScale: 1},
		Result:   replays.Result{Game: "rockets", Seed: 3, Turns: turns, Winner: 0},
	}
	for p := range players {
		name := "team" + strconv.Itoa(p)
		rec.Players = append(rec.Players, replays.Player{Name: name, Command: "./" + name})
		rec.Result.Players = append(rec.Result.Players, replays.PlayerResult{Index: p, Name: name, Rank: p + 1, Status: referee.StatusOK})
	}
	var board []referee.Shape
	for x := range cells {
		for y := range cells {
			board = append(board, referee.Shape{Kind: referee.ShapeRect, X: float64(x * 10), Y: float64(y * 10), W: 10, H: 10, Fill: []string{"#203040", "#304050", "#405060"}[(x*7+y*3)%3]})
		}
	}
	for turn := range turns {
		shapes := append([]referee.Shape(nil), board...)
		var moves []replays.Move
		for p := range players {
			for u := range 40 {
				x := float64((u*13 + p*29 + turn/3%150) % (cells * 10))
				shapes = append(shapes, referee.Shape{Kind: referee.ShapeCircle, X: x, Y: float64(u * 7 % (cells * 10)), R: 3, Fill: referee.PlayerColor(p), Player: referee.Owner(p), Tip: "unit " + strconv.Itoa(u)})
			}
			moves = append(moves, replays.Move{Player: p, Input: "TURN " + strconv.Itoa(turn) + "\n" + strings.Repeat("1 2 3 4\n", 20), Output: "MOVE 1 2\n", TimeMS: 1.5})
		}
		shapes = append(shapes, referee.Shape{Kind: referee.ShapeText, X: 5, Y: 5, Text: "turn " + strconv.Itoa(turn), Size: 12, Fill: "#ffffff"})
		rec.Turns = append(rec.Turns, replays.Turn{Turn: turn, Moves: moves, Frame: referee.Frame{Shapes: shapes, Events: []string{"turn " + strconv.Itoa(turn)}}})
	}
	return rec
}

// pageJSONBothWays is the replay the page gets from viewer.Load (its shape table passed
// through) and as it got it when Load read the frames whole and encoded them again.
func pageJSONBothWays(t testing.TB, path string) (compact, whole []byte) {
	t.Helper()
	rep, err := viewer.Load(path, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := replays.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	old, err := viewer.FromReplay(rec, filepath.Base(path))
	if err != nil {
		t.Fatal(err)
	}
	return rep.JSON, old.JSON
}

// A replay written by arena, with a shape table or without, reaches the page byte for byte
// as when Load rebuilt its frames and encoded them again.
func TestLoadPassesTheShapeTableThrough(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, "long.json.gz")
	if err := replays.Write(long, longReplay(80, 25)); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{long, writeSmallReplay(t, dir, "small.json")} {
		compact, whole := pageJSONBothWays(t, path)
		if !bytes.Equal(compact, whole) {
			t.Errorf("%s: the page gets %d bytes, want the %d it got from the frames read whole", filepath.Base(path), len(compact), len(whole))
		}
		if bytes.Contains(compact, []byte(`"shape_table"`)) || !bytes.Contains(compact, []byte(`"new_shapes":[`)) {
			t.Errorf("%s: the page's replay does not bring its shapes turn by turn", filepath.Base(path))
		}
	}
}

// A shape id out of the table is refused by the viewer as by every reader of replays: the
// file, the field and the reason.
func TestLoadRefusesABadShapeID(t *testing.T) {
	var file bytes.Buffer
	if err := replays.Encode(&file, longReplay(80, 25)); err != nil {
		t.Fatal(err)
	}
	const good = `"shape_ids":[0,1,2,`
	if !bytes.Contains(file.Bytes(), []byte(good)) {
		t.Fatalf("no %s in the file", good)
	}
	path := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(path, bytes.Replace(file.Bytes(), []byte(good), []byte(`"shape_ids":[0,1,99999,`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "replay " + path + ": field turns[0].shape_ids[2]: 99999 is not in the shape table ("
	_, err := viewer.Load(path, "bad.json")
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("Load: %v, want %q…", err, want)
	}
	if _, rerr := replays.Read(path); rerr == nil || rerr.Error() != err.Error() {
		t.Errorf("Load says %q, replays.Read %v", err, rerr)
	}
}

// The page builds the same frames from a replay file's shape table, passed through as it
// is, as from the frames read whole: here a table Encode would not make (an entry twice, one
// that no frame uses, a frame with shapes of its own before its ids).
func TestViewerBuildsTheSameFramesFromAShapeTable(t *testing.T) {
	needBrowser(t)
	rec := smallReplay()
	for i := range rec.Turns {
		f := &rec.Turns[i].Frame
		for _, s := range f.Shapes {
			rec.Turns[i].ShapeIDs = append(rec.Turns[i].ShapeIDs, len(rec.ShapeTable))
			rec.ShapeTable = append(rec.ShapeTable, s)
		}
		f.Shapes = nil
	}
	rec.ShapeTable = append(rec.ShapeTable, referee.Shape{Kind: referee.ShapeText, Text: "no frame draws this"})
	rec.Turns[1].Frame.Shapes = []referee.Shape{{Kind: referee.ShapeRect, X: 300, Y: 300, W: 40, H: 40, Fill: "#ff00ff", Tip: "the frame's own"}}
	rec.Turns[2].ShapeIDs = append(rec.Turns[2].ShapeIDs, 0, 0)
	path := filepath.Join(t.TempDir(), "table.json")
	if err := replays.Write(path, rec); err != nil {
		t.Fatal(err)
	}
	compact, whole := pageJSONBothWays(t, path)
	if bytes.Equal(compact, whole) {
		t.Fatal("the test needs the file's own table in one page's replay, and the one Encode makes in the other")
	}
	// The frames as the page's scripts build them, as JSON values: a frame rebuilt from the
	// table has its shapes last among its keys, which says nothing of its content.
	frames := func(data []byte) any {
		h, err := viewer.NewHandler(&viewer.Replay{Name: "table.json", Game: rec.Game, Seed: rec.Seed, JSON: data})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(h)
		defer srv.Close()
		tb := newTab(t)
		tb.do(t, "opening the page", chromedp.Navigate(srv.URL+"/"))
		tb.waitReady(t)
		var v any
		js := eval[string](t, tb, `Arena.loadReplay(JSON.parse(document.getElementById("arena-config").textContent)).then(r => JSON.stringify(r.turns.map(t => t.frame)))`)
		if err := json.Unmarshal([]byte(js), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	fromTable, fromFrames := frames(compact), frames(whole)
	if diff := cmp.Diff(fromFrames, fromTable); diff != "" {
		t.Errorf("the page's frames (-from the frames read whole +from the shape table):\n%s", diff)
	}
	if shapes := fromTable.([]any)[1].(map[string]any)["shapes"].([]any); len(shapes) != 8 || shapes[0].(map[string]any)["tip"] != "the frame's own" {
		t.Errorf("turn 1's frame from the table: %v, want its own shape then the seven of its ids", shapes)
	}
}

// BenchmarkLoad measures preparing a 1500-turn, four-player game (6.4 million shapes in its
// frames, 30 000 distinct) for the page, as `arena view` does: compact, with the file's shape
// table passed through (Load), and whole, the frames rebuilt and the table made again.
//
//	go test ./viewer -run '^$' -bench Load -benchmem
func BenchmarkLoad(b *testing.B) {
	path := filepath.Join(b.TempDir(), "long.json.gz")
	if err := replays.Write(path, longReplay(1500, 64)); err != nil {
		b.Fatal(err)
	}
	b.Run("compact", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := viewer.Load(path, "long.json.gz"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("whole", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			rec, err := replays.Read(path)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := viewer.FromReplay(rec, "long.json.gz"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
