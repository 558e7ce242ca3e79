package cli

import (
	"bytes"
	"testing"
)

func TestTerminalEscapesControlCharacters(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"exited with code 1: \x1b[2J\x1b[31mpwned\x1b]0;title\x07\n", `exited with code 1: \x1b[2J\x1b[31mpwned\x1b]0;title\x07` + "\n"},
		{"tab\tand newline\n kept, é and ✓ too", "tab\tand newline\n kept, é and ✓ too"},
		{"cr\r del\x7f c1\u009b nul\x00", `cr\x0d del\x7f c1\x9b nul\x00`},
		{"not utf-8: \xff\xfe", "not utf-8: \xff\xfe"},
	} {
		var b bytes.Buffer
		n, err := terminal{&b}.Write([]byte(tc.in))
		if err != nil || n != len(tc.in) || b.String() != tc.want {
			t.Errorf("Write(%q) = %d, %v, wrote %q; want %q", tc.in, n, err, b.String(), tc.want)
		}
	}
}
