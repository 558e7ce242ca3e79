package triangles

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// outcome classifies what one piece of a line does.
type outcome struct {
	kind    string // "task", "ignored", "nothing", "message", "critical", "debug"
	message string // MSG text or TEXT note
}

func classify(m *match, piece string) outcome {
	lo := parseLine(piece, false)
	switch {
	case lo.critical != "":
		return outcome{kind: "critical"}
	case lo.message != "":
		return outcome{kind: "message", message: lo.message}
	case len(lo.pieces) == 0:
		return outcome{kind: "nothing"}
	case lo.pieces[0].kind >= cmdLine:
		return outcome{kind: "debug", message: lo.pieces[0].note}
	}
	var events []string
	if len(m.b.buildTasks(0, lo.pieces, &events)) == 1 {
		return outcome{kind: "task"}
	}
	return outcome{kind: "ignored"}
}

// TV-13: parsing, on Map S with TV-2's units (Bronze rules).
func TestTV13Parsing(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	tests := []struct {
		piece string
		want  outcome
	}{
		{"move 0 1 1", outcome{kind: "task"}},
		{"WAIT", outcome{kind: "nothing"}},
		{"  ", outcome{kind: "nothing"}},
		{"", outcome{kind: "nothing"}},
		{"MSG hello world", outcome{kind: "message", message: "hello world"}},
		{" MSG hi", outcome{kind: "critical"}},
		{"MOVE 0 1", outcome{kind: "critical"}},
		{"FOO", outcome{kind: "critical"}},
		{"MOVE 0 1 99999999999", outcome{kind: "critical"}},
		{"SPAWN 0 1 77", outcome{kind: "ignored"}},
		{"ATTACK 0 1 3 4", outcome{kind: "ignored"}},
		{"TEXT 1 2 abcdefghijklmnopqrstuvwxyz", outcome{kind: "debug", message: "abcdefghijklmnopqrst"}},
		{"LINE 1 2 3", outcome{kind: "critical"}},
	}
	for _, tt := range tests {
		if got := classify(m, tt.piece); got != tt.want {
			t.Errorf("%q: got %+v, want %+v", tt.piece, got, tt.want)
		}
	}
}

// More of §13: the grammar as the original's regular expressions define it.
func TestParsingGrammar(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	tests := []struct {
		piece string
		want  outcome
	}{
		{"  MOVE\t0  1 1  ", outcome{kind: "task"}},
		{"Move 0 1 1", outcome{kind: "task"}},
		{"MOVE 0 1 -1", outcome{kind: "ignored"}},   // amount ≤ 0
		{"MOVE -0 1 1", outcome{kind: "critical"}},  // house ids have no sign
		{"MOVE +0 1 1", outcome{kind: "critical"}},  // nor a plus
		{"MOVE 0 1 1 2", outcome{kind: "critical"}}, // extra field
		{"MOVE 0 1 1x", outcome{kind: "critical"}},
		{"MOVE 0 99 1", outcome{kind: "ignored"}},
		{"MOVE 0 2147483647 1", outcome{kind: "ignored"}},
		{"MOVE 0 2147483648 1", outcome{kind: "critical"}},
		{"MOVE 0 1 007", outcome{kind: "task"}},
		{"MOVE 0 1 ١", outcome{kind: "critical"}}, // only ASCII digits
		{"wait", outcome{kind: "nothing"}},
		{" WAIT ", outcome{kind: "nothing"}},
		{"WAIT 1", outcome{kind: "critical"}},
		{"msg  spaced out  ", outcome{kind: "message", message: "spaced out"}},
		{"MSG " + strings.Repeat("x", 60), outcome{kind: "message", message: strings.Repeat("x", 50)}},
		{"MSG\thi", outcome{kind: "critical"}},
		{"MSG", outcome{kind: "critical"}},
		{"ADD_PATH 99 0 1 3", outcome{kind: "ignored"}}, // QUIRK §12.6: ignored, not a crash
		{"ADD_PATH 1 0 3 4", outcome{kind: "task"}},
		{"ADD_PATH 1 0 3 2", outcome{kind: "ignored"}}, // crosses 0-3
		{"add_path 1 0 3 4", outcome{kind: "task"}},
		{"REMOVE_PATH 0 1 3 2", outcome{kind: "task"}},
		{"REMOVE_PATH 0 1 3 3", outcome{kind: "ignored"}}, // a corner of the triangle
		{"REMOVE_PATH 0 1 3 4", outcome{kind: "ignored"}}, // not a neighbour
		{"SPAWN 0 1 2", outcome{kind: "ignored"}},         // not a triangle
		{"SPAWN 0 3 1", outcome{kind: "task"}},            // any corner order
		{"ATTACK 0 1 3 2", outcome{kind: "task"}},
		{"ATTACK 5 6 7 4", outcome{kind: "ignored"}}, // not owned
		{"CIRCLE -5 -5 -10", outcome{kind: "debug"}},
		{"RECT 0 0 -10 10", outcome{kind: "debug"}},
		{"LINE 0 0 1 99999999999", outcome{kind: "critical"}},
		{"TEXT 1 2 a b  c", outcome{kind: "debug", message: "a b  c"}},
		{"TEXT 1 2 ", outcome{kind: "critical"}},
		{"TEXT 1 2  ", outcome{kind: "debug", message: " "}}, // the regex backtracks one space
		{"TEXT 1 2 ééééééééééééééééééééééé", outcome{kind: "debug", message: strings.Repeat("é", 20)}},
		{"SPAWNS 0 1 3", outcome{kind: "critical"}},
		{"ADD_EDGE 1 0 3 4", outcome{kind: "critical"}},
	}
	for _, tt := range tests {
		if got := classify(m, tt.piece); got != tt.want {
			t.Errorf("%q: got %+v, want %+v", tt.piece, got, tt.want)
		}
	}
}

// §13.1: a line is split on ';'; empty pieces, leading and trailing ones are ignored; the
// last MSG wins; the first critical error is reported with the text quoted.
func TestParseLineSplitting(t *testing.T) {
	lo := parseLine(";;MOVE 0 1 1;;MSG one;SPAWN 0 1 3;MSG two;", false)
	var kinds []commandKind
	for _, p := range lo.pieces {
		kinds = append(kinds, p.kind)
	}
	if d := cmp.Diff([]commandKind{cmdMove, cmdSpawn}, kinds); d != "" || lo.message != "two" || lo.critical != "" {
		t.Errorf("pieces %v, message %q, critical %q (%s)", kinds, lo.message, lo.critical, d)
	}
	lo = parseLine("MOVE 0 1 1;BAD \x01;FOO", false)
	if want := `invalid command "BAD \x01": unknown command`; lo.critical != want {
		t.Errorf("critical = %q, want %q", lo.critical, want)
	}
	if len(lo.pieces) != 1 {
		t.Errorf("%d pieces kept, want the valid MOVE", len(lo.pieces))
	}
}

// An ignored command's event says which check it failed, not only that it failed.
func TestIgnoredCommandReasons(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	tests := []struct{ piece, reason string }{
		{"MOVE 0 0 1", "house 0 is both the origin and the destination"},
		{"MOVE 2 3 1", "no unit of yours on house 2 can move"},
		{"ATTACK 5 6 7 4", "triangle 5 6 7 is not yours"},
		{"ATTACK 3 2 0 1", "no unit of yours on corner 2 to pay"},
		{"ATTACK 0 1 3 4", "house 4 is neither a corner nor next to one"},
		{"ADD_PATH 0 1 3 2", "path 0-2 already exists"},
		{"ADD_PATH 0 1 3 6", "path 0-6 would be longer than 400"},
		{"ADD_PATH 1 0 3 2", "path 1-2 would cross a path"},
		{"REMOVE_PATH 0 1 3 4", "there is no path 0-4"},
		{"REMOVE_PATH 0 1 3 3", "house 3 is a corner of the triangle"},
	}
	for _, tt := range tests {
		var events []string
		if got := m.b.buildTasks(0, parseLine(tt.piece, false).pieces, &events); len(got) != 0 {
			t.Errorf("%q: accepted, want it ignored", tt.piece)
			continue
		}
		want := "can't be applied: " + tt.reason
		if len(events) != 1 || !strings.HasSuffix(events[0], want) {
			t.Errorf("%q: events %q, want one ending in %q", tt.piece, events, want)
		}
	}
}

// A piece that starts with a known keyword but does not read as its command is called by
// what it should read as; one that starts with no keyword is an unknown command. Version 2,
// still played for its replays, called both an unknown command.
func TestMisreadCommandSaysWhatItShouldRead(t *testing.T) {
	tests := []struct{ piece, want string }{
		{"MOVE 0 1 1 extra", "MOVE takes from, to and amount: MOVE from to amount (house ids unsigned whole numbers, amount a whole number)"},
		{"MOVE +1 2 1", "MOVE takes from, to and amount: MOVE from to amount (house ids unsigned whole numbers, amount a whole number)"},
		{"\tmove\t0 1", "MOVE takes from, to and amount: MOVE from to amount (house ids unsigned whole numbers, amount a whole number)"},
		{"SPAWN 0 1", "SPAWN takes a triangle's three houses: SPAWN a b c (house ids unsigned whole numbers)"},
		{"attack 0 1 2", "ATTACK takes a triangle's three houses and a target: ATTACK a b c target (house ids unsigned whole numbers)"},
		{"ADD_PATH 0 1 2 -3", "ADD_PATH takes a triangle's three houses and a target: ADD_PATH a b c target (house ids unsigned whole numbers)"},
		{"REMOVE_PATH", "REMOVE_PATH takes a triangle's three houses and a target: REMOVE_PATH a b c target (house ids unsigned whole numbers)"},
		{"CIRCLE 1.5 2 3", "CIRCLE takes three whole numbers: CIRCLE x y radius"},
		{"LINE 1 2 3", "LINE takes four whole numbers: LINE x1 y1 x2 y2"},
		{"RECT 1 2 3 4 5", "RECT takes four whole numbers: RECT x y width height"},
		{"TEXT 1 2", "TEXT takes two whole numbers and a message: TEXT x y message"},
		{"WAIT 1", "WAIT takes nothing"},
		{"FOO bar", "unknown command"},
		{"ſpawn 1 2", "unknown command"}, // the grammar ignores the case of ASCII letters only
		{"cırcle 1 2", "unknown command"},
		{"MOVE0 1 1", "unknown command"},
		{"MSG", "unknown command"},
		{" MSG hi", "unknown command"},
	}
	for _, tt := range tests {
		want := "invalid command " + protocol.Quote(tt.piece, quoteLimit) + ": " + tt.want
		if got := parseLine(tt.piece, false).critical; got != want {
			t.Errorf("%q: %q, want %q", tt.piece, got, want)
		}
		want = "invalid command " + protocol.Quote(tt.piece, quoteLimit) + ": unknown command"
		if got := parseLine(tt.piece, true).critical; got != want {
			t.Errorf("version 2, %q: %q, want %q", tt.piece, got, want)
		}
	}
	// The numbers still come first: a command that reads right but for a number out of the
	// 32-bit range says so, in both versions.
	for _, unknownForAll := range []bool{false, true} {
		if got, want := parseLine("MOVE 0 1 99999999999", unknownForAll).critical, `invalid command "MOVE 0 1 99999999999": number 99999999999 out of the 32-bit range`; got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

// The game plays version 2 for its replays, and says so.
func TestPlaysVersion2WithItsMessages(t *testing.T) {
	info := game{}.Info()
	if info.Version != "3" || !info.Plays("2") || info.Plays("1") {
		t.Fatalf("version %q, older %v: want 3, playing 2 too", info.Version, info.OlderVersions)
	}
	for _, c := range []struct{ version, want string }{
		{"", `invalid command "MOVE 0 1": MOVE takes from, to and amount: MOVE from to amount (house ids unsigned whole numbers, amount a whole number)`},
		{"3", `invalid command "MOVE 0 1": MOVE takes from, to and amount: MOVE from to amount (house ids unsigned whole numbers, amount a whole number)`},
		{"2", `invalid command "MOVE 0 1": unknown command`},
	} {
		r, err := game{}.New(referee.Config{Seed: 1, Players: 2, Version: c.version})
		if err != nil {
			t.Fatal(err)
		}
		r.(referee.TurnBased).Requests()
		r.(referee.TurnBased).Play([]referee.Answer{{Player: 0, Status: referee.StatusOK, Lines: []string{"MOVE 0 1"}}, {Player: 1, Status: referee.StatusOK, Lines: []string{"WAIT"}}})
		if got := r.Result()[0].Message; got != c.want {
			t.Errorf("version %q: %q, want %q", c.version, got, c.want)
		}
	}
}
