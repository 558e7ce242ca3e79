package agrid_test

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"testing"

	"github.com/arena-games/arena/players/builtin/agrid"
	"github.com/arena-games/arena/referee"
	agridref "github.com/arena-games/arena/referee/agrid"
	"github.com/arena-games/arena/referee/refereetest"
)

const starterPath = "../../starters/agrid/starter.py"

// python runs the Python starter as a subprocess wired to the in-process game. The
// starter's stderr arrives on the channel once the process has exited.
func python() (refereetest.BotFunc, <-chan string) {
	done := make(chan string, 1)
	return func(in io.Reader, out io.Writer) error {
		var stderr bytes.Buffer
		cmd := exec.Command("python3", starterPath)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = in, out, &stderr
		err := cmd.Run()
		done <- stderr.String()
		if err != nil {
			return fmt.Errorf("python3 %s: %w: %s", starterPath, err, stderr.String())
		}
		return nil
	}, done
}

// TestPythonStarter plays the Python starter for a whole game against the random bot.
func TestPythonStarter(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is needed to test the starter: %v", err)
	}
	for seat := 0; seat < 2; seat++ {
		bots := []refereetest.BotFunc{agrid.Random, agrid.Random}
		starter, stderr := python()
		bots[seat] = starter
		ref, err := refereetest.PlayInProcess(agridref.Game{}, referee.Config{Seed: int64(seat + 1), Players: 2}, bots)
		if err != nil {
			t.Fatal(err)
		}
		if !ref.Over() || ref.Turn() != 1000 {
			t.Errorf("game ended at turn %d, want the full season", ref.Turn())
		}
		res := ref.Result()
		if res[seat].Status != referee.StatusOK {
			t.Errorf("starter in seat %d: %s: %s", seat, res[seat].Status, res[seat].Message)
		}
		if msg := <-stderr; msg != "" {
			t.Errorf("starter wrote to stderr: %s", msg)
		}
		t.Logf("starter in seat %d: %.1f, random %.1f", seat, res[seat].Score, res[1-seat].Score)
		if referee.Winner(res) != seat {
			t.Errorf("starter in seat %d scored %.1f, random %.1f", seat, res[seat].Score, res[1-seat].Score)
		}
	}
}
