package protocol

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// Each byte that is not part of a valid UTF-8 character becomes its own U+FFFD; valid text,
// a U+FFFD the bot printed itself included, is kept as it is.
func TestValidText(t *testing.T) {
	const r = "\uFFFD"
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"WAIT", "WAIT"},
		{"é€😀 \uFFFD", "é€😀 \uFFFD"},
		{"\xff", r},
		{"garbage\xff\xfe", "garbage" + r + r},
		{strings.Repeat("\xff", 5), strings.Repeat(r, 5)},
		{"\xe2\x82a", r + r + "a"},          // a 3-byte character cut short
		{"\xf0\x9f\x98", r + r + r},         // a 4-byte character cut short
		{"\xed\xa0\x80", r + r + r},         // a surrogate
		{"\xc0\xaf", r + r},                 // an overlong "/"
		{"a\x80b", "a" + r + "b"},           // a lone continuation byte
		{"\xffa\xffa", r + "a" + r + "a"},   // the shape of a run of bad bytes and letters
		{"€\xe2\x82€", "€" + r + r + "€"},   // valid characters around a cut one
		{"\x00\x01\x7f", "\x00\x01\x7f"},    // control characters are valid UTF-8
		{"PUT 1 \xc3", "PUT 1 " + r},        // a 2-byte character cut at the end
		{"\xf4\x90\x80\x80", r + r + r + r}, // past U+10FFFF
		{"\xef\xbf\xbd\xff", "\uFFFD" + r},  // a real U+FFFD, then a bad byte
		{"x\xc3\xa9\xc3", "xé" + r},         // the last character cut
		{"\xe0\x80\x80", r + r + r},         // overlong 3-byte
		{"\xf0\x80\x80\x80", r + r + r + r}, // overlong 4-byte
		{"\xe0\xa0", r + r},                 // valid start of a 3-byte character, cut
		{"\xe0\xa0\x80", "\u0800"},          // the same, whole
		{"\xc2\x80\xc2", "\u0080" + r},      // the smallest 2-byte character, then a cut one
		{"\xf0\x90\x80\x80", "\U00010000"},  // the smallest 4-byte character
		{"\xf4\x8f\xbf\xbf", "\U0010FFFF"},  // the largest
		{"\xed\x9f\xbf", "\uD7FF"},          // the last before the surrogates
		{"a\xffb\xfe\xfdc", "a" + r + "b" + r + r + "c"},
	} {
		if got := ValidText(tc.in); got != tc.want {
			t.Errorf("ValidText(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// ValidText agrees with the JSON encoding of a replay (encoding/json also replaces each
// invalid byte), is valid UTF-8, and is never shorter than the bytes it replaces.
func TestValidTextRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", " ", "é", "€", "😀", "\xff", "\x80", "\xc3", "\xe2\x82", "\xf0\x9f\x98", "\xed\xa0\x80", "\xc0\xaf"}
	for range 2000 {
		var b strings.Builder
		for n := rng.IntN(12); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		got := ValidText(s)
		enc, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var decoded string
		if err := json.Unmarshal(enc, &decoded); err != nil {
			t.Fatal(err)
		}
		if got != decoded || !utf8.ValidString(got) || len(got) < len(s) {
			t.Fatalf("ValidText(%q) = %q (%d bytes); the JSON round trip gives %q", s, got, len(got), decoded)
		}
	}
}

// A line is too long when the reader cut it or when its text is over the limit, and a
// too-long line's text, recorded with "…", is over the limit: judged on the record, the
// line is too long exactly when it was live.
func TestLineText(t *testing.T) {
	const max = 12
	const r = "\uFFFD"
	for _, tc := range []struct {
		name    string
		raw     string
		cut     bool
		want    string
		tooLong bool
	}{
		{"empty", "", false, "", false},
		{"the limit", strings.Repeat("A", max), false, strings.Repeat("A", max), false},
		{"one over", strings.Repeat("A", max+1), false, strings.Repeat("A", max), true},
		{"cut by the reader", strings.Repeat("A", max), true, strings.Repeat("A", max), true},
		{"cut less a CR", strings.Repeat("A", max-1), true, strings.Repeat("A", max-1), true},
		// 4 bad bytes are 12 bytes of text: at the limit; 5 are over it.
		{"bad bytes to the limit", "\xff\xff\xff\xff", false, strings.Repeat(r, 4), false},
		{"bad bytes over the limit", "\xff\xff\xff\xffA", false, strings.Repeat(r, 4), true},
		{"bad bytes and letters", "\xffA\xffA\xffA\xffA", false, r + "A" + r + "A" + r + "A", true},
		{"all bad, cut", strings.Repeat("\xff", max), true, strings.Repeat(r, 4), true},
		// The cut keeps the character that the limit falls in: € is 3 bytes, 12 = 3·4 but
		// with a letter first the 4th € spans bytes 10 to 12.
		{"a character at the cut", "A€€€€€", false, "A€€€€", true},
		// The reader cut a € after its 2 first bytes: they are bad bytes now.
		{"a character cut by the reader", "AAAAAAAAAA\xe2\x82", true, "AAAAAAAAAA" + r, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text, tooLong := LineText(tc.raw, tc.cut, max)
			if text != tc.want || tooLong != tc.tooLong {
				t.Errorf("LineText(%q, %v, %d) = %q, %v; want %q, %v", tc.raw, tc.cut, max, text, tooLong, tc.want, tc.tooLong)
			}
		})
	}
	// Whatever the bytes, from a reader that cuts at the limit as LineReader does.
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"A", "é", "€", "😀", "\xff", "\xe2\x82", "\r"}
	for range 5000 {
		var b strings.Builder
		for n := rng.IntN(16); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		line := b.String()
		read, err := NewLineReader(strings.NewReader(line+"\n"), max).ReadLine()
		text, tooLong := LineText(read, err == ErrLineTooLong, max)
		if want := len(ValidText(strings.TrimSuffix(line, "\r"))) > max; tooLong != want {
			t.Fatalf("%q: too long %v, want %v (its text is %d bytes)", line, tooLong, want, len(ValidText(line)))
		}
		if !tooLong && text != ValidText(strings.TrimSuffix(line, "\r")) {
			t.Fatalf("%q: text %q, want the whole line", line, text)
		}
		if tooLong && len(text)+len("…") <= max || !tooLong && len(text) > max {
			t.Fatalf("%q: text %q (%d bytes), too long %v: its record is not over the limit exactly when the line is too long", line, text, len(text), tooLong)
		}
		if !utf8.ValidString(text) || bytes.ContainsRune([]byte(text), '\n') {
			t.Fatalf("%q: text %q", line, text)
		}
	}
}

func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 bytes", 1000: "1000 bytes", 1 << 10: "1 KiB", 64 << 10: "64 KiB", 1<<20 + 1<<10: "1025 KiB",
		1 << 20: "1 MiB", 1<<20 + 1: "1048577 bytes", 1024 << 20: "1 GiB", 3 << 30: "3 GiB",
	} {
		if got := ByteSize(n); got != want {
			t.Errorf("ByteSize(%d) = %q, want %q", n, got, want)
		}
	}
}
