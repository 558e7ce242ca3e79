package agrid

import (
	"bytes"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/arena-games/arena/protocol"
)

// errTurnOver is returned when the command limit forced the team to wait: the rest of the
// turn is lost and the next turn has started.
var errTurnOver = protocol.ErrForcedWait

// failure is a FAILED answer other than forced waiting.
type failure = protocol.Refused

// failCode returns the code of a FAILED answer, or 0.
func failCode(err error) int { return protocol.RefusedCode(err) }

// client speaks the Deadline24 session protocol as a contest client does
// (protocol.Client), with the data shapes of the agrid commands.
type client struct {
	*protocol.Client
	seen hash.Hash64 // everything read so far but the WAITING lines, to seed a bot's randomness
}

func newClient(in io.Reader, out io.Writer) *client {
	c := &client{Client: protocol.NewClient(in, out, 1<<22), seen: fnv.New64a()}
	c.Seen = untimed{c.seen}
	return c
}

// untimed passes on the lines it is given but WAITING x: x is the time the turn had left,
// which differs from one run of a game to the next, and a bot whose randomness is seeded
// after its first wait (at a small L) must play a game the same way every time.
type untimed struct{ w io.Writer }

func (u untimed) Write(line []byte) (int, error) {
	if bytes.HasPrefix(line, []byte("WAITING ")) {
		return len(line), nil
	}
	return u.w.Write(line)
}

// left is the number of commands the team may still send this turn.
func (c *client) left() int { return c.Left() }

// call sends a command and returns its data lines: fixed lines, then as many more as the
// last of them announces when counted is set (LIST_MY_WORKERS, LIST_ENEMY_WORKERS).
func (c *client) call(command string, fixed int, counted bool) ([]string, error) {
	if err := c.Command(command); err != nil {
		return nil, err
	}
	data, err := c.Lines(fixed)
	if err != nil || !counted {
		return data, err
	}
	n, err := strconv.Atoi(data[len(data)-1])
	if err != nil {
		return nil, fmt.Errorf("%s: bad count %q", command, data[len(data)-1])
	}
	more, err := c.Lines(n)
	return append(data, more...), err
}

// gameOver reports whether err just means the game ended: end of input, or a referee that
// stopped reading.
func gameOver(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe) || errors.Is(err, syscall.EPIPE) || errors.Is(err, os.ErrClosed)
}

// play runs a bot's turn function until the game ends. A forced wait skips to the next
// turn; a FAILED answer the turn function did not expect ends the turn, and the bot plays
// on from the next one (a referee's FAILED 5, or a command answered a turn later than the
// bot thought); the turn function's other errors end the bot.
func play(in io.Reader, out io.Writer, turn func(c *client) error) error {
	c := newClient(in, out)
	for {
		err := turn(c)
		if err == nil || failCode(err) != 0 {
			err = c.Wait()
		}
		switch {
		case err == nil, errors.Is(err, errTurnOver):
		case gameOver(err):
			return nil
		default:
			return err
		}
	}
}

// timeToEnd reads TIME_TO_END: U and V.
func timeToEnd(c *client) (u, v int, err error) {
	data, err := c.call("TIME_TO_END", 1, false)
	if err != nil {
		return 0, 0, err
	}
	f := strings.Fields(data[0])
	if len(f) < 2 {
		return 0, 0, fmt.Errorf("TIME_TO_END: %q", data[0])
	}
	u, _ = strconv.Atoi(f[0])
	v, _ = strconv.Atoi(f[1])
	return u, v, nil
}
