package triangles

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
	_ "github.com/arena-games/arena/referee/triangles"
)

func lookupGame(t testing.TB) referee.Game {
	g, err := referee.Lookup("triangles")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Greedy must beat random in at least 90% of 50 seeded games, seats alternating.
func TestGreedyBeatsRandom(t *testing.T) {
	g := lookupGame(t)
	const games = 50
	wins := 0
	for i := 0; i < games; i++ {
		seed := int64(1000 + i)
		bots := []refereetest.BotFunc{Greedy, Random}
		greedySeat := 0
		if i%2 == 1 {
			bots[0], bots[1] = bots[1], bots[0]
			greedySeat = 1
		}
		ref, err := refereetest.PlayInProcess(g, referee.Config{Seed: seed, Players: 2}, bots)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		res := ref.Result()
		for p, o := range res {
			if o.Status != referee.StatusOK {
				t.Errorf("seed %d: player %d ended with %s: %s", seed, p, o.Status, o.Message)
			}
		}
		if referee.Winner(res) == greedySeat {
			wins++
		} else {
			t.Logf("seed %d: greedy in seat %d did not win: %+v (turn %d)", seed, greedySeat, res, ref.Turn())
		}
	}
	t.Logf("greedy won %d of %d games", wins, games)
	if wins*10 < games*9 {
		t.Errorf("greedy won %d of %d games, want at least 90%%", wins, games)
	}
}
