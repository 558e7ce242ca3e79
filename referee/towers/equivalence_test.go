package towers

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/towers"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
	"github.com/google/go-cmp/cmp"
)

// equivalenceGames are whole games whose every input and answer the faster writer and
// parser must handle as the first ones did (the game is the same whatever the seed).
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
// scores counted tile by tile; every answer is parsed as the first parser did.
func TestGamesMatchReference(t *testing.T) {
	answers := 0
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
		answers: func(g *game, as []referee.Answer) {
			for _, a := range as {
				for _, line := range a.Lines {
					checkParseAnswer(t, line)
					answers++
				}
			}
		},
	})
	t.Logf("%d answers parsed alike", answers)
}

// checkParseAnswer fails the test when parseAnswer and the reference disagree on line.
func checkParseAnswer(t *testing.T, line string) {
	t.Helper()
	got, gotErr := parseAnswer(line)
	want, wantErr := referenceParseAnswer(line)
	if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Fatalf("parseAnswer(%.200q): error %v, the reference's %v", line, gotErr, wantErr)
	}
	if d := cmp.Diff(want, got, cmp.AllowUnexported(command{})); d != "" {
		t.Fatalf("parseAnswer(%.200q) differs from the reference (-want +got):\n%s", line, d)
	}
}

// Answers written every way the grammar allows, and many ways it does not, are parsed as
// the first parser did: the same commands with the same texts, or the same message.
func TestParseAnswerMatchesReference(t *testing.T) {
	lines := []string{
		"", ";", ";;", " ; ", "WAIT", " WAIT ", "WAIT;WAIT", "WAIT 1", "WAIT\t1 2",
		"MOVE 1 2 3", "  MOVE 1 2 3  ", "MOVE  1 2 3", "MOVE\t1 2 3", "MOVE 1\r2 3\r", "\tMOVE 1 2 3;\tATTACK 4 25",
		"MOVE 1 2", "MOVE 1 2 3 4", "MOVE 1 2 3 MOVE 2 3 4", "MOVE 1 2 3 4 5 6 7 8 9 10",
		"ATTACK 1 x", "BUILD 2.5 3", "UPGRADE 99999999999", "UPGRADE -2147483648", "UPGRADE 2147483648",
		"BUILD -1 +2", "BUILD + 2", "SUICIDE 42;", "move 1 2 3", "FIRE", "MOVE 1 2 3;FIRE",
		"MOVE\v1 2 3", "MOVE\n1 2 3", "MOVE\u00a01 2 3", "MOVE 1 2 3\u3000", "é 1", "\x00\xff", "MOVE \xff 2 3",
		"BUILD 6 6;;UPGRADE 40;SUICIDE 42;", strings.Repeat("WAIT;", 14000), strings.Repeat("A", 65537),
		strings.Repeat("MOVE 1 2 3;", 80), strings.Repeat(";", 500) + "ATTACK 1 2",
	}
	for _, line := range lines {
		checkParseAnswer(t, line)
	}
	// Random lines of the grammar's words, numbers, separators and whitespace.
	words := []string{"MOVE", "ATTACK", "BUILD", "UPGRADE", "SUICIDE", "WAIT", "move", "X", "0", "7", "-3", "+4", "2147483648", "1.5", "é"}
	seps := []string{" ", "  ", "\t", "\r", ";", " ; ", "", "\v", "\u00a0"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			if rng.IntN(2) == 0 {
				b.WriteString(words[rng.IntN(len(words))])
			}
			b.WriteString(seps[rng.IntN(len(seps))])
		}
		checkParseAnswer(t, b.String())
	}
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

// checkFrame fails the test when the frame differs from the reference's, in JSON.
func checkFrame(t *testing.T, g *game, what string) {
	t.Helper()
	refereetest.SameFrame(t, what, g.Frame(), referenceFrame(g))
}

// frameCoverage counts what the frames compared have drawn, so that a test can say it
// saw every kind of shape and tooltip.
type frameCoverage struct {
	frames, built, damaged, attacking, dead, immune, moving int
}

func (c *frameCoverage) add(g *game) {
	c.frames++
	for p := range 2 {
		for _, tw := range g.towers[p] {
			if !tw.base {
				c.built++
			}
			if tw.hp < towerHP[tw.level] {
				c.damaged++
			}
		}
	}
	for i := range g.soldiers {
		s := &g.soldiers[i]
		switch {
		case !s.alive():
			c.dead++
		case s.state == stateAttack:
			c.attacking++
		case s.hasDest:
			c.moving++
		}
		if s.alive() && s.immune > 0 {
			c.immune++
		}
	}
}

func (c frameCoverage) missing() bool {
	return c.built == 0 || c.damaged == 0 || c.attacking == 0 || c.dead == 0 || c.immune == 0 || c.moving == 0
}

// Every frame of whole games is byte for byte in JSON what the first drawing made.
func TestFrameMatchesReference(t *testing.T) {
	for _, names := range equivalenceGames {
		var bots []refereetest.BotFunc
		for _, name := range names {
			bot, err := builtin.Lookup(gameName, name)
			if err != nil {
				t.Fatal(err)
			}
			bots = append(bots, refereetest.BotFunc(bot))
		}
		var seen frameCoverage
		_, err := refereetest.PlayInProcessWatched(Game{}, referee.Config{Seed: 1, Players: 2}, bots, func(ref referee.Referee) {
			g := ref.(*game)
			checkFrame(t, g, fmt.Sprintf("%s, turn %d", names, g.turn))
			seen.add(g)
		})
		if err != nil {
			t.Fatalf("%s: %v", names, err)
		}
		t.Logf("%s: frames identical, %+v", names, seen)
	}
}

// So is every frame of random play (towers built, upgraded and destroyed, soldiers sent
// anywhere), and of its positions changed at random: soldiers in every state, with or
// without orders, targets that are gone, immune; towers of every level, damaged.
func TestRandomFrameMatchesReference(t *testing.T) {
	g := midGame(t)
	rng := rand.New(rand.NewPCG(9, 9))
	var seen frameCoverage
	for turn := 0; turn < 300 && !g.Over(); turn++ {
		checkFrame(t, g, fmt.Sprintf("turn %d", g.turn))
		seen.add(g)
		if turn%10 == 0 {
			c := g.clone()
			for i := range c.soldiers {
				s := &c.soldiers[i]
				s.state = soldierState(rng.IntN(len(stateNames)))
				s.hasDest, s.dest = rng.IntN(2) == 0, point{rng.IntN(worldSize + 1), rng.IntN(worldSize + 1)}
				s.target = []int{noTarget, rng.IntN(numSoldiers), firstTowerID + rng.IntN(20)}[rng.IntN(3)]
				s.immune, s.hp = rng.IntN(3), 1+rng.IntN(soldierMaxHP)
				s.respawnTurn = c.turn + rng.IntN(respawnTurns+1)
			}
			for p := range 2 {
				for i := range c.towers[p] {
					tw := &c.towers[p][i]
					tw.level = 1 + rng.IntN(maxTowerLevel)
					tw.hp = 1 + rng.IntN(towerHP[tw.level])
				}
			}
			checkFrame(t, c, fmt.Sprintf("turn %d, changed", c.turn))
			seen.add(c)
		}
		var answers []referee.Answer
		for _, req := range g.Requests() {
			answers = append(answers, referee.Answer{Player: req.Player, Lines: plausibleAnswer(rng, req), Status: referee.StatusOK})
		}
		g.Play(answers)
	}
	if seen.missing() {
		t.Errorf("a kind of shape was never drawn: %+v", seen)
	}
	t.Logf("frames identical, %+v", seen)
}

// Two frames never share memory: the runner keeps every frame of a game.
func TestFramesShareNoOwner(t *testing.T) {
	g := midGame(t)
	refereetest.FramesShareNothing(t, g.Frame(), g.Frame())
}
