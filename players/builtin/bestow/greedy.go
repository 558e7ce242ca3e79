package bestow

import (
	"fmt"
	"math"
	"sort"
)

// greedyPlayer builds its own space densely from the corner (0,0,0) outward, so that
// placements score quality bonuses and the solid cube grows; in the shared space it puts
// its multipliers on the most common colours and grows areas of those colours. Each turn
// it buys the piece of the range with the best gain per effort point, or skips.
type greedyPlayer struct {
	multDone bool
}

// shellWeight prices one cell one shell further from the corner, as a share of the value
// of a cube: a piece pushed outward must earn it back in quality bonus.
const shellWeight = 0.2

// ownMove is a placement in the own space and what it is worth.
type ownMove struct {
	o      orientation
	at     vec3
	final  int     // P_vf
	score  float64 // final minus the shell cost
	usable bool
}

// sharedMove is a placement in the shared space and what it is worth.
type sharedMove struct {
	p      projection
	x, y   int
	score  float64
	usable bool
}

// essentialCommands is what buying and placing a piece takes: GET_PIECES_IN_RANGE,
// BUY_PIECE, PLACE_OWN_PIECE, GET_SHARED_SPACE, PLACE_SHARED_PIECE. Extras (multipliers,
// single pieces) come first only when the command limit L leaves room for these.
const essentialCommands = 5

func (g *greedyPlayer) play(b *bot, info matchInfo) error {
	if b.c.left() > essentialCommands+3 {
		if err := g.chooseMultipliers(b, &info); err != nil {
			return err
		}
	}
	if err := g.singleCubes(b, min(info.me.singleCubes, b.c.left()-essentialCommands)); err != nil {
		return err
	}
	solid := float64(info.me.own) / math.Max(1, float64(info.me.profit)) // I^D as the referee saw it
	if info.me.profit == 0 {
		solid = 1
	}
	// A piece bought in an earlier turn that ran out of commands is placed first.
	if b.held != 0 && !b.heldOwn {
		if own := g.bestOwn(b, newPrefix(b), b.pieces[b.held-1]); own.usable {
			if err := b.placeOwn(own.o, own.at); err != nil {
				return err
			}
		}
	}
	if b.c.left() >= 3 { // GET_PIECES_IN_RANGE, BUY_PIECE, PLACE_OWN_PIECE
		if err := g.buyAndPlaceOwn(b, info, solid); err != nil {
			return err
		}
	}
	var shared []int
	var err error
	if b.held != 0 && !b.heldShared && b.c.left() >= 2 {
		if shared, err = b.sharedSpace(); err != nil {
			return err
		}
		// The full shared search (every projection, position and neighbour) runs for the
		// held piece only; the choice of piece used the cheaper isolated estimate.
		eval := newSharedEval(b, shared, info)
		if best := g.bestShared(b, eval, b.pieces[b.held-1]); best.usable && best.score > 0 {
			if err := b.placeShared(shared, best.p, best.x, best.y); err != nil {
				return err
			}
		}
	}
	if err := g.chooseMultipliers(b, &info); err != nil {
		return err
	}
	if info.me.singleSquares == 0 {
		return nil
	}
	if shared == nil {
		if shared, err = b.sharedSpace(); err != nil {
			return err
		}
	}
	return g.singleSquares(b, info, shared)
}

// buyAndPlaceOwn buys the piece of the range with the best gain per effort point (or
// none when nothing gains) and places it in the own space.
func (g *greedyPlayer) buyAndPlaceOwn(b *bot, info matchInfo, solid float64) error {
	ids, err := b.inRange()
	if err != nil {
		return err
	}
	eval := &sharedEval{b: b, me: info.me.mult, opp: info.opp.mult, pow: areaPowers(b)}
	filled := newPrefix(b)
	bestPos, bestRate := -1, 0.0
	var bestOwn ownMove
	for pos, id := range ids {
		pc := b.pieces[id-1]
		if pc.price > info.me.power {
			continue
		}
		own := g.bestOwn(b, filled, pc)
		sh := g.isolatedShared(b, eval, pc)
		utility := 0.0
		if own.usable {
			utility += float64(own.final-max(0, pc.price-info.me.cash())) * solid
		} else {
			utility -= float64(max(0, pc.price-info.me.cash())) * solid
		}
		if sh.usable && sh.score > 0 {
			utility += sh.score
		}
		if rate := utility / float64(pc.effort); utility > 0 && (bestPos < 0 || rate > bestRate) {
			bestPos, bestRate, bestOwn = pos, rate, own
		}
	}
	if bestPos < 0 {
		return nil // skip
	}
	if err := b.buy(bestPos+1, ids[bestPos]); err != nil {
		return err
	}
	if bestOwn.usable {
		return b.placeOwn(bestOwn.o, bestOwn.at)
	}
	return nil
}

// chooseMultipliers sets ×5, ×3, ×1 on the most common colours the opponent has not
// blocked, on the first active turn.
func (g *greedyPlayer) chooseMultipliers(b *bot, info *matchInfo) error {
	if g.multDone {
		return nil
	}
	count := make([]int, b.w.C+1)
	for _, pc := range b.pieces {
		for _, c := range pc.colours {
			count[c]++
		}
	}
	order := make([]int, 0, b.w.C)
	for c := 1; c <= b.w.C; c++ {
		order = append(order, c)
	}
	sort.SliceStable(order, func(i, j int) bool { return count[order[i]] > count[order[j]] })
	for _, m := range []int{5, 3, 1} {
		used := false
		for _, v := range info.me.mult {
			used = used || v == m
		}
		if used {
			continue
		}
		for _, c := range order {
			if info.me.mult[c] == 0 && info.opp.mult[c] != m {
				if _, err := b.c.call(fmt.Sprintf("SET_MULTIPLIER %d %d", c, m), 0); err != nil {
					return err
				}
				info.me.mult[c] = m
				break
			}
		}
	}
	g.multDone = true
	return nil
}

// singleCubes fills the free cells closest to the corner: they complete the next cube.
func (g *greedyPlayer) singleCubes(b *bot, n int) error {
	bo := b.w.Bo
	for ; n > 0; n-- {
		best, bestKey := -1, 0
		for i, f := range b.own {
			if f {
				continue
			}
			x, y, z := i%bo, i/bo%bo, i/(bo*bo)
			key := max(x, y, z)*1000 + x + y + z
			if best < 0 || key < bestKey {
				best, bestKey = i, key
			}
		}
		if best < 0 {
			return nil
		}
		if _, err := b.c.call(fmt.Sprintf("PLACE_SINGLE_CUBE_PIECE %d %d %d", best%bo, best/bo%bo, best/(bo*bo)), 0); err != nil {
			return err
		}
		b.own[best] = true
	}
	return nil
}

// prefix counts filled own cells in boxes in O(1).
type prefix struct {
	n int // B_o + 1
	s []int
}

func newPrefix(b *bot) prefix {
	bo := b.w.Bo
	p := prefix{n: bo + 1, s: make([]int, (bo+1)*(bo+1)*(bo+1))}
	at := func(x, y, z int) int { return (z*p.n+y)*p.n + x }
	for z := 1; z <= bo; z++ {
		for y := 1; y <= bo; y++ {
			for x := 1; x <= bo; x++ {
				v := 0
				if b.own[b.ownIndex(vec3{x - 1, y - 1, z - 1})] {
					v = 1
				}
				p.s[at(x, y, z)] = v + p.s[at(x-1, y, z)] + p.s[at(x, y-1, z)] + p.s[at(x, y, z-1)] -
					p.s[at(x-1, y-1, z)] - p.s[at(x-1, y, z-1)] - p.s[at(x, y-1, z-1)] + p.s[at(x-1, y-1, z-1)]
			}
		}
	}
	return p
}

// count is the number of filled cells in the box lo..hi (inclusive).
func (p prefix) count(lo, hi vec3) int {
	at := func(x, y, z int) int { return p.s[(z*p.n+y)*p.n+x] }
	x0, y0, z0, x1, y1, z1 := lo.x, lo.y, lo.z, hi.x+1, hi.y+1, hi.z+1
	return at(x1, y1, z1) - at(x0, y1, z1) - at(x1, y0, z1) - at(x1, y1, z0) +
		at(x0, y0, z1) + at(x0, y1, z0) + at(x1, y0, z0) - at(x0, y0, z0)
}

// bestOwn searches every orientation and position for the placement with the best value
// after quality, minus the cost of lying far from the corner.
func (g *greedyPlayer) bestOwn(b *bot, filled prefix, pc piece) ownMove {
	w := b.w
	bo := w.Bo
	perCube := float64(pc.value) / float64(len(pc.cubes))
	var best ownMove
	for _, o := range b.orientationsOf(pc) {
		for z := -o.lo.z; z+o.hi.z < bo; z++ {
			for y := -o.lo.y; y+o.hi.y < bo; y++ {
				for x := -o.lo.x; x+o.hi.x < bo; x++ {
					at := vec3{x, y, z}
					if !b.fitsOwn(o, at) {
						continue
					}
					q := filled.count(o.lo.add(at), o.hi.add(at)) - w.Qmin
					factor := 1 + float64(q)*w.Qpi
					if q > 0 {
						factor = 1 + float64(q)*w.Qgi
					}
					final := max(0, int(math.Floor(float64(pc.value)*factor+1e-9)))
					shells := 0
					for _, c := range o.cells {
						v := c.add(at)
						shells += max(v.x, v.y, v.z)
					}
					score := float64(final) - shellWeight*perCube*float64(shells)
					if !best.usable || score > best.score {
						best = ownMove{o: o, at: at, final: final, score: score, usable: true}
					}
				}
			}
		}
	}
	return best
}

// areaLabels are the single-colour areas of the shared space.
type areaLabels struct {
	label []int // −1 for empty cells
	size  []int
}

func findAreas(shared []int, bs int) areaLabels {
	a := areaLabels{label: make([]int, len(shared))}
	for i := range a.label {
		a.label[i] = -1
	}
	for start, c := range shared {
		if c == 0 || a.label[start] >= 0 {
			continue
		}
		id := len(a.size)
		a.label[start] = id
		queue := []int{start}
		for head := 0; head < len(queue); head++ {
			i := queue[head]
			for _, n := range neighbours(i, bs) {
				if n >= 0 && shared[n] == c && a.label[n] < 0 {
					a.label[n] = id
					queue = append(queue, n)
				}
			}
		}
		a.size = append(a.size, len(queue))
	}
	return a
}

// neighbours are the 4 side neighbours of cell i, −1 outside the square.
func neighbours(i, bs int) [4]int {
	x, y := i%bs, i/bs
	n := [4]int{-1, -1, -1, -1}
	if x > 0 {
		n[0] = i - 1
	}
	if x < bs-1 {
		n[1] = i + 1
	}
	if y > 0 {
		n[2] = i - bs
	}
	if y < bs-1 {
		n[3] = i + bs
	}
	return n
}

// sharedEval scores shared-space placements against the space at the start of the turn.
type sharedEval struct {
	b       *bot
	shared  []int
	labels  areaLabels
	pow     []float64 // pow[a] = a^{A_e}
	me, opp []int     // multipliers, index 1..C
}

func newSharedEval(b *bot, shared []int, info matchInfo) *sharedEval {
	return &sharedEval{b: b, shared: shared, labels: findAreas(shared, b.w.Bs), me: info.me.mult, opp: info.opp.mult, pow: areaPowers(b)}
}

// areaPowers tabulates a^{A_e} for every possible area a.
func areaPowers(b *bot) []float64 {
	pow := make([]float64, b.w.Bs*b.w.Bs+1)
	for a := range pow {
		pow[a] = math.Pow(float64(a), b.w.Ae)
	}
	return pow
}

// score is H × (my area gain − the opponent's), minus what the squares block of my areas.
// The new squares of a colour join every area of that colour they touch.
func (e *sharedEval) score(squares []square, cells []int) float64 {
	gain, block := 0.0, 0.0
	var done [4]int // colours handled (a piece has at most 3)
	nd := 0
	for i, s := range squares {
		for _, nb := range neighbours(cells[i], e.b.w.Bs) {
			if nb >= 0 && e.shared[nb] != 0 && e.shared[nb] != s.colour {
				block += float64(e.me[e.shared[nb]])
			}
		}
		c := s.colour
		if e.me[c] == 0 && e.opp[c] == 0 {
			continue
		}
		seen := false
		for _, d := range done[:nd] {
			seen = seen || d == c
		}
		if seen || nd == len(done) {
			continue
		}
		done[nd] = c
		nd++
		n := 0
		var touched [16]int
		nt := 0
		for j, t := range squares {
			if t.colour != c {
				continue
			}
			n++
			for _, nb := range neighbours(cells[j], e.b.w.Bs) {
				if nb < 0 || e.shared[nb] != c {
					continue
				}
				l := e.labels.label[nb]
				dup := false
				for _, u := range touched[:nt] {
					dup = dup || u == l
				}
				if !dup && nt < len(touched) {
					touched[nt] = l
					nt++
				}
			}
		}
		total, before := n, 0.0
		for _, l := range touched[:nt] {
			total += e.labels.size[l]
			before += e.pow[e.labels.size[l]]
		}
		delta := e.pow[min(total, len(e.pow)-1)] - before
		gain += float64(e.me[c]-e.opp[c]) * delta
	}
	return e.b.w.H*gain - block
}

// isolatedShared estimates a piece's shared value as if its squares touched nothing: the
// best over projections of H × Σ (my multiplier − the opponent's) × n_c^{A_e}.
func (g *greedyPlayer) isolatedShared(b *bot, e *sharedEval, pc piece) sharedMove {
	var best sharedMove
	for _, p := range b.projectionsOf(pc) {
		count := map[int]int{}
		for _, s := range p.squares {
			count[s.colour]++
		}
		score := 0.0
		for c, n := range count {
			score += float64(e.me[c]-e.opp[c]) * e.pow[n]
		}
		score *= b.w.H
		if !best.usable || score > best.score {
			best = sharedMove{p: p, score: score, usable: true}
		}
	}
	return best
}

// bestShared searches every projection and position for the best-scoring placement.
func (g *greedyPlayer) bestShared(b *bot, e *sharedEval, pc piece) sharedMove {
	bs := b.w.Bs
	var best sharedMove
	cells := make([]int, 0, len(pc.cubes))
	for _, p := range b.projectionsOf(pc) {
		for y := -p.lo[1]; y+p.hi[1] < bs; y++ {
			for x := -p.lo[0]; x+p.hi[0] < bs; x++ {
				if !b.fitsShared(e.shared, p, x, y) {
					continue
				}
				cells = cells[:0]
				for _, s := range p.squares {
					cells = append(cells, (s.y+y)*bs+s.x+x)
				}
				if score := e.score(p.squares, cells); !best.usable || score > best.score {
					best = sharedMove{p: p, x: x, y: y, score: score, usable: true}
				}
			}
		}
	}
	return best
}

// singleSquares puts each single square where it adds most to my multiplier colours.
func (g *greedyPlayer) singleSquares(b *bot, info matchInfo, shared []int) error {
	bs := b.w.Bs
	for n := info.me.singleSquares; n > 0; n-- {
		e := newSharedEval(b, shared, info)
		bestCell, bestColour, bestScore := -1, 0, 0.0
		for i, v := range shared {
			if v != 0 {
				continue
			}
			for c := 1; c <= b.w.C; c++ {
				if info.me.mult[c] == 0 {
					continue
				}
				if score := e.score([]square{{i % bs, i / bs, c}}, []int{i}); score > bestScore {
					bestCell, bestColour, bestScore = i, c, score
				}
			}
		}
		if bestCell < 0 {
			return nil
		}
		if _, err := b.c.call(fmt.Sprintf("PLACE_SINGLE_SQUARE_PIECE %d %d %d", bestCell%bs, bestCell/bs, bestColour), 0); err != nil {
			return err
		}
		shared[bestCell] = bestColour
	}
	return nil
}
