package agrid

import (
	"math/rand/v2"
	"testing"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// BenchmarkTurn measures one busy mid-game turn of four teams on a 48×48 torus: every
// team lists its workers, queues PUTs and MOVEs for its four workers, sometimes a SCORE,
// SHOW_MAP or TEST_SCORE, and the turn is resolved. The map has been filled by 200 turns
// of the same play first.
//
//	go test ./referee/agrid -run '^$' -bench Turn -benchmem
func BenchmarkTurn(b *testing.B) {
	const players = 4
	ref, err := Game{}.New(referee.Config{Seed: 1, Players: players, Options: map[string]string{"turns": "1000000", "idle": "1000000"}})
	if err != nil {
		b.Fatal(err)
	}
	r := ref.(*Referee)
	rng := rand.New(rand.NewPCG(1, 2))
	turns := make([][][][]string, 64) // turn → seat → command tokens
	for i := range turns {
		turns[i] = make([][][]string, players)
		for p := range turns[i] {
			for _, line := range plausibleCommands(rng, p, i) {
				turns[i][p] = append(turns[i][p], protocol.Fields(line))
			}
		}
	}
	play := func(i int) {
		for p, cmds := range turns[i%len(turns)] {
			for _, tokens := range cmds {
				r.Command(p, tokens)
			}
		}
		r.EndTurn()
	}
	for i := 0; i < 200; i++ {
		play(i)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		play(i)
	}
}
