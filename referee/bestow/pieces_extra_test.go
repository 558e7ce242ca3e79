package bestow

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// isFlatSquare reports whether four cubes form a 2×2 square (in any plane).
func isFlatSquare(cubes []vec3) bool {
	lo, hi := cubes[0], cubes[0]
	for _, c := range cubes {
		lo = vec3{min(lo.x, c.x), min(lo.y, c.y), min(lo.z, c.z)}
		hi = vec3{max(hi.x, c.x), max(hi.y, c.y), max(hi.z, c.z)}
	}
	dx, dy, dz := hi.x-lo.x, hi.y-lo.y, hi.z-lo.z
	return dx+dy+dz == 2 && max(dx, dy, dz) == 1
}

// squareProbability is the exact probability that spec §3 step 2, grown from cubes up to
// size cubes with weights (face neighbours in the piece)^alpha and the given extent, ends
// with a 2×2 square (size 4). It enumerates every growth path.
func squareProbability(cubes []vec3, size int, alpha float64, extent int) float64 {
	if len(cubes) == size {
		if isFlatSquare(cubes) {
			return 1
		}
		return 0
	}
	in := map[vec3]bool{}
	lo, hi := cubes[0], cubes[0]
	for _, c := range cubes {
		in[c] = true
		lo = vec3{min(lo.x, c.x), min(lo.y, c.y), min(lo.z, c.z)}
		hi = vec3{max(hi.x, c.x), max(hi.y, c.y), max(hi.z, c.z)}
	}
	steps := []vec3{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}
	var cand []vec3
	var weights []float64
	listed := map[vec3]bool{}
	total := 0.0
	for _, c := range cubes {
		for _, s := range steps {
			n := vec3{c.x + s.x, c.y + s.y, c.z + s.z}
			if in[n] || listed[n] ||
				max(hi.x, n.x)-min(lo.x, n.x) >= extent || max(hi.y, n.y)-min(lo.y, n.y) >= extent || max(hi.z, n.z)-min(lo.z, n.z) >= extent {
				continue
			}
			listed[n] = true
			k := 0
			for _, s2 := range steps {
				if in[vec3{n.x + s2.x, n.y + s2.y, n.z + s2.z}] {
					k++
				}
			}
			w := math.Pow(float64(k), alpha)
			cand = append(cand, n)
			weights = append(weights, w)
			total += w
		}
	}
	p := 0.0
	for i, n := range cand {
		next := append(append([]vec3(nil), cubes...), n)
		p += weights[i] / total * squareProbability(next, size, alpha, extent)
	}
	return p
}

// Spec §3 step 2: a candidate cube weighs (its face neighbours already in the piece)^alpha
// and one weighted draw picks it. Over 30 000 generated 4-cube pieces per alpha, the share
// of 2×2 squares must match the exact probability of that growth process.
func TestSpec3_GrowthWeightsGiveTheExactSquareShare(t *testing.T) {
	for _, a := range []string{"0", "1", "3", "5"} {
		p, err := parseParams(map[string]string{"pieces": "1000", "minCubes": "4", "maxCubes": "4", "flat": "0", "alpha": a, "extent": "5"})
		if err != nil {
			t.Fatal(err)
		}
		squares, total := 0, 0
		for seed := int64(1); seed <= 30; seed++ {
			for _, pc := range generatePieces(seed, p) {
				total++
				if isFlatSquare(pc.cubes) {
					squares++
				}
			}
		}
		got, want := float64(squares)/float64(total), squareProbability([]vec3{{}}, 4, p.Alpha, 5)
		if math.Abs(got-want) > 0.015 {
			t.Errorf("alpha %s: 2×2 squares %.4f of the pieces, exact probability %.4f", a, got, want)
		}
	}
}

// Spec §3 step 3: k = 1 colour (u < 0.50), 2 (u < 0.85) or 3; with every piece at least 3
// cubes and C = 16, min(k, n, C) = k. Step 4: the effort P_e is uniform in 1..5.
func TestSpec3_ColourCountAndEffortDistribution(t *testing.T) {
	p, err := parseParams(map[string]string{"pieces": "1000", "minCubes": "3", "maxCubes": "8", "C": "16"})
	if err != nil {
		t.Fatal(err)
	}
	ks, eff := map[int]int{}, map[int]int{}
	total := 0
	for seed := int64(1); seed <= 20; seed++ {
		for _, pc := range generatePieces(seed, p) {
			total++
			d := map[int]bool{}
			for _, c := range pc.colours {
				d[c] = true
			}
			ks[len(d)]++
			eff[pc.effort]++
		}
	}
	for k, want := range map[int]float64{1: 0.50, 2: 0.35, 3: 0.15} {
		if got := float64(ks[k]) / float64(total); math.Abs(got-want) > 0.02 {
			t.Errorf("k=%d colours: %.4f of the pieces, want %.2f", k, got, want)
		}
	}
	for e := 1; e <= 5; e++ {
		if got := float64(eff[e]) / float64(total); math.Abs(got-0.2) > 0.02 {
			t.Errorf("effort %d: %.4f of the pieces, want 0.2", e, got)
		}
	}
}

// Spec §3: "all coordinates lie in [−9, 9]", on every axis, even with the widest extent
// and the largest pieces.
func TestSpec3_CoordinatesWithinNineOnEveryAxis(t *testing.T) {
	p, err := parseParams(map[string]string{"variant": "wicked", "extent": "10", "minCubes": "20", "maxCubes": "20"})
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(1); seed <= 5; seed++ {
		for _, pc := range generatePieces(seed, p) {
			for _, c := range pc.cubes {
				if c.x < -9 || c.x > 9 || c.y < -9 || c.y > 9 || c.z < -9 || c.z > 9 {
					t.Fatalf("seed %d piece %d: cube %v outside [-9, 9]", seed, pc.id, c)
				}
			}
		}
	}
}

// TV-B7 (spec §13) through the scoring of the end of turn, from its components: A has
// S_mp 1075 and one cube with I = 1.41 (D = 1, S_mo = floor(1075·1.41) = 1515) and
// S_ms = 25 (colour 1 at ×1 on three 2×2 areas and one single square: 3·4^1.5 + 1);
// B has S_mp 1294 and nothing else. S_mc = S_mo + S_ms·H = 1540 against 1294: per-turn
// victory points 100.000000 and 84.025974 (§7), final 300 and 84.025974 (§11).
func TestSpec13_TVB7_FromScoreComponents(t *testing.T) {
	r := newRef(t, map[string]string{"I": "1.41", "H": "1", "Ae": "1.5", "C": "5"})
	a, b := &r.live.players[0], &r.live.players[1]
	a.profit, a.cash = 1075, 341
	fill(r, 0, vec3{5, 5, 5})
	a.mult[1] = 1
	b.profit, b.cash = 1294, 124
	bs := r.p.Bs
	for _, o := range [][2]int{{0, 0}, {5, 0}, {10, 0}} {
		for _, d := range [][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
			r.live.shared[(o[1]+d[1])*bs+o[0]+d[0]] = 1
		}
	}
	r.live.shared[20*bs+20] = 1
	r.live.acted = true
	r.live.players[0].bought = true
	r.sync()
	r.EndTurn()
	want := []string{"OK", "100.000000 1515 25 1416 1075 0 1 0 0 0 0 0 0", "84.025974 1294 0 1418 1294 0 0 0 0 0 0 0 0", "Me"}
	if got := send(r, 0, "GET_MATCH_INFO"); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("GET_MATCH_INFO %q, want %q", got, want)
	}
	if c := r.snap.players[0].combined; c != 1540 {
		t.Errorf("S_mc A = %v, want 1540", c)
	}
	r.live.over = true
	r.sync()
	res := r.Result()
	if got := fmt.Sprintf("%.6f %.6f", res[0].Score, res[1].Score); got != "300.000000 84.025974" {
		t.Errorf("final %s, want 300.000000 84.025974", got)
	}
}
