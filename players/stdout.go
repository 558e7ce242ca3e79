package players

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// How a bot's stdout is read.
//
// The goroutine that waits for an answer (ReadLines, ReadLine) reads the pipe itself, so
// that an answer wakes exactly the goroutine that needs it, the way a blocking read wakes
// a thread. Handing lines over from a reader goroutine instead costs two to three times
// the pipe round trip itself (two goroutines woken per answer, one of them on another
// thread): see docs/PERFORMANCE.md.
//
// Between reads nobody waits on the pipe; a timer drains it every drainEvery, so that a
// bot printing while it is not asked is neither blocked on a full pipe nor left uncounted
// (its lines are queued and count toward the flood limit, as if read at once).
const (
	drainEvery = 5 * time.Millisecond
	// drainBurstWait is how long a drain that found the pipe full waits for more.
	drainBurstWait = time.Millisecond
	// drainBudget bounds the chunks one drain reads under the lock, so that a bot flooding
	// its output cannot hold it for long.
	drainBudget = 4
	readChunk   = 64 << 10
	// exitGrace is how long a read goes on after the bot has exited: a descendant may
	// still hold stdout open, and what is already in the pipe is still taken.
	exitGrace = 20 * time.Millisecond
)

// longAgo is a deadline in the past: setting it interrupts a read in progress.
var longAgo = time.Unix(1, 0)

type queuedLine struct {
	text    string
	at      time.Time
	tooLong bool
}

// stdoutState is what reading stdout keeps between reads; Process.mu guards it, except buf,
// which belongs to whoever reads: the waiting reader (reading set) or the drain.
type stdoutState struct {
	file *os.File
	raw  syscall.RawConn
	buf  []byte

	queue     []queuedLine
	head      int   // queue[head:] is not consumed yet
	queued    int   // bytes in queue (printed, not yet read as answers)
	turnBytes int   // bytes printed since the last Write
	readErr   error // why stdout reading stopped (io.EOF when the bot closed it)
	flooding  bool

	partial         []byte // the line being received
	partialTooLong  bool
	partialReported bool // the too-long line was already queued: once per line, never again

	reading     bool // a ReadLines or ReadLine is waiting on the pipe
	interrupted bool // something it must look at happened (exit, limit): its deadline was moved
	drain       *time.Timer
}

func (p *Process) startStdout(f *os.File) {
	p.mu.Lock() // the first drain may come before this returns
	defer p.mu.Unlock()
	p.out.file = f
	p.out.buf = make([]byte, readChunk)
	if raw, err := f.SyscallConn(); err == nil {
		p.out.raw = raw
		p.out.drain = time.AfterFunc(drainEvery, p.drainStdout)
	}
}

// drainStdout reads what the bot printed while nobody waited for an answer, and schedules
// the next drain until stdout ends. When the pipe was full, the bot prints faster than the
// timer drains it and would be blocked: the drain then follows the bot's output as it
// comes, until the pipe stays empty, an answer is awaited, or the bot is flooding.
func (p *Process) drainStdout() {
	for {
		state := p.drainOnce()
		switch state {
		case drainEnded:
			return
		case drainFull:
			if p.waitOutput(drainBurstWait) {
				continue
			}
		}
		p.mu.Lock()
		if p.out.readErr == nil {
			p.out.drain.Reset(drainEvery)
		}
		p.mu.Unlock()
		return
	}
}

type drainState int

const (
	drainEmpty drainState = iota // read what there was (or an answer is awaited)
	drainFull                    // the pipe was full when last read
	drainEnded                   // stdout ended
)

// drainOnce reads the pipe without waiting, unless an answer is awaited.
func (p *Process) drainOnce() drainState {
	p.mu.Lock()
	defer p.mu.Unlock()
	o := &p.out
	if o.readErr != nil {
		return drainEnded
	}
	if o.reading || o.flooding {
		return drainEmpty
	}
	return p.pull()
}

// pull reads what the pipe holds without waiting, up to drainBudget chunks. Called with
// p.mu held, by the drain or by the waiting reader, whichever owns the read buffer.
func (p *Process) pull() drainState {
	o := &p.out
	for range drainBudget {
		var n int
		var err error
		if cerr := o.raw.Control(func(fd uintptr) { n, err = unix.Read(int(fd), o.buf) }); cerr != nil {
			err = cerr
		}
		if n > 0 {
			p.split(o.buf[:n], time.Now())
		}
		switch {
		case n == len(o.buf):
			continue
		case n > 0 || err == unix.EAGAIN || err == unix.EINTR:
			return drainEmpty // most likely, for a short read
		}
		p.endOfOutput(err)
		return drainEnded
	}
	return drainFull
}

// waitOutput waits up to d for the bot to print more, without the runtime's poller: that
// belongs to the reads that wait for answers.
func (p *Process) waitOutput(d time.Duration) bool {
	ready := false
	p.out.raw.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, int(d.Milliseconds()))
		ready = err == nil && n > 0
	})
	return ready
}

// split cuts what was read into lines and queues them. A line longer than MaxLine is cut
// to it and queued as too long as soon as it passes the limit, without waiting for a
// newline that may never come; the rest of it is discarded. Called with p.mu held.
func (p *Process) split(data []byte, now time.Time) {
	o := &p.out
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		chunk := data
		if i >= 0 {
			chunk = data[:i]
		}
		if !o.partialTooLong {
			if len(o.partial)+len(chunk) > p.spec.MaxLine {
				o.partial = append(o.partial, chunk[:max(0, p.spec.MaxLine-len(o.partial))]...)
				o.partialTooLong = true
			} else {
				o.partial = append(o.partial, chunk...)
			}
		}
		if i < 0 {
			break
		}
		if !o.partialReported {
			p.push(queuedLine{text: lineText(o.partial), at: now, tooLong: o.partialTooLong})
		}
		o.partial = o.partial[:0]
		o.partialTooLong, o.partialReported = false, false
		data = data[i+1:]
	}
	if o.partialTooLong && !o.partialReported {
		// A line already over the limit and still growing: report it now rather than
		// waiting for a newline that may never come, and only once.
		p.push(queuedLine{text: lineText(o.partial), at: now, tooLong: true})
		o.partial = o.partial[:0] // and keep discarding up to the next newline
		o.partialReported = true
	}
}

// push queues one line, counting it toward the flood limit. Called with p.mu held.
func (p *Process) push(l queuedLine) {
	o := &p.out
	if l.tooLong { // reported as such; it is already cut to MaxLine
		o.queue = append(o.queue, l)
		return
	}
	if o.flooding {
		return // what is printed now is not an answer any more
	}
	// Both a burst within one turn and a slower stream that outpaces the game count:
	// either way the output is not being read as answers.
	o.turnBytes += len(l.text) + 1
	o.queued += len(l.text) + 1
	if o.turnBytes > p.spec.MaxTurnOutput || o.queued > p.spec.MaxTurnOutput {
		o.flooding = true
		return
	}
	o.queue = append(o.queue, l)
}

// pop takes the oldest queued line. Called with p.mu held and a line queued.
func (p *Process) pop() queuedLine {
	o := &p.out
	l := o.queue[o.head]
	o.queue[o.head] = queuedLine{}
	o.head++
	if o.head == len(o.queue) {
		o.queue, o.head = o.queue[:0], 0 // reuse the array
	}
	if !l.tooLong {
		o.queued -= len(l.text) + 1
	}
	return l
}

// endOfOutput records that stdout ended (err nil or io.EOF: the bot closed it) and closes
// it. A last line without a newline still counts, as on CodinGame. Called with p.mu held.
func (p *Process) endOfOutput(err error) {
	o := &p.out
	if o.readErr != nil {
		return
	}
	if len(o.partial) > 0 && !o.partialTooLong {
		p.push(queuedLine{text: lineText(o.partial), at: time.Now()})
		o.partial = o.partial[:0]
	}
	if err == nil || errors.Is(err, os.ErrClosed) {
		err = io.EOF
	}
	o.readErr = err
	if o.drain != nil {
		o.drain.Stop()
	}
	o.file.Close()
}

// interrupt makes a read in progress look at the process again (it exited, or went over
// a resource limit).
func (p *Process) interrupt() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.out.interrupted = true
	if p.out.reading {
		p.out.file.SetReadDeadline(longAgo)
	}
}

// closeStdout stops reading once the bot is gone.
func (p *Process) closeStdout() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.endOfOutput(io.EOF)
}

// lineText turns raw bytes into the text the referee sees: a trailing CR is dropped and
// invalid UTF-8 is replaced, so that what is recorded in a JSON replay is exactly what the
// referee was given.
func lineText(b []byte) string {
	b = bytes.TrimSuffix(b, []byte("\r"))
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// ReadLines waits until n lines have arrived, the deadline passes, or the bot fails. It
// returns the lines consumed so far in every case; a zero deadline waits forever. A line
// over the length limit is a KindLimit failure.
func (p *Process) ReadLines(n int, deadline time.Time) ([]Line, error) {
	got, err := p.read(n, deadline, false)
	if err == nil && len(got) > 0 && got[len(got)-1].TooLong {
		return got[:len(got)-1], &Error{Kind: KindLimit, Msg: fmt.Sprintf("printed a line longer than %s", bytesText(p.spec.MaxLine))}
	}
	return got, err
}

// ReadLine waits for one line like ReadLines, but returns an over-long line (cut to the
// limit, with TooLong set) instead of failing: the session protocol answers it FAILED 3.
func (p *Process) ReadLine(deadline time.Time) (Line, error) {
	got, err := p.read(1, deadline, true)
	if len(got) == 1 {
		return got[0], nil
	}
	return Line{}, err
}

// read takes n lines from the queue, reading the pipe itself while they are missing.
// Reads of one Process are serialised.
func (p *Process) read(n int, deadline time.Time, tooLongOK bool) ([]Line, error) {
	p.readMu.Lock()
	defer p.readMu.Unlock()
	o := &p.out
	got := make([]Line, 0, n)
	var grace time.Time // when the bot has exited: the end of the grace for its last lines
	var set time.Time   // the deadline set on the pipe
	p.mu.Lock()
	o.reading, o.interrupted = true, false
	o.file.SetReadDeadline(deadline)
	set = deadline
	if o.head < len(o.queue) && o.readErr == nil && o.raw != nil {
		// The bot printed ahead of the question: take what else it printed since, so that a
		// bot flooding its output is caught at the game's pace, whatever the drain's.
		p.pull()
	}
	defer func() {
		p.mu.Lock()
		o.reading = false
		p.mu.Unlock()
	}()
	for {
		// p.mu is held here.
		wait := deadline
		if !grace.IsZero() && (wait.IsZero() || grace.Before(wait)) {
			wait = grace
		}
		if o.interrupted || !wait.Equal(set) {
			o.interrupted = false
			o.file.SetReadDeadline(wait)
			set = wait
		}
		if p.limitErr != nil {
			err := p.limitErr
			p.mu.Unlock()
			return got, err
		}
		if o.flooding {
			// Over the output limit: what is queued is not an answer any more.
			p.mu.Unlock()
			return got, &Error{Kind: KindLimit, Msg: fmt.Sprintf("flooded its output: more than %s not read as answers", bytesText(p.spec.MaxTurnOutput))}
		}
		for len(got) < n && o.head < len(o.queue) {
			l := p.pop()
			got = append(got, Line{Text: l.text, At: l.at, TooLong: l.tooLong})
			if l.tooLong && !tooLongOK {
				p.mu.Unlock()
				return got, nil
			}
		}
		readErr := o.readErr
		p.mu.Unlock()
		if len(got) == n {
			return got, nil
		}
		if readErr != nil {
			return got, &Error{Kind: KindCrash, Msg: p.goneMessage("closed its output")}
		}
		if grace.IsZero() && p.hasExited() {
			// The bot is gone but a descendant may still hold stdout open; take what is
			// already in the pipe, then give up.
			grace = time.Now().Add(exitGrace)
			p.mu.Lock()
			continue
		}
		nr, err := o.file.Read(o.buf)
		now := time.Now()
		p.mu.Lock()
		if nr > 0 {
			p.split(o.buf[:nr], now)
		}
		if err == nil || nr > 0 {
			continue
		}
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			p.endOfOutput(err)
			continue
		}
		switch {
		case !deadline.IsZero() && !now.Before(deadline):
			p.mu.Unlock()
			return got, &Error{Kind: KindTimeout}
		case !grace.IsZero() && !now.Before(grace):
			p.mu.Unlock()
			return got, &Error{Kind: KindCrash, Msg: p.exitDesc}
		}
		// Interrupted: look again.
	}
}
