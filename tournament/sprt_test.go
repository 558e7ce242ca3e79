package tournament

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

func TestSPRTBounds(t *testing.T) {
	tests := []struct {
		alpha, beta, lower, upper float64
	}{
		{0.05, 0.05, -2.9444389791664403, 2.9444389791664403},
		{0.05, 0.1, -2.251291798606495, 2.8903717578961645},
	}
	for _, tc := range tests {
		lo, hi := SPRT{Elo0: 0, Elo1: 5, Alpha: tc.alpha, Beta: tc.beta}.Bounds()
		if !near(lo, tc.lower, 1e-12) || !near(hi, tc.upper, 1e-12) {
			t.Errorf("bounds(%v, %v) = [%v, %v], want [%v, %v]", tc.alpha, tc.beta, lo, hi, tc.lower, tc.upper)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	got, err := ParseSPRT("0,5")
	if err != nil || got != (SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}) {
		t.Errorf("ParseSPRT(0,5) = %+v, %v", got, err)
	}
	got, err = ParseSPRT("-1.5, 3, 0.1, 0.2")
	if err != nil || got != (SPRT{Elo0: -1.5, Elo1: 3, Alpha: 0.1, Beta: 0.2}) {
		t.Errorf("ParseSPRT with alpha and beta = %+v, %v", got, err)
	}
	for _, bad := range []string{"", "5", "5,0", "0,5,0.1", "0,x", "0,5,0,0.1", "0,5,0.6,0.1"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}

// With results only in the two extreme bins and no prior, the constrained maximum-likelihood
// distributions put mass s on "won both" and 1−s on "lost both", so the ratio has a closed
// form: a·log((1−s1)/(1−s0)) + b·log(s1/s0).
func TestLLRExtremeBinsClosedForm(t *testing.T) {
	s0, s1 := ScoreFromElo(0), ScoreFromElo(20)
	for _, c := range [][2]float64{{3, 7}, {10, 2}, {1, 12}} {
		a, b := c[0], c[1]
		want := a*math.Log((1-s1)/(1-s0)) + b*math.Log(s1/s0)
		got := llr([5]float64{a, 0, 0, 0, b}, 0, s0, s1)
		if !near(got, want, 1e-9) {
			t.Errorf("llr(%v lost both, %v won both) = %v, want %v", a, b, got, want)
		}
	}
}

// For many units and hypotheses close to the observed score, the generalised ratio agrees
// with the classical normal approximation n·(s1−s0)·(2μ−s0−s1) / (2σ²).
func TestLLRMatchesNormalApproximation(t *testing.T) {
	counts := [5]float64{300, 1500, 3200, 1700, 350}
	var n, sum, sum2 float64
	for i, c := range counts {
		n += c
		sum += c * pentanomialScores[i]
		sum2 += c * pentanomialScores[i] * pentanomialScores[i]
	}
	mu := sum / n
	variance := sum2/n - mu*mu
	s0, s1 := ScoreFromElo(0), ScoreFromElo(5)
	approx := n * (s1 - s0) * (2*mu - s0 - s1) / (2 * variance)
	got := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.LLR(counts)
	if math.Abs(got-approx) > 0.01*math.Abs(approx) {
		t.Errorf("LLR = %v, normal approximation %v", got, approx)
	}
	// The same value from an independent solver (bisection on the multiplier, as in
	// fishtest's LLR_logistic).
	if !near(got, 6.947692462687503, 1e-9) {
		t.Errorf("LLR = %v, want 6.947692462687503", got)
	}
}

// Empty bins are regularised as fishtest does, by 10⁻³ in place of the empty count, the
// others kept: the LLR is fishtest's LLR_logistic (values from an independent
// implementation of it). With 10⁻³ added to every bin it was 4.25516 instead of 4.25525.
func TestLLRRegularisesLikeFishtest(t *testing.T) {
	tests := []struct {
		counts     [5]float64
		elo0, elo1 float64
		want       float64
	}{
		{[5]float64{0, 0, 6, 0, 144}, 0, 10, 4.255249074030601},
		{[5]float64{52, 68, 181, 57, 42}, 0, 10, -1.9427533250684712},
	}
	for _, tc := range tests {
		got := SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.05}.LLR(tc.counts)
		if !near(got, tc.want, 1e-6) {
			t.Errorf("LLR%v = %.9f, want %.9f", tc.counts, got, tc.want)
		}
	}
	if got := (SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}).LLR([5]float64{}); got != 0 {
		t.Errorf("LLR of no pair = %v, want 0", got)
	}
}

func TestLLRSymmetry(t *testing.T) {
	// Data whose score sits exactly between the hypotheses favours neither.
	s0, s1 := ScoreFromElo(-10), ScoreFromElo(10)
	counts := [5]float64{10, 20, 40, 20, 10}
	if got := llr(counts, 0, s0, s1); !near(got, 0, 1e-9) {
		t.Errorf("llr of a centred sample = %v, want 0", got)
	}
	// Mirrored data gives the mirrored ratio.
	a := llr([5]float64{1, 4, 9, 7, 3}, 0, s0, s1)
	b := llr([5]float64{3, 7, 9, 4, 1}, 0, s0, s1)
	if !near(a, -b, 1e-9) {
		t.Errorf("mirror: %v vs %v", a, b)
	}
}

func TestSPRTLopsidedDecidesLikeACoin(t *testing.T) {
	// Every unit won twice: each moves the ratio by about log(s1/s0).
	test := SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	step := math.Log(ScoreFromElo(50) / ScoreFromElo(0))
	for _, n := range []float64{1, 5, 20} {
		got := test.LLR([5]float64{0, 0, 0, 0, n})
		if math.Abs(got-n*step) > 0.05*n*step+0.05 {
			t.Errorf("%v won units: LLR %v, want about %v", n, got, n*step)
		}
	}
	if st := test.State([5]float64{0, 0, 0, 0, 30}); st.Decision != "H1" {
		t.Errorf("30 won units: %+v, want H1", st)
	}
	if st := test.State([5]float64{30, 0, 0, 0, 0}); st.Decision != "H0" {
		t.Errorf("30 lost units: %+v, want H0", st)
	}
	if st := test.State([5]float64{0, 0, 1, 0, 1}); st.Decision != "undecided" {
		t.Errorf("2 units: %+v, want undecided", st)
	}
}

func TestSPRTDescribeNamesTheBounds(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lower, upper := test.Bounds()
	for _, c := range []struct {
		llr  float64
		want string
	}{
		{upper + 0.01, "LLR 2.95, bounds -2.94 and 2.94 (elo0 0, elo1 10, alpha 0.05, beta 0.05): H1 accepted: the data favour elo1 = 10 over elo0 = 0"},
		{0.5, "LLR 0.50, bounds -2.94 and 2.94 (elo0 0, elo1 10, alpha 0.05, beta 0.05): undecided"},
		{lower - 1, "LLR -3.94, bounds -2.94 and 2.94 (elo0 0, elo1 10, alpha 0.05, beta 0.05): H0 accepted: the data favour elo0 = 0 over elo1 = 10"},
	} {
		st := SPRTState{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, LLR: c.llr, Lower: lower, Upper: upper, Decision: "undecided"}
		switch {
		case c.llr >= upper:
			st.Decision = "H1"
		case c.llr <= lower:
			st.Decision = "H0"
		}
		if got := st.Describe(); got != c.want {
			t.Errorf("LLR %g:\n got %s\nwant %s", c.llr, got, c.want)
		}
	}
}

// The JSON summary says the test's decision in the table's words: "H0", "H1" or
// "undecided", never an empty string a program would have to know the meaning of.
func TestSPRTDecisionInJSON(t *testing.T) {
	test := &SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	for _, c := range []struct {
		units [][2]float64
		want  string
	}{
		{repeatUnit(3, [2]float64{1, 0}), "undecided"},
		{repeatUnit(30, [2]float64{1, 1}), "H1"},
		{repeatUnit(30, [2]float64{0, 0}), "H0"},
	} {
		var js bytes.Buffer
		if err := WriteSummary(&js, Summarize("queens", []string{"A", "B"}, seedPairs(c.units...), test), "json"); err != nil {
			t.Fatal(err)
		}
		var s struct {
			Pair struct {
				SPRT struct {
					Decision json.RawMessage `json:"decision"`
				} `json:"sprt"`
			} `json:"pair"`
		}
		if err := json.Unmarshal(js.Bytes(), &s); err != nil {
			t.Fatal(err)
		}
		if d := string(s.Pair.SPRT.Decision); d != `"`+c.want+`"` {
			t.Errorf("%d units of %v: decision %s, want %q", len(c.units), c.units[0], d, c.want)
		}
	}
}
