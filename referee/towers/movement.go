package towers

// step is one soldier movement step from s toward t (§7.1): a snap to t within one step's
// length, otherwise a per-axis integer step of about 50 units, computed exactly so that it
// is the same on every machine and mirror-symmetric.
func step(s, t point) point {
	dx, dy := t.x-s.x, t.y-s.y
	d := int64(dx)*int64(dx) + int64(dy)*int64(dy)
	if d <= soldierSpeed*soldierSpeed {
		return t
	}
	return point{s.x + sign(dx)*roundRatio(int64(soldierSpeed*abs(dx)), d), s.y + sign(dy)*roundRatio(int64(soldierSpeed*abs(dy)), d)}
}

// roundRatio returns n/√d rounded to the nearest integer, ties to even, for n ≥ 0, d > 0.
// q rounds it when (2q−1)²·d ≤ 4n² ≤ (2q+1)²·d; comparing squares keeps it exact.
func roundRatio(n, d int64) int {
	n4 := 4 * n * n
	atLeast := func(q int64) bool { return (2*q-1)*(2*q-1)*d <= n4 } // n/√d ≥ q − ½
	q := int64(0)
	for atLeast(q + 1) {
		q++
	}
	if q > 0 && (2*q-1)*(2*q-1)*d == n4 && q%2 == 1 { // exactly q − ½: ties go to even
		q--
	}
	return int(q)
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// inRange reports whether two positions are within attack range (Euclidean, inclusive).
func inRange(a, b point) bool {
	dx, dy := a.x-b.x, a.y-b.y
	return dx*dx+dy*dy <= attackRange*attackRange
}
