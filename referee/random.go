package referee

import "math/rand/v2"

// JavaRandom is a bit-exact port of java.util.Random (a 48-bit linear congruential
// generator). Games ported from CodinGame use it so that a seed gives the same map as the
// original game.
type JavaRandom struct {
	seed int64
}

const (
	javaMultiplier = 0x5DEECE66D
	javaAddend     = 0xB
	javaMask       = (int64(1) << 48) - 1
)

// NewJavaRandom seeds the generator as `new java.util.Random(seed)` does.
func NewJavaRandom(seed int64) *JavaRandom {
	return &JavaRandom{seed: (seed ^ javaMultiplier) & javaMask}
}

// Next returns the next `bits` random bits as a signed 32-bit value (Java's next(bits)).
func (r *JavaRandom) Next(bits uint) int32 {
	r.seed = (r.seed*javaMultiplier + javaAddend) & javaMask
	return int32(r.seed >> (48 - bits))
}

// NextInt32 is Java's nextInt() without bound.
func (r *JavaRandom) NextInt32() int32 { return r.Next(32) }

// NextInt is Java's nextInt(bound), uniform in [0, bound). It panics for bound ≤ 0, as Java
// throws.
func (r *JavaRandom) NextInt(bound int) int {
	if bound <= 0 {
		panic("JavaRandom.NextInt: bound must be positive")
	}
	n := int32(bound)
	if n&(-n) == n { // power of two
		return int((int64(n) * int64(r.Next(31))) >> 31)
	}
	for {
		bits := r.Next(31)
		val := bits % n
		if bits-val+(n-1) >= 0 { // int32 wrap-around: overflow means reject
			return int(val)
		}
	}
}

// NextLong is Java's nextLong().
func (r *JavaRandom) NextLong() int64 {
	hi := int64(r.Next(32))
	lo := int64(r.Next(32))
	return (hi << 32) + lo
}

// NextBoolean is Java's nextBoolean().
func (r *JavaRandom) NextBoolean() bool { return r.Next(1) != 0 }

// NextDouble is Java's nextDouble(), uniform in [0, 1).
func (r *JavaRandom) NextDouble() float64 {
	return float64((int64(r.Next(26))<<27)+int64(r.Next(27))) * (1.0 / float64(int64(1)<<53))
}

// Between returns a uniform integer in [lo, hi] (lo + nextInt(hi−lo+1)).
func (r *JavaRandom) Between(lo, hi int) int { return lo + r.NextInt(hi-lo+1) }

// NewPCG returns the generator of the games that have no original generator to reproduce
// (the Deadline24 games): math/rand/v2's PCG, seeded with (seed, stream). Each use gets its
// own documented stream number so that adding a draw in one place does not change another.
// PCG is a fixed, documented algorithm: a seed means the same world in every build.
func NewPCG(seed int64, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), stream))
}
