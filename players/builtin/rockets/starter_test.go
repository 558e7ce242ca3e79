package rockets

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
	"github.com/arena-games/arena/referee/rockets"
)

const starterPath = "../../starters/rockets/starter.py"

// pythonStarter runs the Python starter as a bot over its stdin/stdout. What it writes to
// stderr (it reports FAILED answers there) is collected in complaints, readable once done
// is closed (PlayInProcess returns when the game ends, before the process has exited).
func pythonStarter(t *testing.T, complaints *bytes.Buffer, done chan struct{}) refereetest.BotFunc {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	return func(in io.Reader, out io.Writer) error {
		defer close(done)
		cmd := exec.Command(python, starterPath)
		cmd.Stdout, cmd.Stderr = out, complaints
		if err := refereetest.RunFeeding(cmd, in); err != nil {
			return fmt.Errorf("starter.py: %v: %s", err, complaints.String())
		}
		return nil
	}
}

// The Python starter plays a whole game against the random bot, legally (no FAILED answer),
// to status ok, and earns from cycles.
func TestPythonStarter(t *testing.T) {
	var complaints bytes.Buffer
	done := make(chan struct{})
	res, teams := play(t, 5, map[string]string{"turns": "300", "cities": "120"}, pythonStarter(t, &complaints, done), Random)
	<-done
	if teams[0].Cycles == 0 {
		t.Errorf("the starter closed no cycle: %+v", teams[0])
	}
	if complaints.Len() > 0 {
		t.Errorf("the starter's commands failed:\n%s", complaints.String())
	}
	t.Logf("starter %+v, random %+v", res[0], res[1])
}

// With few commands a turn (L = 1, 2 or 3; the default is 40) the starter spreads its
// reading of the world, of its cars and of the roads, and its moves, over the turns: it
// plays the whole game legally (no FAILED answer), to status ok, closes cycles and beats
// random. It used to leave the game at L = 1 (a forced wait escaped while it read the
// world: crash, "TurnOver") and to move no car at L = 2 and 3 (TIME_TO_END, CARS and
// ROADS_STATUS took every command of every turn). Random moves no car below L = 3.
func TestPythonStarterFewCommands(t *testing.T) {
	for _, limit := range []string{"1", "2", "3"} {
		for seed := int64(1); seed <= 2; seed++ {
			seat := int(seed % 2)
			t.Run(fmt.Sprintf("L=%s/seat%d", limit, seat), func(t *testing.T) {
				var complaints bytes.Buffer
				done := make(chan struct{})
				bots := []refereetest.BotFunc{Random, Random}
				bots[seat] = pythonStarter(t, &complaints, done)
				res, teams := play(t, seed, map[string]string{"L": limit, "turns": "300", "cities": "120"}, bots...)
				<-done
				t.Logf("starter %.0f %+v, random %.0f %+v", res[seat].Score, teams[seat], res[1-seat].Score, teams[1-seat])
				if teams[seat].Cycles == 0 || teams[seat].Revenue == 0 {
					t.Errorf("the starter closed no cycle: %+v", teams[seat])
				}
				if complaints.Len() > 0 {
					t.Errorf("the starter's commands failed:\n%s", complaints.String())
				}
				if referee.Winner(res) != seat {
					t.Errorf("starter %.0f, random %.0f", res[seat].Score, res[1-seat].Score)
				}
			})
		}
	}
}

// Turns end under the starter at many places, as on a busy machine with short turns (its
// count of the turn's commands is then wrong, and the referee forces it to wait), and every
// command of one turn in seven is answered FAILED 5: at the default L and at L = 2 it stays
// in the game to the end, closes cycles and beats random. (It used to leave the game at the
// first FAILED 5 to a query.)
func TestPythonStarterLateTurnsAndRefusals(t *testing.T) {
	for _, limit := range []string{"40", "2"} {
		t.Run("L="+limit, func(t *testing.T) {
			var complaints bytes.Buffer // the refusals it reports
			done := make(chan struct{})
			cfg := referee.Config{Seed: 3, Players: 2, Options: map[string]string{"L": limit, "turns": "300", "cities": "120"}}
			ref, refused, err := refereetest.PlayHarried(rockets.Game{}, cfg, []refereetest.BotFunc{pythonStarter(t, &complaints, done), Random})
			if err != nil {
				t.Fatal(err)
			}
			<-done
			res := ref.Result()
			if res[0].Status != referee.StatusOK {
				t.Errorf("starter: %s: %s", res[0].Status, res[0].Message)
			}
			if refused == 0 {
				t.Fatal("no command refused")
			}
			t.Logf("starter %.0f, random %.0f", res[0].Score, res[1].Score)
			if referee.Winner(res) != 0 {
				t.Errorf("starter %.0f, random %.0f", res[0].Score, res[1].Score)
			}
		})
	}
}

// With --tcp the starter logs in (LOGIN/PASS) before playing: a small server performs the
// handshake and then relays the session.
func TestPythonStarterTCP(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	var credentials []string
	done := make(chan struct{})
	bot := func(in io.Reader, out io.Writer) error {
		defer close(done)
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		defer ln.Close()
		var stderr bytes.Buffer
		cmd := exec.Command(python, starterPath, "--tcp", ln.Addr().String(), "--login", "team7", "--password", "s3cret")
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			return err
		}
		conn, err := ln.Accept()
		if err != nil {
			return err
		}
		r := bufio.NewReader(conn)
		for _, prompt := range []string{"LOGIN", "PASS"} {
			fmt.Fprintln(conn, prompt)
			line, err := r.ReadString('\n')
			if err != nil {
				return err
			}
			credentials = append(credentials, strings.TrimSpace(line))
		}
		fmt.Fprintln(conn, "OK")
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // referee → starter; the end of the game closes the connection
			defer wg.Done()
			io.Copy(conn, in)
			conn.(*net.TCPConn).CloseWrite()
		}()
		io.Copy(out, r) // starter → referee
		if c, ok := in.(io.Closer); ok {
			c.Close() // if the starter died early, stop relaying the referee's lines
		}
		wg.Wait()
		conn.Close()
		if err := cmd.Wait(); err != nil {
			return fmt.Errorf("starter.py --tcp: %v: %s", err, stderr.String())
		}
		return nil
	}
	_, teams := play(t, 9, map[string]string{"turns": "60", "cities": "40"}, bot, Random)
	<-done
	if strings.Join(credentials, " ") != "team7 s3cret" {
		t.Errorf("credentials %q", credentials)
	}
	if teams[0].Cycles == 0 {
		t.Errorf("the starter closed no cycle over TCP: %+v", teams[0])
	}
}
