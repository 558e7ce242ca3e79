package tournament

import (
	"math"

	"github.com/arena-games/arena/internal/detmath"
)

// The distribution functions behind the intervals and the LOS. They are computed here
// rather than taken from a numerical library so that a results file gives the same
// statistics, to the last bit of the JSON, on every machine: Go compiles a library's
// x*y + z into one fused multiply-add on arm64 and not on amd64, and math.Exp and math.Erf
// differ between the two as well (gonum's 97.5% normal quantile itself came out one unit
// apart). Every product added to something is rounded on its own, float64(x*y), and the
// elementary functions come from detmath.

// sqrt2Pi is √(2π); a square root is correctly rounded on every machine.
var sqrt2Pi = math.Sqrt(2 * math.Pi)

// normalCDF is Φ(x), the standard normal distribution function: within 2 of zero the
// series ½ + φ(x)(x + x³/3 + x⁵/(3·5) + …), all of whose terms have x's sign; beyond, for
// the tail, Laplace's continued fraction Φ(−y) = φ(y)/(y + 1/(y + 2/(y + 3/(y + …)))),
// two hundred levels deep, which reaches a float64's precision from y = 2 on.
func normalCDF(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 2:
		return 1 - normalCDF(-x)
	case x < -2:
		y := -x
		r := 0.0
		for k := 200; k >= 1; k-- {
			r = float64(k) / (y + r)
		}
		return normalDensity(y) / (y + r)
	}
	x2 := float64(x * x)
	term, sum := x, x
	for k := 1; ; k++ {
		term = float64(term*x2) / float64(2*k+1)
		next := sum + term
		if next == sum {
			break
		}
		sum = next
	}
	return 0.5 + float64(normalDensity(x)*sum)
}

// normalDensity is φ(x) = e^(−x²/2)/√(2π).
func normalDensity(x float64) float64 {
	return detmath.Exp(-0.5*float64(x*x)) / sqrt2Pi
}

// normalQuantile is the x at which Φ(x) = p, for ½ ≤ p < 1.
func normalQuantile(p float64) float64 {
	return quantile(normalCDF, p)
}

// studentTCDF is the distribution function of Student's t with nu ≥ 1 degrees of freedom,
// from the finite series of Abramowitz and Stegun 26.7.3 and 26.7.4, which a whole number
// of degrees of freedom allows: with θ = atan(x/√ν), P(|T| < x) is
// sin θ (1 + ½cos²θ + (1·3)/(2·4)cos⁴θ + … + (1·3…(ν−3))/(2·4…(ν−2))cos^(ν−2)θ) for an even ν
// and (2/π)(θ + sin θ cos θ (1 + ⅔cos²θ + … + (2·4…(ν−3))/(3·5…(ν−2))cos^(ν−3)θ)) for an
// odd one (2θ/π for ν = 1).
func studentTCDF(x float64, nu int) float64 {
	x2 := float64(x * x)
	switch {
	case math.IsNaN(x):
		return x
	case math.IsInf(x2, 1): // x beyond 1e154: sin θ is ±1 to a float64's precision
		if x > 0 {
			return 1
		}
		return 0
	}
	d := float64(nu) + x2
	sin := x / math.Sqrt(d)
	cos2 := float64(nu) / d
	var a float64 // P(|T| < |x|), with x's sign
	if nu%2 == 0 {
		term, sum := 1.0, 1.0
		for k := 1; k < nu/2; k++ {
			term = float64(float64(term*cos2)*float64(2*k-1)) / float64(2*k)
			sum += term
		}
		a = float64(sin * sum)
	} else {
		theta := detmath.Atan(x / math.Sqrt(float64(nu)))
		term, sum := 1.0, 1.0
		for k := 1; k <= (nu-3)/2; k++ {
			term = float64(float64(term*cos2)*float64(2*k)) / float64(2*k+1)
			sum += term
		}
		if nu > 1 {
			theta += float64(float64(sin*math.Sqrt(cos2)) * sum)
		}
		a = float64(2 / math.Pi * theta)
	}
	return 0.5 + float64(0.5*a)
}

// studentTQuantile is the x at which Student's t with nu degrees of freedom reaches p, for
// ½ ≤ p < 1. Up to a thousand degrees of freedom it is found on studentTCDF, whose series
// has ν/2 terms; from there on, where those terms would make it slow and each added term
// adds rounding errors, it is Fisher's expansion in powers of 1/ν around the normal
// quantile z (Abramowitz and Stegun 26.7.5), whose first term left out is below 10⁻¹⁵
// there for p = 97.5%.
func studentTQuantile(p float64, nu int) float64 {
	if nu < 1000 {
		return quantile(func(x float64) float64 { return studentTCDF(x, nu) }, p)
	}
	z := normalQuantile(p)
	z2 := float64(z * z)
	g1 := float64(float64(z*polynomial(z2, 1, 1)) / 4) // a division by 4 is a product to the compiler
	g2 := float64(z*polynomial(z2, 3, 16, 5)) / 96
	g3 := float64(z*polynomial(z2, -15, 17, 19, 3)) / 384
	g4 := float64(z*polynomial(z2, -945, -1920, 1482, 776, 79)) / 92160
	n := float64(nu)
	return z + (g1+(g2+(g3+g4/n)/n)/n)/n
}

// polynomial is c[0] + c[1]x + c[2]x² + …, by Horner's rule with each product rounded.
func polynomial(x float64, c ...float64) float64 {
	sum := 0.0
	for i := len(c) - 1; i >= 0; i-- {
		sum = c[i] + float64(sum*x)
	}
	return sum
}

// quantile is the least float64 x ≥ 0 with cdf(x) ≥ p, for ½ ≤ p < 1 and an increasing
// cdf with cdf(0) = ½: the first power of two at or above it, then bisection down to
// neighbouring float64s.
func quantile(cdf func(float64) float64, p float64) float64 {
	lo, hi := 0.0, 1.0
	for cdf(hi) < p && hi < math.MaxFloat64/2 {
		lo, hi = hi, 2*hi
	}
	for {
		mid := lo + float64((hi-lo)/2) // a halving is a product to the compiler
		if mid == lo || mid == hi {
			return hi
		}
		if cdf(mid) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
}
