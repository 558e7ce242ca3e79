package triangles

import (
	"fmt"
	"testing"

	bots "github.com/arena-games/arena/players/builtin/triangles"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// equivalenceGames are whole games whose every input and frame the faster writers must
// reproduce. The random bot removes paths now and then, and adds some in the games of seeds
// 16 and 29, so the lists of the graph kept from turn to turn are checked against lists
// made afresh after both kinds of change.
var equivalenceGames = []struct {
	seed int64
	bots [2]string
}{
	{1, [2]string{"greedy", "greedy"}},
	{2, [2]string{"greedy", "random"}},
	{3, [2]string{"random", "greedy"}},
	{4, [2]string{"random", "random"}},
	{5, [2]string{"greedy", "greedy"}},
	{16, [2]string{"random", "random"}},
	{29, [2]string{"random", "random"}},
}

var equivalenceBots = map[string]refereetest.BotFunc{"greedy": bots.Greedy, "random": bots.Random}

// checkedGame is the game whose matches call check with every turn's requests.
type checkedGame struct {
	game
	check func(m *match, reqs []referee.Request)
}

func (g checkedGame) New(cfg referee.Config) (referee.Referee, error) {
	r, err := g.game.New(cfg)
	if err != nil {
		return nil, err
	}
	return checkedMatch{r.(*match), g.check}, nil
}

type checkedMatch struct {
	*match
	check func(m *match, reqs []referee.Request)
}

func (c checkedMatch) Requests() []referee.Request {
	reqs := c.match.Requests()
	c.check(c.match, reqs)
	return reqs
}

// eachTurn plays the equivalence games in-process, calling input with every turn's
// requests and frame with the match after it is made and after every turn.
func eachTurn(t *testing.T, input func(m *match, reqs []referee.Request), frame func(m *match)) {
	t.Helper()
	for _, gm := range equivalenceGames {
		turns := 0
		g := checkedGame{check: func(m *match, reqs []referee.Request) {
			input(m, reqs)
			turns++
		}}
		ref, err := refereetest.PlayInProcessWatched(g, referee.Config{Seed: gm.seed, Players: 2},
			[]refereetest.BotFunc{equivalenceBots[gm.bots[0]], equivalenceBots[gm.bots[1]]},
			func(r referee.Referee) { frame(r.(checkedMatch).match) })
		if err != nil {
			t.Fatalf("seed %d: %v", gm.seed, err)
		}
		for p, o := range ref.Result() {
			if o.Status != referee.StatusOK {
				t.Fatalf("seed %d: player %d: %s: %s", gm.seed, p, o.Status, o.Message)
			}
		}
		t.Logf("seed %d (%s): %d turns identical", gm.seed, gm.bots, turns)
	}
}

// Every input of whole games is, byte for byte, what the first writer wrote from lists of
// the graph made afresh.
func TestInputMatchesReference(t *testing.T) {
	eachTurn(t, func(m *match, reqs []referee.Request) {
		if len(reqs) == 0 {
			t.Fatalf("turn %d: no request", m.turn)
		}
		for _, req := range reqs {
			if want := referenceInput(m, req.Player); req.Input != want {
				t.Fatalf("turn %d, player %d: input differs from the reference\ngot:\n%s\nwant:\n%s", m.turn, req.Player, req.Input, want)
			}
		}
	}, func(*match) {})
}

// Every frame of whole games is, byte for byte in JSON, what the first drawing made.
func TestFrameMatchesReference(t *testing.T) {
	eachTurn(t, func(*match, []referee.Request) {}, func(m *match) {
		f := m.Frame()
		// The players' drawings of the turn are appended as they were made.
		var debug []referee.Shape
		for _, s := range f.Shapes {
			if s.Layer == "debug" {
				debug = append(debug, s)
			}
		}
		refereetest.SameFrame(t, fmt.Sprintf("turn %d", m.turn), f, referenceDraw(m, debug))
	})
}

// Two frames never share memory: the runner keeps every frame of a game.
func TestFramesShareNothing(t *testing.T) {
	m := newSeedMatch(t, 5)
	refereetest.FramesShareNothing(t, m.draw(nil), m.draw(nil))
}
