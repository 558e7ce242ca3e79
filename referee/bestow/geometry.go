package bestow

// vec3 is a cube position, in a piece's frame or in a space.
type vec3 struct{ x, y, z int }

// rotation is how many quarter turns to make about X, then Y, then Z, each in 0..3.
type rotation struct{ x, y, z int }

// newRotation reduces any integer counts mod 4 (−1 ≡ 3), as the commands allow any integer.
func newRotation(rx, ry, rz int64) rotation {
	return rotation{mod4(rx), mod4(ry), mod4(rz)}
}

func mod4(v int64) int { return int(((v % 4) + 4) % 4) }

// apply rotates v about the fixed frame axes in the order X, then Y, then Z (spec §5.2):
// p' = Z^z · Y^y · X^x · p, each step a counter-clockwise quarter turn seen from the
// positive end of its axis.
func (r rotation) apply(v vec3) vec3 {
	for i := 0; i < r.x; i++ {
		v = vec3{v.x, -v.z, v.y}
	}
	for i := 0; i < r.y; i++ {
		v = vec3{v.z, v.y, -v.x}
	}
	for i := 0; i < r.z; i++ {
		v = vec3{-v.y, v.x, v.z}
	}
	return v
}

// square is a cell of the shared space, with the colour it gets.
type square struct{ x, y, colour int }

// project rotates cubes and drops them along Z (spec §5.3): each column shows the cube with
// the smallest z, which gives the square its colour. The squares come out distinct, sorted
// by x then y. colours may be nil (colour 0 everywhere).
func project(cubes []vec3, colours []int, r rotation) []square {
	out := make([]square, 0, len(cubes))
	depth := make([]int, 0, len(cubes)) // z of the cube seen in out[i]
	for i, c := range cubes {
		v := r.apply(c)
		colour := 0
		if colours != nil {
			colour = colours[i]
		}
		found := false
		for j := range out {
			if out[j].x == v.x && out[j].y == v.y {
				if v.z < depth[j] {
					depth[j], out[j].colour = v.z, colour
				}
				found = true
				break
			}
		}
		if !found {
			out = append(out, square{v.x, v.y, colour})
			depth = append(depth, v.z)
		}
	}
	sortSquares(out)
	return out
}

// sortSquares orders by x then y (insertion sort: pieces have at most 20 cubes).
func sortSquares(s []square) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && (s[j].x < s[j-1].x || (s[j].x == s[j-1].x && s[j].y < s[j-1].y)); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
