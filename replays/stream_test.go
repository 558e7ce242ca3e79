package replays

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// streamed writes r the way the runner does: each turn handed to the stream as soon as it
// is recorded, less the last lag turns (those a runner may still change), then Finish.
func streamed(t *testing.T, path string, r *Replay, lag int, change func(*Replay)) ([]byte, *Stream) {
	t.Helper()
	s, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Abort()
	growing := *r
	for k := range r.Turns {
		growing.Turns = r.Turns[:k+1]
		s.Final(&growing, k+1-lag)
	}
	s.caughtUp()
	final := *r
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
	return data, s
}

// caughtUp waits until the stream's writer has written every turn handed to it, as it does
// during a game while the bots think; without the wait, Finish would write them itself.
func (s *Stream) caughtUp() {
	for {
		s.mu.Lock()
		idle := len(s.queue) == 0 && !s.writing
		s.mu.Unlock()
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
// Finish, and each reason to write the file again.
func TestStreamWritesWhatEncodeWrites(t *testing.T) {
	game := recordQueens(t, 7)
	dir := t.TempDir()
	noTurns := game.Result
	noTurns.Turns = 0
	tests := []struct {
		name   string
		r      *Replay
		lag    int
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
				got, s := streamed(t, path, tt.r, tt.lag, tt.change)
				if s.rewritten == tt.kept {
					t.Errorf("%s: Finish wrote the whole file: %v, want %v", name, s.rewritten, !tt.kept)
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
