package triangles

import (
	"io"
	"os/exec"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

const starterPath = "../../starters/triangles/starter.py"

// pythonStarter runs the Python starter as a subprocess speaking through the bot's streams.
func pythonStarter(python string) refereetest.BotFunc {
	return func(in io.Reader, out io.Writer) error {
		cmd := exec.Command(python, starterPath)
		cmd.Stdin, cmd.Stdout = in, out
		return cmd.Run()
	}
}

// The Python starter plays whole games against the random bot without a fault.
func TestPythonStarterPlaysFullGames(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	g := lookupGame(t)
	for seed := int64(1); seed <= 2; seed++ {
		bots := []refereetest.BotFunc{pythonStarter(python), Random}
		seat := int(seed % 2)
		if seat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		ref, err := refereetest.PlayInProcess(g, referee.Config{Seed: seed, Players: 2}, bots)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		res := ref.Result()
		if res[seat].Status != referee.StatusOK {
			t.Errorf("seed %d: starter ended with %s: %s", seed, res[seat].Status, res[seat].Message)
		}
		if ref.Turn() < 5 {
			t.Errorf("seed %d: the game lasted %d turns", seed, ref.Turn())
		}
		t.Logf("seed %d: starter in seat %d, %d turns, result %+v", seed, seat, ref.Turn(), res)
	}
}
