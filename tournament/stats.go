package tournament

import (
	"math"

	"github.com/arena-games/arena/internal/detmath"
)

// Confidence is the confidence level of every interval arena prints.
const Confidence = 0.95

// zFor is the two-sided standard normal quantile for a confidence level (1.96 for 95%).
func zFor(confidence float64) float64 {
	return normalQuantile(1 - (1-confidence)/2)
}

// EloFromScore is the logistic Elo difference that predicts an expected score s (a win
// counts 1, a draw ½): −400·log10(1/s − 1). It is ±Inf at s = 1 and s = 0.
func EloFromScore(s float64) float64 {
	switch {
	case s >= 1:
		return math.Inf(1)
	case s <= 0:
		return math.Inf(-1)
	}
	return -eloPerNeper * detmath.Log(1/s-1)
}

// eloPerNeper turns a natural logarithm of odds into Elo: 400 Elo are odds of 10 to 1.
const eloPerNeper = 400 / math.Ln10

// ScoreFromElo is the inverse of EloFromScore.
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + detmath.Pow(10, -elo/400))
}

// Wilson is the Wilson score interval with continuity correction (Newcombe 1998, method
// 4) for a proportion of successes out of n trials (a success may be fractional: a draw
// counts ½). Unlike the normal interval it stays inside [0, 1] and is not empty when every
// trial succeeded, which is exactly the lopsided case a bot tournament often produces. It
// is used where there are few trials or none that differ, and there the interval without
// the correction is too narrow: 4 wins of 4 put it above 50% ([51.0%, 100%]), which a coin
// does one time in eight; corrected it is [39.6%, 100%], and it takes 6 of 6 (one time in
// 64 for a coin's heads) to leave 50% behind.
func Wilson(successes, n, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := successes / n
	// Products added to something are rounded on their own, float64(x*y), as everywhere in
	// the statistics: Go would fuse them on arm64, and the interval would differ there.
	z2 := float64(z * z)
	spread := float64(float64(float64(4*n)*p) * (1 - p))
	den := float64(2 * (n + z2))
	centre := float64(float64(2*n)*p) + z2
	if p > 0 {
		root := math.Sqrt(math.Max(0, z2-1/n+spread+float64(4*p)-2))
		lo = math.Max(0, (centre-(float64(z*root)+1))/den)
	}
	hi = 1 // at 100% the interval ends exactly at 1: see below
	if p < 1 {
		root := math.Sqrt(math.Max(0, z2-1/n+spread-float64(4*p)+2))
		hi = math.Min(1, (centre+float64(z*root)+1)/den)
	}
	// At 0% and 100% the interval ends exactly at 0 and 1 (the formula's bound there is
	// taken as the edge, as Newcombe does), never a rounding error short of it, which the
	// Elo scale would turn into a large finite number (+6261 instead of +inf).
	return lo, hi
}

// NormalInterval is mean ± z·sd/√n, clamped to [0, 1] (means here are scores).
func NormalInterval(mean, sd, n, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	half := z * sd / math.Sqrt(n)
	return math.Max(0, mean-half), math.Min(1, mean+half)
}

// LOS is the likelihood of superiority: the probability that the bot with `wins` wins
// and `losses` losses is really the stronger one, Φ((W − L)/√(W + L)). Draws carry no
// information about which bot is stronger and do not enter. It treats games as
// independent: for seed pairs use PairLOS.
func LOS(wins, losses float64) float64 {
	if wins+losses == 0 {
		return 0.5
	}
	return normalCDF((wins - losses) / math.Sqrt(wins+losses))
}

// tFor is the two-sided quantile of Student's t with n − 1 degrees of freedom (n a whole
// number, at least 2): the multiplier of sd/√n for a mean whose sd is estimated from the
// same n samples. It is 2.26 for 10 seed pairs (the default --games 20), 12.7 for 2, and tends to zFor: with the
// normal 1.96 a 95% interval held the true score 91% of the time at 10 pairs, 80% at 3.
func tFor(confidence, n float64) float64 {
	return studentTQuantile(1-(1-confidence)/2, int(n)-1)
}

// PairLOS is the likelihood of superiority from n seed pairs whose mean score is mean and
// whose pair scores have the standard deviation sd (n a whole number, at least 2):
// T((mean − ½)·√n/sd) for Student's t with n − 1 degrees of freedom, the model of the
// pentanomial interval, so that the LOS passes 97.5% exactly when the 95% interval leaves
// 50% behind.
func PairLOS(mean, sd, n float64) float64 {
	return studentTCDF((mean-0.5)*math.Sqrt(n)/sd, int(n)-1)
}
