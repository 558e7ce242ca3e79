package queens

// neighbours tells, for each body of the collision list, which other bodies could overlap
// it: all of them but those that were so far apart, when the sets were made, that they
// cannot touch while each stays within slack of where it was then (its anchor). The sets
// are bitsets over list indices, so walking one visits the bodies in list order, as the
// rules do.
//
// Why: a pass looks at about 2 000 pairs in a busy game and finds fewer than one in ten
// anywhere near each other; with the sets a pass looks at those only, and a creep moves
// less than slack in most sub-steps, so the sets last a few passes.
type neighbours struct {
	bodies           []*body // the list the sets were made for
	fixed            int     // and where its fixed bodies began
	anchorX, anchorY []float64
	words            int      // bitset words per body
	sets             []uint64 // body i's set is sets[i*words : (i+1)*words]
	movable, still   []int    // the movable and the fixed bodies' indices by x, for making the sets
	valid            bool
}

// slack is how far a body may move from its anchor before the sets are remade. Knights,
// the fastest creeps, move 20 per sub-step.
const slack = 48

// margin keeps a pair whose distance at the anchors is within a unit of the limit: float
// rounding of the rules' own computation is far smaller.
const margin = 1

// usable reports whether the sets still hold for bodies: the same list, each body within
// slack of its anchor.
func (nb *neighbours) usable(bodies []*body, fixed int, xs, ys []float64) bool {
	if !nb.valid || len(nb.bodies) != len(bodies) || nb.fixed != fixed {
		return false
	}
	for i, b := range bodies {
		if nb.bodies[i] != b || !nb.near(i, xs[i], ys[i]) {
			return false
		}
	}
	return true
}

// near reports whether body i at (x, y) is within slack of its anchor.
func (nb *neighbours) near(i int, x, y float64) bool {
	dx, dy := x-nb.anchorX[i], y-nb.anchorY[i]
	return float64(dx*dx)+float64(dy*dy) < slack*slack
}

// make anchors every body where it is and makes the sets. The movable bodies (index <
// fixed) are swept by x against each other, then against the fixed ones, also by x; pairs
// of two fixed bodies are left out: a pass never looks at them.
func (nb *neighbours) make(bodies []*body, fixed int, gap float64, xs, ys, rs []float64) {
	n := len(bodies)
	nb.bodies, nb.fixed = append(nb.bodies[:0], bodies...), fixed
	nb.anchorX = append(nb.anchorX[:0], xs...)
	nb.anchorY = append(nb.anchorY[:0], ys...)
	nb.words = (n + 63) / 64
	nb.sets = append(nb.sets[:0], make([]uint64, n*nb.words)...)
	clear(nb.sets)
	// Both parts sorted by x, by insertion from the previous order: nearly right when the
	// list is the same, and the fixed part does not move.
	nb.movable = indices(nb.movable, 0, fixed)
	nb.still = indices(nb.still, fixed, n)
	movable, still := nb.movable, nb.still
	for _, part := range [2][]int{movable, still} {
		for a := 1; a < len(part); a++ {
			for b := a; b > 0 && xs[part[b]] < xs[part[b-1]]; b-- {
				part[b], part[b-1] = part[b-1], part[b]
			}
		}
	}
	maxMovable, maxStill := 0.0, 0.0
	for _, i := range movable {
		maxMovable = max(maxMovable, rs[i])
	}
	for _, i := range still {
		maxStill = max(maxStill, rs[i])
	}
	reach := func(i, j int) {
		limit := rs[i] + rs[j] + gap + 2*slack + margin
		dx, dy := xs[j]-xs[i], ys[j]-ys[i]
		if dx >= limit || -dx >= limit || dy >= limit || -dy >= limit || float64(dx*dx)+float64(dy*dy) >= limit*limit {
			return
		}
		nb.sets[i*nb.words+j/64] |= 1 << (j % 64)
		nb.sets[j*nb.words+i/64] |= 1 << (i % 64)
	}
	widest := 2*maxMovable + gap + 2*slack + margin
	for a, i := range movable {
		for _, j := range movable[a+1:] {
			if xs[j]-xs[i] >= widest {
				break
			}
			reach(i, j)
		}
	}
	// Against the fixed bodies: both lists go up in x, so the first fixed body in reach of
	// a movable one only moves forward.
	widest = maxMovable + maxStill + gap + 2*slack + margin
	from := 0
	for _, i := range movable {
		for from < len(still) && xs[i]-xs[still[from]] >= widest {
			from++
		}
		for _, j := range still[from:] {
			if xs[j]-xs[i] >= widest {
				break
			}
			reach(i, j)
		}
	}
	nb.valid = true
}

// indices returns the indices from lo to hi (excluded), in whatever order: order itself
// when it holds them already (it always holds a contiguous range, in some order).
func indices(order []int, lo, hi int) []int {
	if len(order) == hi-lo {
		same := true
		for _, i := range order {
			if i < lo || i >= hi {
				same = false
				break
			}
		}
		if same {
			return order
		}
	}
	order = order[:0]
	for i := lo; i < hi; i++ {
		order = append(order, i)
	}
	return order
}

// set is body i's set.
func (nb *neighbours) set(i int) []uint64 { return nb.sets[i*nb.words : (i+1)*nb.words] }
