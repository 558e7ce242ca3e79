package cli

import (
	"fmt"
	"io"
	"unicode/utf8"
)

// terminal writes text that holds what bots printed (messages, their last words, their
// lines in `replay show`) to a terminal: control characters other than newline and tab are
// written escaped (\x1b), so that a bot cannot clear the screen, recolour it or retitle
// the window through arena's own output. Bytes that are not UTF-8 pass as they are.
type terminal struct{ w io.Writer }

func (t terminal) Write(p []byte) (int, error) {
	out := make([]byte, 0, len(p))
	for i := 0; i < len(p); {
		r, size := utf8.DecodeRune(p[i:])
		switch {
		case r == '\n' || r == '\t' || size == 1 && r == utf8.RuneError:
			out = append(out, p[i:i+size]...)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			out = fmt.Appendf(out, `\x%02x`, r)
		default:
			out = append(out, p[i:i+size]...)
		}
		i += size
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
