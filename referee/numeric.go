package referee

import "math"

// JavaRound rounds half up, like Java's Math.round: floor(x + 0.5) computed exactly (Go's
// math.Round rounds half away from zero, which differs for negative halves).
func JavaRound(x float64) int {
	if math.IsNaN(x) {
		return 0
	}
	f := math.Floor(x)
	if x-f >= 0.5 {
		f++
	}
	return int(f)
}

// JavaTrunc converts toward zero like Java's (int) cast, with NaN giving 0 and values out of
// the int32 range saturating.
func JavaTrunc(x float64) int {
	switch {
	case math.IsNaN(x):
		return 0
	case x >= math.MaxInt32:
		return math.MaxInt32
	case x <= math.MinInt32:
		return math.MinInt32
	}
	return int(x)
}
