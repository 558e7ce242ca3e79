// Package detmath computes x to a fractional power, e to the x, the natural logarithm and
// the arctangent with the same bits on every machine.
//
// Go's math.Pow takes a fractional power through math.Exp and math.Log, which amd64
// computes in assembly and arm64 in part in Go code the compiler compiles with fused
// multiply-adds: about one result in ten differs in its last bit between the two. A game
// that shows such a number in full (agrid's harvest values, with a fractional area
// exponent D) would then differ between a Linux PC and an Apple laptop, and a replay made
// on one would not verify on the other. math.Exp itself differs in about half of its
// results (each machine has assembly of its own), math.Erf in a third and math.Atan in one
// in two thousand (Go code on both, fused only on arm64), which would make a tournament's
// statistics differ in the same way. The functions here use only additions,
// multiplications and divisions, each rounded on its own (the explicit float64 conversions
// stop the compiler from fusing them), square roots (which every machine rounds correctly)
// and exact scalings by powers of two, so they give the same bits everywhere, within two
// units in the last place of the true value.
package detmath

import "math"

// ln2Hi + ln2Lo is ln 2 to about 32 more bits than a float64 holds; ln2Hi has its low 21
// bits zero, so k*ln2Hi is exact for every exponent k a float64 can have.
const (
	ln2Hi = 6.93147180369123816490e-01
	ln2Lo = 1.90821492927058770002e-10
)

// Pow returns x**y. Whole exponents, zero, negative, infinite and NaN arguments are
// math.Pow's (its repeated squaring rounds alike on every machine); for x > 0 and a
// fractional y it is x**n × e**((y-n) ln x), n the whole number nearest y, with ln x and
// the product carried to about twice a float64's precision so that the result is within a
// unit or two in the last place.
func Pow(x, y float64) float64 {
	if !(x > 0) || math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(y) || y == math.Trunc(y) {
		return math.Pow(x, y)
	}
	n := math.Round(y)
	f := y - n // exact, |f| ≤ ½
	lnHi, lnLo := log(x)
	hi, lo := twoProduct(f, lnHi)
	return float64(math.Pow(x, n) * exp(hi, float64(lo+float64(f*lnLo))))
}

// Exp returns e**x.
func Exp(x float64) float64 {
	switch {
	case math.IsNaN(x):
		return x
	case x > 709.8: // e**709.78… is the largest float64
		return math.Inf(1)
	case x < -745.2: // below half the smallest subnormal float64
		return 0
	}
	return exp(x, 0)
}

// Log returns the natural logarithm of x.
func Log(x float64) float64 {
	switch {
	case math.IsNaN(x) || x < 0:
		return math.NaN()
	case x == 0:
		return math.Inf(-1)
	case math.IsInf(x, 1):
		return x
	}
	hi, lo := log(x)
	return hi + lo
}

// Atan returns the arctangent of x in radians. Above 1 it is π/2 − atan(1/x); above
// tan(π/8) the angle is halved once, atan u = 2 atan(u / (1 + √(1 + u²))), which leaves
// |u| ≤ 0.415 for the alternating series u − u³/3 + u⁵/5 − …, whose 25th term is below a
// float64's precision.
func Atan(x float64) float64 {
	switch {
	case math.IsNaN(x) || x == 0:
		return x // ±0 keeps its sign
	case math.IsInf(x, 0):
		return math.Copysign(math.Pi/2, x)
	}
	u := math.Abs(x)
	inverted := u > 1
	if inverted {
		u = 1 / u
	}
	halved := u > 0.41421356237309503 // tan(π/8)
	if halved {
		u = u / (1 + math.Sqrt(1+float64(u*u)))
	}
	u2 := float64(u * u)
	sum := 0.0
	for k := 24; k >= 0; k-- {
		sum = float64(1/float64(2*k+1)) - float64(u2*sum)
	}
	a := float64(u * sum)
	if halved {
		a *= 2
	}
	if inverted {
		a = math.Pi/2 - a
	}
	return math.Copysign(a, x)
}

// log is ln x for a finite x > 0 as hi + lo: x = m × 2**e with m in [√½, √2), hi = e ln2Hi
// (exact) and lo = ln m + e ln2Lo, where ln m = 2 atanh(s) = 2(s + s³/3 + s⁵/5 + …) with
// s = (m-1)/(m+1), |s| < 0.172, so that twelve terms reach a float64's precision.
func log(x float64) (hi, lo float64) {
	m, e := math.Frexp(x) // m in [½, 1)
	if m < math.Sqrt2/2 {
		m, e = m*2, e-1
	}
	s := (m - 1) / (m + 1)
	s2 := float64(s * s)
	sum := 0.0
	for k := 23; k >= 3; k -= 2 {
		sum = float64(s2 * float64(1/float64(k)+sum))
	}
	lnM := float64(2 * float64(s+float64(s*sum)))
	k := float64(e)
	return float64(k * ln2Hi), float64(lnM + float64(k*ln2Lo))
}

// exp is e**(hi+lo) for |hi| within a float64's range and |lo| tiny beside it:
// hi + lo = k ln 2 + t with |t| ≤ ½ ln 2, and e**t summed from its Taylor series, whose
// eighteenth term is below a float64's precision, innermost first: 1 + t(1 + t/2(1 + …)).
func exp(hi, lo float64) float64 {
	k := math.Round(hi / math.Ln2)
	t := float64(float64(hi-float64(k*ln2Hi))-float64(k*ln2Lo)) + lo
	p := 1.0
	for n := 18; n >= 1; n-- {
		p = 1 + float64(t*p)/float64(n)
	}
	return math.Ldexp(p, int(k))
}

// twoProduct returns a×b as p + e exactly, p the rounded product (Dekker's method: each
// factor split into two halves of 26 bits, whose products are exact).
func twoProduct(a, b float64) (p, e float64) {
	p = float64(a * b)
	ah, al := split(a)
	bh, bl := split(b)
	e = float64(float64(float64(float64(ah*bh)-p)+float64(ah*bl))+float64(al*bh)) + float64(al*bl)
	return p, e
}

func split(a float64) (hi, lo float64) {
	c := float64(134217729 * a) // 2**27 + 1
	hi = c - float64(c-a)
	return hi, a - hi
}
