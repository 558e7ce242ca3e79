package replays

import "testing"

// The recorded quote of an unended line is taken as it is once its form is checked: the
// form Quote writes, a cut one included, and the "1 more bytes" of replays written before a
// single byte was said so.
func TestIsUnendedQuote(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{`, only "WAIT" without a newline`, true},
		{`, only "WAIT 1 2"… (7 more bytes) without a newline`, true},
		{`, only "WAIT 1 2"… (1 more byte) without a newline`, true},
		{`, only "WAIT 1 2"… (1 more bytes) without a newline`, true},
		{`, only "WAIT 1 2"… (2 more byte) without a newline`, false},
		{`, only "WAIT 1 2"… (7 more bytes)x without a newline`, false},
		{`, only "" without a newline`, false},
		{`, only WAIT without a newline`, false},
		{`, only "WAIT"`, false},
	} {
		if got := isUnendedQuote(c.s); got != c.want {
			t.Errorf("isUnendedQuote(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}
