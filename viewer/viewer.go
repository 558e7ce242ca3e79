// Package viewer is arena's web viewer: one page of plain HTML, CSS and JavaScript, embedded
// in the binary, that draws the shapes every game's frames carry and shows what each player
// received and answered, turn by turn. It is served by `arena view` (Handler) or written as
// one self-contained HTML file with the replay inside (WriteHTML), which opens from file://
// with no server and no network.
//
// The page never fetches anything but its own assets and the replay: no framework, no fonts
// or scripts from elsewhere, so it works offline and on a closed network.
package viewer

import (
	"bytes"
	"fmt"

	"github.com/arena-games/arena/replays"
)

// Replay is a replay ready to be shown: validated by the replays package, then encoded
// again in the canonical form the page reads (a big replay's shapes still in their table,
// which the page expands).
type Replay struct {
	// Name is shown in the page title and the header (usually the file's base name).
	Name string
	// Game and Seed label the page before the replay is parsed.
	Game string
	Seed int64
	// JSON is the replay as the page parses it (uncompressed).
	JSON []byte
}

// Load reads and validates a replay file (.json or .json.gz, whatever the name); a bad file
// gets the replays package's error naming the file, the field and the reason. The frames
// stay in the file's shape table (replays.ReadCompact): the page rebuilds them itself, and
// rebuilt in Go a long game's would take gigabytes.
func Load(path, name string) (*Replay, error) {
	rec, err := replays.ReadCompact(path)
	if err != nil {
		return nil, err
	}
	return FromReplay(rec, name)
}

// FromReplay prepares an already read replay for the page, whether its frames are whole
// (replays.Read) or in a shape table (replays.ReadCompact).
func FromReplay(rec *replays.Replay, name string) (*Replay, error) {
	var buf bytes.Buffer
	// Encoding again, rather than passing the file's bytes through, gives the page exactly
	// the fields this build's schema has, whatever tool wrote the file.
	if err := replays.Encode(&buf, rec); err != nil {
		return nil, fmt.Errorf("replay %s: encoding for the viewer: %w", name, err)
	}
	return &Replay{Name: name, Game: rec.Game, Seed: rec.Seed, JSON: buf.Bytes()}, nil
}
