package maps

import (
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
	// Format writes what Parse reads.
	if got := string(m.Format()); got != tiny6 {
		t.Errorf("Format:\n%s\nwant:\n%s", got, tiny6)
	}
}

// Spec §3.1: every loader error names the line and the reason.
func TestParseRocketsMalformed(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		reason     string
	}{
		{"empty file", "", 1, "file ends where the counts line (CityCount RoadCount BaseCount) was expected"},
		{"counts on two lines", "6 6\n2\n", 1, "the counts line (CityCount RoadCount BaseCount): 2 values, want 3"},
		{"one base short", "6 6 2\n1\n1 1 3 1 2 1\n", 2, "the base line (BaseCount = 2 BaseLocation values): 1 values, want 2"},
		{"not a number", "6 six 2\n", 1, `RoadCount: "six" is not an integer`},
		{"no cities", "0 0 1\n", 1, "CityCount is 0, want 1..10000"},
		{"too many cities", "10001 0 1\n", 1, "CityCount is 10001, want 1..10000"},
		{"more bases than cities", "2 1 3\n", 1, "BaseCount is 3, want 1..2"},
		{"too many bases", "40 39 31\n", 1, "BaseCount is 31, want 1..30"},
		{"base out of range", "6 6 2\n1 7\n", 2, "BaseLocation 2 is 7, want 1..6"},
		{"duplicate base", "6 6 2\n4 4\n", 2, "BaseLocation 2: city 4 already holds a base"},
		{"negative bonus", "6 6 2\n1 4\n1 1 -3 1 2 1\n", 3, "VisitingBonus of city 3 is -3, want 0..1000000"},
		{"missing bonus", "6 6 2\n1 4\n1 1 3 1 2\n", 3, "the bonus line (CityCount = 6 VisitingBonus values): 5 values, want 6"},
		{"one bonus short, roads follow", strings.Replace(tiny6, "1 1 3 1 2 1", "1 1 3 1 2", 1), 3, "the bonus line (CityCount = 6 VisitingBonus values): 5 values, want 6"},
		{"road end out of range", strings.Replace(tiny6, "6 5 4", "6 9 4", 1), 7, "road 4 RoadTo is 9, want 1..6"},
		{"self-loop", strings.Replace(tiny6, "6 5 4", "5 5 4", 1), 7, "road 4 joins city 5 to itself"},
		{"duplicate road", strings.Replace(tiny6, "6 5 4", "3 2 4", 1), 7, "road 4 joins cities 3 and 2 again (already joined on line 5)"},
		{"negative cost", strings.Replace(tiny6, "6 5 4", "6 5 -4", 1), 7, "road 4 BaseCost is -4, want 0..1000000"},
		{"truncated road", strings.TrimSuffix(tiny6, " 7\n"), 9, "road 6 (RoadFrom RoadTo BaseCost): 2 values, want 3"},
		{"fewer roads than announced", strings.Replace(tiny6, "6 6 2", "6 7 2", 1), 9, "file ends where road 7 (RoadFrom RoadTo BaseCost) was expected"},
		{"extra values", tiny6 + "1 2 3\n", 10, `unexpected line after the last road: "1 2 3"`},
		{"disconnected", "4 2 1\n1\n1 1 1 1\n1 2 3\n3 4 3\n", 0, "the road graph is not connected: no road path from city 1 to city 3"},
		{"binary", "6 6 \x00\xff\n", 1, `BaseCount: "\x00\xff" is not an integer`},
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
