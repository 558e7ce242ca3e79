package players

import (
	"bytes"
	"fmt"
	"io"
	"time"

	"golang.org/x/sys/unix"

	"github.com/arena-games/arena/protocol"
)

// How a bot's stdout is read.
//
// The goroutine that waits for an answer (ReadLines, ReadLine) reads the pipe itself: it
// reads what is there without waiting (often the whole answer), and only then waits in
// ppoll(2) with the deadline as timeout, the way a blocking read waits: an answer wakes
// exactly the thread that needs it. Handing lines over from a reader
// goroutine costs two to three times the pipe round trip itself (two goroutines woken per
// answer, one of them on another thread), and waiting through the runtime's poller about
// twice (see docs/PERFORMANCE.md). The parent's end of the pipe is therefore a raw,
// non-blocking descriptor, not an *os.File; an eventfd wakes a waiting read when the bot
// exits or goes over a limit.
//
// Between reads nobody waits on the pipe; a timer drains it every drainEvery, so that a
// bot printing while it is not asked is not blocked on a full pipe for long and its lines
// count toward the flood limit, and a read that finds lines already queued (the bot
// printed ahead) first takes what else the pipe holds, so a flood is caught at the
// game's pace.
const (
	drainEvery = 5 * time.Millisecond
	// drainBudget bounds the chunks one drain reads under the lock, so that a bot flooding
	// its output cannot hold it for long.
	drainBudget = 16
	readChunk   = 64 << 10
	// exitGrace is how long a read goes on after the bot has exited: a descendant may
	// still hold stdout open, and what is already in the pipe is still taken.
	exitGrace = 20 * time.Millisecond
	// quotedOutput is how much of an endless line or a flood a message quotes.
	quotedOutput = 60
)

type queuedLine struct {
	text    string
	at      time.Time
	tooLong bool
	// When the text is the line as printed, it is src[start:end-1] and src[end-1] is its
	// "\n": lines read in one piece then make the answer's text without a copy (see
	// lines.output). piece tells apart the strings lines were cut from; 0 for a line
	// that is not such a span.
	src        string
	start, end int
	piece      uint64
	// unended: the last line of the output, ended by the output's end, not a newline.
	unended bool
}

// stdoutState is what reading stdout keeps between reads; Process.mu guards it, except buf,
// which belongs to whoever reads: the waiting reader (reading set) or the drain.
type stdoutState struct {
	fd   int // the parent's end of the pipe, non-blocking; −1 once closed
	wake int // eventfd that wakes a waiting read; −1 once closed (or unavailable)
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

	longStart string // the start of the last too-long line, quoted if its rest floods

	reading bool // a ReadLines or ReadLine is using the descriptors
	// exitGrace is when a read stops waiting for the lines of a bot that has exited (zero
	// until a read finds it exited).
	exitGrace time.Time
	drain     *time.Timer

	pieces uint64   // pieces read as one string (queuedLine.piece)
	slab   []string // room for answers' lines, handed out and never reused
}

// startStdout takes the parent's end of the bot's stdout.
func (p *Process) startStdout(fd int) {
	p.mu.Lock() // the first drain may come before this returns
	defer p.mu.Unlock()
	o := &p.out
	o.fd, o.buf = fd, make([]byte, readChunk)
	unix.SetNonblock(fd, true)
	var err error
	if o.wake, err = unix.Eventfd(0, unix.EFD_NONBLOCK|unix.EFD_CLOEXEC); err != nil {
		o.wake = -1 // reads then look at the process every pollStep instead
	}
	o.drain = time.AfterFunc(drainEvery, p.drainStdout)
}

// pollStep is how often a read looks at the process when it has no eventfd to wake it.
const pollStep = 10 * time.Millisecond

// drainStdout reads what the bot printed while nobody waited for an answer, and schedules
// the next drain until stdout ends.
func (p *Process) drainStdout() {
	p.mu.Lock()
	defer p.mu.Unlock()
	o := &p.out
	if o.readErr != nil {
		return
	}
	if !o.reading && !o.flooding {
		p.pull()
	}
	if o.readErr == nil {
		o.drain.Reset(drainEvery)
	}
}

// pull reads what the pipe holds without waiting, up to drainBudget chunks, and reports
// whether it read anything or found the output ended. Called with p.mu held, by the drain
// or by the waiting reader, whichever owns the read buffer.
func (p *Process) pull() bool {
	o := &p.out
	got := false
	for range drainBudget {
		n, err := readNoWait(o.fd, o.buf)
		if n > 0 {
			p.split(o.buf[:n], time.Now())
			got = true
		}
		switch {
		case n == len(o.buf):
			continue
		case n > 0 || err == unix.EAGAIN || err == unix.EINTR:
			return got // most likely empty, for a short read
		}
		p.endOfOutput(err) // n == 0: the bot closed its output
		return true
	}
	return got
}

// split cuts what was read into lines and queues them. A line longer than MaxLine is cut
// to it and queued as too long as soon as it passes the limit, without waiting for a
// newline that may never come; the rest of it is discarded. A "\r" before the newline is
// not part of the line and does not count toward the limit, as over TCP
// (protocol.LineReader). A line within the limit in bytes is still too long when its text
// is over it (invalid UTF-8 replaced: lineText). Called with p.mu held.
func (p *Process) split(data []byte, now time.Time) {
	o := &p.out
	limit := p.spec.MaxLine
	// A short piece with a whole line in it is made one string, its lines cut from it: a
	// string per answer rather than one per line and another for the answer's text. (A
	// long one is not, so that a kept line never holds much more than itself in memory.)
	var piece string
	off := 0 // where data starts in piece
	if len(data) <= pieceMax && bytes.IndexByte(data, '\n') >= 0 {
		piece = string(data)
		o.pieces++
	}
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		chunk := data
		if i >= 0 {
			chunk = data[:i]
		}
		if piece != "" && i >= 0 && len(o.partial) == 0 && !o.partialTooLong && !o.partialReported && i <= limit+1 {
			raw := piece[off : off+i]
			l := queuedLine{at: now}
			if i > 0 && raw[i-1] == '\r' {
				l.text, l.tooLong = protocol.LineText(raw[:i-1], false, limit)
			} else if l.text, l.tooLong = protocol.LineText(raw, false, limit); l.text == raw {
				l.src, l.start, l.end, l.piece = piece, off, off+i+1, o.pieces
			}
			p.push(l)
			data = data[i+1:]
			off += i + 1
			continue
		}
		if !o.partialTooLong {
			if len(o.partial)+len(chunk) > limit+1 { // +1: room for the "\r" of a "\r\n"
				had := len(o.partial) + len(chunk)
				o.partial = append(o.partial[:min(len(o.partial), limit)], chunk[:min(len(chunk), max(0, limit-len(o.partial)))]...)
				o.partialTooLong = true
				p.discard(had - len(o.partial))
			} else {
				o.partial = append(o.partial, chunk...)
			}
		} else {
			p.discard(len(chunk))
		}
		if i < 0 {
			break
		}
		if !o.partialReported {
			text, tooLong := lineText(o.partial, o.partialTooLong, limit)
			p.push(queuedLine{text: text, at: now, tooLong: tooLong})
		}
		o.partial = o.partial[:0]
		o.partialTooLong, o.partialReported = false, false
		data = data[i+1:]
		off += i + 1
	}
	if o.partialTooLong && !o.partialReported {
		// A line already over the limit and still growing: report it now rather than
		// waiting for a newline that may never come, and only once.
		text, _ := lineText(o.partial, true, limit)
		p.push(queuedLine{text: text, at: now, tooLong: true})
		o.partial = o.partial[:0] // and keep discarding up to the next newline
		o.partialReported = true
	}
}

// push queues one line, counting it toward the flood limit. Called with p.mu held.
func (p *Process) push(l queuedLine) {
	o := &p.out
	if l.tooLong { // reported as such; it is already cut to MaxLine
		o.queue = append(o.queue, l)
		o.longStart = l.text
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

// discard counts toward the flood limit the bytes of a too-long line that are dropped
// rather than queued: a line that never ends is output that is never read as an answer.
// (The session games answer a too-long line FAILED and go on reading, so without this an
// endless line would be taken in for ever.) Called with p.mu held.
func (p *Process) discard(n int) {
	o := &p.out
	o.turnBytes += n
	if o.turnBytes > p.spec.MaxTurnOutput {
		o.flooding = true
	}
}

// tooLongQueued reports whether a too-long line waits in the queue.
func (o *stdoutState) tooLongQueued() bool {
	for _, l := range o.queue[o.head:] {
		if l.tooLong {
			return true
		}
	}
	return false
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

// endOfOutput records that stdout ended (err nil: the bot closed it) and closes it once no
// read uses it. A last line without a newline still counts, as on CodinGame (ReadLines
// fails when the bot then failed: see read). Called with p.mu held.
func (p *Process) endOfOutput(err error) {
	o := &p.out
	if o.readErr != nil {
		return
	}
	if len(o.partial) > 0 && !o.partialTooLong {
		text, tooLong := lineText(o.partial, false, p.spec.MaxLine)
		p.push(queuedLine{text: text, at: time.Now(), tooLong: tooLong, unended: true})
		o.partial = o.partial[:0]
	}
	if err == nil {
		err = io.EOF
	}
	o.readErr = err
	if o.drain != nil {
		o.drain.Stop()
	}
	if o.reading {
		p.wakeReader() // it closes the descriptors on its way out
		return
	}
	p.release()
}

// release closes the descriptors. Called with p.mu held, stdout ended and no read using
// them.
func (p *Process) release() {
	o := &p.out
	if o.fd >= 0 {
		unix.Close(o.fd)
		o.fd = -1
	}
	if o.wake >= 0 {
		unix.Close(o.wake)
		o.wake = -1
	}
}

// wakeReader makes a read waiting in ppoll look at the process again. Called with p.mu held.
func (p *Process) wakeReader() {
	if o := &p.out; o.reading && o.wake >= 0 {
		var one [8]byte
		one[0] = 1 // eventfd counters are native-endian; any non-zero value wakes
		unix.Write(o.wake, one[:])
	}
}

// interrupt makes a read in progress look at the process again (it exited, or went over
// a resource limit).
func (p *Process) interrupt() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.wakeReader()
}

// closeStdout stops reading once the bot is gone.
func (p *Process) closeStdout() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.endOfOutput(io.EOF)
}

// lineText turns a line's raw bytes into the text the referee sees, and tells whether it
// is too long (protocol.LineText, with cut when split dropped its bytes past limit): a
// trailing CR is dropped and invalid UTF-8 is replaced, so that what is recorded in a JSON
// replay is exactly what the referee was given, and is over the limit exactly when the
// line was too long.
func lineText(b []byte, cut bool, limit int) (string, bool) {
	b = bytes.TrimSuffix(b, []byte("\r"))
	return protocol.LineText(string(b), cut, limit)
}

// ReadLines waits until n lines have arrived, the deadline passes, or the bot fails. It
// returns the lines consumed so far in every case, and the moment the last of them
// arrived; a zero deadline waits forever. A line over the length limit is a KindLimit
// failure.
func (p *Process) ReadLines(n int, deadline time.Time) ([]string, time.Time, error) {
	a, err := p.ReadAnswer(n, deadline)
	return a.Lines, a.Last, err
}

// Answer is what ReadAnswer read: the lines, their texts each ended by "\n" (the output
// a replay records), and when the last of them arrived.
type Answer struct {
	Lines  []string
	Output string
	Last   time.Time
}

// ReadAnswer reads like ReadLines, with the lines' output too (without a copy when they
// arrived as one span, as an answer usually does).
func (p *Process) ReadAnswer(n int, deadline time.Time) (Answer, error) {
	got, err := p.read(n, deadline, false)
	if err == nil && got.tooLong {
		long := got.texts[len(got.texts)-1]
		got.texts, got.span = got.texts[:len(got.texts)-1], false
		err = &Error{Kind: KindLimit, Msg: fmt.Sprintf("printed a line longer than %s: %s", protocol.ByteSize(int64(p.spec.MaxLine)), protocol.QuoteStart(long, quotedOutput))}
	}
	return Answer{Lines: got.texts, Output: got.output(), Last: got.last}, err
}

// ReadLine waits for one line like ReadLines, but returns an over-long line (cut to the
// limit, with TooLong set) instead of failing: the session protocol answers it FAILED 3.
// A last line without its newline is a line even when the bot then failed, as over TCP,
// where no exit status tells the two apart.
func (p *Process) ReadLine(deadline time.Time) (Line, error) {
	got, err := p.read(1, deadline, true)
	if len(got.texts) == 1 {
		return Line{Text: got.texts[0], At: got.last, TooLong: got.tooLong}, nil
	}
	return Line{}, err
}

// pieceMax is the longest read made one string with its lines cut from it (split).
const pieceMax = 4096

// lines is what a read took: the lines' texts, when the last of them arrived, and whether
// it was too long (cut to Spec.MaxLine).
type lines struct {
	texts   []string
	last    time.Time
	tooLong bool
	// span is the lines' texts each ended by "\n", when they are one span of what the bot
	// printed (as an answer read in one piece is); first and end are where it lies.
	first, end queuedLine
	span       bool
}

// add takes a line popped from the queue.
func (g *lines) add(l queuedLine) {
	switch {
	case len(g.texts) == 0:
		g.first, g.end, g.span = l, l, l.piece != 0
	case g.span && l.piece == g.end.piece && l.start == g.end.end:
		g.end = l
	default:
		g.span = false
	}
	g.texts, g.last, g.tooLong = append(g.texts, l.text), l.at, l.tooLong
}

// output is the lines each ended by "\n": the answer as the replay records it.
func (g *lines) output() string {
	if g.span && len(g.texts) > 0 {
		return g.first.src[g.first.start:g.end.end]
	}
	return protocol.JoinLines(g.texts)
}

// room returns an empty slice with room for n lines, from a slab handed out piece by piece
// and never reused: the lines go to the referee and into the replay, which may keep them.
func (o *stdoutState) room(n int) []string {
	if cap(o.slab)-len(o.slab) < n {
		o.slab = make([]string, 0, max(n, 256))
	}
	k := len(o.slab)
	o.slab = o.slab[:k+n]
	return o.slab[k : k : k+n]
}

// read takes n lines from the queue, reading the pipe itself while they are missing.
// Reads of one Process are serialised. session reads a line of the session protocol
// (ReadLine): an over-long line is a line (the protocol refuses it), and so is a last line
// without its newline, whatever the bot's exit (as over TCP); otherwise such a line, cut
// by a failure, is the failure.
func (p *Process) read(n int, deadline time.Time, session bool) (lines, error) {
	p.readMu.Lock()
	defer p.readMu.Unlock()
	o := &p.out
	got := lines{texts: o.room(n)}
	// Pauses made while this read waits move its deadline (see StopWithArena).
	pausesBefore, moved := pauseCount.Load(), time.Duration(0)
	var grace time.Time // when the bot has exited: the end of the grace for its last lines
	p.mu.Lock()
	o.reading = true
	if o.head < len(o.queue) && o.readErr == nil {
		// The bot printed ahead of the question: take what else it printed since, so that a
		// bot flooding its output is caught at the game's pace, whatever the drain's.
		p.pull()
	}
	defer func() {
		p.mu.Lock()
		o.reading = false
		if o.readErr != nil {
			p.release()
		}
		p.mu.Unlock()
	}()
	for {
		// p.mu is held here.
		if p.limitErr != nil {
			err := p.limitErr
			p.mu.Unlock()
			return got, err
		}
		if o.flooding && (session || !o.tooLongQueued()) {
			// Over the output limit: what is queued is not an answer any more. (A too-long
			// line that fails the read anyway is reported as such, below.)
			p.mu.Unlock()
			msg := fmt.Sprintf("flooded its output: more than %s not read as answers", protocol.ByteSize(int64(p.spec.MaxTurnOutput)))
			switch {
			case o.head < len(o.queue):
				msg += ", starting " + protocol.Quote(o.queue[o.head].text, quotedOutput)
			case o.longStart != "":
				msg += ", in a line longer than " + protocol.ByteSize(int64(p.spec.MaxLine)) + " starting " + protocol.QuoteStart(o.longStart, quotedOutput)
			}
			return got, &Error{Kind: KindLimit, Msg: msg}
		}
		unended := ""
		for len(got.texts) < n && o.head < len(o.queue) {
			l := p.pop()
			got.add(l)
			if l.tooLong && !session {
				p.mu.Unlock()
				return got, nil
			}
			if l.unended {
				unended = l.text
			}
		}
		if len(got.texts) == n {
			p.mu.Unlock()
			if unended != "" && !session && p.endsWithOutput() && !p.cmd.ProcessState.Success() {
				// The line was cut by a crash, not ended: what the bot was printing when it
				// failed, which the failure explains better than the line would.
				return got, &Error{Kind: KindCrash, Msg: p.exitDesc + shortOfAnswer(got.texts, n, unended)}
			}
			return got, nil
		}
		if o.readErr != nil {
			p.mu.Unlock()
			return got, &Error{Kind: KindCrash, Msg: p.goneMessage("closed its output", shortOfAnswer(got.texts, n, unended))}
		}
		// The answer is most often in the pipe by the time it is looked for (the runner
		// does the work it left for a bot's thinking time first): a read that finds it is
		// one system call, where waiting for it first would be two.
		if p.pull() {
			continue
		}
		if grace.IsZero() && p.hasExited() {
			// The bot is gone but a descendant may still hold stdout open; take what is
			// already in the pipe, then give up. The grace is the process's, not this
			// read's: a read made in steps (a runner watching the bot's CPU time between
			// them) must see it end too.
			if o.exitGrace.IsZero() {
				o.exitGrace = time.Now().Add(exitGrace)
			}
			grace = o.exitGrace
		}
		p.mu.Unlock()
		wait := deadline
		if !grace.IsZero() && (wait.IsZero() || grace.Before(wait)) {
			wait = grace
		}
		p.waiting()
		ready, err := p.waitReadable(wait)
		now := time.Now()
		p.mu.Lock()
		if err != nil {
			p.endOfOutput(err)
			continue
		}
		if ready {
			continue // read at the top of the loop
		}
		switch {
		case !deadline.IsZero() && !now.Before(deadline):
			if d := pausedFrom(pausesBefore) - moved; d > 0 {
				// arena stood stopped while the bot waited: that time is not the bot's.
				deadline, moved = deadline.Add(d), moved+d
				continue
			}
			partial := ""
			if !o.partialTooLong {
				partial, _ = lineText(o.partial, false, p.spec.MaxLine)
			}
			p.mu.Unlock()
			return got, &Error{Kind: KindTimeout, Partial: partial}
		case !grace.IsZero() && !now.Before(grace):
			p.mu.Unlock()
			return got, &Error{Kind: KindCrash, Msg: p.exitDesc}
		}
		// Woken (the bot exited, a limit, the end of its output): look again.
	}
}

// shortOfAnswer says how far an answer of n lines got before the bot's output ended with
// it: the line it was printing (the end cut it, whatever the exit), or how many of the
// lines came; nothing when none did.
func shortOfAnswer(got []string, n int, unended string) string {
	switch {
	case unended != "":
		return " after printing " + protocol.Quote(unended, quotedOutput) + " without a newline"
	case len(got) > 0:
		return fmt.Sprintf(" after %d of the %d lines of its answer", len(got), n)
	}
	return ""
}

// waitReadable waits until the pipe can be read (data, or the bot closed it), the wake
// eventfd is signalled, or the deadline (zero: none). It reports whether the pipe is
// readable; an error is one that ends the reading.
func (p *Process) waitReadable(deadline time.Time) (bool, error) {
	o := &p.out
	fds := [2]unix.PollFd{{Fd: int32(o.fd), Events: unix.POLLIN}, {Fd: int32(o.wake), Events: unix.POLLIN}}
	nfds := 2
	if o.wake < 0 {
		nfds = 1
		if deadline.IsZero() || time.Until(deadline) > pollStep {
			deadline = time.Now().Add(pollStep)
		}
	}
	var timeout *unix.Timespec
	if !deadline.IsZero() {
		ts := unix.NsecToTimespec(max(0, int64(time.Until(deadline))))
		timeout = &ts
	}
	n, err := unix.Ppoll(fds[:nfds], timeout, nil)
	switch {
	case err == unix.EINTR || n == 0:
		return false, nil
	case err != nil:
		return false, err
	}
	if fds[1].Revents != 0 {
		var count [8]byte
		unix.Read(o.wake, count[:]) // reset the counter
	}
	return fds[0].Revents != 0, nil
}
