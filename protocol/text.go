package protocol

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// ValidText is the text arena makes of what a bot printed (a line of its output, its
// stderr): the bytes themselves when they are valid UTF-8, otherwise each byte that is not
// part of a valid UTF-8 character replaced by its own U+FFFD. The referee is given this
// text and a JSON replay records it as is.
//
// One U+FFFD per byte (as Go's decoder and encoding/json count them; strings.ToValidUTF8
// makes one of a whole run) keeps the text at least as long as the bytes, since U+FFFD
// takes three: a line too long in bytes is too long as text as well, and a line's length
// can be judged on its text alone (LineText), the way replay verification sees it.
func ValidText(s string) string {
	if utf8.ValidString(s) {
		return s // the usual case costs one scan and no copy
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// LineText is the text of a command line and whether it is too long, for a reader with a
// limit of max bytes. raw is the line without its line end; cut reports that the reader
// dropped its bytes past max (raw then holds its first max bytes, less a CR at their
// end), which makes it too long.
// Otherwise the line is too long when its text (ValidText) is longer than max: invalid
// bytes count three bytes each. This is the rule replay verification applies to the
// recorded text, so a line is judged the same live and on verification.
//
// A too-long line's text is cut after its first max bytes, to the end of the character
// there: it stays at least max-2 bytes long, so that recorded with "…" after it
// (replays.SessionLine) it is over max, and too long on verification as well.
func LineText(raw string, cut bool, max int) (text string, tooLong bool) {
	text = ValidText(raw)
	if len(text) <= max {
		return text, cut
	}
	i := max
	for i < len(text) && !utf8.RuneStart(text[i]) {
		i++
	}
	return text[:i], true
}

// JoinLines writes lines each ended by "\n": the text of a player's answer as a replay
// records it.
func JoinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	var b strings.Builder
	b.Grow(n) // one allocation: the runner records every answer
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// ByteSize says an amount of bytes as a message names a limit: in the largest binary unit
// it is a whole number of ("64 KiB", "1 MiB", "1 GiB"), else in bytes.
func ByteSize(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return strconv.FormatInt(n>>u.shift, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
