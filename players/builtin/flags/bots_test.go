package flags_test

import (
	"testing"

	botflags "github.com/arena-games/arena/players/builtin/flags"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/flags"
	"github.com/arena-games/arena/referee/refereetest"
)

// playPair plays one game of two built-in bots and returns the result.
func playPair(t *testing.T, seed int64, bots []refereetest.BotFunc, options map[string]string) []referee.Outcome {
	t.Helper()
	ref, err := refereetest.PlayInProcess(flags.Game{}, referee.Config{Seed: seed, Players: 2, Options: options}, bots)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	res := ref.Result()
	for p, o := range res {
		if o.Status != referee.StatusOK {
			t.Fatalf("seed %d: player %d ended with %s: %s", seed, p, o.Status, o.Message)
		}
	}
	return res
}

// Greedy beats random in at least 90% of 50 seeded games, seats alternating.
func TestGreedyBeatsRandom(t *testing.T) {
	for _, profile := range []string{"original", "seed"} {
		t.Run(profile, func(t *testing.T) {
			wins := 0
			for seed := int64(1); seed <= 50; seed++ {
				greedySeat := int(seed % 2)
				bots := []refereetest.BotFunc{botflags.Random, botflags.Random}
				bots[greedySeat] = botflags.Greedy
				res := playPair(t, seed, bots, map[string]string{"profile": profile})
				if referee.Winner(res) == greedySeat {
					wins++
				} else {
					t.Logf("seed %d: greedy in seat %d did not win: %+v", seed, greedySeat, res)
				}
			}
			t.Logf("greedy won %d of 50 (%s profile)", wins, profile)
			if wins < 45 {
				t.Errorf("greedy won %d of 50 games, want at least 45", wins)
			}
		})
	}
}

// The built-in bots answer legally for whole games against each other and themselves.
func TestBotsPlayFullGames(t *testing.T) {
	pairs := map[string][]refereetest.BotFunc{
		"random-random": {botflags.Random, botflags.Random},
		"greedy-greedy": {botflags.Greedy, botflags.Greedy},
	}
	for _, name := range []string{"random-random", "greedy-greedy"} {
		for seed := int64(1); seed <= 5; seed++ {
			playPair(t, seed, pairs[name], nil)
		}
	}
}
