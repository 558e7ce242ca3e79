package rockets

import (
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"
)

// lines builds the data lines of an answer, values separated by spaces, without fmt and
// in one buffer: the status commands answer with a line per road, car or site, every turn
// for every team. The lines are cut from one string at the end (answer).
type lines struct {
	buf   []byte
	n     int // lines ended
	start int // where the current line starts in buf
}

// newLines makes room for n lines of about size bytes.
func newLines(n, size int) *lines { return &lines{buf: make([]byte, 0, n*size)} }

func (l *lines) sep() {
	if len(l.buf) > l.start {
		l.buf = append(l.buf, ' ')
	}
}

func (l *lines) int(v int64) *lines {
	l.sep()
	l.buf = strconv.AppendInt(l.buf, v, 10)
	return l
}

func (l *lines) str(s string) *lines {
	l.sep()
	l.buf = append(l.buf, s...)
	return l
}

// end ends the current line.
func (l *lines) end() {
	l.buf = append(l.buf, '\n')
	l.n++
	l.start = len(l.buf)
}

// answer is a success (okWith): OK, the count of lines, then the lines.
func (l *lines) answer() []string {
	out := make([]string, 2, 2+l.n)
	out[0], out[1] = protocol.OK, strconv.Itoa(l.n)
	all := string(l.buf)
	for range l.n {
		line, rest, _ := strings.Cut(all, "\n")
		out, all = append(out, line), rest
	}
	return out
}
