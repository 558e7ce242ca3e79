package protocol

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLineReader(t *testing.T) {
	long := strings.Repeat("x", 40)
	lr := NewLineReader(strings.NewReader("a b\r\n"+long+"\n\nlast"), 10)
	type read struct {
		Line string
		Err  string
	}
	var got []read
	for {
		l, err := lr.ReadLine()
		if err == io.EOF {
			break
		}
		e := ""
		if err != nil {
			e = err.Error()
		}
		got = append(got, read{l, e})
	}
	want := []read{{"a b", ""}, {strings.Repeat("x", 10), "line too long"}, {"", ""}, {"last", ""}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestParseJavaInt(t *testing.T) {
	for _, ok := range []struct {
		in   string
		want int
	}{{"0", 0}, {"+7", 7}, {"-12", -12}, {"2147483647", 2147483647}, {"-2147483648", -2147483648}, {"007", 7}} {
		if got, err := ParseJavaInt(ok.in); err != nil || got != ok.want {
			t.Errorf("ParseJavaInt(%q) = %d, %v; want %d", ok.in, got, err, ok.want)
		}
	}
	for _, bad := range []string{"", "+", "-", "1.5", " 1", "1 ", "2147483648", "x", "1e3", "٣"} {
		if _, err := ParseJavaInt(bad); err == nil {
			t.Errorf("ParseJavaInt(%q) accepted", bad)
		}
	}
}

func TestQuote(t *testing.T) {
	if got := Quote("FLY 1 2 3", 50); got != `"FLY 1 2 3"` {
		t.Errorf("got %s", got)
	}
	if got := Quote("abcdef", 3); got != `"abc"… (3 more bytes)` {
		t.Errorf("got %s", got)
	}
	if got := Quote("a\x00\xff", 10); got != `"a\x00\xff"` {
		t.Errorf("got %s", got)
	}
	for _, c := range []struct{ in, want string }{
		{"abcd", `"abc"… (1 more byte)`},
		// A character is not split: "é" is two bytes, "€" three.
		{"abé", `"ab"… (2 more bytes)`},
		{"ab€x", `"ab"… (4 more bytes)`},
		{"a€xx", `"a"… (5 more bytes)`},
		{"€€", `"€"… (3 more bytes)`},
		// Bytes that are not UTF-8 are cut where max falls, escaped.
		{"ab\xe2\x82x", `"ab\xe2"… (2 more bytes)`},
		{"a\x80\x80\x80\x80", `"a\x80\x80"… (2 more bytes)`},
	} {
		if got := Quote(c.in, 3); got != c.want {
			t.Errorf("Quote(%q, 3) = %s, want %s", c.in, got, c.want)
		}
	}
}

// Session grammar, deadline24-protocol.md §3.2 precedence and §4–§5.
func TestTeamHandle(t *testing.T) {
	exec := func(tokens []string) []string {
		switch tokens[0] {
		case "PING":
			if a := NewArgs(tokens, 0, 1); a.Err() != "" {
				return []string{a.Err()}
			} else if a.Len() == 1 {
				a.Int(0)
				if a.Err() != "" {
					return []string{a.Err()}
				}
			}
			return []string{"OK", "PONG"}
		case "BOOM":
			panic("referee bug")
		}
		return []string{Failed(CodeUnknown)}
	}
	team := &Team{Limit: 4}
	type step struct {
		Line string
		Kind LineKind
		Resp []string
		Used int
	}
	steps := []step{
		{" \t\r", LineIgnored, nil, 0},
		{"PING", LineAnswered, []string{"OK", "PONG"}, 1},
		{"  PING\t 12\r", LineAnswered, []string{"OK", "PONG"}, 2},
		{"PING x", LineAnswered, []string{"FAILED 3 bad format"}, 3},
		{"WAIT now", LineAnswered, []string{"FAILED 4 too many arguments"}, 4},
		{"WAIT", LineWaits, []string{"OK"}, 4}, // a bare WAIT never counts, even at the limit
		{"PING", LineWaits, []string{"FAILED 6 commands limit reached, forced waiting activated"}, 4},
	}
	for i, s := range steps {
		kind, resp := team.Handle(s.Line, false, exec)
		got := step{s.Line, kind, resp, team.Used}
		if diff := cmp.Diff(s, got); diff != "" {
			t.Errorf("step %d (-want +got):\n%s", i, diff)
		}
	}
	team.StartTurn()
	if kind, resp := team.Handle("BOOM", false, exec); kind != LineAnswered || !cmp.Equal(resp, []string{"FAILED 5 internal error, sorry..."}) {
		t.Errorf("panic: %v %q", kind, resp)
	}
	if kind, resp := team.Handle("wait", false, exec); kind != LineAnswered || !cmp.Equal(resp, []string{"FAILED 2 unknown command"}) {
		t.Errorf("lower-case wait: %v %q", kind, resp)
	}
	if kind, resp := team.Handle(strings.Repeat("A", 10), true, exec); kind != LineAnswered || !cmp.Equal(resp, []string{"FAILED 3 bad format"}) || team.Used != 3 {
		t.Errorf("too long: %v %q used %d", kind, resp, team.Used)
	}
}

// A command whose exec panics is answered FAILED 5, and Panicked, when set, is told the
// line, the panic's value and the stack where it happened.
func TestTeamHandleTellsAPanic(t *testing.T) {
	exec := func(tokens []string) []string { panic("referee bug") }
	team := &Team{Limit: 4}
	var told []string
	team.Panicked = func(line string, recovered any, stack []byte) {
		told = append(told, line, fmt.Sprint(recovered), strconv.FormatBool(strings.Contains(string(stack), "TestTeamHandle")))
	}
	if _, resp := team.Handle(" BOOM  now", false, exec); !cmp.Equal(resp, []string{"FAILED 5 internal error, sorry..."}) {
		t.Errorf("panic told to Panicked: %q", resp)
	}
	if want := []string{" BOOM  now", "referee bug", "true"}; !cmp.Equal(told, want) {
		t.Errorf("Panicked told %q, want %q", told, want)
	}
}

// Refused is told of the lines the grammar answers FAILED itself (too long, WAIT with
// arguments, past the limit), in order, and of no other: what exec answers is the game's.
func TestTeamTellsItsRefusals(t *testing.T) {
	type refusal struct {
		Line    string
		TooLong bool
		Answer  string
	}
	var told []refusal
	team := Team{Limit: 4, Refused: func(line string, tooLong bool, answer string) {
		told = append(told, refusal{line, tooLong, answer})
	}}
	exec := func(tokens []string) []string {
		if tokens[0] == "BOOM" {
			panic("boom")
		}
		return []string{Failed(CodeUnknown)}
	}
	long := strings.Repeat("A", 20)
	for _, l := range []struct {
		line    string
		tooLong bool
	}{{"", false}, {"FOO", false}, {" WAIT  1 ", false}, {long, true}, {"BOOM", false}, {"WAIT", false}, {"BAR", false}} {
		team.Handle(l.line, l.tooLong, exec)
	}
	want := []refusal{
		{" WAIT  1 ", false, "FAILED 4 too many arguments"},
		{long, true, "FAILED 3 bad format"},
		{"BAR", false, "FAILED 6 commands limit reached, forced waiting activated"},
	}
	if diff := cmp.Diff(want, told); diff != "" {
		t.Errorf("refusals told (-want +got):\n%s", diff)
	}
	if got := QuoteLine(" WAIT \t 1 ", false, 80); got != `"WAIT 1"` {
		t.Errorf("QuoteLine of a line: %s, want its tokens joined by spaces", got)
	}
	if got := QuoteLine(long+"…", true, 8); got != `"AAAAAAAA"…` {
		t.Errorf("QuoteLine of a line too long: %s, want its start alone", got)
	}
	if got, cut := QuoteLine(long, true, 8), QuoteLine(long+"…", true, 8); got != cut {
		t.Errorf("QuoteLine of a line too long, as received %s and as recorded %s: want the same", got, cut)
	}
}

func TestArgsAndInts(t *testing.T) {
	if v, ok := ParseSessionInt("-9223372036854775808"); !ok || v != -9223372036854775808 {
		t.Errorf("int64 min: %d %v", v, ok)
	}
	for _, bad := range []string{"+1", "9223372036854775808", "", "-", "1x"} {
		if _, ok := ParseSessionInt(bad); ok {
			t.Errorf("%q accepted", bad)
		}
	}
	if a := NewArgs([]string{"CMD"}, 1, 2); a.Err() != "FAILED 3 bad format" {
		t.Errorf("too few: %q", a.Err())
	}
	if a := NewArgs([]string{"CMD", "1", "2", "3"}, 1, 2); a.Err() != "FAILED 4 too many arguments" {
		t.Errorf("too many: %q", a.Err())
	}
	if got := Waiting(-0.5); got != "WAITING 0.000000" {
		t.Errorf("Waiting: %q", got)
	}
}

// Respond adds the WAITING line, and asks for the seconds left, only when the line waits.
func TestRespondAddsWaiting(t *testing.T) {
	team := Team{Limit: 1}
	asked := 0
	left := func() float64 { asked++; return 0.25 }
	exec := func(tokens []string) []string { return []string{OK, "1"} }
	for _, tc := range []struct {
		line string
		want []string
		kind LineKind
	}{
		{"", nil, LineIgnored},
		{"ADD", []string{"OK", "1"}, LineAnswered},
		{"WAIT", []string{"OK", "WAITING 0.250000"}, LineWaits},
		{"ADD", []string{"FAILED 6 commands limit reached, forced waiting activated", "WAITING 0.250000"}, LineWaits},
	} {
		if kind, resp := team.Respond(tc.line, false, exec, left); kind != tc.kind || !cmp.Equal(resp, tc.want) {
			t.Errorf("%q: %v %q, want %v %q", tc.line, kind, resp, tc.kind, tc.want)
		}
	}
	if asked != 2 {
		t.Errorf("the seconds left were asked %d times, want 2 (once per line that waits)", asked)
	}
}

func TestIsWaiting(t *testing.T) {
	for _, s := range []float64{0, 0.999899, 12.5, 3600} {
		if l := Waiting(s); !IsWaiting(l) {
			t.Errorf("IsWaiting(%q) = false", l)
		}
	}
	for _, l := range []string{"WAITING", "WAITING ", "WAITING 1", "WAITING 1.5", "WAITING 1.0000000", "WAITING -1.000000",
		"WAITING .000000", "WAITING  1.000000", "WAITING 1.000000 ", "waiting 1.000000", "OK", "WAITING 1,000000"} {
		if IsWaiting(l) {
			t.Errorf("IsWaiting(%q) = true", l)
		}
	}
}

func TestQuoteStartGivesNoCount(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"abcdef", `"abc"…`},
		{"ab", `"ab"…`},
		{"a\x00\xffb", `"a\x00\xff"…`},
	} {
		if got := QuoteStart(c.in, 3); got != c.want {
			t.Errorf("QuoteStart(%q, 3) = %s, want %s", c.in, got, c.want)
		}
	}
}
