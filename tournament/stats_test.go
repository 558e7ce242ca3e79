package tournament

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

func near(a, b, tol float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= tol
}

func TestZFor95(t *testing.T) {
	if z := zFor(0.95); !near(z, 1.959963984540054, 1e-12) {
		t.Errorf("z(95%%) = %v", z)
	}
}

// Reference values: the Wilson example on Wikipedia's "Binomial proportion confidence
// interval" page (81 of 263) and the edge cases that make the normal interval useless.
func TestWilson(t *testing.T) {
	z := zFor(0.95)
	tests := []struct {
		s, n, lo, hi float64
	}{
		{81, 263, 0.2552885198782743, 0.3662095769828001},
		{20, 20, 0.8388748419471808, 1},
		{10, 20, 0.29929800819821234, 0.7007019918017876},
		{19, 20, 0.763868806553258, 0.9911185511992047},
		{0, 0, 0, 1},
	}
	for _, tc := range tests {
		lo, hi := Wilson(tc.s, tc.n, z)
		if !near(lo, tc.lo, 1e-12) || !near(hi, tc.hi, 1e-12) {
			t.Errorf("Wilson(%v, %v) = [%v, %v], want [%v, %v]", tc.s, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// A perfect record's interval reaches 0% or 100% exactly, so that its Elo bound is infinite
// rather than a rounding error's thousands of points (40 of 40 printed [+407, +6261]).
func TestWilsonPerfectRecordReachesTheEdge(t *testing.T) {
	z := zFor(Confidence)
	for n := 1.0; n <= 1000; n++ {
		if _, hi := Wilson(n, n, z); hi != 1 || !math.IsInf(EloFromScore(hi), 1) {
			t.Fatalf("Wilson(%v, %v): upper bound %v (Elo %v), want exactly 1 (+inf)", n, n, hi, EloFromScore(hi))
		}
		if lo, _ := Wilson(0, n, z); lo != 0 || !math.IsInf(EloFromScore(lo), -1) {
			t.Fatalf("Wilson(0, %v): lower bound %v (Elo %v), want exactly 0 (-inf)", n, lo, EloFromScore(lo))
		}
	}
}

func TestNormalInterval(t *testing.T) {
	lo, hi := NormalInterval(0.6, 0.2, 100, 1.96)
	if !near(lo, 0.6-0.0392, 1e-12) || !near(hi, 0.6+0.0392, 1e-12) {
		t.Errorf("got [%v, %v]", lo, hi)
	}
	if lo, hi := NormalInterval(0.99, 0.5, 4, 1.96); hi != 1 || !near(lo, 0.5, 1e-12) {
		t.Errorf("clamping: got [%v, %v]", lo, hi)
	}
}

// A rating that rounds to zero prints as +0, never -0.
func TestFormatEloZero(t *testing.T) {
	for _, e := range []float64{-0.4, 0, 0.4} {
		if got := formatElo(e); got != "+0" {
			t.Errorf("formatElo(%v) = %q, want +0", e, got)
		}
	}
	if got := formatElo(-0.6); got != "-1" {
		t.Errorf("formatElo(-0.6) = %q, want -1", got)
	}
}

func TestEloFromScore(t *testing.T) {
	tests := []struct{ s, elo float64 }{
		{0.5, 0},
		{0.75, 190.848501887865},
		{0.6, 70.43650362227247},
		{0.25, -190.848501887865},
		{1, math.Inf(1)},
		{0, math.Inf(-1)},
	}
	for _, tc := range tests {
		if got := EloFromScore(tc.s); !near(got, tc.elo, 1e-9) {
			t.Errorf("EloFromScore(%v) = %v, want %v", tc.s, got, tc.elo)
		}
		if !math.IsInf(tc.elo, 0) {
			if back := ScoreFromElo(tc.elo); !near(back, tc.s, 1e-12) {
				t.Errorf("ScoreFromElo(%v) = %v, want %v", tc.elo, back, tc.s)
			}
		}
	}
}

// LOS = Φ((W−L)/√(W+L)), the formula of the chess programming wiki.
func TestLOS(t *testing.T) {
	tests := []struct{ w, l, los float64 }{
		{10, 5, 0.9016471987705266},
		{2, 5, 0.12841962897892834},
		{7, 7, 0.5},
		{0, 0, 0.5},
	}
	for _, tc := range tests {
		if got := LOS(tc.w, tc.l); !near(got, tc.los, 1e-12) {
			t.Errorf("LOS(%v, %v) = %v, want %v", tc.w, tc.l, got, tc.los)
		}
	}
}

// A report over no games says so, and its JSON lists no bots as an empty list, not null.
func TestReportOfNoGames(t *testing.T) {
	s := Summarize("", nil, nil, nil)
	var table, js bytes.Buffer
	if err := WriteSummary(&table, s, "table"); err != nil {
		t.Fatal(err)
	}
	if table.String() != "no games recorded\n" {
		t.Errorf("table: %q", table.String())
	}
	// Bots known (a tournament stopped before its first game ended), but no games: no
	// table of zeros either.
	table.Reset()
	if err := WriteSummary(&table, Summarize("agrid", []string{"a", "b"}, nil, nil), "table"); err != nil {
		t.Fatal(err)
	}
	if table.String() != "agrid: no games recorded\n" {
		t.Errorf("table of two bots and no games: %q", table.String())
	}
	if err := WriteSummary(&js, s, "json"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"bots": []`) {
		t.Errorf("json: %s", js.String())
	}
}
