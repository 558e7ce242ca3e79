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

	"github.com/arena-games/arena/referee/refereetest"
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
		cmd.Stdin, cmd.Stdout, cmd.Stderr = in, out, complaints
		if err := cmd.Run(); err != nil {
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
