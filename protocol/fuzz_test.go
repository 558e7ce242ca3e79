package protocol

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"
)

// FuzzLineReader reads any bytes with any small limit and compares with the documented
// rule: each line without its "\n" (and a "\r" before it); a line longer than Max is
// ErrLineTooLong with its first Max bytes; never a line longer than Max.
//
//	go test ./protocol -run '^$' -fuzz '^FuzzLineReader$' -fuzztime 60s
func FuzzLineReader(f *testing.F) {
	f.Add([]byte("a b\r\nxxxxxxxxxxxxxxxxxxxx\n\nlast"), 10)
	f.Add([]byte("MOVE 1 2\nWAIT\n"), 8)
	f.Add([]byte("\r\n\r\r\n"), 1)
	f.Add([]byte("0123456789\r"), 10)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		if max < 1 || max > 1<<16 {
			return
		}
		var want []string // "line" or "line\x00too long"
		if len(data) > 0 {
			raw := strings.Split(string(data), "\n")
			if raw[len(raw)-1] == "" {
				raw = raw[:len(raw)-1]
			}
			for _, l := range raw {
				l = strings.TrimSuffix(l, "\r")
				if len(l) > max {
					want = append(want, l[:max]+"\x00"+ErrLineTooLong.Error())
				} else {
					want = append(want, l)
				}
			}
		}
		lr := NewLineReader(bytes.NewReader(data), max)
		var got []string
		for len(got) <= len(want) {
			l, err := lr.ReadLine()
			if err == io.EOF {
				break
			}
			if err != nil {
				l += "\x00" + err.Error()
			}
			got = append(got, l)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || len(got) != len(want) {
			t.Fatalf("max %d, input %q:\ngot  %q\nwant %q", max, data, got, want)
		}
	})
}

// FuzzParseInts checks the two integer rules against strconv: ParseJavaInt is a decimal
// int32 with an optional sign; ParseSessionInt is -?[0-9]+ within int64.
//
//	go test ./protocol -run '^$' -fuzz '^FuzzParseInts$' -fuzztime 60s
func FuzzParseInts(f *testing.F) {
	for _, s := range []string{"0", "+7", "-12", "007", "2147483647", "-2147483648", "2147483648", "", "+", "-", "1.5", " 1", "1_0", "0x10", "٣", "9223372036854775807", "-9223372036854775809"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseJavaInt(s)
		ref, refErr := strconv.ParseInt(s, 10, 32)
		if (err == nil) != (refErr == nil) || (err == nil && int64(v) != ref) {
			t.Fatalf("ParseJavaInt(%q) = %d, %v; strconv says %d, %v", s, v, err, ref, refErr)
		}
		if err != nil && s != "" && !strings.Contains(err.Error(), strconv.Quote(s)) {
			t.Fatalf("ParseJavaInt(%q): error %q does not quote the text", s, err)
		}
		sv, ok := ParseSessionInt(s)
		digits := strings.TrimPrefix(s, "-")
		wantOK := digits != "" && strings.Trim(digits, "0123456789") == ""
		refS, refSErr := strconv.ParseInt(s, 10, 64)
		wantOK = wantOK && refSErr == nil
		if ok != wantOK || (ok && sv != refS) {
			t.Fatalf("ParseSessionInt(%q) = %d, %v; want %d, %v", s, sv, ok, refS, wantOK)
		}
	})
}

// FuzzTeamHandle runs any lines through the session grammar: a referee only ever sees
// non-blank tokens without Deadline24 whitespace, the team never exceeds its limit, and
// every counted line is answered OK or FAILED.
//
//	go test ./protocol -run '^$' -fuzz '^FuzzTeamHandle$' -fuzztime 60s
func FuzzTeamHandle(f *testing.F) {
	f.Add("PING\nWAIT\nPING 1 2\n\n  \t\nWAIT 1\nECHO x", 3)
	f.Add("A\nB\nC\nD", 2)
	f.Add("\r\n\x00\nWAIT\r", 1)
	f.Fuzz(func(t *testing.T, text string, limit int) {
		if limit < 1 || limit > 100 {
			return
		}
		team := Team{Limit: limit}
		for _, line := range strings.Split(text, "\n") {
			kind, resp := team.Handle(line, false, func(tokens []string) []string {
				if len(tokens) == 0 {
					t.Fatalf("line %q: exec called without tokens", line)
				}
				for _, tok := range tokens {
					if tok == "" || strings.ContainsAny(tok, " \t\r") {
						t.Fatalf("line %q: token %q", line, tok)
					}
				}
				if a := NewArgs(tokens, 0, 2); a.Err() != "" {
					return []string{a.Err()}
				}
				return []string{OK}
			})
			if team.Used > team.Limit {
				t.Fatalf("used %d of %d", team.Used, team.Limit)
			}
			switch kind {
			case LineIgnored:
				if resp != nil || Trim(line) != "" {
					t.Fatalf("line %q ignored with %q", line, resp)
				}
			case LineAnswered, LineWaits:
				if len(resp) == 0 || !(resp[0] == OK || strings.HasPrefix(resp[0], "FAILED ")) {
					t.Fatalf("line %q: response %q", line, resp)
				}
			}
			if kind == LineWaits {
				team.StartTurn()
			}
		}
	})
}
