package match

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

// The session games' handshake is an option like the game's own wherever options are
// listed: arena games shows it, with its default and meaning, and an unknown key's error
// names it among the known ones (it said "this game has no options" of a game that takes
// handshake). A turn-based game has no handshake.
func TestHandshakeIsListedWithTheOptions(t *testing.T) {
	var keys []string
	for _, o := range Options(sumGame{}.Info()) {
		keys = append(keys, o.Key)
		if o.Key == "handshake" && (o.Default != "0" || o.Help == "") {
			t.Errorf("handshake listed as %+v, want its default 0 and its meaning", o)
		}
	}
	if diff := cmp.Diff([]string{"handshake"}, keys); diff != "" {
		t.Errorf("options of a session game (-want +got):\n%s", diff)
	}
	if opts := Options(countGame{}.Info()); len(opts) != 0 {
		t.Errorf("options of a turn-based game: %+v, want none", opts)
	}

	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"run, an unknown key", CheckGame(sumGame{}, 2, map[string]string{"speed": "2"}, nil), `sum: option "speed": unknown option (known: handshake)`},
		{"run, handshake=2", CheckGame(sumGame{}, 2, map[string]string{"handshake": "2"}, nil), `sum: option handshake="2": want 0 or 1`},
		{"run, a turn-based game", CheckGame(countGame{}, 2, map[string]string{"handshake": "1"}, nil), `count: option "handshake": unknown option (this game has no options)`},
		{"serve, an unknown key", CheckServe(sumGame{}, 1, 2, map[string]string{"speed": "2"}, nil), `sum: option "speed": unknown option (known: handshake)`},
		{"serve, handshake=0", CheckServe(sumGame{}, 1, 2, map[string]string{"handshake": "0"}, nil), `sum: option handshake="0": arena serve's clients always log in (LOGIN/PASS); 0 is for arena run`},
	} {
		var oe *referee.OptionError
		if c.err == nil || c.err.Error() != c.want || !errors.As(c.err, &oe) {
			t.Errorf("%s: %v, want the option error %q", c.name, c.err, c.want)
		}
	}
	for name, err := range map[string]error{
		"run, handshake=1":   CheckGame(sumGame{}, 2, map[string]string{"handshake": "1"}, nil),
		"serve, handshake=1": CheckServe(sumGame{}, 1, 2, map[string]string{"handshake": "1"}, nil),
	} {
		if err != nil {
			t.Errorf("%s: %v, want it accepted", name, err)
		}
	}
}
