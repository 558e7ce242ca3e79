package bestow

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/arena-games/arena/protocol"
)

// errBudget says the turn's command budget L is spent: the bot must WAIT.
var errBudget = errors.New("command budget spent")

// errForcedWait says the referee forced waiting (FAILED 6): the turn is already over.
var errForcedWait = errors.New("forced waiting")

// failure is a FAILED answer to a command.
type failure struct{ line string }

func (f *failure) Error() string { return f.line }

// client speaks the Deadline24 session protocol: one command, then OK + data lines or
// FAILED; WAIT, then OK, WAITING x and OK at the next turn. EOF means the game is over.
type client struct {
	in    *protocol.LineReader
	out   *bufio.Writer
	limit int // L; 1 until DESCRIBE_WORLD tells
	used  int // commands sent this turn
}

func newClient(in io.Reader, out io.Writer) *client {
	return &client{in: protocol.NewLineReader(in, 1<<20), out: bufio.NewWriter(out), limit: 1}
}

// left is how many commands the turn still allows.
func (c *client) left() int { return c.limit - c.used }

func (c *client) send(line string) error {
	if c.used >= c.limit {
		return errBudget
	}
	c.used++
	c.out.WriteString(line)
	c.out.WriteByte('\n')
	return c.out.Flush()
}

func (c *client) read() (string, error) {
	line, err := c.in.ReadLine()
	if err != nil {
		return "", err // io.EOF at game end
	}
	return line, nil
}

// call sends a command and reads its answer: `lines` data lines after OK, or a *failure.
func (c *client) call(cmd string, lines int) ([]string, error) {
	if err := c.send(cmd); err != nil {
		return nil, err
	}
	head, err := c.read()
	if err != nil {
		return nil, err
	}
	switch {
	case head == protocol.OK:
	case strings.HasPrefix(head, "FAILED 6 "):
		if err := c.finishWait(); err != nil {
			return nil, err
		}
		return nil, errForcedWait
	case strings.HasPrefix(head, "FAILED "):
		return nil, &failure{head}
	default:
		return nil, fmt.Errorf("%s: unexpected answer %q", cmd, head)
	}
	data := make([]string, lines)
	for i := range data {
		if data[i], err = c.read(); err != nil {
			return nil, err
		}
	}
	return data, nil
}

// wait ends the turn: WAIT, then OK, WAITING x, and OK when the next turn starts.
func (c *client) wait() error {
	c.out.WriteString("WAIT\n")
	if err := c.out.Flush(); err != nil {
		return err
	}
	head, err := c.read()
	if err != nil {
		return err
	}
	if head != protocol.OK {
		return fmt.Errorf("WAIT: unexpected answer %q", head)
	}
	return c.finishWait()
}

// finishWait reads "WAITING x" and the next turn's OK.
func (c *client) finishWait() error {
	line, err := c.read()
	if err != nil {
		return err
	}
	if !strings.HasPrefix(line, "WAITING ") {
		return fmt.Errorf("expected WAITING, got %q", line)
	}
	if line, err = c.read(); err != nil {
		return err
	}
	if line != protocol.OK {
		return fmt.Errorf("expected OK at the turn start, got %q", line)
	}
	c.used = 0
	return nil
}
