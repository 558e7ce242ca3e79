package bestow_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"testing"
	"time"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/bestow"
	"github.com/arena-games/arena/referee"
	game "github.com/arena-games/arena/referee/bestow"
	"github.com/arena-games/arena/referee/refereetest"
)

func bot(t *testing.T, name string) refereetest.BotFunc {
	t.Helper()
	b, err := builtin.Lookup("bestow", name)
	if err != nil {
		t.Fatal(err)
	}
	return refereetest.BotFunc(b)
}

// play runs one game between two bots and checks that both played it cleanly.
func play(t *testing.T, seed int64, opts map[string]string, a, b refereetest.BotFunc) []referee.Outcome {
	t.Helper()
	ref, err := refereetest.PlayInProcess(game.Game{}, referee.Config{Seed: seed, Players: 2, Options: opts}, []refereetest.BotFunc{a, b})
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	res := ref.Result()
	st := ref.Frame().State.(game.FrameState)
	for i, o := range res {
		if o.Status != referee.StatusOK {
			t.Errorf("seed %d: seat %d ended %s: %s", seed, i, o.Status, o.Message)
		}
		if st.Players[i].Failed != 0 {
			t.Errorf("seed %d: seat %d had %d commands refused", seed, i, st.Players[i].Failed)
		}
	}
	return res
}

func TestGreedyBeatsRandom(t *testing.T) {
	greedy, random := bot(t, "greedy"), bot(t, "random")
	games := 50
	if raceDetector { // the race detector makes a game take seconds: check the bots' plumbing on fewer
		games = 10
	}
	wins := 0
	for seed := int64(1); seed <= int64(games); seed++ {
		seats := []refereetest.BotFunc{greedy, random}
		g := 0
		if seed%2 == 0 { // alternate seats: seat A moves first
			seats, g = []refereetest.BotFunc{random, greedy}, 1
		}
		res := play(t, seed, nil, seats[0], seats[1])
		if res[g].Rank == 1 && res[1-g].Rank == 2 {
			wins++
		}
	}
	t.Logf("greedy won %d of %d games", wins, games)
	if wins*100 < 90*games {
		t.Errorf("greedy won %d of %d games, want at least 90%%", wins, games)
	}
}

// pythonBot runs a Python program as a bot, through the same pipes as the real runner. It is
// killed if it still runs when ctx ends, so that a bot stuck in a loop fails its test
// rather than hanging it.
func pythonBot(ctx context.Context, t *testing.T, path string) refereetest.BotFunc {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	return func(in io.Reader, out io.Writer) error {
		cmd := exec.CommandContext(ctx, python, path)
		cmd.Stdout = out
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := refereetest.RunFeeding(cmd, in); err != nil {
			return fmt.Errorf("%v: %s", err, stderr.String())
		}
		return nil
	}
}

func TestPythonStarter(t *testing.T) {
	starter := pythonBot(context.Background(), t, "../../starters/bestow/starter.py")
	random := bot(t, "random")
	for seed, seats := range map[int64][]refereetest.BotFunc{1: {starter, random}, 2: {random, starter}} {
		play(t, seed, nil, seats[0], seats[1])
	}
}

// With a small command limit L (the default is 30) the starter waits for the next turn
// once its L commands are spent, and goes on playing. It used to loop for ever without a
// word once its count reached L (at L = 7 in the first turn: a whole CPU, no command ever
// again, the game played without it).
func TestPythonStarterFewCommands(t *testing.T) {
	for _, limit := range []string{"5", "7"} {
		t.Run("L="+limit, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			starter := pythonBot(ctx, t, "../../starters/bestow/starter.py")
			bought := map[int]bool{} // the turns in which the starter bought a piece
			g := refereetest.Intercept(game.Game{}, func(turn, player int, tokens []string, run func() []string) []string {
				out := run()
				if player == 0 && tokens[0] == "BUY_PIECE" && out[0] == "OK" {
					bought[turn] = true
				}
				return out
			})
			cfg := referee.Config{Seed: 1, Players: 2, Options: map[string]string{"L": limit, "Ee": "100"}}
			ref, err := refereetest.PlayInProcess(g, cfg, []refereetest.BotFunc{starter, bot(t, "random")})
			if err != nil {
				t.Fatal(err)
			}
			if o := ref.Result()[0]; o.Status != referee.StatusOK {
				t.Errorf("starter: %s: %s", o.Status, o.Message)
			}
			if len(bought) < 10 {
				t.Errorf("the starter bought a piece in %d turns of %d, want it to play the game", len(bought), ref.Turn())
			}
		})
	}
}

// With a small command limit L the bots spend their budget on what matters and never
// draw a FAILED answer (play checks it), whatever the variant.
func TestBotsRespectTheCommandLimit(t *testing.T) {
	greedy, random := bot(t, "greedy"), bot(t, "random")
	tests := []struct {
		opts       map[string]string
		greedyWins bool
	}{
		{map[string]string{"L": "1", "Ee": "100"}, false}, // only queries fit: nobody plays
		{map[string]string{"L": "5", "Ee": "100"}, true},
		{map[string]string{"L": "8", "Ee": "100", "variant": "wicked"}, true},
		{map[string]string{"L": "100", "Ee": "100", "variant": "flower", "R": "40", "pieces": "50"}, true},
	}
	for i, tt := range tests {
		res := play(t, int64(i+1), tt.opts, greedy, random)
		if tt.greedyWins && res[0].Rank != 1 {
			t.Errorf("%v: greedy ranked %d", tt.opts, res[0].Rank)
		}
		if !tt.greedyWins && (res[0].Score != 0 || res[1].Score != 0) {
			t.Errorf("%v: scores %v and %v, want 0 (nobody could play)", tt.opts, res[0].Score, res[1].Score)
		}
	}
}

// Turns end under the bots at many places, as on a busy machine with short turns, and the
// referee answers FAILED 5 to every command in one turn of seven (the first included): a
// refusal costs a bot that turn, never the game.
func TestLateTurnsAndRefusals(t *testing.T) {
	refused := 0
	for _, bots := range [][2]string{{"greedy", "random"}, {"random", "greedy"}} {
		ref, n, err := refereetest.PlayHarried(game.Game{}, referee.Config{Seed: 2, Players: 2}, []refereetest.BotFunc{bot(t, bots[0]), bot(t, bots[1])})
		refused += n
		if err != nil {
			t.Fatal(err)
		}
		for i, o := range ref.Result() {
			if o.Status != referee.StatusOK {
				t.Errorf("%s in seat %d ended %s: %s", bots[i], i, o.Status, o.Message)
			}
		}
	}
	if refused == 0 {
		t.Fatal("no command refused")
	}
}
