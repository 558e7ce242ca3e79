package queens

import (
	"math"

	"github.com/arena-games/arena/referee"
)

// vec is a point or a displacement on the field. Its arithmetic mirrors the original
// Vector2 operation by operation; every product is wrapped in float64(...) so that Go
// cannot fuse it with a following addition (Java rounds each operation separately).
type vec struct{ x, y float64 }

func (a vec) add(b vec) vec { return vec{a.x + b.x, a.y + b.y} }
func (a vec) sub(b vec) vec { return vec{a.x - b.x, a.y - b.y} }

func (a vec) scale(f float64) vec { return vec{float64(a.x * f), float64(a.y * f)} }

// lengthSq is x² + y² with two separate roundings for the products.
func (a vec) lengthSq() float64 { return float64(a.x*a.x) + float64(a.y*a.y) }

// distSq is the squared distance between two points.
func distSq(a, b vec) float64 { return a.sub(b).lengthSq() }

// dist is the Euclidean distance, used where the rules need the actual length
// (collision overlap, tower damage).
func dist(a, b vec) float64 { return math.Sqrt(distSq(a, b)) }

// within reports dist(a, b) < limit without a square root, as the original does.
func within(a, b vec, limit float64) bool { return distSq(a, b) < float64(limit*limit) }

// beyond reports dist(a, b) > limit without a square root.
func beyond(a, b vec, limit float64) bool { return distSq(a, b) > float64(limit*limit) }

// normalized returns the unit vector of a, or (1, 0) for a vector too short to have a
// direction (two entities on the same point are pushed apart along x).
func (a vec) normalized() vec {
	l2 := a.lengthSq()
	if l2 < float64(1e-6*1e-6) {
		return vec{1, 0}
	}
	l := math.Sqrt(l2)
	return vec{a.x / l, a.y / l}
}

// resized returns a vector of length l in the direction of a: divide first, then multiply.
func (a vec) resized(l float64) vec { return a.normalized().scale(l) }

// towards moves p by at most d toward t, landing exactly on t when it is closer than d.
func towards(p, t vec, d float64) vec {
	if within(p, t, d) {
		return t
	}
	return p.add(t.sub(p).resized(d))
}

// clamp keeps a point inside [lo, hiX] × [lo, hiY], each coordinate independently.
func (a vec) clamp(loX, hiX, loY, hiY float64) vec {
	switch {
	case a.x < loX:
		a.x = loX
	case a.x > hiX:
		a.x = hiX
	}
	switch {
	case a.y < loY:
		a.y = loY
	case a.y > hiY:
		a.y = hiY
	}
	return a
}

// rounded rounds both coordinates half up (Java's Math.round), as at the end of a turn.
func (a vec) rounded() vec {
	return vec{float64(referee.JavaRound(a.x)), float64(referee.JavaRound(a.y))}
}

// shown is a coordinate as players read it: rounded half up.
func shown(x float64) int { return referee.JavaRound(x) }
