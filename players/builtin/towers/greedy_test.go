package towers

import (
	"fmt"
	"sync"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
	game "github.com/arena-games/arena/referee/towers"
)

// TestGreedyBeatsRandom plays greedy against 50 differently salted random bots, seats
// alternating. The game has no randomness of its own, so the salt is what makes the 50
// games differ.
func TestGreedyBeatsRandom(t *testing.T) {
	const games = 50
	type outcome struct {
		greedyWon           bool
		greedyTiles, others float64
		summary             string
	}
	results := make([]outcome, games)
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			greedySeat := i % 2
			bots := []refereetest.BotFunc{refereetest.BotFunc(greedy), refereetest.BotFunc(newRandom(uint64(i + 1)))}
			if greedySeat == 1 {
				bots[0], bots[1] = bots[1], bots[0]
			}
			ref, err := refereetest.PlayInProcess(game.Game{}, referee.Config{Seed: int64(i), Players: 2}, bots)
			if err != nil {
				results[i].summary = err.Error()
				return
			}
			res := ref.Result()
			for p, o := range res {
				if o.Status != referee.StatusOK {
					results[i].summary = fmt.Sprintf("player %d: %s: %s", p, o.Status, o.Message)
					return
				}
			}
			results[i] = outcome{referee.Winner(res) == greedySeat, res[greedySeat].Score, res[1-greedySeat].Score,
				fmt.Sprintf("greedy seat %d: %v–%v", greedySeat, res[0].Score, res[1].Score)}
		}()
	}
	wg.Wait()
	wins, greedyTiles, others := 0, 0.0, 0.0
	for i, r := range results {
		greedyTiles += r.greedyTiles / games
		others += r.others / games
		if r.greedyWon {
			wins++
		} else {
			t.Logf("game %d not won by greedy: %s", i, r.summary)
		}
	}
	t.Logf("greedy won %d of %d games; mean tiles %.1f against %.1f", wins, games, greedyTiles, others)
	if wins < games*9/10 {
		t.Errorf("greedy won %d of %d games, want at least 90%%", wins, games)
	}
}
