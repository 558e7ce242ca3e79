package agrid

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// modelPt is a post or a field in unwrapped coordinates.
type modelPt struct{ x, y int }

// modelHarvest follows spec §6 step by step, with maps of unwrapped points, sharing
// nothing with the referee's harvest beyond the scoring parameters, isMarker, hill and mod: it
// returns the harvest total S_t, the compensation S_e per other colour, the sorted torus
// posts whose markers are removed, and the error code (0, 117 or 118).
func modelHarvest(A int, m []byte, sx, sy int, sc scoring) (total float64, comp map[byte]float64, removed []int, code int) {
	c := m[sy*A+sx]
	if !isMarker(c) { // step 1
		return 0, nil, nil, 117
	}
	at := func(x, y int) byte { return m[mod(y, A)*A+mod(x, A)] }
	lim := (A - 1) / 2
	// Step 2: the component S, in unwrapped coordinates.
	un := map[int]modelPt{}
	S := map[modelPt]bool{}
	un[sy*A+sx] = modelPt{sx, sy}
	S[modelPt{sx, sy}] = true
	q := []modelPt{{sx, sy}}
	for len(q) > 0 {
		p := q[0]
		q = q[1:]
		for _, d := range []modelPt{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			n := modelPt{p.x + d.x, p.y + d.y}
			if at(n.x, n.y) != c {
				continue
			}
			k := mod(n.y, A)*A + mod(n.x, A)
			if o, ok := un[k]; ok {
				if o != n {
					return 0, nil, nil, 118
				}
				continue
			}
			un[k] = n
			S[n] = true
			q = append(q, n)
		}
	}
	minx, maxx, miny, maxy := 1<<30, -(1 << 30), 1<<30, -(1 << 30)
	for p := range S {
		minx, maxx = min(minx, p.x), max(maxx, p.x)
		miny, maxy = min(miny, p.y), max(maxy, p.y)
	}
	if maxx-minx > lim || maxy-miny > lim {
		return 0, nil, nil, 118
	}
	inWin := func(f modelPt) bool { return f.x >= minx-1 && f.x <= maxx && f.y >= miny-1 && f.y <= maxy }
	// flood reaches the window's fields from its border; a step between two fields is
	// forbidden when both posts of the segment they share are barriers (spec §6 step 3).
	flood := func(bar func(modelPt) bool) map[modelPt]bool {
		r := map[modelPt]bool{}
		var fq []modelPt
		for x := minx - 1; x <= maxx; x++ {
			for y := miny - 1; y <= maxy; y++ {
				if x == minx-1 || x == maxx || y == miny-1 || y == maxy {
					r[modelPt{x, y}] = true
					fq = append(fq, modelPt{x, y})
				}
			}
		}
		for len(fq) > 0 {
			f := fq[0]
			fq = fq[1:]
			type mv struct {
				to   modelPt
				a, b modelPt
			}
			for _, m := range []mv{
				{modelPt{f.x + 1, f.y}, modelPt{f.x + 1, f.y}, modelPt{f.x + 1, f.y + 1}},
				{modelPt{f.x - 1, f.y}, modelPt{f.x, f.y}, modelPt{f.x, f.y + 1}},
				{modelPt{f.x, f.y + 1}, modelPt{f.x, f.y + 1}, modelPt{f.x + 1, f.y + 1}},
				{modelPt{f.x, f.y - 1}, modelPt{f.x, f.y}, modelPt{f.x + 1, f.y}},
			} {
				if !inWin(m.to) || r[m.to] || (bar(m.a) && bar(m.b)) {
					continue
				}
				r[m.to] = true
				fq = append(fq, m.to)
			}
		}
		return r
	}
	// Step 3: the enclosed fields; step 4: the BLOBs, 4-connected, ignoring fences.
	reach := flood(func(p modelPt) bool { return S[p] })
	enc := map[modelPt]bool{}
	for x := minx - 1; x <= maxx; x++ {
		for y := miny - 1; y <= maxy; y++ {
			if !reach[modelPt{x, y}] {
				enc[modelPt{x, y}] = true
			}
		}
	}
	seen := map[modelPt]bool{}
	var blobs [][]modelPt
	keys := make([]modelPt, 0, len(enc))
	for f := range enc {
		keys = append(keys, f)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].y < keys[j].y || keys[i].y == keys[j].y && keys[i].x < keys[j].x })
	for _, f := range keys {
		if seen[f] {
			continue
		}
		seen[f] = true
		g := []modelPt{f}
		for i := 0; i < len(g); i++ {
			for _, d := range []modelPt{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				n := modelPt{g[i].x + d.x, g[i].y + d.y}
				if enc[n] && !seen[n] {
					seen[n] = true
					g = append(g, n)
				}
			}
		}
		blobs = append(blobs, g)
	}
	// Step 5: each BLOB's inside, delin, competing enclosures, markers and bonuses.
	comp = map[byte]float64{}
	rem := map[int]bool{} // step 7: the posts whose markers go
	sum := 0.0
	nOpp := 0
	qc := map[int]int{}
	for _, b := range blobs {
		inb := map[modelPt]bool{}
		for _, f := range b {
			inb[f] = true
		}
		var inside []modelPt
		ins := map[modelPt]bool{}
		for _, f := range b {
			for _, p := range []modelPt{f, {f.x + 1, f.y}, {f.x, f.y + 1}, {f.x + 1, f.y + 1}} {
				if S[p] {
					rem[mod(p.y, A)*A+mod(p.x, A)] = true
				}
				if !ins[p] && inb[modelPt{p.x - 1, p.y - 1}] && inb[modelPt{p.x, p.y - 1}] && inb[modelPt{p.x - 1, p.y}] && inb[p] {
					ins[p] = true
					inside = append(inside, p)
				}
			}
		}
		own, opp := 0, 0
		cols := map[byte]int{}
		nonHill, cov := 0, 0
		for _, p := range inside {
			v := at(p.x, p.y)
			if v != hill {
				nonHill++
				if isMarker(v) {
					cov++
				}
			}
			if v == c && !S[p] {
				own++
			}
			if isMarker(v) && v != c {
				opp++
				cols[v]++
			}
			if sc.purge && isMarker(v) {
				rem[mod(p.y, A)*A+mod(p.x, A)] = true
			}
		}
		X := map[modelPt]bool{}
		for col := range cols {
			r2 := flood(func(p modelPt) bool { return ins[p] && at(p.x, p.y) == col })
			for _, f := range b {
				if !r2[f] {
					X[f] = true
				}
			}
		}
		Q := len(b) - len(X)
		bonus := 1.0
		if opp > own {
			bonus += sc.Z
			if len(cols) >= 2 {
				bonus += sc.W
			}
		}
		if nonHill > 0 && cov == nonHill {
			bonus += sc.T
		}
		bx0, bx1, by0, by1 := 1<<30, -(1 << 30), 1<<30, -(1 << 30)
		for _, f := range b {
			bx0, bx1 = min(bx0, f.x), max(bx1, f.x)
			by0, by1 = min(by0, f.y), max(by1, f.y)
		}
		if k := bx1 - bx0 + 1; k == by1-by0+1 && k*k == len(b) {
			bonus += sc.Ss
		}
		if Q > 0 {
			sum += math.Pow(float64(Q), sc.D) * bonus
			qc[Q]++
		}
		nOpp += opp
		for col, k := range cols {
			comp[col] += float64(k) * sc.M
		}
	}
	// Step 6: the w and h multipliers over the BLOBs with Q ≥ 1, and the total.
	mult := 1.0
	w, h := false, false
	for _, k := range qc {
		w = w || k >= 2
		h = h || k >= 3
	}
	if w {
		mult += sc.Sw
	}
	if h {
		mult += sc.Sh
	}
	total = sum*mult + float64(nOpp)*sc.N
	for k := range rem {
		removed = append(removed, k)
	}
	sort.Ints(removed)
	return total, comp, removed, 0
}

// harvestModelMaps is how many random torus maps TestHarvestMatchesModel compares. 20 000
// maps give a few thousand valid harvests with BLOBs (chords, nested and competing loops,
// opponents inside, H = 0 and 1) besides the 117 and 118 errors, in well under a second.
const harvestModelMaps = 20000

// TestHarvestMatchesModel compares harvester.harvest with modelHarvest, an independent
// reading of spec §6 (steps 1–7), on random torus maps of size 5..21 drawn with
// rectangles of fences, chords and scattered markers: the error code, the total S_t, the
// compensations and the removed posts must all agree.
func TestHarvestMatchesModel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	sc := scoring{D: 1.5, Z: 0.2, W: 0.3, T: 0.5, Sw: 0.5, Sh: 1, Ss: 1, N: 0.5, M: 2, purge: true}
	var h harvester
	bad := 0
	kinds := map[string]int{} // what the maps exercised
	for iter := 0; iter < harvestModelMaps && bad < 5; iter++ {
		A := 5 + r.IntN(17)
		m := make([]byte, A*A)
		for i := range m {
			m[i] = '.'
			if r.IntN(30) == 0 {
				m[i] = "abc#"[r.IntN(4)]
			}
		}
		rect := func(col byte) {
			x0, y0 := r.IntN(A), r.IntN(A)
			w, hh := 1+r.IntN(A/2), 1+r.IntN(A/2)
			for x := 0; x <= w; x++ {
				m[mod(y0, A)*A+mod(x0+x, A)] = col
				m[mod(y0+hh, A)*A+mod(x0+x, A)] = col
			}
			for y := 0; y <= hh; y++ {
				m[mod(y0+y, A)*A+mod(x0, A)] = col
				m[mod(y0+y, A)*A+mod(x0+w, A)] = col
			}
			if r.IntN(3) == 0 { // chord
				cx := x0 + r.IntN(w+1)
				for y := 0; y <= hh; y++ {
					m[mod(y0+y, A)*A+mod(cx, A)] = col
				}
			}
		}
		for k := 1 + r.IntN(3); k > 0; k-- {
			rect('a')
		}
		for k := r.IntN(4); k > 0; k-- {
			rect("bca"[r.IntN(3)])
		}
		for k := r.IntN(8); k > 0; k-- {
			m[r.IntN(A*A)] = "abc.#"[r.IntN(5)]
		}
		s := r.IntN(A * A)
		for tries := 0; tries < 50 && m[s] != 'a'; tries++ {
			s = r.IntN(A * A)
		}
		sc.purge = r.IntN(2) == 0
		t1, c1, r1, code1 := modelHarvest(A, m, s%A, s/A, sc)
		res, code2 := h.harvest(A, m, s, m[s], sc)
		mismatch := code1 != code2
		switch {
		case code1 != 0:
			kinds[fmt.Sprint("error ", code1)]++
		case len(res.inside) > 0:
			kinds["BLOBs with other colours inside"]++
		case len(res.blobs) > 0:
			kinds["BLOBs"]++
		default:
			kinds["no BLOB"]++
		}
		if !mismatch && code1 == 0 {
			if math.Abs(t1-res.total) > 1e-9 {
				mismatch = true
			}
			c2 := map[byte]float64{}
			for _, cc := range res.inside {
				c2[cc.color] = float64(cc.count) * sc.M
			}
			if fmt.Sprint(c1) != fmt.Sprint(c2) {
				mismatch = true
			}
			if fmt.Sprint(r1) != fmt.Sprint(res.removed) {
				mismatch = true
			}
		}
		if mismatch {
			bad++
			t.Errorf("A=%d start=%d,%d map:\n%s\nmodel: %v %v %v %d\ngot:   %v %v %v %d", A, s%A, s/A, torusRows(A, m), t1, c1, r1, code1, res.total, res.inside, res.removed, code2)
		}
	}
	for _, k := range []string{"error 117", "error 118", "no BLOB", "BLOBs", "BLOBs with other colours inside"} {
		if kinds[k] == 0 {
			t.Errorf("no map gave %q (%v): the comparison misses a case", k, kinds)
		}
	}
}

// torusRows prints an A×A map, one row a line.
func torusRows(A int, m []byte) string {
	var b strings.Builder
	for y := 0; y < A; y++ {
		b.Write(m[y*A : (y+1)*A])
		b.WriteByte('\n')
	}
	return b.String()
}
