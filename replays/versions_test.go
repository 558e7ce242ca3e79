package replays

import (
	"errors"
	"path/filepath"
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
