package queens

import (
	"fmt"
	"testing"

	"github.com/arena-games/arena/referee"
	refqueens "github.com/arena-games/arena/referee/queens"
	"github.com/arena-games/arena/referee/refereetest"
)

func testGame() referee.Game { return refqueens.Game{} }

// playGame plays one in-process game and returns its result.
func playGame(t *testing.T, seed int64, bots []refereetest.BotFunc, options map[string]string) []referee.Outcome {
	t.Helper()
	ref, err := refereetest.PlayInProcess(testGame(), referee.Config{Seed: seed, Players: 2, Options: options}, bots)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return ref.Result()
}

// The greedy bot must beat random in at least 90% of 50 seeded games, seats alternating.
func TestGreedyBeatsRandom(t *testing.T) {
	const games = 50
	wins := 0
	for i := 0; i < games; i++ {
		seed := int64(1000 + i)
		greedySeat := i % 2
		bots := []refereetest.BotFunc{random, random}
		bots[greedySeat] = greedy
		res := playGame(t, seed, bots, nil)
		for p, o := range res {
			if o.Status != referee.StatusOK {
				t.Errorf("seed %d: player %d ended %s: %s", seed, p, o.Status, o.Message)
			}
		}
		if referee.Winner(res) == greedySeat {
			wins++
		} else {
			t.Logf("seed %d: greedy in seat %d did not win: %+v", seed, greedySeat, res)
		}
	}
	t.Logf("greedy won %d of %d games against random", wins, games)
	if wins*10 < games*9 {
		t.Errorf("greedy won %d of %d games, want at least 90%%", wins, games)
	}
}

// Both bots play whole games without an invalid command, in both profiles and seats.
func TestBotsPlayLegally(t *testing.T) {
	pairs := map[string][]refereetest.BotFunc{
		"random-random": {random, random},
		"greedy-greedy": {greedy, greedy},
	}
	for name, bots := range pairs {
		for _, prof := range []string{"arena", "repo"} {
			t.Run(fmt.Sprintf("%s/%s", name, prof), func(t *testing.T) {
				for seed := int64(1); seed <= 3; seed++ {
					for p, o := range playGame(t, seed, bots, map[string]string{"profile": prof}) {
						if o.Status != referee.StatusOK {
							t.Errorf("seed %d: player %d ended %s: %s", seed, p, o.Status, o.Message)
						}
					}
				}
			})
		}
	}
}
