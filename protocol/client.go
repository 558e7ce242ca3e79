package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Client is the bot's side of the Deadline24 session grammar, as a contest client speaks
// it: send a command, read OK (then the command's data lines) or FAILED; WAIT, then OK,
// WAITING x and the OK that starts the next turn. End of input (io.EOF) is the end of the
// game. The built-in bots of the session games use it.
type Client struct {
	in  *LineReader
	out *bufio.Writer
	// Limit is L once known (0: unknown, nothing counted against it); Used counts the
	// commands sent this turn, so that a bot can stop before the referee forces it to wait.
	Limit, Used int
	// Seen, when set, receives every line read (bots seed their randomness from it).
	Seen io.Writer
}

// ErrForcedWait says the referee forced waiting (FAILED 6): the turn is over and the next
// one has started.
var ErrForcedWait = errors.New("forced waiting: the turn is over")

// Refused is a FAILED answer other than forced waiting.
type Refused struct {
	Code    int
	Message string
}

func (f *Refused) Error() string { return Failure(f.Code, f.Message) }

// RefusedCode returns the code of a *Refused in err's chain, or 0.
func RefusedCode(err error) int {
	var f *Refused
	if errors.As(err, &f) {
		return f.Code
	}
	return 0
}

// NewClient reads answers of at most maxLine bytes from in and writes commands to out.
func NewClient(in io.Reader, out io.Writer, maxLine int) *Client {
	return &Client{in: NewLineReader(in, maxLine), out: bufio.NewWriter(out)}
}

// Left is how many commands the turn still allows.
func (c *Client) Left() int {
	if c.Limit == 0 {
		return 1 << 30
	}
	return c.Limit - c.Used
}

// ReadLine reads one line from the referee (io.EOF at the end of the game).
func (c *Client) ReadLine() (string, error) {
	line, err := c.in.ReadLine()
	if err != nil {
		return "", err
	}
	if c.Seen != nil {
		io.WriteString(c.Seen, line)
	}
	return line, nil
}

func (c *Client) send(line string) error {
	c.out.WriteString(line)
	c.out.WriteByte('\n')
	return c.out.Flush()
}

// Command sends one command, counts it, and reads its status: nil for OK (the data lines
// follow: Lines), a *Refused, or ErrForcedWait once the forced wait has been read through
// to the next turn.
func (c *Client) Command(command string) error {
	if err := c.send(command); err != nil {
		return err
	}
	c.Used++
	status, err := c.ReadLine()
	if err != nil {
		return err
	}
	switch {
	case status == OK:
		return nil
	case strings.HasPrefix(status, "FAILED "+strconv.Itoa(CodeLimitReached)+" "):
		if err := c.finishWait(); err != nil {
			return err
		}
		return ErrForcedWait
	case strings.HasPrefix(status, "FAILED "):
		parts := strings.SplitN(status, " ", 3)
		code, _ := strconv.Atoi(parts[1])
		msg := ""
		if len(parts) > 2 {
			msg = parts[2]
		}
		return &Refused{Code: code, Message: msg}
	}
	return fmt.Errorf("%s: unexpected answer %q", command, status)
}

// Lines reads n data lines.
func (c *Client) Lines(n int) ([]string, error) {
	lines := make([]string, n)
	for i := range lines {
		var err error
		if lines[i], err = c.ReadLine(); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// Wait ends the turn and returns when the next one starts.
func (c *Client) Wait() error {
	if err := c.send("WAIT"); err != nil {
		return err
	}
	status, err := c.ReadLine()
	if err != nil {
		return err
	}
	if status != OK {
		return fmt.Errorf("WAIT: unexpected answer %q", status)
	}
	return c.finishWait()
}

// finishWait reads "WAITING x" and the OK that starts the next turn.
func (c *Client) finishWait() error {
	line, err := c.ReadLine()
	if err != nil {
		return err
	}
	if !strings.HasPrefix(line, "WAITING ") {
		return fmt.Errorf("expected WAITING, got %q", line)
	}
	if line, err = c.ReadLine(); err != nil {
		return err
	}
	if line != OK {
		return fmt.Errorf("expected OK at the turn start, got %q", line)
	}
	c.Used = 0
	return nil
}
