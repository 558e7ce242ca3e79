package players

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"github.com/arena-games/arena/protocol"
)

// stderrBuffer drains a bot's stderr continuously (so that a chatty bot never blocks) and
// keeps a bounded amount of it per turn and per game for the replay.
type stderrBuffer struct {
	mu        sync.Mutex
	turn      bytes.Buffer
	turnMax   int
	gameLeft  int
	truncated int // bytes dropped since the last take
	live      io.Writer
	prefix    string
	liveLine  bool   // at the start of a live line
	tail      []byte // the last bytes received, whatever was kept: for a crash's last words
	done      chan struct{}
	// fd and buf let take read what is already in the pipe (see take); every read of the
	// pipe and the add of what it read happen under mu, so chunks stay in order. fd is the
	// pipe's descriptor (−1 when stderr is not a pipe the poller knows): take reads it
	// directly, without the file's reference counting around every move's read, which is
	// safe because only the drain closes the pipe, and only after it has set ended under
	// mu.
	fd    int
	buf   []byte
	ended bool
}

func newStderrBuffer(turnMax, gameMax int, live io.Writer, prefix string) *stderrBuffer {
	return &stderrBuffer{turnMax: turnMax, gameLeft: gameMax, live: live, prefix: prefix, liveLine: true, done: make(chan struct{}), fd: -1}
}

// start drains r from now on. The pipe is attached to the buffer before the drain
// goroutine runs, so that take reads what is already in it from the first move on,
// however late that goroutine is first scheduled (a busy machine can hold it past a bot's
// first answer, and that move's stderr was then taken as the next one's).
func (s *stderrBuffer) start(r *os.File) {
	raw, err := r.SyscallConn()
	if err != nil {
		go s.drainFile(r)
		return
	}
	s.mu.Lock()
	raw.Control(func(fd uintptr) { s.fd = int(fd) })
	s.buf = make([]byte, 32<<10)
	s.mu.Unlock()
	go s.drain(r, raw)
}

// drainFile reads a stderr that is not a pipe the poller knows, through the file.
func (s *stderrBuffer) drainFile(r *os.File) {
	defer close(s.done)
	defer r.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			s.add(buf[:n])
		}
		if err != nil {
			return
		}
	}
}

// drain reads the pipe until it is empty, then waits for the poller to say there is more.
func (s *stderrBuffer) drain(r *os.File, raw syscall.RawConn) {
	defer close(s.done)
	defer r.Close()
	for {
		ended := false
		err := raw.Read(func(fd uintptr) bool {
			for {
				s.mu.Lock()
				more, done := s.readLocked(fd)
				ended = done
				s.mu.Unlock()
				if !more {
					return done
				}
			}
		})
		if err != nil || ended {
			s.mu.Lock()
			s.ended = true
			s.mu.Unlock()
			return
		}
	}
}

// readLocked reads one chunk of the pipe without waiting and keeps it. It reports whether
// there may be more to read now, and whether the pipe has ended. Called with mu held.
func (s *stderrBuffer) readLocked(fd uintptr) (more, ended bool) {
	n, err := readNoWait(int(fd), s.buf)
	switch {
	case n > 0:
		s.addLocked(s.buf[:n])
		return true, false
	case err == unix.EINTR:
		return true, false
	case err == unix.EAGAIN:
		return false, false
	}
	return false, true // end of file, or an error: the pipe is done
}

// flushLocked takes what the bot has already written to stderr, without waiting: the drain
// may not have run since. Called with mu held.
func (s *stderrBuffer) flushLocked() {
	if s.fd < 0 || s.ended {
		return
	}
	// A few chunks at most: a bot flooding stderr is the drain's to follow.
	for k, more := 0, true; more && k < 8; k++ {
		more, _ = s.readLocked(uintptr(s.fd))
	}
}

func (s *stderrBuffer) add(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.addLocked(b)
}

func (s *stderrBuffer) addLocked(b []byte) {
	if s.live != nil {
		s.writeLive(b)
	}
	keep := min(len(b), s.turnMax-s.turn.Len(), s.gameLeft)
	if keep < 0 {
		keep = 0
	}
	s.turn.Write(b[:keep])
	s.gameLeft -= keep
	s.truncated += len(b) - keep
	// The tail keeps its array: what falls out of it is moved over, not reallocated for
	// every chunk of a chatty bot.
	kept := b[max(0, len(b)-tailSize):]
	if over := len(s.tail) + len(kept) - tailSize; over > 0 {
		s.tail = s.tail[:copy(s.tail, s.tail[over:])]
	}
	s.tail = append(s.tail, kept...)
}

// tailSize is how much of the end of stderr is kept for a crash's last words: enough for a
// panic or an exception with a short stack trace after it.
const tailSize = 4096

// lastLine returns a crash's last words (see lastWords) from the end of the bot's stderr,
// cut to a readable length. Both cuts, the tail's start and the readable length, fall
// between characters: a character cut in two would show as U+FFFD.
func (s *stderrBuffer) lastLine() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	tail := s.tail
	if len(tail) == tailSize { // the tail may start inside a character
		for k := 0; k < utf8.UTFMax-1 && len(tail) > 0 && !utf8.RuneStart(tail[0]); k++ {
			tail = tail[1:]
		}
	}
	l := lastWords(strings.Split(protocol.ValidText(string(tail)), "\n"))
	if len(l) > 200 {
		n := 200
		for !utf8.RuneStart(l[n]) { // l is valid UTF-8: a start is at most 3 bytes back
			n--
		}
		l = l[:n] + "…"
	}
	return l
}

// lastWords picks, from the lines at the end of a bot's stderr, the one that says why it
// stopped. A Python traceback ends with it, but most runtimes print it first and a stack
// trace or a hint after it (a Go panic, a Java exception, a Rust panic, a C++ terminate, a
// Python fatal error, a Node.js error): the last line that reads like such a headline is
// taken (with the line after it when it ends with a colon, as Rust's does), among the last
// lastWordsLines lines that are not empty (a stack trace's length, so that a debug line
// printed earlier is not taken for it), else the last line that is not empty.
func lastWords(lines []string) string {
	last, seen := -1, 0
	for i := len(lines) - 1; i >= 0 && seen < lastWordsLines; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" {
			continue
		}
		seen++
		if last < 0 {
			last = i
		}
		if !isCrashHeadline(l) {
			continue
		}
		if strings.HasSuffix(l, ":") {
			for _, next := range lines[i+1:] {
				if next = strings.TrimSpace(next); next != "" {
					return l + " " + next
				}
			}
		}
		return l
	}
	if last < 0 {
		return ""
	}
	return strings.TrimSpace(lines[last])
}

const lastWordsLines = 40

// crashHeadlines start the line that gives a crash's reason in the runtimes bots are
// written for.
var crashHeadlines = []string{
	"panic: ", "fatal error: ", // Go
	"Exception in thread ", "Caused by: ", // Java (the cause comes after the exception)
	"terminate called ", "what(): ", // C++
	"Fatal Python error: ",
}

// isCrashHeadline reports whether a (trimmed) line reads like a crash's reason: a known
// headline, a Rust panic ("thread 'main' panicked at src/main.rs:5:5:"), a failed C
// assertion, or an exception's name and message ("ValueError: ...", "TypeError: ...",
// "java.lang.IllegalStateException: ...", "KeyboardInterrupt").
func isCrashHeadline(l string) bool {
	for _, h := range crashHeadlines {
		if strings.HasPrefix(l, h) {
			return true
		}
	}
	if strings.Contains(l, "' panicked at ") || strings.Contains(l, ": Assertion `") {
		return true
	}
	name, _, _ := strings.Cut(l, ": ")
	if name == "" || strings.ContainsAny(name, " \t") {
		return false
	}
	for _, end := range []string{"Error", "Exception", "Interrupt", "Exit"} {
		if strings.HasSuffix(name, end) {
			return true
		}
	}
	return false
}

func (s *stderrBuffer) writeLive(b []byte) {
	var out bytes.Buffer
	for len(b) > 0 {
		if s.liveLine {
			out.WriteString(s.prefix)
			s.liveLine = false
		}
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out.Write(b)
			break
		}
		out.Write(b[:i+1])
		s.liveLine = true
		b = b[i+1:]
	}
	s.live.Write(out.Bytes())
}

// take returns what arrived since the last call, as valid UTF-8, with a note when some of
// it was dropped. What the bot wrote before its answer is in the pipe by the time the answer
// is read, but the drain, woken through the runtime's poller, may not have taken it yet:
// take reads the pipe first (one read that usually finds it empty).
func (s *stderrBuffer) take() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flushLocked()
	if s.turn.Len() == 0 && s.truncated == 0 {
		return "" // most moves: the bot wrote nothing
	}
	out := protocol.ValidText(s.turn.String())
	if s.truncated > 0 {
		out += "\n[arena: " + protocol.ByteSize(int64(s.truncated)) + " of stderr not kept]\n"
		s.truncated = 0
	}
	s.turn.Reset()
	return out
}
