package replays

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// testdata/versions holds replays recorded by earlier referee versions that this arena
// still plays (referee.Info.OlderVersions), each with lines the session grammar refuses
// itself: they verify, played by the version that recorded them, though the current one
// would list those lines in the frames (see testdata/versions/README.md).
func TestOlderVersionsVerify(t *testing.T) {
	for _, tc := range []struct {
		file, game, version string
	}{
		{"bestow-v2.json.gz", "bestow", "2"},
		{"agrid-v4.json.gz", "agrid", "4"},
		{"rockets-v3.json.gz", "rockets", "3"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			path := filepath.Join("testdata", "versions", tc.file)
			r, err := Read(path)
			if err != nil {
				t.Fatal(err)
			}
			if r.Game != tc.game || r.RefereeVersion != tc.version {
				t.Fatalf("%s is a replay of %s version %s, want %s version %s", path, r.Game, r.RefereeVersion, tc.game, tc.version)
			}
			g, err := referee.Lookup(r.Game)
			if err != nil {
				t.Fatal(err)
			}
			if cur := g.Info().Version; cur == tc.version {
				t.Fatalf("%s's referee is still version %s: the replay tests nothing older", tc.game, cur)
			}
			if err := Verify(r); err != nil {
				t.Errorf("verify: %v", err)
			}
			// Played by the current version, the same lines give other frames: the first
			// turn's, where the bots' refused lines are.
			r.RefereeVersion = g.Info().Version
			var m *Mismatch
			if err := Verify(r); !errors.As(err, &m) || m.Turn != 0 || !strings.Contains(m.What, "frame differs") {
				t.Errorf("verify as version %s: got %v, want turn 0's frame to differ", r.RefereeVersion, err)
			}
		})
	}
}

// A replay of a version the referee no longer plays is refused, naming the field.
func TestVerifyRefusesAVersionNotPlayed(t *testing.T) {
	r, err := Read(filepath.Join("testdata", "versions", "agrid-v4.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	r.RefereeVersion = "3"
	if err := Verify(r); err == nil || !strings.Contains(err.Error(), `field referee_version: "3": recorded with another agrid referee version than this arena's, "5"`) {
		t.Errorf("verify of version 3: %v", err)
	}
}

// A turn whose frame was left out of the file, its shapes still listed by shape_ids, is
// refused as missing its frame, whether read whole or compact: it was "frame differs: at
// byte 2", where the re-simulated frame's events or state begin.
func TestVerifyNamesAFrameLeftOut(t *testing.T) {
	r, err := Read(filepath.Join("testdata", "versions", "agrid-v4.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "r.json")
	if err := Write(path, r); err != nil { // as arena writes it: shapes by shape_ids
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]any
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	turn := file["turns"].([]any)[1].(map[string]any)
	if _, ok := turn["shape_ids"]; !ok {
		t.Fatalf("turn 1 lists no shape_ids: %v", slices.Collect(maps.Keys(turn)))
	}
	delete(turn, "frame")
	if data, err = json.Marshal(file); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := "field turns[1].frame: missing (the turn has its shapes only, no view, state or events)"
	for name, read := range map[string]func(string) (*Replay, error){"Read": Read, "ReadCompact": ReadCompact} {
		r, err := read(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := Verify(r); err == nil || err.Error() != want {
			t.Errorf("%s, verify: got %v, want %q", name, err, want)
		}
	}
}
