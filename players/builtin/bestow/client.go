package bestow

import (
	"errors"
	"io"

	"github.com/arena-games/arena/protocol"
)

// errBudget says the turn's command budget L is spent: the bot must WAIT.
var errBudget = errors.New("command budget spent")

// errForcedWait says the referee forced waiting (FAILED 6): the turn is already over.
var errForcedWait = protocol.ErrForcedWait

// failure is a FAILED answer to a command.
type failure = protocol.Refused

// client speaks the Deadline24 session protocol (protocol.Client), never sending a command
// the turn's budget does not allow. EOF means the game is over.
type client struct{ *protocol.Client }

func newClient(in io.Reader, out io.Writer) *client {
	c := &client{protocol.NewClient(in, out, 1<<20)}
	c.Limit = 1 // until DESCRIBE_WORLD tells L
	return c
}

// left is how many commands the turn still allows.
func (c *client) left() int { return c.Left() }

func (c *client) read() (string, error) { return c.ReadLine() }

// call sends a command and reads its answer: `lines` data lines after OK, or a *failure.
func (c *client) call(cmd string, lines int) ([]string, error) {
	if c.Left() <= 0 {
		return nil, errBudget
	}
	if err := c.Command(cmd); err != nil {
		return nil, err
	}
	return c.Lines(lines)
}

// wait ends the turn: WAIT, then OK, WAITING x, and OK when the next turn starts.
func (c *client) wait() error { return c.Wait() }
