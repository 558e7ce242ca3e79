package bestow

import (
	"testing"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// newRef builds a referee with the given options (seed 1).
func newRef(t testing.TB, opts map[string]string) *Referee {
	t.Helper()
	ref, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: opts})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return ref.(*Referee)
}

// send runs one command line as the session protocol would hand it over.
func send(r *Referee, seat int, text string) []string {
	return r.Command(seat, protocol.Fields(text))
}

// setPiece replaces piece id of the vector.
func setPiece(r *Referee, id int, cubes []vec3, colours []int, price, value, effort int) {
	if colours == nil {
		colours = make([]int, len(cubes))
		for i := range colours {
			colours[i] = 1
		}
	}
	r.pieces[id-1] = piece{id: id, cubes: cubes, colours: colours, price: price, value: value, effort: effort}
}

// hold gives a seat piece id as its held piece, as if just bought.
func hold(r *Referee, seat, id int) {
	pl := &r.live.players[seat]
	pl.held, pl.placedOwn, pl.placedShared = id, false, false
}

// fill marks own-space cells of a seat as filled.
func fill(r *Referee, seat int, cells ...vec3) {
	for _, c := range cells {
		r.live.players[seat].own[ownIndex(r.p.Bo, c)] = true
	}
}

// sync makes the live state the start-of-turn snapshot, as a turn boundary does.
func (r *Referee) sync() { r.live.copyInto(&r.snap) }

func ownCells(r *Referee, seat int) []vec3 {
	var out []vec3
	bo := r.p.Bo
	for i, f := range r.live.players[seat].own {
		if f {
			out = append(out, vec3{i % bo, i / bo % bo, i / (bo * bo)})
		}
	}
	return out
}
