package players

import (
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
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
	tail      []byte // the last bytes received, whatever was kept: for LastLine
	done      chan struct{}
}

func newStderrBuffer(turnMax, gameMax int, live io.Writer, prefix string) *stderrBuffer {
	return &stderrBuffer{turnMax: turnMax, gameLeft: gameMax, live: live, prefix: prefix, liveLine: true, done: make(chan struct{})}
}

func (s *stderrBuffer) drain(r *os.File) {
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

func (s *stderrBuffer) add(b []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
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
	s.tail = append(s.tail, b[max(0, len(b)-tailSize):]...)
	if len(s.tail) > tailSize {
		s.tail = s.tail[len(s.tail)-tailSize:]
	}
}

const tailSize = 1024

// lastLine returns the last non-empty line the bot wrote to stderr (a crash's last words:
// a Python exception, a panic message), cut to a readable length.
func (s *stderrBuffer) lastLine() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	lines := strings.Split(strings.ToValidUTF8(string(s.tail), "\uFFFD"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			if len(l) > 200 {
				l = l[:200] + "…"
			}
			return l
		}
	}
	return ""
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
// it was dropped.
func (s *stderrBuffer) take() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := strings.ToValidUTF8(s.turn.String(), "\uFFFD")
	if s.truncated > 0 {
		out += "\n[arena: " + bytesText(s.truncated) + " of stderr not kept]\n"
		s.truncated = 0
	}
	s.turn.Reset()
	return out
}
