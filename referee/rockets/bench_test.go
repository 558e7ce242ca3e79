package rockets

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/arena-games/arena/referee"
)

// busyGame is a mid-game position: 8 teams of 5 cars on the default 400-city world, with
// sites, deposits and lawyers, after 200 turns of random driving.
func busyGame(b testing.TB) (*game, *rand.Rand) {
	ref, err := Game{}.New(referee.Config{Seed: 1, Players: 8, Options: map[string]string{"turns": "1000000", "money": "100000"}})
	if err != nil {
		b.Fatal(err)
	}
	g := ref.(*game)
	rng := rand.New(rand.NewPCG(1, 2))
	for t := range g.teams {
		c := &g.teams[t].cars[0]
		c.city = g.adj[g.homes[t]][0].to
		do(g, t, "FOUND_ROCKET 1 50 10")
		do(g, t, "TAKE 2 200")
	}
	for g.turn < 200 {
		playBusyTurn(g, rng)
	}
	return g, rng
}

// playBusyTurn is what eight bots do in a turn: read their state, move every free car,
// give money and pay their lawyers.
func playBusyTurn(g *game, rng *rand.Rand) {
	for t := range g.teams {
		do(g, t, "HOME")
		do(g, t, "CARS")
		do(g, t, "ROADS_STATUS")
		do(g, t, "ROCKET_INFO")
		for i := range g.teams[t].cars {
			c := &g.teams[t].cars[i]
			if c.busy > 0 {
				continue
			}
			id := strconv.Itoa(c.id)
			do(g, t, "GIVE "+id+" 50")
			next := g.adj[c.city][rng.IntN(len(g.adj[c.city]))].to
			do(g, t, "MOVE "+id+" "+strconv.Itoa(next))
		}
		if len(g.sites) > 0 {
			do(g, t, "LAWYER_PAY 200 "+strconv.Itoa(g.sites[rng.IntN(len(g.sites))].city))
		}
	}
	g.EndTurn()
}

// BenchmarkTurn measures one busy mid-game turn: every team's commands and the resolution.
func BenchmarkTurn(b *testing.B) {
	g, rng := busyGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		playBusyTurn(g, rng)
	}
}

// BenchmarkFrame measures drawing the busy position (about 1 200 shapes).
func BenchmarkFrame(b *testing.B) {
	g, _ := busyGame(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Frame()
	}
}
