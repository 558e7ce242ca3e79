package replays

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

func sample() *Replay {
	return &Replay{
		Format: Format, Arena: "test", Game: "queens", RefereeVersion: "1", Seed: 7,
		Options:  map[string]string{"profile": "arena"},
		Players:  []Player{{Name: "a", Command: "./a"}, {Name: "b", Command: "./b"}},
		Settings: Settings{Style: referee.StyleTurns, TimeScale: 1},
		Turns: []Turn{
			{Turn: 0, Moves: []Move{{Player: 0, Input: "1\n", Output: "WAIT\n", TimeMS: 3}}, Frame: referee.Frame{Shapes: []referee.Shape{{Kind: "circle", R: 3, Player: referee.Owner(1)}}}},
			{Turn: 1, Moves: []Move{{Player: 1, Input: "2\n", Output: "MOVE 1 2\n", TimeMS: 4, Status: referee.StatusTimeout, Message: "late"}}},
		},
		Result: Result{Game: "queens", Seed: 7, Turns: 2, Winner: 0, Players: []PlayerResult{{Index: 0, Status: "ok", Rank: 1}, {Index: 1, Status: "timeout", Rank: 2, Score: -1}}},
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"r.json", "r.json.gz"} {
		path := filepath.Join(dir, name)
		if err := Write(path, sample()); err != nil {
			t.Fatal(err)
		}
		got, err := Read(path)
		if err != nil {
			t.Fatal(err)
		}
		want := sample()
		want.Turns[0].Frame.State = nil
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: round trip (-want +got):\n%s", name, diff)
		}
		data, _ := os.ReadFile(path)
		if isGz := len(data) > 2 && data[0] == 0x1f && data[1] == 0x8b; isGz != strings.HasSuffix(name, ".gz") {
			t.Errorf("%s: gzip=%v", name, isGz)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("temporary files left: %v", entries)
	}
}

func TestReadErrorsNameFileFieldReason(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content, want string
	}{
		{"syntax.json", "{\n  \"format\": \"arena-replay/1\",\n  \"game\": }", "syntax.json: line 3, column 11: not valid JSON"},
		{"type.json", `{"format":"arena-replay/1","game":"queens","seed":"seven"}`, "type.json: field seed (line 1): want a whole number, got JSON string"},
		{"array.json", `[]`, "array.json: the replay (line 1): want an object, got JSON array"},
		{"nested.json", "{\"format\":\"arena-replay/1\",\"game\":\"queens\",\"turns\":[{\"turn\":0,\"moves\":[]},\n{\"turn\":1,\"moves\":[{\"player\":0},{\"player\":1,\"cpu_ms\":\"fast\"}]}]}",
			"nested.json: field turns[1].moves[1].cpu_ms (line 2): want a number, got JSON string"},
		{"element.json", `{"format":"arena-replay/1","game":"queens","players":[{"name":"a"},7]}`, "element.json: field players[1] (line 1): want an object, got JSON number"},
		{"object.json", `{"format":"arena-replay/1","game":"queens","turns":[{"turn":0,"moves":{"player":0}}]}`, "object.json: field turns[0].moves (line 1): want an array, got JSON object"},
		{"format.json", `{"format":"arena-replay/9","game":"queens"}`, `format.json: field format: "arena-replay/9" is not a format this version reads`},
		{"player.json", `{"format":"arena-replay/1","game":"queens","players":[{"name":"a"}],"turns":[{"turn":0,"moves":[{"player":3}]}]}`, "player.json: field turns[0].moves[0].player: 3 is not a player (the game has 1 player)"},
		{"status.json", `{"format":"arena-replay/1","game":"queens","players":[{"name":"a"}],"turns":[{"turn":0,"moves":[{"player":0,"status":"late"}]}]}`, `status.json: field turns[0].moves[0].status: "late" is not a status`},
		{"order.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"}],"turns":[{"turn":0,"moves":[]},{"turn":3,"moves":[]},{"turn":2,"moves":[]}]}`, "order.json: field turns[2].turn: 2 does not follow turns[1].turn, 3"},
		{"first.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"}],"turns":[{"turn":-1,"moves":[]}]}`, "first.json: field turns[0].turn: -1 is not a turn number"},
		{"bom.json", "\xef\xbb\xbf{\"format\":\"arena-replay/2\"}", "bom.json: line 1, column 1: not valid JSON: the file starts with a UTF-8 byte-order mark"},
		{"truncated.json", `{"format":"arena-replay/1","game":"qu`, "truncated.json: line 1, column 37: not valid JSON: unexpected end of JSON input"},
		{"noresult.json", `{"format":"arena-replay/1","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[]}`, "noresult.json: field result: missing"},
		{"noresultplayers.json", `{"format":"arena-replay/1","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[],"result":{"game":"queens","winner":0}}`, "noresultplayers.json: field result.players: missing"},
		{"fewresultplayers.json", `{"format":"arena-replay/1","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[],"result":{"players":[]}}`, "fewresultplayers.json: field result.players: 0 entries for 2 players"},
		{"oneresultplayer.json", `{"format":"arena-replay/1","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[],"result":{"players":[{"rank":1}]}}`, "oneresultplayer.json: field result.players: 1 entry for 2 players"},
		// Turns cut from the end of a file (or added): the result counts every turn played.
		// A digest not as arena writes it, and a seed left out while the result has one.
		{"check.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"}],"turns":[{"turn":0,"moves":[],"check":"zz"}]}`, `check.json: field turns[0].check: "zz" is not 16 lowercase hexadecimal digits`},
		// Seal writes lowercase digits: an uppercase check is refused, and the message says why.
		{"uppercase.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"}],"turns":[{"turn":0,"moves":[],"check":"DE82C19BCFE3FAA3"}]}`, `uppercase.json: field turns[0].check: "DE82C19BCFE3FAA3" is not 16 lowercase hexadecimal digits`},
		{"noseed.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[],"result":{"seed":7,"winner":-1,"players":[{"index":0},{"index":1}]}}`, "noseed.json: field seed: 0, but result.seed is 7"},
		{"resultindex.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[],"result":{"winner":-1,"players":[{"index":0},{"index":9}]}}`, "resultindex.json: field result.players[1].index: 9, but the result lists the players in seat order (want 1)"},
		{"stoppedplayer.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[{"turn":0,"moves":[]}],"result":{"turns":1,"winner":-1,"players":[{"index":0},{"index":1}],"unfinished":true,"stopped_turn":{"turn":1,"moves":[{"player":7,"input":"1\n"}]}}}`, "stoppedplayer.json: field result.stopped_turn.moves[0].player: 7 is not a player (the game has 2 players)"},
		{"stoppedturn.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[{"turn":0,"moves":[]},{"turn":1,"moves":[]}],"result":{"turns":2,"winner":-1,"players":[{"index":0},{"index":1}],"unfinished":true,"stopped_turn":{"turn":1,"moves":[]}}}`, "stoppedturn.json: field result.stopped_turn.turn: 1 does not follow the turns played"},
		{"stoppedfinished.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[],"result":{"winner":-1,"players":[{"index":0},{"index":1}],"stopped_turn":{"turn":0,"moves":[]}}}`, "stoppedfinished.json: field result.stopped_turn: in a game that is not unfinished"},
		{"cutturns.json", `{"format":"arena-replay/2","game":"queens","players":[{"name":"a"},{"name":"b"}],"turns":[{"turn":0,"moves":[]},{"turn":1,"moves":[]}],"result":{"turns":3,"winner":-1,"players":[{"index":0},{"index":1}]}}`, "cutturns.json: field result.turns: 3, but the file records 2 turns"},
	}
	for _, tc := range tests {
		path := filepath.Join(dir, tc.name)
		os.WriteFile(path, []byte(tc.content), 0o644)
		_, err := Read(path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want it to contain %q", tc.name, err, tc.want)
		}
	}
	// Gzip that is not: the reason once, in words; a compressed file cut short says so.
	var whole bytes.Buffer
	zw := gzip.NewWriter(&whole)
	zw.Write(bytes.Repeat([]byte(`{"format":"arena-replay/1"} `), 200))
	zw.Close()
	for name, tc := range map[string]struct {
		content []byte
		want    string
	}{
		"notgzip.json":    {append([]byte{0x1f, 0x8b}, "garbage garbage garbage"...), "notgzip.json: gzip: invalid header"},
		"cutgzip.json.gz": {whole.Bytes()[:whole.Len()/2], "cutgzip.json.gz: gzip: the compressed data ends too early (truncated?)"},
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, tc.content, 0o644)
		_, err := Read(path)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "gzip: gzip:") {
			t.Errorf("%s: got %v, want it to contain %q once", name, err, tc.want)
		}
	}
	if _, err := Read(filepath.Join(dir, "missing.json")); err == nil || !strings.Contains(err.Error(), "missing.json: no such file or directory") {
		t.Errorf("missing file: %v", err)
	}
}

// A file's turns bring the shape table's entries as they first draw them: no table ahead of
// the turns, which would keep a file from being written while its game is played.
func TestShapesComeWithTheirFirstTurn(t *testing.T) {
	var buf strings.Builder
	if err := Encode(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "shape_table") || !strings.Contains(buf.String(), `"frame":{},"new_shapes":[{"kind":"circle"`) {
		t.Errorf("the sample's first turn does not bring its shape:\n%s", buf.String())
	}
}

func TestShapesStoredOnceRestoredOnRead(t *testing.T) {
	mapShape := referee.Shape{Kind: "rect", W: 10, H: 10, Fill: "#123"}
	road := referee.Shape{Kind: "line", X2: 5, Y2: 5, Player: referee.Owner(0)}
	r := sample()
	r.Turns[0].Frame = referee.Frame{Shapes: []referee.Shape{mapShape, road, {Kind: "circle", R: 1}}}
	r.Turns[1].Frame = referee.Frame{Shapes: []referee.Shape{mapShape, {Kind: "circle", R: 2}, road, mapShape}}
	var buf strings.Builder
	if err := Encode(&buf, r); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(buf.String(), `"fill":"#123"`); got != 1 {
		t.Errorf("a shape used 3 times is written %d times, want once", got)
	}
	if len(r.ShapeTable) != 0 || len(r.Turns[0].Frame.Shapes) != 3 || r.Turns[0].ShapeIDs != nil {
		t.Errorf("Encode changed the replay it was given")
	}
	back, err := Decode([]byte(buf.String()))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(r.Turns, back.Turns); diff != "" {
		t.Errorf("frames after a round trip (-want +got):\n%s", diff)
	}
	if back.ShapeTable != nil {
		t.Errorf("shape table left in memory")
	}
	// An id must name an entry of the table as it stands at its turn: turn 0 brought 3.
	for _, bad := range []string{`"shape_ids":[0,1,9]`, `"shape_ids":[0,1,3]`} {
		file := strings.Replace(buf.String(), `"shape_ids":[0,1,2]`, bad, 1)
		want := "field turns[0].shape_ids[2]: " + bad[len(bad)-2:len(bad)-1] + " is not in the shape table (3 shapes at this turn)"
		if _, err := Decode([]byte(file)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", bad, err, want)
		}
	}
}

// A replay path that is a pipe or a device (--replay /dev/null, a named pipe) is written
// into: renaming a file over it would replace the pipe or the device itself (as root,
// /dev/null for the whole machine). The pipe's reader gets the same bytes as a file would.
func TestWriteIntoAPipeOrADevice(t *testing.T) {
	dir := t.TempDir()
	var want bytes.Buffer
	if err := Encode(&want, sample()); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"pipe.json", "pipe.json.gz"} {
		fifo := filepath.Join(dir, name)
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
		got := make(chan []byte)
		go func() {
			f, err := os.Open(fifo) // blocks until the writer opens it
			if err != nil {
				got <- nil
				return
			}
			defer f.Close()
			var r io.Reader = f
			if strings.HasSuffix(name, ".gz") {
				zr, err := gzip.NewReader(f)
				if err != nil {
					got <- nil
					return
				}
				r = zr
			}
			b, _ := io.ReadAll(r)
			got <- b
		}()
		s, err := Create(fifo)
		if err != nil {
			t.Fatal(err)
		}
		// Written at the end, from the frames the stream therefore leaves in the replay.
		r := sample()
		s.Final(r, 2)
		if reflect.ValueOf(r.Turns[0].Frame).IsZero() {
			t.Errorf("%s: the stream took a frame it can write only at the end", name)
		}
		if err := s.Finish(r); err != nil {
			t.Fatal(err)
		}
		select {
		case b := <-got:
			if !bytes.Equal(b, want.Bytes()) {
				t.Errorf("%s: the pipe's reader got %d bytes, want the %d of the replay", name, len(b), want.Len())
			}
		case <-time.After(10 * time.Second):
			t.Errorf("%s: the pipe was never written to", name)
		}
		if info, err := os.Lstat(fifo); err != nil || info.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("%s: the pipe was replaced: %v %v", name, info.Mode(), err)
		}
	}
	// A device: a node of the machine's /dev/null, made here (it takes root).
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Logf("no device node made (%v): the device case is not checked", err)
	} else {
		if err := Write(null, sample()); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Lstat(null); err != nil || info.Mode()&os.ModeCharDevice == 0 {
			t.Errorf("the device was replaced: %v %v", info.Mode(), err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.tmp")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// A tournament's results file given where a replay is wanted is named for what it is, with
// one game or several (a second line reads as bad JSON, a single one as a replay without
// its fields).
func TestReadSaysAResultsFileIsNotAReplay(t *testing.T) {
	line := `{"format":"arena-tournament/1","game":"queens","master_seed":1,"pairing":["a","b"],"round":0,"seed":2,"order":[0,1],"seats":[]}` + "\n"
	for _, content := range []string{line, line + line} {
		path := filepath.Join(t.TempDir(), "t.jsonl")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		for name, read := range map[string]func(string) (*Replay, error){"Read": Read, "ReadCompact": ReadCompact} {
			_, err := read(path)
			if want := `a tournament's results file (format "arena-tournament/1"), not a replay: arena tournament report reads it`; err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s of %d lines: got %v, want …%s", name, strings.Count(content, "\n"), err, want)
			}
		}
	}
}

// A file larger than any replay, or a gzip stream that decompresses to more, is refused with
// a message before it is read whole into memory (a stream made to decompress to terabytes
// would exhaust it). The bound is lowered to 1 MiB here.
func TestReadRefusesWhatNoReplayIsThatLarge(t *testing.T) {
	defer func(n int64) { maxReplayBytes = n }(maxReplayBytes)
	maxReplayBytes = 1 << 20
	dir := t.TempDir()
	var good bytes.Buffer
	if err := Encode(&good, sample()); err != nil {
		t.Fatal(err)
	}
	// A replay padded with spaces after it (valid JSON) up to exactly the bound is read.
	exact := append(bytes.Clone(good.Bytes()), bytes.Repeat([]byte(" "), int(maxReplayBytes)-good.Len())...)
	big := append(bytes.Clone(exact), ' ')
	var bomb bytes.Buffer
	zw := gzip.NewWriter(&bomb)
	zw.Write(big)
	zw.Close()
	for _, c := range []struct {
		name string
		data []byte
		err  string // "" when it is read
	}{
		{"exactly the bound", exact, ""},
		{"one byte over", big, "more than 1 MiB: larger than any replay arena writes"},
		{"decompressing to one byte over", bomb.Bytes(), "gzip: decompresses to more than 1 MiB: larger than any replay arena writes"},
	} {
		path := filepath.Join(dir, "r.json")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadCompact(path)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.err != "" && (err == nil || err.Error() != "replay "+path+": "+c.err):
			t.Errorf("%s: got %v, want %q", c.name, err, c.err)
		}
	}
	// And it is refused having read little more than the bound: a stream of 256 MiB.
	path := filepath.Join(dir, "bomb.json.gz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw = gzip.NewWriter(f)
	spaces := bytes.Repeat([]byte(" "), 1<<20)
	for range 256 {
		zw.Write(spaces)
	}
	zw.Close()
	f.Close()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := ReadCompact(path); err == nil {
		t.Error("a stream of 256 MiB read as a replay")
	}
	runtime.ReadMemStats(&after)
	if read := after.TotalAlloc - before.TotalAlloc; read > 32<<20 {
		t.Errorf("%d MiB allocated to refuse a stream of 256 MiB, with a bound of 1 MiB", read>>20)
	}
}

func TestIsReplay(t *testing.T) {
	var buf bytes.Buffer
	if err := Encode(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(buf.Bytes())
	zw.Close()
	for name, tc := range map[string]struct {
		data []byte
		want bool
	}{
		"a replay":                      {buf.Bytes(), true},
		"a compressed replay":           {gz.Bytes(), true},
		"a replay without its format":   {[]byte(`{"game":"queens","players":[],"turns":[]}`), true},
		"a tournament's results line":   {[]byte(`{"format":"arena-tournament/1","game":"queens","players":[],"turns":3}` + "\n{bad"), false},
		"another format":                {[]byte(`{"format":"something/1","game":"queens","players":[],"turns":[]}`), false},
		"not an object":                 {[]byte(`[1, 2]`), false},
		"not JSON":                      {[]byte("hello"), false},
		"compressed bytes that are not": {[]byte{0x1f, 0x8b, 1, 2, 3}, false},
	} {
		if got := IsReplay(tc.data); got != tc.want {
			t.Errorf("%s: IsReplay = %v, want %v", name, got, tc.want)
		}
	}
}
