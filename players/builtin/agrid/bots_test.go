package agrid_test

import (
	"fmt"
	"testing"

	"github.com/arena-games/arena/players/builtin/agrid"
	"github.com/arena-games/arena/referee"
	agridref "github.com/arena-games/arena/referee/agrid"
	"github.com/arena-games/arena/referee/refereetest"
)

// playGame plays one game in process and fails the test on any runner error or on a
// status other than ok.
func playGame(t *testing.T, seed int64, options map[string]string, bots ...refereetest.BotFunc) []referee.Outcome {
	t.Helper()
	ref, err := refereetest.PlayInProcess(agridref.Game{}, referee.Config{Seed: seed, Players: len(bots), Options: options}, bots)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	res := ref.Result()
	for i, o := range res {
		if o.Status != referee.StatusOK {
			t.Errorf("seed %d: seat %d ended %s: %s", seed, i, o.Status, o.Message)
		}
	}
	return res
}

// TestGreedyBeatsRandom: greedy must win at least 90% of 50 seeded two-team games, seats
// alternating.
func TestGreedyBeatsRandom(t *testing.T) {
	wins := 0
	for seed := int64(1); seed <= 50; seed++ {
		greedySeat := int(seed % 2)
		bots := []refereetest.BotFunc{agrid.Random, agrid.Random}
		bots[greedySeat] = agrid.Greedy
		res := playGame(t, seed, nil, bots...)
		if referee.Winner(res) == greedySeat {
			wins++
		} else {
			t.Logf("seed %d: greedy (seat %d) %.1f, random %.1f", seed, greedySeat, res[greedySeat].Score, res[1-greedySeat].Score)
		}
		if seed <= 3 {
			t.Logf("seed %d: greedy %.1f, random %.1f", seed, res[greedySeat].Score, res[1-greedySeat].Score)
		}
	}
	t.Logf("greedy won %d of 50 games", wins)
	if wins < 45 {
		t.Errorf("greedy won %d of 50 games, want at least 45", wins)
	}
}

func TestFourTeams(t *testing.T) {
	res := playGame(t, 7, nil, agrid.Greedy, agrid.Random, agrid.Greedy, agrid.Random)
	for _, g := range []int{0, 2} {
		for _, r := range []int{1, 3} {
			if res[g].Score <= res[r].Score {
				t.Errorf("greedy seat %d scored %.1f, not more than random seat %d's %.1f", g, res[g].Score, r, res[r].Score)
			}
		}
	}
}

func TestVariants(t *testing.T) {
	for _, variant := range []string{"grid2", "grid3"} {
		for seed := int64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", variant, seed), func(t *testing.T) {
				res := playGame(t, seed, map[string]string{"variant": variant}, agrid.Greedy, agrid.Random)
				if referee.Winner(res) != 0 {
					t.Errorf("greedy %.1f, random %.1f", res[0].Score, res[1].Score)
				}
			})
		}
	}
}

// TestSmallCommandLimit: with a tight L both bots keep to the protocol (forced waiting
// included) and greedy still wins once it can act at all.
func TestSmallCommandLimit(t *testing.T) {
	for _, tc := range []struct {
		limit      string
		greedyWins bool
	}{{"1", false}, {"5", true}, {"8", true}} {
		t.Run("L="+tc.limit, func(t *testing.T) {
			res := playGame(t, 3, map[string]string{"L": tc.limit, "turns": "300"}, agrid.Greedy, agrid.Random)
			t.Logf("greedy %.1f, random %.1f", res[0].Score, res[1].Score)
			if tc.greedyWins && referee.Winner(res) != 0 {
				t.Errorf("greedy %.1f, random %.1f", res[0].Score, res[1].Score)
			}
		})
	}
}
