package bestow

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/bestow"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// checkFrame fails the test when the frame differs from the reference's, in JSON.
func checkFrame(t *testing.T, r *Referee, what string) {
	t.Helper()
	refereetest.SameFrame(t, what, r.Frame(), referenceFrame(r))
}

// Every frame of whole games, in every variant, is byte for byte in JSON what the first
// drawing made.
func TestFrameMatchesReference(t *testing.T) {
	for _, gm := range []struct {
		seed    int64
		bots    [2]string
		options map[string]string
	}{
		{1, [2]string{"greedy", "random"}, nil},
		{2, [2]string{"greedy", "greedy"}, map[string]string{"variant": "wicked"}},
		{3, [2]string{"greedy", "greedy"}, map[string]string{"variant": "flower", "alpha": "2.5", "Ae": "1.77"}},
		{4, [2]string{"random", "greedy"}, nil},
	} {
		var bots []refereetest.BotFunc
		for _, name := range gm.bots {
			bot, err := builtin.Lookup(gameName, name)
			if err != nil {
				t.Fatal(err)
			}
			bots = append(bots, refereetest.BotFunc(bot))
		}
		frames := 0
		_, err := refereetest.PlayInProcessWatched(Game{}, referee.Config{Seed: gm.seed, Players: 2, Options: gm.options}, bots, func(ref referee.Referee) {
			r := ref.(*Referee)
			checkFrame(t, r, fmt.Sprintf("seed %d, turn %d", gm.seed, r.Turn()))
			frames++
		})
		if err != nil {
			t.Fatalf("seed %d: %v", gm.seed, err)
		}
		t.Logf("seed %d (%s, %v): %d frames identical", gm.seed, gm.bots, gm.options, frames)
	}
}

// The benchmark's crowded spaces draw the same too, with squares and cubes placed in the
// turn and a solid cube, and so do random spaces in every colour.
func TestBusyFrameMatchesReference(t *testing.T) {
	r := midGame(t)
	checkFrame(t, r, "the benchmark's turn")
	rng := rand.New(rand.NewPCG(7, 7))
	for try := range 20 {
		c := r.clone()
		for seat := range c.snap.players {
			pl := &c.snap.players[seat]
			for i := range pl.own {
				pl.own[i] = rng.IntN(3) > 0
			}
			pl.newCubes = []int{rng.IntN(len(pl.own)), rng.IntN(len(pl.own))}
			pl.newSquares = []int{rng.IntN(len(c.snap.shared))}
			for i := range pl.mult {
				pl.mult[i] = rng.IntN(3)
			}
			pl.solid, c.solidCorner[seat] = 1+rng.IntN(3), len(pl.own)-1
		}
		for i := range c.snap.shared {
			c.snap.shared[i] = uint8(rng.IntN(c.p.C + 1))
		}
		c.snap.over = try%2 == 0
		checkFrame(t, c, fmt.Sprintf("random spaces %d", try))
	}
}

// Two frames never share memory: the runner keeps every frame of a game.
func TestFramesShareNoOwner(t *testing.T) {
	r := midGame(t)
	refereetest.FramesShareNothing(t, r.Frame(), r.Frame())
}
