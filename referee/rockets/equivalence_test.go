package rockets

import (
	"fmt"
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

// equivalenceGames are the whole games whose every answer and frame the faster writers
// must reproduce.
var equivalenceGames = []struct {
	seed int64
	bots []string
}{
	{1, []string{"greedy", "random"}},
	{2, []string{"greedy", "greedy", "random"}},
	{3, []string{"random", "greedy", "greedy", "random", "greedy"}},
}

// equivalenceBots are the built-in bots of a game.
func equivalenceBots(t *testing.T, names []string) []refereetest.BotFunc {
	t.Helper()
	var bots []refereetest.BotFunc
	for _, name := range names {
		bot, err := builtin.Lookup(gameName, name)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, refereetest.BotFunc(bot))
	}
	return bots
}

// Every status answer of whole games is, line for line, what the first writers wrote.
func TestStatusAnswersMatchReference(t *testing.T) {
	for _, gm := range equivalenceGames {
		bots := equivalenceBots(t, gm.bots)
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

// checkFrame fails the test when the frame differs from the reference's, in JSON.
func checkFrame(t *testing.T, g *game, what string) {
	t.Helper()
	refereetest.SameFrame(t, what, g.Frame(), referenceFrame(g))
}

// frameCoverage counts what the frames compared have drawn, so that a test can say it
// saw every kind of tooltip.
type frameCoverage struct {
	frames, sites, launched, suits, moving int
	roadBonuses, sharedRoads               int // a team's bonus on a road; roads with several
}

func (c *frameCoverage) add(g *game) {
	c.frames++
	c.sites += len(g.sites)
	c.suits += len(g.suits)
	for _, s := range g.sites {
		if s.launched {
			c.launched++
		}
	}
	for t := range g.teams {
		for i := range g.teams[t].cars {
			if car := &g.teams[t].cars[i]; car.busy > 0 && car.trip > 0 {
				c.moving++
			}
		}
	}
	for i := range g.roads {
		teams := 0
		for _, b := range g.roads[i].bonus {
			if b != 0 {
				teams++
			}
		}
		c.roadBonuses += teams
		if teams > 1 {
			c.sharedRoads++
		}
	}
}

// Every frame of whole games is byte for byte in JSON what the first drawing made.
func TestFrameMatchesReference(t *testing.T) {
	for _, gm := range equivalenceGames {
		var seen frameCoverage
		_, err := refereetest.PlayInProcessWatched(Game{}, referee.Config{Seed: gm.seed, Players: len(gm.bots)}, equivalenceBots(t, gm.bots), func(ref referee.Referee) {
			g := ref.(*game)
			checkFrame(t, g, fmt.Sprintf("seed %d, turn %d", gm.seed, g.turn))
			seen.add(g)
		})
		if err != nil {
			t.Fatalf("seed %d: %v", gm.seed, err)
		}
		if seen.sites == 0 || seen.launched == 0 || seen.moving == 0 || seen.roadBonuses == 0 {
			t.Errorf("seed %d: a kind of tooltip was never drawn: %+v", gm.seed, seen)
		}
		t.Logf("seed %d (%s): frames identical, %+v", gm.seed, gm.bots, seen)
	}
}

// So is every frame of the benchmark's busy game, where eight teams have sites, deposits
// and lawyers, and sue each other, and of random changes to it: rare city bonuses, cars
// upgraded or on repeated roads, sites launched, lawyers off.
func TestBusyFrameMatchesReference(t *testing.T) {
	g, _ := busyGame(t)
	rng := rand.New(rand.NewPCG(5, 5))
	var seen frameCoverage
	for turn := range 20 {
		for team := range g.teams {
			if len(g.sites) > 0 {
				g.Command(team, []string{"LAWYER_SUE", strconv.Itoa(g.sites[rng.IntN(len(g.sites))].city)})
			}
		}
		checkFrame(t, g, fmt.Sprintf("busy turn %d", g.turn))
		seen.add(g)
		playBusyTurn(g, rng)
		if turn%4 == 3 { // changes no turn of the game could make, drawn and undone
			bonus, lawyers := append([]int(nil), g.bonus...), g.p.lawyers
			for c := range g.bonus {
				g.bonus[c] = rng.IntN(8)
			}
			for t := range g.teams {
				for i := range g.teams[t].cars {
					c := &g.teams[t].cars[i]
					c.fast, c.big, c.cycle.repeated = rng.IntN(2) == 0, rng.IntN(2) == 0, rng.IntN(2) == 0
				}
			}
			launched := g.sites[rng.IntN(len(g.sites))]
			launched.launched, g.p.lawyers = true, turn%8 == 3
			checkFrame(t, g, fmt.Sprintf("busy turn %d, changed", g.turn))
			seen.add(g)
			copy(g.bonus, bonus)
			launched.launched, g.p.lawyers = false, lawyers
		}
	}
	if seen.suits == 0 || seen.launched == 0 || seen.moving == 0 || seen.sharedRoads == 0 {
		t.Errorf("a kind of tooltip was never drawn: %+v", seen)
	}
	t.Logf("frames identical, %+v", seen)
}

// Two frames never share memory: the runner keeps every frame of a game.
func TestFramesShareNoOwner(t *testing.T) {
	g, _ := busyGame(t)
	refereetest.FramesShareNothing(t, g.Frame(), g.Frame())
}
