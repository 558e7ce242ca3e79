package triangles

import (
	"math"
	"slices"

	"github.com/arena-games/arena/referee"
)

// Map generation constants (§1, §3).
const (
	targetHouses      = 50
	placementTries    = 10000
	boxLeft, boxTop   = 80, 70
	boxWidth          = 1760
	boxHeight         = 820
	mirrorSumX        = 1919 // x + mirror x: point reflection through (959.5, 479.5)
	mirrorSumY        = 959
	minHouseD2        = 140 * 140
	maxAngleDegrees   = 160
	minTriangles      = 20
	startUnitsPerSide = 3
)

// The thinning ratio's bounds are variables, not constants, so that their difference is
// rounded like the original's double arithmetic instead of being computed exactly.
var sparseMin, sparseMax = 0.1, 0.5

// generateMap draws a map from the seed exactly as the original does (§3): houses placed in
// mirrored pairs, a greedy non-crossing network, validation with retries, thinning, and
// the start units. The returned board has no triangles computed yet.
func generateMap(seed int64) *board {
	rng := referee.NewJavaRandom(seed)
	var b *board
	var accepted [][2]int
	for {
		pos := placeHouses(rng)
		b = newBoard(pos)
		accepted = greedyNetwork(b)
		if b.countTriangles() >= minTriangles && b.twoConnected() {
			break
		}
	}
	thin(b, accepted, rng)
	placeStartUnits(b)
	return b
}

// placeHouses is §3.2 step 1.
func placeHouses(rng *referee.JavaRandom) []point {
	var pos []point
	used := map[int]bool{} // squared distances already taken
	for tries := 0; len(pos) < targetHouses && tries < placementTries; tries++ {
		a := point{boxLeft + rng.NextInt(boxWidth), boxTop + rng.NextInt(boxHeight)}
		m := point{mirrorSumX - a.x, mirrorSumY - a.y}
		if !placementOK(pos, a, m, used) {
			continue
		}
		used[d2(a, m)] = true
		for _, h := range pos {
			used[d2(h, a)] = true
		}
		pos = append(pos, a, m)
	}
	return pos
}

func placementOK(pos []point, a, m point, used map[int]bool) bool {
	for _, h := range pos {
		if d2(h, a) < minHouseD2 {
			return false
		}
	}
	if d2(a, m) < minHouseD2 || used[d2(a, m)] {
		return false
	}
	for _, h := range pos {
		if used[d2(h, a)] {
			return false
		}
	}
	return !obtuseTriple(pos, a, m)
}

// obtuseTriple reports whether adding a and m would create a triple of houses, all sides at
// most 400 long, with an angle above 160°. Only triples containing a or m can be new, so
// only those are checked; the sides are named as the original names them (by list order),
// so the floating-point results are the same.
func obtuseTriple(pos []point, a, m point) bool {
	all := append(slices.Clip(pos), a, m)
	n := len(all)
	near := func(i, j int) bool { return d2(all[i], all[j]) <= maxPathD2 }
	for _, k := range []int{n - 2, n - 1} {
		for i := 0; i < n; i++ {
			if i == k || !near(i, k) {
				continue
			}
			for j := i + 1; j < n; j++ {
				if j == k || !near(j, k) || !near(i, j) {
					continue
				}
				t := [3]int{i, j, k}
				slices.Sort(t[:])
				if angleAbove(all[t[0]], all[t[1]], all[t[2]]) {
					return true
				}
			}
		}
	}
	return false
}

// angleAbove applies the law of cosines like the original: a, b, c are the sides opposite
// the third, second and first house. A cosine outside [-1, 1] gives NaN, which compares
// false, as in Java. Explicit conversions keep the compiler from fusing operations.
func angleAbove(p1, p2, p3 point) bool {
	a := math.Sqrt(float64(d2(p1, p2)))
	b := math.Sqrt(float64(d2(p1, p3)))
	c := math.Sqrt(float64(d2(p2, p3)))
	alpha := degrees(math.Acos((float64(b*b) + float64(c*c) - float64(a*a)) / float64(2*b*c)))
	beta := degrees(math.Acos((float64(a*a) + float64(c*c) - float64(b*b)) / float64(2*a*c)))
	gamma := degrees(math.Acos((float64(a*a) + float64(b*b) - float64(c*c)) / float64(2*a*b)))
	return alpha > maxAngleDegrees || beta > maxAngleDegrees || gamma > maxAngleDegrees
}

func degrees(rad float64) float64 { return rad * (180 / math.Pi) }

// greedyNetwork is §3.2 step 2: every pair, shortest first (ties in lexicographic order),
// joined unless too long or crossing a path accepted before. It returns the accepted
// paths in acceptance order.
func greedyNetwork(b *board) [][2]int {
	n := b.size()
	pairs := make([][2]int, 0, n*(n-1)/2)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if d2(b.pos[i], b.pos[j]) <= maxPathD2 { // longer pairs are never accepted
				pairs = append(pairs, [2]int{i, j})
			}
		}
	}
	slices.SortStableFunc(pairs, func(p, q [2]int) int {
		return d2(b.pos[p[0]], b.pos[p[1]]) - d2(b.pos[q[0]], b.pos[q[1]])
	})
	var accepted [][2]int
	for _, p := range pairs {
		blocked := false
		for _, e := range accepted {
			if crosses(b.pos, p[0], p[1], e[0], e[1]) {
				blocked = true
				break
			}
		}
		if !blocked {
			accepted = append(accepted, p)
			b.link(p[0], p[1])
		}
	}
	return accepted
}

// twoConnected is the original's check: removing any single house leaves the others
// connected.
func (b *board) twoConnected() bool {
	n := b.size()
	if n < 2 {
		return false
	}
	seen := make([]bool, n)
	queue := make([]int, 0, n)
	for blocked := 0; blocked < n; blocked++ {
		start := 0
		if blocked == 0 {
			start = 1
		}
		clear(seen)
		seen[blocked], seen[start] = true, true
		queue = append(queue[:0], start)
		reached := 2
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			for _, next := range b.nbrs[cur] {
				if !seen[next] {
					seen[next] = true
					reached++
					queue = append(queue, next)
				}
			}
		}
		if reached < n {
			return false
		}
	}
	return true
}

func mirrorOf(h int) int {
	if h%2 == 0 {
		return h + 1
	}
	return h - 1
}

// thin is §3.2 step 4: remove mirrored pairs of paths at random while the map keeps 20
// triangles and stays 2-connected.
func thin(b *board, edges [][2]int, rng *referee.JavaRandom) {
	budget := int(float64(len(edges)) * (float64(rng.NextDouble()*(sparseMax-sparseMin)) + sparseMin))
	tested := map[[2]int]bool{}
	for budget > 0 {
		budget -= 2
		e := edges[rng.NextInt(len(edges))]
		if tested[e] {
			continue
		}
		partner := e // QUIRK §12.8: a missing partner is treated as the path itself
		m1, m2 := mirrorOf(e[0]), mirrorOf(e[1])
		for _, f := range edges {
			if (f[0] == m1 && f[1] == m2) || (f[0] == m2 && f[1] == m1) {
				partner = f
			}
		}
		tested[e], tested[partner] = true, true
		b.unlink(e[0], e[1])
		b.unlink(partner[0], partner[1])
		if b.countTriangles() >= minTriangles && b.twoConnected() {
			edges = slices.DeleteFunc(edges, func(f [2]int) bool { return f == e || f == partner })
		} else {
			b.link(e[0], e[1])
			b.link(partner[0], partner[1])
		}
	}
}

// placeStartUnits is §3.2 step 5: the three westmost houses (ties: lower id) get a unit of
// the first player, their mirrors a unit of the second.
func placeStartUnits(b *board) {
	order := make([]int, b.size())
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return b.pos[i].x - b.pos[j].x })
	for _, h := range order[:startUnitsPerSide] {
		b.units[h][0] = 1
		b.units[mirrorOf(h)][1] = 1
	}
}
