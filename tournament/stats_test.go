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

// Reference values: Newcombe (1998), "Two-sided confidence intervals for the single
// proportion", table I, method 4 (score interval with continuity correction), to the four
// places it prints; and the interval in full for the cases a tournament meets, from the
// closed form evaluated apart (the smallest perfect records that do and do not leave 50%).
func TestWilson(t *testing.T) {
	z := zFor(0.95)
	published := []struct {
		s, n, lo, hi float64
	}{
		{81, 263, 0.2535, 0.3682},
		{15, 148, 0.0598, 0.1644},
		{0, 20, 0, 0.2005},
		{1, 29, 0.0018, 0.1963},
		{0, 10, 0, 0.3445},
	}
	for _, tc := range published {
		lo, hi := Wilson(tc.s, tc.n, z)
		if !near(lo, tc.lo, 5e-5) || !near(hi, tc.hi, 5e-5) {
			t.Errorf("Wilson(%v, %v) = [%.4f, %.4f], want [%v, %v]", tc.s, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
	tests := []struct {
		s, n, lo, hi float64
	}{
		{20, 20, 0.799546654986513, 1},
		{10, 20, 0.27853670242073214, 0.721463297579268},
		{5, 5, 0.4629439825324768, 1},
		{6, 6, 0.516817051213657, 1},
		{1.5, 2, 0.09453120573423071, 1},
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
