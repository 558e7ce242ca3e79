package agrid

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/protocol"
)

// fixture is a game built from a drawn map, driven command by command.
type fixture struct {
	t *testing.T
	r *Referee
}

// vectorParams are the parameters of the spec's §13 test vectors unless a vector says
// otherwise.
func vectorParams() map[string]string {
	return map[string]string{"D": "2", "Z": "0.2", "W": "0.2", "T": "0.5", "Sw": "0.5", "Sh": "1", "Ss": "1", "N": "0.5", "M": "2"}
}

// with returns a copy of opts with the given key=value pairs set.
func with(opts map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range opts {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// newFixture builds a game whose map is rows drawn in the top-left corner of the torus (the
// rest empty): '#' hills, letters markers with a fresh lifespan. A is opts["A"] or the
// number of rows. Workers stand on distinct free posts from the bottom-right corner
// backwards; tests move them with place.
func newFixture(t *testing.T, players int, opts map[string]string, rows []string) *fixture {
	t.Helper()
	opts = with(opts)
	if _, ok := opts["A"]; !ok {
		opts["A"] = strconv.Itoa(len(rows))
	}
	p, err := parseParams(players, opts)
	if err != nil {
		t.Fatalf("params: %v", err)
	}
	a := p.A
	w := world{posts: []byte(strings.Repeat(".", a*a)), workers: make([][]int, players)}
	for y, row := range rows {
		for x := 0; x < len(row); x++ {
			if row[x] == hill {
				w.posts[y*a+x] = hill
			}
		}
	}
	next := a*a - 1
	for seat := range w.workers {
		for i := 0; i < p.Workers; i++ {
			for w.posts[next] == hill {
				next = mod(next-1, a*a)
			}
			w.workers[seat] = append(w.workers[seat], next)
			next = mod(next-1, a*a)
		}
	}
	r := newReferee(p, w)
	for y, row := range rows {
		for x := 0; x < len(row); x++ {
			if isMarker(row[x]) {
				r.posts[y*a+x] = row[x]
				r.expiry[y*a+x] = p.F
			}
		}
	}
	return &fixture{t: t, r: r}
}

// do sends one command line of a seat.
func (f *fixture) do(player int, line string) []string {
	return f.r.Command(player, protocol.Fields(line))
}

// want checks the response to a command line.
func (f *fixture) want(player int, line string, want ...string) {
	f.t.Helper()
	if diff := cmp.Diff(want, f.do(player, line)); diff != "" {
		f.t.Errorf("turn %d, seat %d, %q (-want +got):\n%s", f.r.turn, player, line, diff)
	}
}

// place moves a worker (seat, id) to (x, y).
func (f *fixture) place(seat, id, x, y int) {
	f.r.teams[seat].workers[id-1].post = y*f.r.p.A + x
	f.r.countCrowds()
}

// rows returns the top-left w×h corner of the map.
func (f *fixture) rows(w, h int) []string {
	var out []string
	for y := 0; y < h; y++ {
		out = append(out, string(f.r.posts[y*f.r.p.A:y*f.r.p.A+w]))
	}
	return out
}

// countMarkers counts the markers of colour c on the map.
func (f *fixture) countMarkers(c byte) int {
	n := 0
	for _, p := range f.r.posts {
		if p == c {
			n++
		}
	}
	return n
}

// flat joins map rows into a TEST_SCORE map string.
func flat(rows ...string) string { return strings.Join(rows, "") }

// embed draws rows in the top-left corner of an empty size×size map.
func embed(size int, rows ...string) []string {
	out := make([]string, size)
	for y := range out {
		line := []byte(strings.Repeat(".", size))
		if y < len(rows) {
			copy(line, rows[y])
		}
		out[y] = string(line)
	}
	return out
}
