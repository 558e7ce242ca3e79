package bestow

import (
	"fmt"
	"sort"

	"github.com/arena-games/arena/internal/detmath"
)

// The shared-space half of the greedy player: multipliers on common colours, placements
// that grow my colours' areas more than the opponent's.

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
		pow[a] = detmath.Pow(float64(a), b.w.Ae)
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
		gain += float64(float64(e.me[c]-e.opp[c]) * delta)
	}
	return float64(e.b.w.H*gain) - block
}

// isolatedShared estimates a piece's shared value as if its squares touched nothing: the
// best over projections of H × Σ (my multiplier − the opponent's) × n_c^{A_e}.
func (g *greedyPlayer) isolatedShared(b *bot, e *sharedEval, pc piece) sharedMove {
	var best sharedMove
	for _, p := range b.projectionsOf(pc) {
		count := make([]int, len(e.me)) // by colour: a map's order would reorder the float sum
		for _, s := range p.squares {
			count[s.colour]++
		}
		score := 0.0
		for c, n := range count {
			score += float64(float64(e.me[c]-e.opp[c]) * e.pow[n])
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
