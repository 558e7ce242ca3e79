package protocol

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrRange is what ParseJavaInt's error wraps for a number outside the int32 range, so
// that a message can tell a number too large from no number at all.
var ErrRange = errors.New("out of the 32-bit range")

// ParseJavaInt parses a decimal 32-bit integer the way Java's Integer.parseInt does: an
// optional leading '+' or '-', then one or more ASCII digits, within the int32 range.
func ParseJavaInt(s string) (int, error) {
	if s == "" {
		return 0, fmt.Errorf("empty number")
	}
	body := s
	if body[0] == '+' || body[0] == '-' {
		body = body[1:]
	}
	if body == "" {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	for i := 0; i < len(body); i++ {
		if body[i] < '0' || body[i] > '9' {
			return 0, fmt.Errorf("%q is not a number", s)
		}
	}
	v, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return 0, fmt.Errorf("%q is %w", s, ErrRange)
	}
	return int(v), nil
}

// Fields splits a line on runs of spaces, tabs and carriage returns (the Deadline24 rule;
// other whitespace is part of a token).
func Fields(line string) []string {
	return strings.FieldsFunc(line, isSpace)
}

// Trim removes the Deadline24 whitespace (spaces, tabs, carriage returns) at both ends of
// a line, as the login and password are read; other whitespace is part of them.
func Trim(line string) string {
	return strings.TrimFunc(line, isSpace)
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\r' }

// Quote renders a player's text for a message: quoted, with control bytes and invalid
// UTF-8 escaped, and cut to at most max bytes of the original so that a flood stays
// readable. The cut falls between characters (a character of valid UTF-8 is not split into
// escaped bytes), and MoreBytes says how much was left out.
func Quote(s string, max int) string {
	if len(s) <= max {
		return strconv.Quote(s)
	}
	// Back up to the start of the character the cut would split: at most three bytes,
	// since a UTF-8 character is at most four. Where there is no such character (bytes
	// that are not UTF-8, escaped anyway), the cut stays at max.
	end := max
	for end > 0 && end > max-(utf8.UTFMax-1) && !utf8.RuneStart(s[end]) {
		end--
	}
	if r, size := utf8.DecodeRuneInString(s[end:]); r == utf8.RuneError && size <= 1 || end+size <= max {
		end = max
	}
	return strconv.Quote(s[:end]) + MoreBytes(len(s)-end)
}

// MoreBytes is the note after a text Quote cut: how many bytes of it were left out.
func MoreBytes(n int) string {
	if n == 1 {
		return "… (1 more byte)"
	}
	return fmt.Sprintf("… (%d more bytes)", n)
}

// QuoteStart renders the start of a line too long to be kept whole, as Quote does, cut to
// at most max bytes and followed by "…" alone: how much more there was is not known (only
// the start of such a line is kept), so no count is given that could read as its length.
func QuoteStart(s string, max int) string {
	return strconv.Quote(s[:min(len(s), max)]) + "…"
}
