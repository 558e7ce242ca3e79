package maps

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

const tiny6 = "6 6 2\n1 4\n1 1 3 1 2 1\n1 2 4\n2 3 5\n3 6 2\n6 5 4\n5 1 3\n4 3 7\n"

func TestParseRocketsTiny6(t *testing.T) {
	m, err := ParseRockets([]byte(tiny6))
	if err != nil {
		t.Fatal(err)
	}
	want := &Rockets{
		Cities: 6,
		Bases:  []int{1, 4},
		Bonus:  []int{1, 1, 3, 1, 2, 1},
		Roads:  []RocketsRoad{{1, 2, 4}, {2, 3, 5}, {3, 6, 2}, {6, 5, 4}, {5, 1, 3}, {4, 3, 7}},
	}
	if diff := cmp.Diff(want, m, cmpopts.IgnoreUnexported(Rockets{})); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Runs of spaces and tabs separate values, CRLF line ends and blank lines are fine.
	loose := "\n" + strings.ReplaceAll(strings.ReplaceAll(tiny6, " ", " \t "), "\n", "\r\n\n")
	m2, err := ParseRockets([]byte(loose))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, m2, cmpopts.IgnoreUnexported(Rockets{})); diff != "" {
		t.Errorf("loosely spaced file (-want +got):\n%s", diff)
	}
	// Line breaks are not significant (spec §3.1): one line, one value per line, wrapped.
	for name, text := range map[string]string{
		"one line":           strings.ReplaceAll(tiny6, "\n", " "),
		"one value per line": strings.ReplaceAll(tiny6, " ", "\n"),
		"wrapped":            "6 6\n2 1\n4 1 1 3\n1 2 1 1 2\n4 2 3 5 3 6 2 6 5 4\n5 1\n3 4 3 7",
	} {
		got, err := ParseRockets([]byte(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if diff := cmp.Diff(want, got, cmpopts.IgnoreUnexported(Rockets{})); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
		}
	}
	// Format writes what Parse reads.
	if got := string(m.Format()); got != tiny6 {
		t.Errorf("Format:\n%s\nwant:\n%s", got, tiny6)
	}
}

// Spec §3.1: every loader error names the line of the offending value and the reason;
// in a file laid out in lines, a line holding the wrong number of values is named too.
// A file saved by an editor that starts it with a UTF-8 byte-order mark and ends its lines
// with CRLF reads as the plain file does.
func TestParseRocketsBOMAndCRLF(t *testing.T) {
	want, err := ParseRockets([]byte(tiny6))
	if err != nil {
		t.Fatal(err)
	}
	data := "\ufeff" + strings.ReplaceAll(tiny6, "\n", "\r\n")
	got, err := ParseRockets([]byte(data))
	if err != nil {
		t.Fatalf("BOM and CRLF: %v", err)
	}
	if !bytes.Equal(got.Format(), want.Format()) {
		t.Fatalf("BOM and CRLF: got\n%s\nwant\n%s", got.Format(), want.Format())
	}
	// A mark anywhere else is not whitespace.
	_, err = ParseRockets([]byte("6 6 2\n\ufeff1 4\n"))
	if pe, ok := err.(*ParseError); !ok || pe.Line != 2 || !strings.Contains(pe.Reason, "is not an integer") {
		t.Fatalf("mark inside the file: got %v", err)
	}
}

func TestParseRocketsMalformed(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		reason     string
	}{
		{"empty file", "", 1, "file ends where CityCount was expected"},
		{"one base short", "6 6 2\n1\n1 1 3 1 2 1\n", 3, "BaseLocation 2: city 1 already holds a base (laid out as the seed lays a map out, line 2 would hold the 2 base locations but holds 1 value)"},
		{"not a number", "6 six 2\n", 1, `RoadCount: "six" is not an integer`},
		{"no cities", "0 0 1\n", 1, "CityCount is 0, want 1..10000"},
		{"too many cities", "10001 0 1\n", 1, "CityCount is 10001, want 1..10000"},
		{"more bases than cities", "2 1 3\n", 1, "BaseCount is 3, want 1..2"},
		{"too many bases", "40 39 31\n", 1, "BaseCount is 31, want 1..30"},
		{"base out of range", "6 6 2\n1 7\n", 2, "BaseLocation 2 is 7, want 1..6"},
		{"duplicate base", "6 6 2\n4 4\n", 2, "BaseLocation 2: city 4 already holds a base"},
		{"negative bonus", "6 6 2\n1 4\n1 1 -3 1 2 1\n", 3, "VisitingBonus of city 3 is -3, want 0..1000000"},
		{"missing bonus", "6 6 2\n1 4\n1 1 3 1 2\n", 3, "file ends where VisitingBonus of city 6 was expected"},
		{"one bonus short, roads follow", strings.Replace(tiny6, "1 1 3 1 2 1", "1 1 3 1 2", 1), 9, "road 6 RoadTo is 7, want 1..6 (laid out as the seed lays a map out, line 3 would hold the 6 visiting bonuses but holds 5 values)"},
		{"road end out of range", strings.Replace(tiny6, "6 5 4", "6 9 4", 1), 7, "road 4 RoadTo is 9, want 1..6"},
		{"self-loop", strings.Replace(tiny6, "6 5 4", "5 5 4", 1), 7, "road 4 joins city 5 to itself"},
		{"duplicate road", strings.Replace(tiny6, "6 5 4", "3 2 4", 1), 7, "road 4 joins cities 3 and 2 again (already joined on line 5)"},
		{"negative cost", strings.Replace(tiny6, "6 5 4", "6 5 -4", 1), 7, "road 4 BaseCost is -4, want 0..1000000"},
		{"cost beyond 64 bits", strings.Replace(tiny6, "6 5 4", "6 5 99999999999999999999", 1), 7, `road 4 BaseCost is "99999999999999999999", want 0..1000000`},
		{"city count beyond 64 bits", "-99999999999999999999 6 2\n", 1, `CityCount is "-99999999999999999999", want 1..10000`},
		{"truncated road", strings.TrimSuffix(tiny6, " 7\n"), 9, "file ends where road 6 BaseCost was expected"},
		{"fewer roads than announced", strings.Replace(tiny6, "6 6 2", "6 7 2", 1), 9, "file ends where road 7 RoadFrom was expected"},
		{"extra values", tiny6 + "\n1 2 3\n", 11, `unexpected value after the last road: "1"`},
		{"a road short, on one line", strings.ReplaceAll(strings.Replace(tiny6, "6 6 2", "6 7 2", 1), "\n", " "), 1, "file ends where road 7 RoadFrom was expected"},
		{"disconnected", "4 2 1\n1\n1 1 1 1\n1 2 3\n3 4 3\n", 0, "the road graph is not connected: no road path from city 1 to city 3"},
		{"binary", "6 6 \x00\xff\n", 1, `BaseCount: "\x00\xff" is not an integer`},
		{"a count short on the first line", strings.Replace(tiny6, "6 6 2", "6 2", 1), 6, `unexpected value after the last road: "3" (laid out as the seed lays a map out, line 1 would hold CityCount RoadCount BaseCount but holds 2 values)`},
		{"a count too many on the first line", strings.Replace(tiny6, "6 6 2", "6 6 2 4", 1), 4, "road 1 joins city 1 to itself (laid out as the seed lays a map out, line 1 would hold CityCount RoadCount BaseCount but holds 4 values)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRockets([]byte(tc.text))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got %v, want a *ParseError", err)
			}
			if pe.Line != tc.line || pe.Reason != tc.reason {
				t.Errorf("got line %d %q, want line %d %q", pe.Line, pe.Reason, tc.line, tc.reason)
			}
		})
	}
}

func TestRocketsFitsTeams(t *testing.T) {
	m, err := ParseRockets([]byte(tiny6))
	if err != nil {
		t.Fatal(err)
	}
	if err := m.FitsTeams(2); err != nil {
		t.Errorf("2 teams on 2 bases: %v", err)
	}
	err = m.FitsTeams(3)
	if err == nil || err.Error() != "line 1: BaseCount is 2 but the game has 3 teams" {
		t.Errorf("3 teams on 2 bases: %v", err)
	}
}

func TestShippedMapsParse(t *testing.T) {
	names := Names()
	if len(names) < 4 {
		t.Fatalf("shipped maps %v: want tiny6 and small/medium/large", names)
	}
	for _, name := range names {
		data, err := Open(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.HasPrefix(name, "rockets/") {
			if _, err := ParseRockets(data); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

func TestOpen(t *testing.T) {
	full, err := Open("rockets/small.map")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"small.map", "small", "rockets/small", "maps/rockets/small.map", "./rockets/small.map"} {
		got, err := Open(name)
		if err != nil || string(got) != string(full) {
			t.Errorf("Open(%q): %v", name, err)
		}
	}
	if _, err := Open("nowhere.map"); err == nil || !strings.Contains(err.Error(), "rockets/small.map") {
		t.Errorf("Open of an unknown map: %v, want an error listing the shipped maps", err)
	}
}
