package agrid_test

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"strings"
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
		cmd.Stdout, cmd.Stderr = out, &stderr
		err := refereetest.RunFeeding(cmd, in)
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

// With few commands a turn (L = 1, 2 or 3; the default is 30) the starter spreads its
// reading of the world and its actions over the turns, and plays: its PUTs keep the idle
// countdown from ending the season early, and its workers walk their squares and harvest
// them. It used to spend each turn re-reading the world (at L = 1 DESCRIBE_WORLD,
// TIME_TO_END and SHOW_MAP each took the turn's one command), never acted, and the season
// ended at turn 101 with no score. Random, which reads TIME_TO_END and its workers on every
// turn, hardly acts at these limits: the starter wins.
func TestPythonStarterFewCommands(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is needed to test the starter: %v", err)
	}
	for _, limit := range []string{"1", "2", "3"} {
		for seat := 0; seat < 2; seat++ {
			t.Run(fmt.Sprintf("L=%s/seat%d", limit, seat), func(t *testing.T) {
				accepted := map[string]int{} // the starter's commands answered OK, by name
				game := refereetest.Intercept(agridref.Game{}, func(turn, player int, tokens []string, run func() []string) []string {
					out := run()
					if player == seat && out[0] == "OK" {
						accepted[tokens[0]]++
					}
					return out
				})
				bots := []refereetest.BotFunc{agrid.Random, agrid.Random}
				starter, stderr := python()
				bots[seat] = starter
				cfg := referee.Config{Seed: int64(seat + 1), Players: 2, Options: map[string]string{"L": limit}}
				ref, err := refereetest.PlayInProcess(game, cfg, bots)
				if err != nil {
					t.Fatal(err)
				}
				res := ref.Result()
				if res[seat].Status != referee.StatusOK {
					t.Errorf("starter: %s: %s", res[seat].Status, res[seat].Message)
				}
				if msg := <-stderr; msg != "" {
					t.Errorf("starter wrote to stderr: %s", msg)
				}
				t.Logf("starter %.1f, random %.1f; the starter's accepted commands: %v", res[seat].Score, res[1-seat].Score, accepted)
				if !ref.Over() || ref.Turn() != 1000 {
					t.Errorf("game ended at turn %d, want the full season", ref.Turn())
				}
				for _, action := range []string{"PUT", "MOVE", "SCORE"} {
					if accepted[action] == 0 {
						t.Errorf("the starter sent no %s that was accepted", action)
					}
				}
				if referee.Winner(res) != seat {
					t.Errorf("starter scored %.1f, random %.1f", res[seat].Score, res[1-seat].Score)
				}
			})
		}
	}
}

// Turns end under the starter at many places, as on a busy machine with short turns (its
// count of the turn's commands and turns is then wrong: the referee forces it to wait, and
// a SHOW_MAP may come a turn early), and every command of one turn in seven is answered
// FAILED 5: at the default L and at L = 2 it stays in the game to the end, writes nothing
// to stderr and beats random. (It used to leave the game at the first FAILED 5 to a query.)
func TestPythonStarterLateTurnsAndRefusals(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is needed to test the starter: %v", err)
	}
	for _, limit := range []string{"30", "2"} {
		t.Run("L="+limit, func(t *testing.T) {
			starter, stderr := python()
			cfg := referee.Config{Seed: 3, Players: 2, Options: map[string]string{"L": limit}}
			ref, refused, err := refereetest.PlayHarried(agridref.Game{}, cfg, []refereetest.BotFunc{starter, agrid.Random})
			if err != nil {
				t.Fatal(err)
			}
			res := ref.Result()
			if res[0].Status != referee.StatusOK {
				t.Errorf("starter: %s: %s", res[0].Status, res[0].Message)
			}
			if msg := <-stderr; msg != "" {
				t.Errorf("starter wrote to stderr: %s", msg)
			}
			if refused == 0 {
				t.Fatal("no command refused")
			}
			if !ref.Over() || ref.Turn() != 1000 {
				t.Errorf("game ended at turn %d, want the full season", ref.Turn())
			}
			t.Logf("starter %.1f, random %.1f", res[0].Score, res[1].Score)
			if referee.Winner(res) != 0 {
				t.Errorf("starter %.1f, random %.1f", res[0].Score, res[1].Score)
			}
		})
	}
}

// A worker whose takeover of a post is refused FAILED 106 (another team's marker there,
// which the starter's picture missed at a small L, and a full storage) gives its square up:
// no lap would ever put its marker there. It used to walk the square round and round, and
// was refused at that post on every lap (116 and 136 times in these games).
func TestPythonStarterGivesUpASquareItCannotTake(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 is needed to test the starter: %v", err)
	}
	for _, seed := range []int64{1, 2} {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			refused := 0 // FAILED 106 answered to the starter
			game := refereetest.Intercept(agridref.Game{}, func(turn, player int, tokens []string, run func() []string) []string {
				out := run()
				if player == 0 && strings.HasPrefix(out[0], "FAILED 106 ") {
					refused++
				}
				return out
			})
			starter, stderr := python()
			cfg := referee.Config{Seed: seed, Players: 2, Options: map[string]string{"L": "3"}}
			ref, err := refereetest.PlayInProcess(game, cfg, []refereetest.BotFunc{starter, agrid.Greedy})
			if err != nil {
				t.Fatal(err)
			}
			if res := ref.Result(); res[0].Status != referee.StatusOK {
				t.Errorf("starter: %s: %s", res[0].Status, res[0].Message)
			}
			if msg := <-stderr; msg != "" {
				t.Errorf("starter wrote to stderr: %s", msg)
			}
			t.Logf("refused FAILED 106 %d times; %+v", refused, ref.Result())
			if refused > 20 {
				t.Errorf("the starter was refused FAILED 106 %d times", refused)
			}
		})
	}
}
