package players

import (
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// How a bot's input is written.
//
// The parent's end of stdin is a raw, non-blocking descriptor, like stdout's: a write that
// fits in the pipe (every turn's input of every game here) is one write(2), with no
// deadline to arm in the runtime's poller and no poller state to update. Only when the
// pipe is full (the bot does not read its input) does the writer wait, in ppoll(2) until
// the deadline, looking every pollStep whether the input is being closed.
type stdinState struct {
	mu      sync.Mutex  // held by a write in progress and by close
	fd      int         // −1 once closed
	closing atomic.Bool // a close is waiting for the write in progress to give up
}

// Write sends text to the bot's stdin, giving up at the deadline (a bot that does not read
// its input cannot block the runner). It returns the moment the last byte was written.
func (p *Process) Write(text string, deadline time.Time) (time.Time, error) {
	p.mu.Lock()
	p.out.turnBytes = 0
	p.mu.Unlock()
	in := &p.in
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.fd < 0 {
		return time.Time{}, &Error{Kind: KindCrash, Msg: "its input is closed"}
	}
	// write(2) only reads the bytes: the string's memory is used as is, not copied.
	b := unsafe.Slice(unsafe.StringData(text), len(text))
	for len(b) > 0 {
		n, err := unix.Write(in.fd, b)
		if n > 0 {
			b = b[n:]
			continue
		}
		switch err {
		case unix.EINTR:
			continue
		case unix.EAGAIN:
			if in.closing.Load() {
				return time.Now(), &Error{Kind: KindCrash, Msg: "its input is closed"}
			}
			if !deadline.IsZero() && !time.Now().Before(deadline) {
				return time.Now(), &Error{Kind: KindTimeout, Msg: "did not read its input"}
			}
			waitWritable(in.fd, deadline)
			continue
		}
		// EPIPE: nobody reads the pipe any more (Go ignores SIGPIPE on this descriptor).
		return time.Now(), &Error{Kind: KindCrash, Msg: p.goneMessage("closed its input", "")}
	}
	p.inputSent()
	return time.Now(), nil
}

// waitWritable waits until fd can be written, the deadline (zero: none) or pollStep,
// whichever comes first; the caller looks at why.
func waitWritable(fd int, deadline time.Time) {
	wait := time.Duration(pollStep)
	if !deadline.IsZero() {
		wait = min(wait, max(0, time.Until(deadline)))
	}
	fds := [1]unix.PollFd{{Fd: int32(fd), Events: unix.POLLOUT}}
	ts := unix.NsecToTimespec(int64(wait))
	unix.Ppoll(fds[:], &ts, nil)
}

// CloseInput closes the bot's stdin: the bot sees end of input. A write waiting on a full
// pipe gives up within pollStep.
func (p *Process) CloseInput() {
	in := &p.in
	in.closing.Store(true)
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.fd >= 0 {
		unix.Close(in.fd)
		in.fd = -1
	}
}
