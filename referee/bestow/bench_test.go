package bestow

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// clone copies a referee deeply (benchmarks replay the same turn from the same state).
func (r *Referee) clone() *Referee {
	c := *r
	c.live, c.snap = world{}, world{}
	r.live.copyInto(&c.live)
	r.snap.copyInto(&c.snap)
	c.frameEvents = append([]string(nil), r.frameEvents...)
	c.events = [2][]string{append([]string(nil), r.events[0]...), append([]string(nil), r.events[1]...)}
	c.solidBuf = make([]int, len(r.solidBuf))
	c.colourScore = make([]float64, len(r.colourScore))
	c.areas = areas{}
	return &c
}

// midGame plays 60 turns of random legal-ish commands so that both spaces are well filled.
func midGame(b testing.TB) *Referee {
	r := newRef(b, nil)
	rng := rand.New(rand.NewPCG(9, 9))
	for r.Turn() < 60 {
		seat := r.live.active
		r.live.players[seat].cash = 1_000_000 // keep buying: this is about load, not strategy
		send(r, seat, "BUY_PIECE 1")
		for try := 0; try < 200 && !r.live.players[seat].placedOwn; try++ {
			send(r, seat, fmt.Sprintf("PLACE_OWN_PIECE %d %d %d %d %d %d", rng.IntN(11), rng.IntN(11), rng.IntN(11), rng.IntN(4), rng.IntN(4), rng.IntN(4)))
		}
		for try := 0; try < 200 && !r.live.players[seat].placedShared; try++ {
			send(r, seat, fmt.Sprintf("PLACE_SHARED_PIECE %d %d %d %d %d", rng.IntN(30), rng.IntN(30), rng.IntN(4), rng.IntN(4), rng.IntN(4)))
		}
		r.EndTurn()
	}
	r.live.players[r.live.active].cash = 1_000_000
	return r
}

// BenchmarkTurn measures a busy mid-game turn: both players query everything, the active
// player buys and places its piece in both spaces, then the turn is resolved and drawn.
//
//	go test -bench Turn -benchmem ./referee/bestow
func BenchmarkTurn(b *testing.B) {
	base := midGame(b)
	seat := base.live.active
	// Find placements that succeed from this exact state.
	probe := base.clone()
	if got := send(probe, seat, "BUY_PIECE 1"); got[0] != "OK" {
		b.Fatalf("BUY_PIECE: %q", got)
	}
	var own, shared string
	for x := 0; x < 11*11*11 && own == ""; x++ {
		l := fmt.Sprintf("PLACE_OWN_PIECE %d %d %d 0 0 0", x%11, x/11%11, x/121)
		if send(probe, seat, l)[0] == "OK" {
			own = l
		}
	}
	for x := 0; x < 900 && shared == ""; x++ {
		l := fmt.Sprintf("PLACE_SHARED_PIECE %d %d 0 0 0", x%30, x/30)
		if send(probe, seat, l)[0] == "OK" {
			shared = l
		}
	}
	if own == "" || shared == "" {
		b.Fatalf("no placement found (own %q, shared %q)", own, shared)
	}
	active := []string{"GET_MATCH_INFO", "GET_PIECES_IN_RANGE", "GET_MY_SPACE", "GET_SHARED_SPACE", "BUY_PIECE 1", own, shared}
	inactive := []string{"GET_MATCH_INFO", "GET_OPPONENT_SPACE", "GET_SHARED_SPACE", "PROJECT_PIECE 2 0 0 0 1 0 0 1 2 3"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		r := base.clone()
		b.StartTimer()
		for _, l := range active {
			if got := send(r, seat, l); got[0] != "OK" {
				b.Fatalf("%s: %q", l, got)
			}
		}
		for _, l := range inactive {
			send(r, 1-seat, l)
		}
		r.EndTurn()
		_ = r.Frame()
	}
}
