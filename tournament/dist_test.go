package tournament

import (
	"math"
	"testing"
)

// The references were computed with 40-digit arithmetic (mpmath's ncdf, and Student's t
// through the regularised incomplete beta function, its quantiles by root finding).

func TestNormalCDFIsAccurate(t *testing.T) {
	for _, c := range []struct{ x, want float64 }{
		{-37.5, 4.605353009581955e-308},
		{-20, 2.7536241186062337e-89},
		{-8, 6.220960574271784e-16},
		{-5, 2.866515718791939e-07},
		{-2.5, 0.006209665325776135},
		{-2.0000000000000004, 0.022750131948179184},
		{-2, 0.02275013194817921},
		{-1.5, 0.06680720126885807},
		{-0.3, 0.3820885778110474},
		{0, 0.5},
		{1e-05, 0.500003989422804},
		{0.7, 0.758036347776927},
		{1.959963984540054, 0.975},
		{2, 0.9772498680518208},
		{2.0000000000000004, 0.9772498680518208},
		{3.3, 0.9995165758576162},
		{6, 0.9999999990134123},
		{9, 1},
		{math.Inf(1), 1},
		{math.Inf(-1), 0},
	} {
		// Relative to the smaller tail, the one the result is computed from.
		got := normalCDF(c.x)
		if tail := math.Min(c.want, 1-c.want); math.Abs(got-c.want) > 1e-13*tail {
			t.Errorf("normalCDF(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	// Φ's own rounding near 0.975 (half a unit, 5.5e-17) is 17 times that much in x.
	if z, want := normalQuantile(0.975), 1.9599639845400543; math.Abs(z-want) > 1e-14 {
		t.Errorf("normalQuantile(0.975) = %v, want %v", z, want)
	}
}

func TestStudentTCDFIsAccurate(t *testing.T) {
	for _, c := range []struct {
		x    float64
		nu   int
		want float64
	}{
		{-3.0, 1, 0.10241638234956672},
		{0.5, 1, 0.6475836176504333},
		{40.0, 1, 0.9920439100879742},
		{-1.5, 2, 0.13619656244550055},
		{2.5, 2, 0.9351941398892446},
		{1.2, 3, 0.8418689426509474},
		{-0.01, 3, 0.496324555706426},
		{3.0, 4, 0.9800290159641406},
		{2.262, 9, 0.9749935772487727},
		{-1.8, 10, 0.05102612156733951},
		{0.4, 49, 0.65455250312555},
		{2.5, 50, 0.99212752086344},
		{-3.0, 199, 0.0015224133625530863},
		{1.96, 999, 0.974863268633095},
		{1.96, 1000, 0.9748634075221256},
		{-2.2, 1001, 0.014017398591973396},
		{3.5, 5000, 0.9997653417846337},
		{-1.1, 20000, 0.1356726808421437},
		{0, 7, 0.5},
		{1e200, 3, 1},
		{math.Inf(-1), 4, 0},
	} {
		// The ν/2 terms of the series add their rounding errors: 2.6e-14 at 20 000.
		if got := studentTCDF(c.x, c.nu); math.Abs(got-c.want) > 5e-14 {
			t.Errorf("studentTCDF(%v, %d) = %v, want %v (%.2g off)", c.x, c.nu, got, c.want, got-c.want)
		}
	}
}

// Both ways of computing the quantile, on either side of where they meet at a thousand
// degrees of freedom, within 5e-14 (the CDF's errors are 17 times that much in x).
func TestStudentTQuantileIsAccurate(t *testing.T) {
	for _, c := range []struct {
		nu   int
		want float64
	}{
		{1, 12.706204736174705},
		{2, 4.302652729749464},
		{3, 3.1824463052837095},
		{4, 2.7764451051977943},
		{5, 2.5705818356363155},
		{9, 2.2621571627982053},
		{10, 2.228138851986275},
		{30, 2.042272456301238},
		{99, 1.9842169515864174},
		{100, 1.9839715185235522},
		{500, 1.9647198374673678},
		{998, 1.9623438462163347},
		{999, 1.96234146113345},
		{1000, 1.9623390808264085},
		{1001, 1.96233670528088},
		{2000, 1.9611508260994381},
		{10000, 1.9602012398906263},
		{100000, 1.9599877075346097},
	} {
		if got := studentTQuantile(0.975, c.nu); math.Abs(got-c.want) > 5e-14*c.want {
			t.Errorf("studentTQuantile(0.975, %d) = %v, want %v (%.2g off)", c.nu, got, c.want, got-c.want)
		}
	}
}
