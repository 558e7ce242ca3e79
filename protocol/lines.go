package protocol

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
)

// ErrLineTooLong is returned by LineReader when a line exceeds its limit. The rest of the
// line is consumed and discarded so that the next read starts on the next line.
var ErrLineTooLong = errors.New("line too long")

// LineReader reads lines of at most Max bytes without ever buffering more than that.
type LineReader struct {
	r   *bufio.Reader
	Max int
	// pending is the start of a line a read deadline cut (kept whole, or to Max when
	// tooLong): the next ReadLine goes on with it.
	pending        []byte
	pendingTooLong bool
}

// NewLineReader reads from r lines of at most max bytes (line end excluded).
func NewLineReader(r io.Reader, max int) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 64*1024), Max: max}
}

// ReadLine returns the next line without its "\n" (and without a "\r" before it). At end of
// input a final unterminated line is returned with a nil error, then io.EOF. A line longer
// than Max is skipped up to its end and reported as ErrLineTooLong with its first Max bytes.
// A read deadline (os.ErrDeadlineExceeded) is not an end of input: a line it cuts is not
// returned but kept for the next ReadLine, and the error is returned.
func (lr *LineReader) ReadLine() (string, error) {
	buf, tooLong := lr.pending, lr.pendingTooLong
	lr.pending, lr.pendingTooLong = nil, false
	for {
		chunk, err := lr.r.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > lr.Max+2 { // +2 leaves room for "\r\n"
				room := lr.Max - len(buf)
				if room > 0 {
					buf = append(buf, chunk[:min(room, len(chunk))]...)
				}
				tooLong = true
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == nil:
			if tooLong {
				return string(buf), ErrLineTooLong
			}
			buf = bytes.TrimSuffix(buf, []byte("\n"))
			buf = bytes.TrimSuffix(buf, []byte("\r"))
			if len(buf) > lr.Max {
				return string(buf[:lr.Max]), ErrLineTooLong
			}
			return string(buf), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, os.ErrDeadlineExceeded):
			lr.pending, lr.pendingTooLong = buf, tooLong
			return "", err
		default:
			if tooLong {
				return string(buf), ErrLineTooLong
			}
			if len(buf) > 0 {
				buf = bytes.TrimSuffix(buf, []byte("\r"))
				// The check above leaves room for a "\r\n" that a last line without its
				// line end does not have: up to 2 bytes over Max get here.
				if len(buf) > lr.Max {
					return string(buf[:lr.Max]), ErrLineTooLong
				}
				return string(buf), nil
			}
			return "", err
		}
	}
}
