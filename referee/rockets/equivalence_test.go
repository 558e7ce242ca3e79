package rockets

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/rockets"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// references are the first writers of the status answers.
var references = map[string]handler{
	"ROADS_STATUS": referenceRoadsStatus,
	"CARS":         referenceCarsStatus,
	"ROCKET_INFO":  referenceRocketInfo,
}

// checkAnswer fails the test when a status command answers otherwise than its reference
// would in the same state; other commands are only played.
func checkAnswer(t *testing.T, g *game, team int, tokens []string) []string {
	t.Helper()
	ref, status := references[tokens[0]]
	var want []string
	if status {
		want = ref(g, team, tokens)
	}
	got := g.Command(team, tokens)
	if status && !slices.Equal(got, want) {
		t.Fatalf("turn %d, team %d, %q: answer differs from the reference\ngot:  %q\nwant: %q", g.turn, team, tokens, got, want)
	}
	return got
}

// checkedGame is the game whose every command goes through checkAnswer.
type checkedGame struct {
	Game
	t       *testing.T
	answers map[string]int
}

func (c checkedGame) New(cfg referee.Config) (referee.Referee, error) {
	r, err := c.Game.New(cfg)
	if err != nil {
		return nil, err
	}
	return checkedCommands{r.(*game), c}, nil
}

type checkedCommands struct {
	*game
	c checkedGame
}

func (s checkedCommands) Command(team int, tokens []string) []string {
	if len(tokens) > 0 {
		s.c.answers[tokens[0]]++
	}
	return checkAnswer(s.c.t, s.game, team, tokens)
}

// Every status answer of whole games is, line for line, what the first writers wrote.
func TestStatusAnswersMatchReference(t *testing.T) {
	for _, gm := range []struct {
		seed int64
		bots []string
	}{
		{1, []string{"greedy", "random"}},
		{2, []string{"greedy", "greedy", "random"}},
		{3, []string{"random", "greedy", "greedy", "random", "greedy"}},
	} {
		var bots []refereetest.BotFunc
		for _, name := range gm.bots {
			bot, err := builtin.Lookup(gameName, name)
			if err != nil {
				t.Fatal(err)
			}
			bots = append(bots, refereetest.BotFunc(bot))
		}
		c := checkedGame{t: t, answers: map[string]int{}}
		if _, err := refereetest.PlayInProcess(c, referee.Config{Seed: gm.seed, Players: len(gm.bots)}, bots); err != nil {
			t.Fatalf("seed %d: %v", gm.seed, err)
		}
		for _, name := range []string{"ROADS_STATUS", "CARS"} { // the bots never ask ROCKET_INFO
			if c.answers[name] == 0 {
				t.Errorf("seed %d: no %s asked", gm.seed, name)
			}
		}
		t.Logf("seed %d (%s): %v commands, status answers identical", gm.seed, gm.bots, c.answers)
	}
}

// So is every status answer of the benchmark's busy game, where eight teams have sites,
// deposits and lawyers, and sue each other, and every malformed status command.
func TestBusyStatusAnswersMatchReference(t *testing.T) {
	g, _ := busyGame(t)
	rng := rand.New(rand.NewPCG(3, 3))
	sued := false
	for range 20 {
		for team := range g.teams {
			if len(g.sites) > 0 {
				g.Command(team, []string{"LAWYER_SUE", strconv.Itoa(g.sites[rng.IntN(len(g.sites))].city)})
			}
			for name := range references {
				checkAnswer(t, g, team, []string{name})
				checkAnswer(t, g, team, []string{name, "1"})
			}
		}
		for _, s := range g.sites {
			sued = sued || s.suit != nil
		}
		playBusyTurn(g, rng)
	}
	if !sued {
		t.Error("no site was sued in the busy game: ROCKET_INFO's suit columns were not compared")
	}
}
