package players

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arena-games/arena/protocol"
)

// Conn is one TCP client of `arena serve`: line reading with a length limit, and a writer
// that never blocks the game — a client that stops reading is disconnected instead.
type Conn struct {
	nc     net.Conn
	dw     *deadlineWriter
	lines  *protocol.LineReader
	out    chan string
	closed chan struct{}
	done   chan struct{} // the socket is closed
	once   sync.Once
	Remote string
	tail   *lineTail
	queued atomic.Int64 // bytes of the responses in out
	// dropped is why the server disconnected the client, "" when it did not; set before
	// closed is closed.
	dropped string
}

// connQueue is how many responses may wait for a slow client before it is dropped.
const connQueue = 4096

// connQueueBytes is how many bytes of responses may wait for a slow client before it is
// dropped (one response is always taken): far more than a turn's answers to a client that
// reads them, whatever the game's options, while a client that falls ever further behind
// holds the server's memory to this.
var connQueueBytes = 64 << 20

// closeGrace is how long a closing connection waits for the client to close its end.
const closeGrace = time.Second

// NewConn wraps an accepted connection.
func NewConn(nc net.Conn) *Conn {
	tail := &lineTail{r: nc}
	c := &Conn{
		nc:     nc,
		dw:     &deadlineWriter{nc: nc, timeout: writeTimeout},
		tail:   tail,
		lines:  protocol.NewLineReader(tail, protocol.MaxSessionLine),
		out:    make(chan string, connQueue),
		closed: make(chan struct{}),
		done:   make(chan struct{}),
		Remote: nc.RemoteAddr().String(),
	}
	go c.writeLoop()
	return c
}

func (c *Conn) writeLoop() {
	defer close(c.done)
	w := bufio.NewWriter(c.dw)
	for {
		select {
		case s := <-c.out:
			c.write(w, s)
			// Batch whatever else is queued, then flush once.
			for more := true; more; {
				select {
				case s := <-c.out:
					c.write(w, s)
				default:
					more = false
				}
			}
			if err := w.Flush(); err != nil {
				// The client stopped reading: drop it now (nothing else closes the socket).
				// Any other error is the client gone (a reset), or the write cut by Close.
				why := ""
				if errors.Is(err, os.ErrDeadlineExceeded) {
					why = "did not read its answers (a write to it waited " + writeTimeout.String() + ")"
				}
				c.drop(why)
				c.nc.Close()
				return
			}
		case <-c.closed:
			// Send what is queued (e.g. FAILED 1 before closing), best effort and within a
			// second in all (Close set the deadline), however slowly the client reads.
			for more := true; more; {
				select {
				case s := <-c.out:
					c.write(w, s)
				default:
					more = false
				}
			}
			if w.Flush() == nil {
				c.halfClose()
			}
			c.nc.Close()
			return
		}
	}
}

// write writes a queued response, which then no longer counts as queued.
func (c *Conn) write(w *bufio.Writer, s string) {
	w.WriteString(s)
	c.queued.Add(-int64(len(s)))
}

// writeTimeout is how long a client may leave a write of its answers unread before it is
// dropped.
var writeTimeout = 5 * time.Second

// closeWriteGrace is how long a closed connection may go on sending what is queued.
const closeWriteGrace = time.Second

// deadlineWriter gives every write to the client its own deadline. An answer larger than
// the bufio buffer is written while it is being buffered, before any Flush: a deadline
// set only before flushing would then be the stale one of the previous flush, and a
// client quiet for a few seconds would be dropped on its next large answer.
type deadlineWriter struct {
	nc      net.Conn
	timeout time.Duration // for each write
	mu      sync.Mutex
	by      time.Time // when set (see finish), the one deadline of every write
}

func (d *deadlineWriter) Write(b []byte) (int, error) {
	d.mu.Lock()
	by := d.by
	if by.IsZero() {
		by = time.Now().Add(d.timeout)
	}
	d.nc.SetWriteDeadline(by)
	d.mu.Unlock()
	return d.nc.Write(b)
}

// finish makes by the deadline of every write from now on, the one under way included: a
// closed connection's queue is sent within it, not at the pace of a client that reads
// just fast enough to keep each write under the timeout, which held a stopping server.
func (d *deadlineWriter) finish(by time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.by = by
	d.nc.SetWriteDeadline(by)
}

// halfClose ends the output (the client reads its last answers, then end of input) and
// discards what the client still sends until it closes its end, for closeGrace at most.
// Closing a socket that holds unread client bytes (say, lines sent early for a next turn
// that never comes) would reset the connection: the client would read "connection reset"
// instead of end of input, and could lose the answers it had not read yet.
func (c *Conn) halfClose() {
	cw, ok := c.nc.(interface{ CloseWrite() error })
	if !ok || cw.CloseWrite() != nil {
		return
	}
	stop := time.AfterFunc(closeGrace, func() { c.nc.Close() })
	defer stop.Stop()
	io.Copy(io.Discard, c.nc)
}

// Send queues lines for the client. It reports false when the client is gone or so far
// behind that it was dropped (connQueue responses, or connQueueBytes bytes, waiting).
func (c *Conn) Send(lines ...string) bool {
	select {
	case <-c.closed:
		return false
	default:
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	n := int64(b.Len())
	if q := c.queued.Add(n); q > int64(connQueueBytes) && q > n {
		c.queued.Add(-n)
		c.drop(fmt.Sprintf("did not read its answers (%d bytes of them waiting)", q-n))
		return false
	}
	select {
	case c.out <- b.String():
		return true
	default:
		c.queued.Add(-n)
		c.drop(fmt.Sprintf("did not read its answers (%d of them waiting)", connQueue))
		return false
	}
}

// ReadLine reads the next line, as text with invalid UTF-8 replaced: what the referee sees
// is exactly what a JSON replay records. tooLong reports a line over the session limit,
// by its bytes or by its text, as over pipes (protocol.LineText).
func (c *Conn) ReadLine(deadline time.Time) (line string, tooLong bool, err error) {
	c.nc.SetReadDeadline(deadline)
	raw, err := c.lines.ReadLine()
	cut := errors.Is(err, protocol.ErrLineTooLong)
	if cut {
		err = nil
	}
	line, tooLong = protocol.LineText(raw, cut, protocol.MaxSessionLine)
	return line, tooLong, err
}

// Unended is the text the client has sent since its last newline: a line it has not ended
// (yet), or "" when there is none or it is already too long to be a command (as over
// pipes, such a line is not quoted). It may be asked while another goroutine reads.
func (c *Conn) Unended() string {
	t := c.tail
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.tooLong {
		return ""
	}
	text, tooLong := protocol.LineText(string(t.buf), false, protocol.MaxSessionLine)
	if tooLong {
		return ""
	}
	return text
}

// lineTail reads from r and keeps the bytes read since the last newline, up to a line's
// limit: what a client that keeps its connection open and never ends a line has sent of
// it, which the line reader holds but cannot show while it waits for the rest.
type lineTail struct {
	r       io.Reader
	mu      sync.Mutex
	buf     []byte
	tooLong bool
}

func (t *lineTail) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	got := p[:n]
	t.mu.Lock()
	if i := bytes.LastIndexByte(got, '\n'); i >= 0 {
		t.buf, t.tooLong, got = t.buf[:0], false, got[i+1:]
	}
	if len(t.buf)+len(got) > protocol.MaxSessionLine {
		t.buf, t.tooLong = t.buf[:0], true
	}
	if !t.tooLong {
		t.buf = append(t.buf, got...)
	}
	t.mu.Unlock()
	return n, err
}

// Close disconnects the client (after sending what is queued, within closeWriteGrace);
// safe to call twice.
func (c *Conn) Close() { c.drop("") }

// drop closes the connection as Close does, saying why the server disconnected the client
// (see Dropped), unless it is already closed.
func (c *Conn) drop(why string) {
	c.once.Do(func() {
		c.dropped = why
		c.dw.finish(time.Now().Add(closeWriteGrace))
		close(c.closed)
	})
}

// Dropped is, once the connection is closed, why the server disconnected the client (it
// did not read its answers): "" when the client left or the connection was closed by Close.
func (c *Conn) Dropped() string {
	select {
	case <-c.closed:
		return c.dropped
	default:
		return ""
	}
}

// Closed is closed when the connection is.
func (c *Conn) Closed() <-chan struct{} { return c.closed }

// Done is closed once the connection is closed and its queued lines are sent (or given
// up on): at most about two seconds after Close.
func (c *Conn) Done() <-chan struct{} { return c.done }

// Credentials checks a login and password.
type Credentials func(login, password string) (seat int, ok bool)

// Handshake runs the LOGIN/PASS exchange of the Deadline24 servers and returns the seat the
// client logged in as. On bad credentials it answers FAILED 1 and closes the connection.
func (c *Conn) Handshake(check Credentials, timeout time.Duration) (int, error) {
	by := time.Now().Add(timeout)
	var got [2]string
	for i, prompt := range protocol.LoginPrompts {
		c.Send(prompt)
		line, _, err := c.ReadLine(by)
		if err != nil {
			c.Close()
			return 0, err
		}
		got[i] = protocol.Trim(line) // spec §1.3: only the protocol's whitespace
	}
	seat, ok := check(got[0], got[1])
	if !ok || got[0] == "" || got[1] == "" {
		c.Send(protocol.Failed(protocol.CodeBadLogin))
		c.Close()
		return 0, errors.New("bad login or password for " + protocol.Quote(got[0], 40))
	}
	c.Send(protocol.OK)
	return seat, nil
}
