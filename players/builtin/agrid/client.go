package agrid

import (
	"bufio"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"io"
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"
)

// errGameOver is returned once the referee has closed the session: the game has ended.
var errGameOver = errors.New("game over")

// errTurnOver is returned when the command limit forced the team to wait: the rest of the
// turn is lost and the next turn has started.
var errTurnOver = errors.New("forced waiting: the turn is over")

// failure is a FAILED answer other than forced waiting.
type failure struct {
	code int
	text string
}

func (f *failure) Error() string { return "FAILED " + strconv.Itoa(f.code) + " " + f.text }

// failCode returns the code of a FAILED answer, or 0.
func failCode(err error) int {
	var f *failure
	if errors.As(err, &f) {
		return f.code
	}
	return 0
}

// client speaks the Deadline24 session protocol as a contest client does: send a command,
// read OK and the known number of data lines, or FAILED; WAIT reads OK, WAITING x and the
// OK of the next turn.
type client struct {
	in   *protocol.LineReader
	out  *bufio.Writer
	seen hash.Hash64 // everything read so far, to seed a bot's randomness

	// limit is L once known (0: unknown); used counts this turn's commands, so that a bot
	// can stop before the referee forces it to wait.
	limit, used int
}

// left is the number of commands the team may still send this turn.
func (c *client) left() int {
	if c.limit == 0 {
		return 1 << 30
	}
	return c.limit - c.used
}

func newClient(in io.Reader, out io.Writer) *client {
	return &client{in: protocol.NewLineReader(in, 1<<22), out: bufio.NewWriter(out), seen: fnv.New64a()}
}

func (c *client) readLine() (string, error) {
	line, err := c.in.ReadLine()
	if err == io.EOF {
		return "", errGameOver
	}
	if err != nil {
		return "", fmt.Errorf("reading the referee: %w", err)
	}
	c.seen.Write([]byte(line))
	return line, nil
}

func (c *client) send(line string) error {
	c.out.WriteString(line + "\n")
	if err := c.out.Flush(); err != nil {
		return errGameOver // the referee stopped reading: the game is over
	}
	return nil
}

// call sends a command and returns its data lines: fixed lines, then as many more as the
// first data line announces when counted is set (LIST_MY_WORKERS, LIST_ENEMY_WORKERS).
func (c *client) call(command string, fixed int, counted bool) ([]string, error) {
	if err := c.send(command); err != nil {
		return nil, err
	}
	c.used++
	status, err := c.readLine()
	if err != nil {
		return nil, err
	}
	switch {
	case status == protocol.OK:
	case strings.HasPrefix(status, "FAILED 6 "):
		if _, err := c.readLine(); err != nil { // WAITING x
			return nil, err
		}
		if _, err := c.readLine(); err != nil { // OK: the next turn has started
			return nil, err
		}
		c.used = 0
		return nil, errTurnOver
	case strings.HasPrefix(status, "FAILED "):
		parts := strings.SplitN(status, " ", 3)
		code, _ := strconv.Atoi(parts[1])
		text := ""
		if len(parts) > 2 {
			text = parts[2]
		}
		return nil, &failure{code: code, text: text}
	default:
		return nil, fmt.Errorf("%s: unexpected answer %q", command, status)
	}
	var data []string
	for i := 0; i < fixed; i++ {
		line, err := c.readLine()
		if err != nil {
			return nil, err
		}
		data = append(data, line)
	}
	if counted {
		n, err := strconv.Atoi(data[len(data)-1])
		if err != nil {
			return nil, fmt.Errorf("%s: bad count %q", command, data[len(data)-1])
		}
		for i := 0; i < n; i++ {
			line, err := c.readLine()
			if err != nil {
				return nil, err
			}
			data = append(data, line)
		}
	}
	return data, nil
}

// wait ends the team's turn and returns when the next one starts.
func (c *client) wait() error {
	if err := c.send("WAIT"); err != nil {
		return err
	}
	for i := 0; i < 3; i++ { // OK, WAITING x, OK
		if _, err := c.readLine(); err != nil {
			return err
		}
	}
	c.used = 0
	return nil
}

// play runs a bot's turn function until the game ends. A forced wait skips to the next
// turn; the turn function's other errors end the bot.
func play(in io.Reader, out io.Writer, turn func(c *client) error) error {
	c := newClient(in, out)
	for {
		err := turn(c)
		if err == nil {
			err = c.wait()
		}
		switch {
		case err == nil, errors.Is(err, errTurnOver):
		case errors.Is(err, errGameOver):
			return nil
		default:
			return err
		}
	}
}
