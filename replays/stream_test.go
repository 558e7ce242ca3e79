package replays

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena-games/arena/referee"
)

// streamed writes r the way the runner does: each turn handed to the stream as soon as it
// is recorded, less the last lag turns (those a runner may still change), then Finish
// (once the writer has caught up, unless hurry). The stream takes the frames of the turns
// it is handed from a copy of r's turns (r keeps its own), and that copy, the runner's
// replay as Finish got it, is returned with the file.
func streamed(t *testing.T, path string, r *Replay, lag int, hurry bool, change func(*Replay)) ([]byte, *Stream, *Replay) {
	t.Helper()
	s, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Abort()
	growing := *r
	turns := slices.Clone(r.Turns)
	for k := range turns {
		growing.Turns = turns[:k+1]
		s.Final(&growing, k+1-lag)
	}
	if !hurry {
		s.caughtUp()
	}
	final := growing
	if change != nil {
		change(&final)
	}
	if err := s.Finish(&final); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data, s, &final
}

// caughtUp wakes the stream's writer and waits until it has written every turn handed to
// it, as it does during a game while the bots think once wakeBatch turns wait (or until it
// has stopped on one it cannot encode); without the wait, Finish would write them itself.
func (s *Stream) caughtUp() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
	for {
		s.mu.Lock()
		idle := len(s.queue) == 0 && !s.writing
		s.mu.Unlock()
		select {
		case <-s.done:
			return
		default:
		}
		if idle {
			return
		}
		time.Sleep(100 * time.Microsecond)
	}
}

func encoded(t *testing.T, r *Replay) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Encode(&buf, r); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestStreamWritesWhatEncodeWrites holds a streamed replay to the bytes of the whole replay
// encoded at once, in every way streaming can end: all turns streamed, some left for
// Finish, and each reason to write the file again; and each time the stream took the
// frames of the turns it was handed, so that Finish had them from nowhere else.
func TestStreamWritesWhatEncodeWrites(t *testing.T) {
	game := recordQueens(t, 7)
	dir := t.TempDir()
	noTurns := game.Result
	noTurns.Turns = 0
	var compact bytes.Buffer
	if err := Encode(&compact, game); err != nil {
		t.Fatal(err)
	}
	compactGame, err := DecodeCompact(compact.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	// A turn that cannot be encoded stops the writer; what it was handed then waits for
	// Finish, and only there were those turns' frames still to be found.
	nan := *game
	nan.Settings.TimeScale = math.NaN()
	tests := []struct {
		name   string
		r      *Replay
		lag    int
		hurry  bool          // Finish at once, before the writer has caught up
		change func(*Replay) // what the runner records after the turns were handed over
		kept   bool          // whether what was streamed stands (else Finish writes it all)
	}{
		{name: "every turn streamed", r: game, kept: true},
		{name: "last turns left for Finish", r: game, lag: 3, kept: true},
		{name: "only the first turn streamed", r: game, lag: len(game.Turns) - 1, kept: true},
		{name: "no turn streamed", r: game, lag: len(game.Turns)},
		{name: "no turns at all", r: &Replay{Format: Format, Game: "queens", Seed: game.Seed, Players: game.Players, Turns: []Turn{}, Result: noTurns}},
		{name: "result set at the end", r: game, change: func(r *Replay) { r.Result.Winner = 1 - r.Result.Winner }, kept: true},
		{name: "a field ahead of the turns changed", r: game, change: func(r *Replay) { r.Settings.Meter = "changed" }},
		{name: "a field ahead of the turns changed, last turns left for Finish", r: game, lag: 5, change: func(r *Replay) { r.Settings.Meter = "changed" }},
		{name: "fewer turns at the end than were streamed", r: game, change: func(r *Replay) { r.Turns = r.Turns[:20]; r.Result.Turns = 20 }},
		{name: "the fields ahead of the turns could not be encoded until the end", r: &nan, change: func(r *Replay) { r.Settings.TimeScale = 1 }},
		{name: "Finish before the writer caught up", r: game, hurry: true, kept: true},
		{name: "a compact replay", r: compactGame},
		{name: "the small sample, its turns handed over without their digests", r: sample(), kept: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := *tt.r
			want.Turns = slices.Clone(tt.r.Turns)
			for i := range want.Turns {
				want.Turns[i].Seal() // the stream seals the turns it is handed without a digest
			}
			if tt.change != nil {
				tt.change(&want)
			}
			wantJSON := encoded(t, &want)
			for _, name := range []string{"r.json", "r.json.gz"} {
				path := filepath.Join(dir, name)
				got, s, runner := streamed(t, path, tt.r, tt.lag, tt.hurry, tt.change)
				if s.rewritten == tt.kept && !tt.hurry {
					t.Errorf("%s: Finish wrote the whole file: %v, want %v", name, s.rewritten, !tt.kept)
				}
				for k := range runner.Turns {
					if reflect.ValueOf(tt.r.Turns[k].Frame).IsZero() {
						continue // nothing to take
					}
					taken := reflect.ValueOf(runner.Turns[k].Frame).IsZero()
					if want := k < s.Handed() && tt.r.ShapeTable == nil; taken != want {
						t.Errorf("%s: turn %d: the stream took its frame from the runner's replay: %v, want %v (%d turns handed over)", name, k, taken, want, s.Handed())
						break
					}
				}
				if strings.HasSuffix(name, ".gz") {
					if err := Write(path+".whole.gz", &want); err != nil {
						t.Fatal(err)
					}
					whole, _ := os.ReadFile(path + ".whole.gz")
					if !bytes.Equal(got, whole) {
						t.Errorf("%s: streamed gzip differs from Write's (%d and %d bytes)", name, len(got), len(whole))
					}
					got = gunzip(t, got)
				}
				if !bytes.Equal(got, wantJSON) {
					t.Errorf("%s: streamed replay differs from Encode's (%d and %d bytes); first difference at %d", name, len(got), len(wantJSON), firstDiff(got, wantJSON))
				}
				if _, err := Decode(got); err != nil {
					t.Errorf("%s: %v", name, err)
				}
			}
		})
	}
	assertOnly(t, dir, "r.json", "r.json.gz", "r.json.gz.whole.gz")
}

func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// assertOnly fails when dir holds anything but names (a temporary file left behind).
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("%s holds %v, want %v", dir, got, names)
	}
}

// TestStreamAbortLeavesNothing: a game that ends without a replay (it could not be
// played) leaves no file, finished or temporary.
func TestStreamAbortLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	s, err := Create(filepath.Join(dir, "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	game := recordQueens(t, 3)
	s.Final(game, 10)
	s.Abort()
	s.Abort() // a deferred Abort after the first does nothing
	assertOnly(t, dir)
	if err := s.Finish(game); err == nil || !strings.Contains(err.Error(), "already finished") {
		t.Errorf("Finish after Abort: %v, want an error", err)
	}
}

// TestCreateNamesTheFile: a replay path that cannot be written is refused before any game
// is played, naming the path and why.
func TestCreateNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, why string }{
		{filepath.Join(dir, "missing", "r.json"), "no such file or directory"},
		{filepath.Join(file, "r.json"), "is not a directory"},
		{dir, "is a directory"}, // the file would replace it at the end
	}
	if os.Geteuid() != 0 { // root writes anywhere
		ro := filepath.Join(dir, "read-only")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		tests = append(tests, struct{ path, why string }{filepath.Join(ro, "r.json"), "permission denied"})
	}
	for _, tt := range tests {
		_, err := Create(tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.path) || !strings.Contains(err.Error(), tt.why) {
			t.Errorf("Create(%s): %v, want an error naming it and saying %q", tt.path, err, tt.why)
		}
	}
}

// A turn that cannot be encoded (a NaN the referee drew, or a time) stops the stream's
// writer, and Finish reports Encode's error for it, though the runner's replay no longer
// holds the frame: the stream kept its own copy of every turn it had not written. No file
// is left.
func TestStreamReportsATurnItCannotEncode(t *testing.T) {
	game := recordQueens(t, 7)
	const bad = 9
	tests := []struct {
		name  string
		spoil func(*Turn)
	}{
		{"a shape", func(t *Turn) { t.Frame.Shapes[3].X = math.NaN() }},
		{"the frame's state", func(t *Turn) { t.Frame.State = map[string]any{"x": math.Inf(1)} }},
		{"a move's time", func(t *Turn) { t.Moves[0].TimeMS = math.NaN() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := *game
			r.Turns = slices.Clone(game.Turns)
			r.Turns[bad].Frame.Shapes = slices.Clone(r.Turns[bad].Frame.Shapes)
			tt.spoil(&r.Turns[bad])
			encodeErr := Encode(io.Discard, &r)
			if encodeErr == nil {
				t.Fatal("Encode took the spoilt turn")
			}
			dir := t.TempDir()
			for _, name := range []string{"r.json", "r.json.gz"} {
				path := filepath.Join(dir, name)
				s, err := Create(path)
				if err != nil {
					t.Fatal(err)
				}
				runner := r
				runner.Turns = slices.Clone(r.Turns)
				s.Final(&runner, len(runner.Turns))
				s.caughtUp()
				if !reflect.ValueOf(runner.Turns[bad].Frame).IsZero() {
					t.Fatalf("%s: the runner's replay kept the frame of turn %d", name, bad)
				}
				err = s.Finish(&runner)
				if want := "replay " + path + ": " + encodeErr.Error(); err == nil || err.Error() != want {
					t.Errorf("%s: Finish: %v, want %s", name, err, want)
				}
			}
			assertOnly(t, dir)
		})
	}
}

// The writer is woken once wakeBatch turns wait, not for every turn handed over: the turns
// before that stay queued, and the batch is written without anything else waking it.
func TestStreamWakesTheWriterInBatches(t *testing.T) {
	s, err := Create(filepath.Join(t.TempDir(), "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Abort()
	queued := func() int {
		s.mu.Lock()
		defer s.mu.Unlock()
		n := len(s.queue)
		if s.writing {
			n++ // a turn being written is still queued: count it once more, as not done
		}
		return n
	}
	r := &Replay{Format: Format, Game: "queens", Players: []Player{{Name: "a"}}, Turns: []Turn{}}
	handOver := func(n int) {
		for range n {
			k := len(r.Turns)
			r.AddTurn(Turn{Turn: k, Moves: []Move{{Player: 0, Input: "x\n", Output: "WAIT\n"}}})
			s.Final(r, k+1)
		}
	}
	written := func(batch int) {
		for start := time.Now(); queued() > 0; time.Sleep(time.Millisecond) {
			if time.Since(start) > 10*time.Second {
				t.Fatalf("batch %d: %d turns still wait after 10 s", batch, queued())
			}
		}
	}
	// A writer that is awake writes whatever waits: the first batch sends it to sleep.
	handOver(wakeBatch)
	written(1)
	time.Sleep(50 * time.Millisecond) // for it to go back to waiting for a wake-up
	handOver(wakeBatch - 1)
	time.Sleep(50 * time.Millisecond) // time enough for a writer that was woken to start
	if n := queued(); n != wakeBatch-1 {
		t.Fatalf("%d turns handed over, fewer than a batch: %d wait, want all of them", wakeBatch-1, n)
	}
	handOver(1)
	written(2)
}

// Once the game is over (Over), the writer writes the turns that wait, fewer than a batch,
// and hands the file to the kernel, while the runner stops the bots: Finish is left with
// the result. The file is then what Write writes.
func TestStreamWritesWhatWaitsOnceTheGameIsOver(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.json")
	s, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Abort()
	r := &Replay{Format: Format, Game: "queens", Players: []Player{{Name: "a"}}, Turns: []Turn{}}
	for k := range wakeBatch / 2 {
		r.AddTurn(Turn{Turn: k, Moves: []Move{{Player: 0, Input: "x\n", Output: "WAIT\n"}}})
		s.Final(r, k+1)
	}
	time.Sleep(50 * time.Millisecond) // time enough for a writer that was woken to start
	if s.tmpSize(t) != 0 {
		t.Fatal("the writer wrote fewer turns than a batch before the game was over")
	}
	s.Over()
	for start := time.Now(); s.tmpSize(t) == 0; time.Sleep(time.Millisecond) {
		if time.Since(start) > 10*time.Second {
			t.Fatal("the game is over, and the file is still empty after 10 s")
		}
	}
	s.mu.Lock()
	waiting := len(s.queue)
	s.mu.Unlock()
	if waiting != 0 {
		t.Fatalf("the file was handed to the kernel with %d turns still waiting", waiting)
	}
	r.Result = NewResult("queens", 0, len(r.Turns), r.Players, nil)
	for i := range r.Turns {
		r.Turns[i].Seal() // as the runner does when the game is over
	}
	if err := s.Finish(r); err != nil {
		t.Fatal(err)
	}
	if s.Streamed() != wakeBatch/2 {
		t.Errorf("%d turns streamed, want %d", s.Streamed(), wakeBatch/2)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := encoded(t, r); !bytes.Equal(got, want) {
		t.Errorf("the file differs from what Write writes:\n%s\nwant\n%s", got, want)
	}
}

// tmpSize is the size of the stream's temporary file on disk (what the writer has handed
// to the kernel).
func (s *Stream) tmpSize(t *testing.T) int64 {
	t.Helper()
	info, err := os.Stat(s.tmp.Name())
	if err != nil {
		t.Fatal(err)
	}
	return info.Size()
}

// The stream lets each frame go once it has written it: the memory a long game's replay
// holds does not grow with its frames. Each frame here is drawn as rockets draws its own:
// every shape's tooltip cut from one string of the frame, and a shape that is new every
// turn (a new entry of the table, which must not keep that string).
func TestStreamLetsTheFramesGo(t *testing.T) {
	const turns, shapes = 60, 1000
	frame := func(k int) referee.Frame {
		var b strings.Builder
		ends := make([]int, shapes)
		for i := range shapes {
			fmt.Fprintf(&b, "road %d: handicap %d; %s", i, i%7, strings.Repeat("·", 90))
			if i == 0 {
				fmt.Fprintf(&b, " in turn %d", k) // new every turn
			}
			ends[i] = b.Len()
		}
		all := b.String()
		f := referee.Frame{Shapes: make([]referee.Shape, shapes), State: map[string]any{"turn": k}}
		start := 0
		for i := range f.Shapes {
			f.Shapes[i] = referee.Shape{Kind: referee.ShapeLine, X: float64(i), Y: 1, X2: float64(i), Y2: 2, Tip: all[start:ends[i]]}
			start = ends[i]
		}
		return f
	}
	live := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	s, err := Create(filepath.Join(t.TempDir(), "r.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Abort()
	r := &Replay{Format: Format, Game: "queens", Players: []Player{{Name: "a"}}, Turns: []Turn{}}
	before := live()
	for k := range turns {
		r.AddTurn(Turn{Turn: k, Moves: []Move{{Player: 0, Input: "x\n", Output: "WAIT\n"}}, Frame: frame(k)})
		s.Final(r, k+1)
	}
	s.caughtUp()
	one := frameSize(frame(0))
	grown := int64(live()) - int64(before)
	// The table (a thousand entries and one a turn), the file's buffer and the last frame.
	if limit := int64(8 * one); grown > limit {
		t.Errorf("after %d turns handed over and written, the heap grew by %d kB, more than %d frames' worth (%d kB each)", turns, grown>>10, limit/one, one>>10)
	}
	runtime.KeepAlive(r)
	runtime.KeepAlive(s)
}

// frameSize is about what a frame's shapes hold in memory: their array and their texts.
func frameSize(f referee.Frame) int64 {
	n := int64(len(f.Shapes)) * int64(reflect.TypeFor[referee.Shape]().Size())
	for _, sh := range f.Shapes {
		n += int64(len(sh.Tip) + len(sh.Text))
	}
	return n
}

// A replay path that is a symbolic link is written to the file the link names: the
// rename at the end would otherwise replace the link itself (as root, --replay /dev/stdout
// replaced /dev/stdout with a regular file). A link to a file not made yet makes it.
func TestReplayThroughASymbolicLink(t *testing.T) {
	game := recordQueens(t, 7)
	dir := t.TempDir()
	var want bytes.Buffer
	if err := Encode(&want, game); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, target string }{
		{"to a file", filepath.Join(dir, "target.json")},
		{"to no file yet", filepath.Join(dir, "later.json")},
		{"relative, through another link", "hop"},
	} {
		link := filepath.Join(dir, "link-"+strings.ReplaceAll(c.name, " ", "-")+".json")
		final := c.target
		if c.target == "hop" {
			final = filepath.Join(dir, "end.json")
			if err := os.Symlink("end.json", filepath.Join(dir, "hop")); err != nil {
				t.Fatal(err)
			}
		} else if c.name == "to a file" {
			if err := os.WriteFile(c.target, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Symlink(c.target, link); err != nil {
			t.Fatal(err)
		}
		if err := Write(link, game); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: the link was replaced (%v, %v)", c.name, info, err)
		}
		if got, err := os.ReadFile(final); err != nil || !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: %s holds %d bytes (%v), want the replay's %d", c.name, final, len(got), err, want.Len())
		}
	}
}

// A replay path naming the file arena's own output goes to (/dev/stdout, or the file it
// was redirected to) is written through that output, after what was printed before and
// before what is printed after, not over it from its start nor renamed over it.
func TestReplayThroughArenasOwnOutput(t *testing.T) {
	game := recordQueens(t, 7)
	out := filepath.Join(t.TempDir(), "out.txt")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	saved := os.Stdout
	os.Stdout = f
	defer func() { os.Stdout = saved }()
	fmt.Fprintln(f, "before")
	if err := Write(out, game); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(f, "after")
	var want bytes.Buffer
	want.WriteString("before\n")
	if err := Encode(&want, game); err != nil {
		t.Fatal(err)
	}
	want.WriteString("after\n")
	if got, err := os.ReadFile(out); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Errorf("out.txt: %d bytes (%v), want %d: what was printed, the replay, what was printed", len(got), err, want.Len())
	}
}

// A link's relative target, and a path with ".." after a linked directory, are taken from
// where the link and the directory really are, as the kernel takes them, not by cleaning
// the path's text: the replay went to another file than the link's (and overwrote it), or
// its temporary file to another directory than its own (and the final rename failed).
func TestReplayPathsResolvedAsTheKernelDoes(t *testing.T) {
	game := recordQueens(t, 7)
	dir := t.TempDir()
	mustDo := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	mustDo(os.MkdirAll(filepath.Join(dir, "real", "sub"), 0o755))
	mustDo(os.Symlink(filepath.Join("real", "sub"), filepath.Join(dir, "alias")))
	mustDo(os.Symlink(filepath.Join("..", "out.json"), filepath.Join(dir, "real", "sub", "link.json")))
	mustDo(os.WriteFile(filepath.Join(dir, "out.json"), []byte("not this one"), 0o644))
	other := t.TempDir()
	mustDo(os.MkdirAll(filepath.Join(other, "sub"), 0o755))
	mustDo(os.Symlink(filepath.Join(other, "sub"), filepath.Join(dir, "far")))
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "alias", "link.json"), filepath.Join(dir, "real", "out.json")},
		{dir + "/far/../r.json", filepath.Join(other, "r.json")}, // not Join, which would clean the ".." away
	} {
		if err := Write(c.path, game); err != nil {
			t.Errorf("Write(%s): %v", c.path, err)
			continue
		}
		if _, err := Read(c.want); err != nil {
			t.Errorf("Write(%s): %s holds no replay: %v", c.path, c.want, err)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "out.json")); string(got) != "not this one" {
		t.Errorf("out.json beside real/ was overwritten")
	}
}
