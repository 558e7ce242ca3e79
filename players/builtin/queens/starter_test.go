package queens

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// starterPath is the Python starter bot, relative to this package.
var starterPath = filepath.Join("..", "..", "starters", "queens", "starter.py")

// pythonBot runs the starter as a python3 subprocess speaking through in and out.
func pythonBot(t *testing.T) refereetest.BotFunc {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	return func(in io.Reader, out io.Writer) error {
		var stderr bytes.Buffer
		cmd := exec.Command(python, starterPath)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = in, out, &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("starter: %w: %s", err, strings.TrimSpace(stderr.String()))
		}
		return nil
	}
}

// The Python starter plays whole games against the random bot, in both seats, without a
// single invalid command.
func TestPythonStarterPlaysFullGames(t *testing.T) {
	starter := pythonBot(t)
	for seat := 0; seat < 2; seat++ {
		bots := []refereetest.BotFunc{random, random}
		bots[seat] = starter
		ref, err := refereetest.PlayInProcess(testGame(), referee.Config{Seed: int64(21 + seat), Players: 2}, bots)
		if err != nil {
			t.Fatal(err)
		}
		res := ref.Result()
		if res[seat].Status != referee.StatusOK {
			t.Errorf("seat %d: starter ended %s: %s", seat, res[seat].Status, res[seat].Message)
		}
		if ref.Turn() < 10 {
			t.Errorf("seat %d: game over after %d turns", seat, ref.Turn())
		}
		t.Logf("seat %d: %d turns, result %+v", seat, ref.Turn(), res)
	}
}
