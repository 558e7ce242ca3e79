package towers

import (
	"io"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
	game "github.com/arena-games/arena/referee/towers"
)

// TestPythonStarter plays a full game of the Python starter against the random bot, in
// both seats: it must play to the end with status ok.
func TestPythonStarter(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	script, err := filepath.Abs("../../starters/towers/starter.py")
	if err != nil {
		t.Fatal(err)
	}
	starter := func(in io.Reader, out io.Writer) error {
		cmd := exec.Command(python, script)
		cmd.Stdin, cmd.Stdout = in, out
		return cmd.Run()
	}
	for seat := range 2 {
		bots := []refereetest.BotFunc{starter, refereetest.BotFunc(newRandom(7))}
		if seat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		ref, err := refereetest.PlayInProcess(game.Game{}, referee.Config{Seed: 1, Players: 2}, bots)
		if err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
		if ref.Turn() != 1000 {
			t.Errorf("seat %d: game ended after turn %d", seat, ref.Turn())
		}
		res := ref.Result()
		for p, o := range res {
			if o.Status != referee.StatusOK {
				t.Errorf("seat %d: player %d: %s: %s", seat, p, o.Status, o.Message)
			}
		}
		t.Logf("starter in seat %d: %v–%v", seat, res[0].Score, res[1].Score)
		if referee.Winner(res) != seat {
			t.Errorf("seat %d: the starter did not beat the random bot: %+v", seat, res)
		}
	}
}
