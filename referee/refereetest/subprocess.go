package refereetest

import (
	"io"
	"os/exec"
)

// RunFeeding runs cmd with in as its standard input, for a bot played as a subprocess in
// an in-process game, and returns when the process has exited, even one that exits before
// it has read all of its input (a crash): exec's own copying of in (cmd.Stdin = in) would
// wait for the next line of a game that is waiting for the process, and the test would
// hang instead of failing.
func RunFeeding(cmd *exec.Cmd, in io.Reader) error {
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() {
		io.Copy(stdin, in) // ends when the game closes in, or at a write once the process is gone
		stdin.Close()
	}()
	return cmd.Wait()
}
