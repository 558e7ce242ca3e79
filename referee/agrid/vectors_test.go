package agrid

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The spec's §13 test vectors, each through SCORE (a real game turn) and through the
// TEST_SCORE tool.

var tva1Map = []string{
	"...c...",
	"a....aa",
	"a....ab",
	"a....aa",
	"a......",
	"..a#...",
	".......",
}

func TestTVA1HarvestAcrossTheTorusEdge(t *testing.T) {
	afterKeep := []string{
		"...c...",
		".......",
		"......b",
		".......",
		"a......",
		"..a#...",
		".......",
	}
	afterPurge := append([]string(nil), afterKeep...)
	afterPurge[2] = "......."
	for _, tc := range []struct {
		h     string
		start [2]int
		after []string
	}{
		{"0", [2]int{5, 2}, afterKeep},
		{"0", [2]int{0, 4}, afterKeep},
		{"0", [2]int{6, 1}, afterKeep},
		{"1", [2]int{5, 2}, afterPurge},
	} {
		t.Run(fmt.Sprintf("H=%s/SCORE %d %d", tc.h, tc.start[0], tc.start[1]), func(t *testing.T) {
			f := newFixture(t, 3, with(vectorParams(), "H", tc.h), tva1Map)
			f.want(0, fmt.Sprintf("SCORE %d %d", tc.start[0], tc.start[1]), "OK")
			f.r.EndTurn()
			f.want(0, "LAST_SCORE", "OK", "2 a 43.700000 b 2.000000")
			f.want(2, "SHOW_HISTORY", "OK", "0", "0", fmt.Sprintf("1 %d %d", tc.start[0], tc.start[1]))
			if diff := cmp.Diff(tc.after, f.rows(7, 7)); diff != "" {
				t.Errorf("map after the harvest (-want +got):\n%s", diff)
			}
			if got := f.r.teams[0].score; got != f.r.last.gains[0] || fmt.Sprintf("%.6f", got) != "43.700000" {
				t.Errorf("team a score %v, want 43.7", got)
			}
		})
	}
	t.Run("TEST_SCORE", func(t *testing.T) {
		f := newFixture(t, 3, with(vectorParams(), "A", "7"), nil)
		f.want(1, "TEST_SCORE 7 5 2 ...c...a....aaa....aba....aaa........a#..........", "OK", "OK 2 a 43.700000 b 2.000000")
	})
}

func TestTVA2Errors(t *testing.T) {
	rows := append([]string(nil), tva1Map...)
	rows[5] = "a.a#..."
	f := newFixture(t, 3, vectorParams(), rows)
	f.want(0, "SCORE 5 2", "FAILED 118 too large territory")
	f.want(0, "SCORE 6 2", "FAILED 117 no marker at specified position")
	f.want(1, "SCORE 6 2", "OK")
	f.want(0, "TEST_SCORE 4 0 0 ................", "OK", "ERR 115 invalid test map size")
	f.want(1, "TEST_SCORE 7 5 2 "+flat(rows...), "OK", "ERR 118 too large territory")
	before := f.rows(7, 7)
	f.r.EndTurn()
	f.want(0, "SHOW_HISTORY", "OK", "0", "0", "1 6 2")
	f.want(0, "LAST_SCORE", "OK", "0")
	if diff := cmp.Diff(before, f.rows(7, 7)); diff != "" {
		t.Errorf("a harvest enclosing nothing changed the map (-want +got):\n%s", diff)
	}
}

// tva3Map is the seed's figure 8 (internal BLOBs) with A = seat 0 and B = seat 1.
var tva3Map = []string{
	"................",
	".bbbbbbbbbbbbb..",
	".b.aaaaaaa...b..",
	".b.abbbb.aa..b..",
	".b.ab..b.aa..b..",
	".b.abbbb.aa..b..",
	".b.aaaaaaa...b..",
	".b...........b..",
	".bbbbbbbbbbbbb..",
}

// areaOnly makes BLOBs worth their own area: D = 1, every bonus 0.
func areaOnly() map[string]string {
	return map[string]string{"D": "1", "Z": "0", "W": "0", "T": "0", "Sw": "0", "Sh": "0", "Ss": "0", "N": "0", "M": "0"}
}

func TestTVA3NestedBlobs(t *testing.T) {
	outerRing, innerRing, aPosts := 38, 10, 23
	for _, tc := range []struct {
		name       string
		h          string
		seat       int
		start      string
		gain       string
		a, b       int // markers left
		emptyAfter bool
	}{
		{"outer B H=0 (58)", "0", 1, "SCORE 1 1", "1 b 58.000000", aPosts, innerRing, false},
		{"outer B H=1 (58)", "1", 1, "SCORE 1 1", "1 b 58.000000", 0, 0, true},
		{"internal A H=0 (20)", "0", 0, "SCORE 4 2", "1 a 20.000000", 0, outerRing + innerRing, false},
		{"internal A H=1 (20)", "1", 0, "SCORE 4 2", "1 a 20.000000", 0, outerRing, false},
		{"nested B H=0 (6)", "0", 1, "SCORE 6 5", "1 b 6.000000", aPosts, outerRing, false},
		{"nested B H=1 (6)", "1", 1, "SCORE 6 5", "1 b 6.000000", aPosts, outerRing, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, 2, with(areaOnly(), "A", "32", "H", tc.h), tva3Map)
			f.want(tc.seat, tc.start, "OK")
			f.r.EndTurn()
			f.want(0, "LAST_SCORE", "OK", tc.gain)
			if got := [2]int{f.countMarkers('a'), f.countMarkers('b')}; got != [2]int{tc.a, tc.b} {
				t.Errorf("markers left (a, b) = %v, want (%d, %d)", got, tc.a, tc.b)
			}
		})
	}
	t.Run("TEST_SCORE", func(t *testing.T) {
		// The figure with the seed's own colours on the tool's largest map (21×21, spread
		// limit 10): the inner harvests work; the outer ring spreads 12 posts, more than the
		// tool allows.
		board := flat(embed(21, []string{
			"................",
			".BBBBBBBBBBBBB..",
			".B.AAAAAAA...B..",
			".B.ABBBB.AA..B..",
			".B.AB..B.AA..B..",
			".B.ABBBB.AA..B..",
			".B.AAAAAAA...B..",
			".B...........B..",
			".BBBBBBBBBBBBB..",
		}...)...)
		for _, tc := range []struct{ start, want string }{
			{"4 2", "OK 1 A 20.000000"},
			{"6 5", "OK 1 B 6.000000"},
			{"1 1", "ERR 118 too large territory"},
		} {
			f := newFixture(t, 2, with(areaOnly(), "A", "32"), nil)
			f.want(0, "TEST_SCORE 21 "+tc.start+" "+board, "OK", tc.want)
		}
	})
}

var tva4Map = []string{
	"........................",
	".aaaaa...aaaaa..........",
	".a...aaaaa...a..........",
	".aaaaa...aaaaa..........",
}

func TestTVA4BridgedBlobs(t *testing.T) {
	for _, h := range []string{"0", "1"} {
		t.Run("H="+h, func(t *testing.T) {
			f := newFixture(t, 2, with(areaOnly(), "A", "40", "Sw", "0.5", "H", h), tva4Map)
			f.want(0, "SCORE 7 2", "OK")
			f.r.EndTurn()
			f.want(0, "LAST_SCORE", "OK", "1 a 24.000000")
			want := []string{
				"........................",
				"........................",
				"......aaa...............",
				"........................",
			}
			if diff := cmp.Diff(want, f.rows(24, 4)); diff != "" {
				t.Errorf("map after (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("TEST_SCORE", func(t *testing.T) {
		f := newFixture(t, 2, with(areaOnly(), "A", "40", "Sw", "0.5"), nil)
		// The seed's figure spreads 12 posts: too large for the 21×21 tool.
		f.want(0, "TEST_SCORE 21 7 2 "+flat(embed(21, tva4Map...)...), "OK", "ERR 118 too large territory")
		f.r.EndTurn()
		// The same topology, smaller: two 2×2 BLOBs joined by a bridge, (4 + 4)·1.5 = 12.
		small := embed(21, "...........", ".aaa...aaa.", ".a.aaaaa.a.", ".aaa...aaa.")
		f.want(0, "TEST_SCORE 21 5 2 "+flat(small...), "OK", "OK 1 a 12.000000")
	})
}

func TestTVA5Lifespan(t *testing.T) {
	f := newFixture(t, 1, map[string]string{"A": "8", "F": "50", "E": "1"}, nil)
	f.place(0, 1, 3, 3)
	for f.r.turn < 4 {
		f.r.EndTurn()
	}
	f.want(0, "PUT 1 a", "OK")
	f.r.EndTurn()
	lifespanAt := func() string {
		resp := f.do(0, "SHOW_MAP")
		if len(resp) != 2+2*8 {
			t.Fatalf("turn %d: SHOW_MAP gave %q", f.r.turn, resp)
		}
		return resp[2+8+3]
	}
	if got := lifespanAt(); got != "- - - 49 - - - -" {
		t.Errorf("turn 5: lifespans row 3 = %q, want the marker at 49", got)
	}
	for f.r.turn < 54 {
		f.r.EndTurn()
	}
	if got := lifespanAt(); got != "- - - 0 - - - -" {
		t.Errorf("turn 54: lifespans row 3 = %q, want the marker at 0", got)
	}
	f.r.EndTurn()
	if got := f.countMarkers('a'); got != 0 {
		t.Errorf("after the resolution of turn 54: %d markers, want none", got)
	}
}

func TestTVA6Crowd(t *testing.T) {
	f := newFixture(t, 1, map[string]string{"A": "5", "B": "1"}, []string{"#...."})
	f.place(0, 1, 1, 1)
	f.place(0, 2, 1, 2)
	f.place(0, 3, 2, 2)
	f.place(0, 4, 2, 0)
	f.want(0, "MOVE 4 0 1", "OK")
	f.r.EndTurn()
	f.want(0, "MOVE 1 1 0", "OK")
	f.want(0, "PUT 1 a", "OK") // still alone on (1,1) this turn
	f.r.EndTurn()
	f.want(0, "PUT 1 a", "FAILED 108 cannot put in crowd")
	f.want(0, "PUT 4 a", "FAILED 108 cannot put in crowd")
	f.want(0, "DESTROY 4", "FAILED 112 cannot destroy in crowd")
	f.want(0, "PUT 2 a", "OK")
}

// TestTVA7SeedExample replays the seed's §6.10 communication record (team g is seat 7;
// the other six teams stand on the hill at (0,0), which mountain workers may do).
func TestTVA7SeedExample(t *testing.T) {
	opts := map[string]string{"A": "5", "B": "1", "D": "2", "E": "30", "F": "50", "G": "10", "H": "0",
		"Z": "0.2", "W": "0.2", "T": "0", "Sw": "0", "Sh": "1", "Ss": "1", "N": "0.03", "M": "0",
		"I": "1", "L": "20", "K": "1.039187", "turns": "3595", "idle": "895"}
	f := newFixture(t, 7, opts, []string{"#...."})
	for seat := 0; seat < 6; seat++ {
		for id := 1; id <= 4; id++ {
			f.place(seat, id, 0, 0)
		}
	}
	g := 6
	f.place(g, 1, 1, 1)
	f.place(g, 2, 1, 2)
	f.place(g, 3, 2, 2)
	f.place(g, 4, 2, 0)

	f.want(g, "DESCRIBE_WORLD", "OK", "5 1 g 2.000000 30 50 10 0 0.200000 0.200000 0.000000 0.000000 1.000000 1.000000 0.030000 0.000000 1 20 1.039187")
	f.want(g, "TIME_TO_END", "OK", "3594 895")
	f.want(g, "LIST_MY_WORKERS", "OK", "4", "1 1 1 0", "2 1 2 0", "3 2 2 0", "4 2 0 0")
	f.want(g, "MOVE 4 0 1", "OK")
	f.r.EndTurn()

	f.want(g, "LIST_MY_WORKERS", "OK", "4", "1 1 1 0", "2 1 2 0", "3 2 2 0", "4 2 1 0")
	f.want(g, "PUT 1 g", "OK")
	f.want(g, "MOVE 1 1 0", "OK")
	f.want(g, "PUT 2 g", "OK")
	f.want(g, "PUT 3 g", "OK")
	f.want(g, "PUT 4 g", "OK")
	f.r.EndTurn()

	f.want(g, "SHOW_HISTORY", "OK", "0", "4 1 1 g 1 2 g 2 2 g 2 1 g", "0")
	f.want(g, "PUT 1 g", "FAILED 108 cannot put in crowd")
	f.want(g, "SCORE 1 1", "OK")
	f.r.EndTurn()

	f.want(g, "SHOW_HISTORY", "OK", "0", "0", "1 1 1")
	f.want(g, "LAST_SCORE", "OK", "1 g 2.000000")
	if got := f.countMarkers('g'); got != 0 {
		t.Errorf("%d g markers left after the harvest, want 0", got)
	}
	f.want(g, "PUT 2 g", "OK")
	f.r.EndTurn()

	f.want(g, "SHOW_MAP", "OK", "5", "#....", ".....", ".g...", ".....", ".....",
		"- - - - -", "- - - - -", "- 49 - - -", "- - - - -", "- - - - -")
	// The seed's test map has 22 characters (an illustration); with the 25 it needs:
	f.want(g, "TEST_SCORE 5 1 1 #.....xx...xx.....abc....", "OK", "OK 1 x 2.000000")
	f.r.EndTurn()
	f.want(g, "TEST_SCORE 5 0 0 #.....xx...xx.....abc....", "OK", "ERR 117 no marker at specified position")
	if got := f.r.Result()[g].Score; fmt.Sprintf("%.6f", got) != fmt.Sprintf("%.6f", 2*1.039187) {
		t.Errorf("g's final score %v, want 2 × K", got)
	}
}

func TestTVA8IdleCountdown(t *testing.T) {
	t.Run("no PUT", func(t *testing.T) {
		f := newFixture(t, 1, map[string]string{"A": "8", "idle": "100"}, nil)
		for turn := 0; turn <= 100; turn++ {
			f.want(0, "TIME_TO_END", "OK", fmt.Sprintf("%d %d", 999-turn, 100-turn))
			if f.r.Over() {
				t.Fatalf("game over before the end of turn %d", turn)
			}
			f.r.EndTurn()
		}
		if !f.r.Over() {
			t.Errorf("game still running after turn 100 without any PUT")
		}
	})
	t.Run("PUT in turn 37", func(t *testing.T) {
		f := newFixture(t, 1, map[string]string{"A": "8", "idle": "100"}, nil)
		f.place(0, 1, 3, 3)
		for f.r.turn < 37 {
			f.r.EndTurn()
		}
		f.want(0, "TIME_TO_END", "OK", "962 63")
		f.want(0, "PUT 1 a", "OK")
		f.r.EndTurn()
		f.want(0, "TIME_TO_END", "OK", "961 100")
	})
	t.Run("season end", func(t *testing.T) {
		f := newFixture(t, 1, map[string]string{"A": "8", "turns": "3"}, nil)
		f.want(0, "TIME_TO_END", "OK", "2 100")
		f.r.EndTurn()
		f.r.EndTurn()
		f.want(0, "TIME_TO_END", "OK", "0 98")
		f.r.EndTurn()
		if !f.r.Over() {
			t.Errorf("game still running after the resolution of turn G−1")
		}
	})
}
