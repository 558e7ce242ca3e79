package towers

import (
	"math/rand/v2"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/towers"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// equivalenceGames are whole games whose every input the faster writer must write as the
// first one did (the game is the same whatever the seed).
var equivalenceGames = [][2]string{
	{"greedy", "greedy"},
	{"greedy", "random"},
	{"random", "greedy"},
	{"random", "random"},
}

// checkedGame is the game whose turns call check with their requests and answers.
type checkedGame struct {
	Game
	requests func(g *game, reqs []referee.Request)
	answers  func(g *game, answers []referee.Answer)
}

func (c checkedGame) New(cfg referee.Config) (referee.Referee, error) {
	r, err := c.Game.New(cfg)
	if err != nil {
		return nil, err
	}
	return checkedTurns{r.(*game), c}, nil
}

type checkedTurns struct {
	*game
	c checkedGame
}

func (t checkedTurns) Requests() []referee.Request {
	reqs := t.game.Requests()
	t.c.requests(t.game, reqs)
	return reqs
}

func (t checkedTurns) Play(answers []referee.Answer) {
	t.c.answers(t.game, answers)
	t.game.Play(answers)
}

// playEquivalenceGames plays the equivalence games in-process through c.
func playEquivalenceGames(t *testing.T, c checkedGame) {
	t.Helper()
	for _, names := range equivalenceGames {
		var bots []refereetest.BotFunc
		for _, name := range names {
			bot, err := builtin.Lookup(gameName, name)
			if err != nil {
				t.Fatal(err)
			}
			bots = append(bots, refereetest.BotFunc(bot))
		}
		ref, err := refereetest.PlayInProcess(c, referee.Config{Seed: 1, Players: 2}, bots)
		if err != nil {
			t.Fatalf("%s: %v", names, err)
		}
		g := ref.(checkedTurns).game
		for p, o := range ref.Result() {
			if o.Status != referee.StatusOK {
				t.Fatalf("%s: player %d: %s: %s", names, p, o.Status, o.Message)
			}
		}
		t.Logf("%s: %d turns identical, %d–%d tiles", names, g.turn, g.land.score(0), g.land.score(1))
	}
}

// Every input of whole games is, byte for byte, what the first writer wrote, with the
// scores counted tile by tile.
func TestGamesMatchReference(t *testing.T) {
	playEquivalenceGames(t, checkedGame{
		requests: func(g *game, reqs []referee.Request) {
			for _, req := range reqs {
				want := referenceTurnInput(g, req.Player)
				if g.turn == 0 {
					want = g.initialInput(req.Player) + want
				}
				if req.Input != want {
					t.Fatalf("turn %d, player %d: input differs from the reference\ngot:\n%s\nwant:\n%s", g.turn, req.Player, req.Input, want)
				}
			}
		},
		answers: func(*game, []referee.Answer) {},
	})
}

// The tiles owned, kept as towers come and go, are the tiles counted one by one.
func TestScoreIsCounted(t *testing.T) {
	var land territory
	type placed struct{ owner, tx, ty, level int }
	var towers []placed
	rng := rand.New(rand.NewPCG(3, 4))
	for step := range 5000 {
		if len(towers) > 0 && rng.IntN(3) == 0 {
			i := rng.IntN(len(towers))
			tw := towers[i]
			land.add(tw.owner, tw.tx, tw.ty, tw.level, -1)
			towers = append(towers[:i], towers[i+1:]...)
		} else {
			tw := placed{rng.IntN(2), rng.IntN(mapSize), rng.IntN(mapSize), 1 + rng.IntN(maxTowerLevel)}
			land.add(tw.owner, tw.tx, tw.ty, tw.level, 1)
			towers = append(towers, tw)
		}
		for p := range 2 {
			if got, want := land.score(p), referenceScore(&land, p); got != want {
				t.Fatalf("step %d, player %d: score %d, %d tiles owned", step, p, got, want)
			}
		}
	}
}
