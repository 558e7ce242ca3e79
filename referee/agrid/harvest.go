package agrid

import (
	"sort"

	"github.com/arena-games/arena/internal/detmath"
)

// Harvest error codes (spec §9): they are FAILED codes for SCORE and ERR codes for
// TEST_SCORE.
const (
	errNoMarker = 117
	errTooLarge = 118
)

// scoring holds the parameters a harvest uses (spec §6).
type scoring struct {
	D, Z, W, T, Sw, Sh, Ss, N, M float64
	purge                        bool // H = 1: the inside of every BLOB is cleared as well
}

func (p params) scoring() scoring {
	return scoring{D: p.D, Z: p.Z, W: p.W, T: p.T, Sw: p.Sw, Sh: p.Sh, Ss: p.Ss, N: p.N, M: p.M, purge: p.H == 1}
}

// harvestResult is what one harvest yields.
type harvestResult struct {
	total     float64      // S_t, to the harvesting colour
	inside    []colorCount // n_e per other colour over all BLOBs (compensations S_e = n_e·M)
	removed   []int        // torus posts whose marker the harvest removes
	blobs     []blobReport // one per BLOB, in discovery order
	component []int        // torus posts of the component S
}

type colorCount struct {
	color byte
	count int
}

// blobReport describes one harvested BLOB.
type blobReport struct {
	fields []int // torus field indices: field (i, j) is j*A + i
	area   int   // |b|
	q      int   // own fields Q
	value  float64
}

// harvester runs the harvest algorithm. It keeps its scratch space between calls, so one
// harvester must not be used by two goroutines at once.
type harvester struct {
	size   int
	gen    uint32
	stamp  []uint32 // per torus post: gen when reached by the current component search
	ux, uy []int    // unwrapped coordinates of reached posts
	queue  []int

	// window scratch, grown as needed
	inS, bar, mark []bool
	reach, reach2  []bool
	xOut           []bool
	blobID         []int
	fq             []int
}

// component finds the component S of colour c from start (spec §6 steps 1–2). On success
// the reached posts are h.queue[:n] with unwrapped coordinates in h.ux/h.uy, and the
// extents are returned; otherwise an error code (117 or 118).
func (h *harvester) component(size int, posts []byte, start int, c byte) (n int, box [4]int, code int) {
	if posts[start] != c || !isMarker(c) {
		return 0, box, errNoMarker
	}
	if h.size != size || len(h.stamp) != size*size {
		h.size = size
		h.stamp = make([]uint32, size*size)
		h.ux = make([]int, size*size)
		h.uy = make([]int, size*size)
		h.gen = 0
	}
	h.gen++
	if h.gen == 0 { // wrapped: old stamps could collide
		clear(h.stamp)
		h.gen = 1
	}
	lim := (size - 1) / 2
	sx, sy := start%size, start/size
	h.stamp[start], h.ux[start], h.uy[start] = h.gen, sx, sy
	h.queue = append(h.queue[:0], start)
	minX, maxX, minY, maxY := sx, sx, sy, sy
	for q := 0; q < len(h.queue); q++ {
		p := h.queue[q]
		px, py := h.ux[p], h.uy[p]
		for _, s := range steps {
			nx, ny := px+s[0], py+s[1]
			nb := mod(ny, size)*size + mod(nx, size)
			if posts[nb] != c {
				continue
			}
			if h.stamp[nb] == h.gen {
				if h.ux[nb] != nx || h.uy[nb] != ny {
					return 0, box, errTooLarge // the component wraps around the torus
				}
				continue
			}
			h.stamp[nb], h.ux[nb], h.uy[nb] = h.gen, nx, ny
			h.queue = append(h.queue, nb)
			minX, maxX = min(minX, nx), max(maxX, nx)
			minY, maxY = min(minY, ny), max(maxY, ny)
			if maxX-minX > lim || maxY-minY > lim {
				return 0, box, errTooLarge
			}
		}
	}
	return len(h.queue), [4]int{minX, maxX, minY, maxY}, 0
}

// harvest evaluates a harvest of colour c from start on a torus map of the given size
// (spec §6). It does not change the map: the caller applies result.removed.
func (h *harvester) harvest(size int, posts []byte, start int, c byte, sc scoring) (harvestResult, int) {
	n, box, code := h.component(size, posts, start, c)
	if code != 0 {
		return harvestResult{}, code
	}
	var res harvestResult
	res.component = append([]int(nil), h.queue[:n]...)

	// The window of fields [minX−1, maxX] × [minY−1, maxY], in local coordinates.
	x0, y0 := box[0]-1, box[2]-1
	fw, fh := box[1]-box[0]+2, box[3]-box[2]+2
	pw := fw + 1 // posts per window row
	nPosts, nFields := pw*(fh+1), fw*fh
	h.inS = grow(h.inS, nPosts)
	h.bar = grow(h.bar, nPosts)
	h.mark = grow(h.mark, nPosts)
	h.reach = grow(h.reach, nFields)
	h.reach2 = grow(h.reach2, nFields)
	h.xOut = grow(h.xOut, nFields)
	if cap(h.blobID) < nFields {
		h.blobID = make([]int, nFields)
	}
	h.blobID = h.blobID[:nFields]
	for _, p := range res.component {
		h.inS[(h.uy[p]-y0)*pw+h.ux[p]-x0] = true
	}
	torusPost := func(lp int) int { return mod(y0+lp/pw, size)*size + mod(x0+lp%pw, size) }
	torusField := func(lf int) int { return mod(y0+lf/fw, size)*size + mod(x0+lf%fw, size) }

	// Step 3: fields reachable from the window border without crossing a fence of S.
	h.flood(h.inS, h.reach, fw, fh)

	// Step 4: BLOBs = 4-connected groups of enclosed fields, fences ignored.
	for i := range h.blobID {
		h.blobID[i] = -1
	}
	var blobs [][]int
	for f := 0; f < nFields; f++ {
		if h.reach[f] || h.blobID[f] >= 0 {
			continue
		}
		id := len(blobs)
		h.blobID[f] = id
		group := []int{f}
		for q := 0; q < len(group); q++ {
			i, j := group[q]%fw, group[q]/fw
			for _, s := range steps {
				ni, nj := i+s[0], j+s[1]
				if ni < 0 || nj < 0 || ni >= fw || nj >= fh {
					continue
				}
				nf := nj*fw + ni
				if !h.reach[nf] && h.blobID[nf] < 0 {
					h.blobID[nf] = id
					group = append(group, nf)
				}
			}
		}
		blobs = append(blobs, group)
	}

	// Step 5: every BLOB's own area, markers and bonuses.
	var sum float64
	var opponents int
	qCount := map[int]int{}
	var insideCount [256]int
	var removed []int
	for id, fields := range blobs {
		var inside, delin []int // local posts
		minI, maxI, minJ, maxJ := fw, -1, fh, -1
		for _, f := range fields {
			i, j := f%fw, f/fw
			minI, maxI, minJ, maxJ = min(minI, i), max(maxI, i), min(minJ, j), max(maxJ, j)
			if i+1 < fw && j+1 < fh && h.blobID[j*fw+i+1] == id && h.blobID[(j+1)*fw+i] == id && h.blobID[(j+1)*fw+i+1] == id {
				inside = append(inside, (j+1)*pw+i+1)
			}
			for _, corner := range [4]int{j*pw + i, j*pw + i + 1, (j+1)*pw + i, (j+1)*pw + i + 1} {
				if h.inS[corner] && !h.mark[corner] {
					h.mark[corner] = true
					delin = append(delin, corner)
				}
			}
		}
		for _, lp := range delin {
			h.mark[lp] = false
			removed = append(removed, torusPost(lp))
		}

		own, opp := 0, 0
		var oppColors [256]int
		nonHill, covered := 0, 0
		for _, lp := range inside {
			col := posts[torusPost(lp)]
			switch {
			case h.inS[lp]:
				nonHill++
				covered++
			case col == hill:
			case col == empty:
				nonHill++
			case col == c:
				nonHill++
				covered++
				own++
			default:
				nonHill++
				covered++
				opp++
				oppColors[col]++
			}
			if sc.purge && isMarker(col) && !h.inS[lp] {
				removed = append(removed, torusPost(lp))
			}
		}

		// Competing enclosures: the fields of b that another colour's fences on inside(b)
		// cut off from the window border are not ours.
		excluded := 0
		distinct := 0
		for col := 0; col < 256; col++ {
			if oppColors[col] == 0 {
				continue
			}
			distinct++
			insideCount[col] += oppColors[col]
			if oppColors[col] < 4 { // no closed loop with fewer than four posts
				continue
			}
			for _, lp := range inside {
				h.bar[lp] = posts[torusPost(lp)] == byte(col) && !h.inS[lp]
			}
			h.flood(h.bar, h.reach2, fw, fh)
			for _, lp := range inside {
				h.bar[lp] = false
			}
			for _, f := range fields {
				if !h.reach2[f] && !h.xOut[f] {
					h.xOut[f] = true
					excluded++
				}
			}
		}
		for _, f := range fields {
			h.xOut[f] = false
		}
		q := len(fields) - excluded

		bonus := 1.0
		z := opp > own
		if z {
			bonus += sc.Z
			if distinct >= 2 {
				bonus += sc.W
			}
		}
		if nonHill > 0 && covered == nonHill {
			bonus += sc.T
		}
		if k := maxI - minI + 1; k == maxJ-minJ+1 && k*k == len(fields) {
			bonus += sc.Ss
		}
		value := 0.0
		if q > 0 {
			value = detmath.Pow(float64(q), sc.D) * bonus
		}
		sum += value
		opponents += opp
		if q >= 1 {
			qCount[q]++
		}
		report := blobReport{area: len(fields), q: q, value: value, fields: make([]int, len(fields))}
		for i, f := range fields {
			report.fields[i] = torusField(f)
		}
		res.blobs = append(res.blobs, report)
	}
	for _, p := range res.component {
		h.inS[(h.uy[p]-y0)*pw+h.ux[p]-x0] = false
	}

	// Step 6: the harvest total and the compensations.
	twice, thrice := false, false
	for _, k := range qCount {
		twice = twice || k >= 2
		thrice = thrice || k >= 3
	}
	mult := 1.0
	if twice {
		mult += sc.Sw
	}
	if thrice {
		mult += sc.Sh
	}
	// The original rounds each operation; Go may fuse x*y + z into one multiply-add on arm64
	// and other architectures, so every product added to something is converted to float64,
	// which rounds it and keeps results the same on every machine.
	res.total = float64(sum*mult) + float64(float64(opponents)*sc.N)
	for col, k := range insideCount {
		if k > 0 {
			res.inside = append(res.inside, colorCount{color: byte(col), count: k})
		}
	}
	sort.Ints(removed)
	res.removed = dedupeSorted(removed)
	return res, 0
}

// flood marks in reach the window fields reachable from the window border without crossing
// a fence, a fence being a segment between two 4-adjacent posts that are both in bar.
func (h *harvester) flood(bar, reach []bool, fw, fh int) {
	pw := fw + 1
	clear(reach[:fw*fh])
	h.fq = h.fq[:0]
	push := func(f int) {
		if !reach[f] {
			reach[f] = true
			h.fq = append(h.fq, f)
		}
	}
	for i := 0; i < fw; i++ {
		push(i)
		push((fh-1)*fw + i)
	}
	for j := 0; j < fh; j++ {
		push(j * fw)
		push(j*fw + fw - 1)
	}
	for q := 0; q < len(h.fq); q++ {
		f := h.fq[q]
		i, j := f%fw, f/fw
		tl, tr, bl, br := j*pw+i, j*pw+i+1, (j+1)*pw+i, (j+1)*pw+i+1 // corner posts
		if i+1 < fw && !(bar[tr] && bar[br]) {
			push(f + 1)
		}
		if i > 0 && !(bar[tl] && bar[bl]) {
			push(f - 1)
		}
		if j+1 < fh && !(bar[bl] && bar[br]) {
			push(f + fw)
		}
		if j > 0 && !(bar[tl] && bar[tr]) {
			push(f - fw)
		}
	}
}

// grow returns b with length n, all false, reusing its storage when it can.
func grow(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n)
	}
	b = b[:n]
	clear(b)
	return b
}

func dedupeSorted(v []int) []int {
	out := v[:0]
	for i, x := range v {
		if i == 0 || x != v[i-1] {
			out = append(out, x)
		}
	}
	return out
}
