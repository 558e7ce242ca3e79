package triangles

// point is a house position. Coordinates are small integers, so every geometric test is
// exact integer arithmetic (§4).
type point struct{ x, y int }

// maxPathD2 is the square of the longest allowed path (400): a path is too long when its
// squared length is strictly greater (§1).
const maxPathD2 = 400 * 400

func d2(a, b point) int {
	dx, dy := a.x-b.x, a.y-b.y
	return dx*dx + dy*dy
}

// ccw is the original's strict orientation predicate (§4.1): collinear points give false.
func ccw(a, b, c point) bool {
	return (c.y-a.y)*(b.x-a.x) > (b.y-a.y)*(c.x-a.x)
}

// crosses tells whether the candidate path e1–e2 crosses the path f1–f2 (§4.2). The
// candidate must be passed first: the test is not symmetric for degenerate segments.
func crosses(pos []point, e1, e2, f1, f2 int) bool {
	if e1 == e2 {
		return false
	}
	if e1 == f1 || e1 == f2 || e2 == f1 || e2 == f2 {
		return false
	}
	a, b, c, d := pos[e1], pos[e2], pos[f1], pos[f2]
	return ccw(a, c, d) != ccw(b, c, d) && ccw(a, b, c) != ccw(a, b, d)
}

// inside is the original's "house inside triangle" test (§4.4), with the corners in
// ascending id order: a point on a side counts when the corners run clockwise.
func inside(n, c1, c2, c3 point) bool {
	s1 := ccw(n, c1, c2)
	s2 := ccw(n, c2, c3)
	s3 := ccw(n, c3, c1)
	return s1 == s2 && s2 == s3
}
