package queens

// neighbours tells, for each body of the collision list, which other bodies could overlap
// it: all of them but those whose anchors are so far apart that they cannot touch while
// each body stays within slack of its own anchor. The sets are bitsets over list indices,
// so walking one visits the bodies in list order, as the rules do.
//
// Why: a pass looks at about 2 000 pairs in a busy game and finds fewer than one in ten
// anywhere near each other; with the sets a pass looks at those only. A body that moves
// farther than slack from its anchor is anchored again where it is, and its row and column
// of the sets remade (one body against the others' anchors); the sets are made anew only
// when the list changes (a creep spawns or dies).
type neighbours struct {
	bodies           []*body // the list the sets were made for
	fixed            int     // and where its fixed bodies began
	gap              float64 // the extra gap they were made with
	anchorX, anchorY []float64
	rs               []float64 // the bodies' radii
	words            int       // bitset words per body
	sets             []uint64  // body i's set is sets[i*words : (i+1)*words]
	movable, still   []int     // the movable and the fixed bodies' indices by x, for making the sets
	valid            bool
}

// slack is how far a body may move from its anchor before the sets are remade. Knights,
// the fastest creeps, move 20 per sub-step.
const slack = 48

// margin keeps a pair whose distance at the anchors is within a unit of the limit: float
// rounding of the rules' own computation is far smaller.
const margin = 1

// sameList reports whether the sets were made for this list (with this gap).
func (nb *neighbours) sameList(bodies []*body, fixed int, gap float64) bool {
	if !nb.valid || len(nb.bodies) != len(bodies) || nb.fixed != fixed || nb.gap != gap {
		return false
	}
	for i, b := range bodies {
		if nb.bodies[i] != b {
			return false
		}
	}
	return true
}

// follow keeps the sets holding for the same list after its movable bodies, bodies[:fixed],
// moved to xs, ys: each that went farther than slack is anchored again, or, when many did
// (a crowd on the move), the sets are made anew, which then costs less.
func (nb *neighbours) follow(fixed int, xs, ys []float64) {
	moved := 0
	for i := range fixed {
		if !nb.near(i, xs[i], ys[i]) {
			moved++
		}
	}
	if moved > 4 {
		nb.make(nb.bodies, fixed, nb.gap, xs, ys, nb.rs)
		return
	}
	for i := range fixed {
		if !nb.near(i, xs[i], ys[i]) {
			nb.reanchor(i, xs[i], ys[i])
		}
	}
}

// reach reports whether bodies i and j, anchored at (xi, yi) and (xj, yj), could touch
// while each stays within slack of its anchor.
func (nb *neighbours) reach(i, j int, xi, yi, xj, yj float64) bool {
	limit := nb.rs[i] + nb.rs[j] + nb.gap + 2*slack + margin
	dx, dy := xj-xi, yj-yi
	return dx < limit && -dx < limit && dy < limit && -dy < limit && float64(dx*dx)+float64(dy*dy) < limit*limit
}

// reanchor anchors body i at (x, y) and remakes its row and column of the sets against the
// other bodies' anchors.
func (nb *neighbours) reanchor(i int, x, y float64) {
	nb.anchorX[i], nb.anchorY[i] = x, y
	row := nb.set(i)
	clear(row)
	w, bit := i/64, uint64(1)<<(i%64)
	n := len(nb.bodies)
	others := n
	if i >= nb.fixed {
		others = nb.fixed // pairs of two fixed bodies are left out
	}
	for j := range others {
		if j == i {
			continue
		}
		if nb.reach(i, j, x, y, nb.anchorX[j], nb.anchorY[j]) {
			row[j/64] |= 1 << (j % 64)
			nb.sets[j*nb.words+w] |= bit
		} else {
			nb.sets[j*nb.words+w] &^= bit
		}
	}
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
	nb.bodies, nb.fixed, nb.gap = append(nb.bodies[:0], bodies...), fixed, gap
	nb.anchorX = append(nb.anchorX[:0], xs...)
	nb.anchorY = append(nb.anchorY[:0], ys...)
	nb.rs = append(nb.rs[:0], rs...)
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
		if nb.reach(i, j, xs[i], ys[i], xs[j], ys[j]) {
			nb.sets[i*nb.words+j/64] |= 1 << (j % 64)
			nb.sets[j*nb.words+i/64] |= 1 << (i % 64)
		}
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
