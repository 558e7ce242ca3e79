package tournament

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/arena-games/arena/internal/detmath"
)

// SPRT is a sequential probability ratio test between two hypotheses on the Elo difference
// of the first bot over the second: H0 says it is Elo0, H1 says it is Elo1 (logistic Elo).
// Alpha is the probability of accepting H1 when H0 holds, Beta the reverse.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT reads "ELO0,ELO1[,ALPHA,BETA]" (alpha and beta default to 0.05).
func ParseSPRT(s string) (SPRT, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 && len(parts) != 4 {
		return SPRT{}, fmt.Errorf("--sprt %q: want ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA", s)
	}
	vals := make([]float64, len(parts))
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return SPRT{}, fmt.Errorf("--sprt %q: %q is not a number", s, p)
		}
		vals[i] = v
	}
	t := SPRT{Elo0: vals[0], Elo1: vals[1], Alpha: 0.05, Beta: 0.05}
	if len(vals) == 4 {
		t.Alpha, t.Beta = vals[2], vals[3]
	}
	if t.Elo0 >= t.Elo1 {
		return SPRT{}, fmt.Errorf("--sprt %q: ELO0 must be below ELO1", s)
	}
	if t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return SPRT{}, fmt.Errorf("--sprt %q: ALPHA and BETA must be between 0 and 0.5", s)
	}
	return t, nil
}

// Bounds are Wald's stopping bounds on the log-likelihood ratio: accept H0 at or below
// lower, H1 at or above upper.
func (t SPRT) Bounds() (lower, upper float64) {
	return detmath.Log(t.Beta / (1 - t.Alpha)), detmath.Log((1 - t.Beta) / t.Alpha)
}

// pentanomialPrior replaces an empty pentanomial count before the test, as fishtest's
// regularisation does, so that a bin nobody has reached yet does not make a hypothesis
// impossible. Counts that are not empty are kept as they are, so that the LLR is fishtest's
// to the last digit.
const pentanomialPrior = 1e-3

// pentanomialScores are the first bot's mean points in a unit of two games, per bin:
// lost both, lost one and drew one, won one and lost one (or drew both), …, won both.
var pentanomialScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// LLR is the generalised log-likelihood ratio of H1 over H0 for pentanomial counts (the
// number of units whose two games gave the first bot 0, ½, 1, 1½ and 2 points). Under each
// hypothesis the unit distribution is the maximum-likelihood one whose mean is the
// hypothesis' expected score; the ratio compares the data's likelihood under the two.
// Unlike the usual normal approximation it stays sane when every unit has the same result
// (a lopsided pairing): then each unit moves the ratio by about log(s1/s0), as a coin
// flip would, instead of an infinite amount.
func (t SPRT) LLR(counts [5]float64) float64 {
	return llr(counts, pentanomialPrior, ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1))
}

func llr(counts [5]float64, prior, s0, s1 float64) float64 {
	var units, n float64
	var freq [5]float64
	for i, c := range counts {
		units += c
		freq[i] = c
		if c == 0 {
			freq[i] = prior
		}
		n += freq[i]
	}
	if units == 0 {
		// No complete pair, no evidence either way (the priors alone would give a ratio
		// of a few millionths).
		return 0
	}
	for i := range freq {
		freq[i] /= n
	}
	p0 := constrainedMLE(freq, pentanomialScores, s0)
	p1 := constrainedMLE(freq, pentanomialScores, s1)
	var sum float64
	for i, f := range freq {
		if f > 0 {
			sum += float64(f * detmath.Log(p1[i]/p0[i]))
		}
	}
	return sum * n
}

// constrainedMLE maximises Σ freq·log p over distributions p on the given scores whose mean
// is s. Lagrange multipliers give p_i = freq_i / (1 + λ(x_i − s)), with λ the root of
// Σ freq_i (x_i − s) / (1 + λ(x_i − s)) = 0, a decreasing function of λ on the interval
// where every denominator stays positive; bisection finds it.
func constrainedMLE(freq, x [5]float64, s float64) [5]float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for i, xi := range x {
		if freq[i] == 0 {
			continue
		}
		d := xi - s
		switch {
		case d > 0:
			lo = math.Max(lo, -1/d)
		case d < 0:
			hi = math.Min(hi, -1/d)
		}
	}
	f := func(lambda float64) float64 {
		var sum float64
		for i, xi := range x {
			d := xi - s
			sum += float64(freq[i]*d) / (1 + float64(lambda*d))
		}
		return sum
	}
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		// Every observed score is on one side of s: no distribution on the observed scores
		// has mean s. The prior makes this unreachable; keep the data's own distribution.
		return freq
	}
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := (lo + hi) / 2
	var p [5]float64
	for i, xi := range x {
		p[i] = freq[i] / (1 + float64(lambda*(xi-s)))
	}
	return p
}

// SPRTState is where a test stands.
type SPRTState struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"` // SPRTH0, SPRTH1 or SPRTUndecided
}

// The decisions of a sequential test, as SPRTState.Decision and the JSON summary say them.
const (
	SPRTH0        = "H0"
	SPRTH1        = "H1"
	SPRTUndecided = "undecided"
)

// State evaluates the test on pentanomial counts.
func (t SPRT) State(counts [5]float64) SPRTState {
	lower, upper := t.Bounds()
	st := SPRTState{Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta, LLR: t.LLR(counts), Lower: lower, Upper: upper, Decision: SPRTUndecided}
	switch {
	case st.LLR >= upper:
		st.Decision = SPRTH1
	case st.LLR <= lower:
		st.Decision = SPRTH0
	}
	return st
}

// Describe says the state in words.
func (s SPRTState) Describe() string {
	verdict := SPRTUndecided
	switch s.Decision {
	case SPRTH1:
		verdict = fmt.Sprintf("H1 accepted: the data favour elo1 = %g over elo0 = %g", s.Elo1, s.Elo0)
	case SPRTH0:
		verdict = fmt.Sprintf("H0 accepted: the data favour elo0 = %g over elo1 = %g", s.Elo0, s.Elo1)
	}
	// The bounds, not an interval the LLR lies in: a decided test is outside them.
	return fmt.Sprintf("LLR %.2f, bounds %.2f and %.2f (elo0 %g, elo1 %g, alpha %g, beta %g): %s",
		s.LLR, s.Lower, s.Upper, s.Elo0, s.Elo1, s.Alpha, s.Beta, verdict)
}
