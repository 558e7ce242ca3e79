package bestow

import "fmt"

// randomPlayer makes random legal moves: it buys a random affordable piece most turns,
// places it at a random free spot of both spaces, now and then picks a random legal
// multiplier, and spends its single pieces at random.
type randomPlayer struct{}

func (randomPlayer) play(b *bot, info matchInfo) error {
	rng := b.rng
	if rng.Float64() < 0.15 {
		if c, m, ok := randomMultiplier(b, info); ok {
			if _, err := b.c.call(fmt.Sprintf("SET_MULTIPLIER %d %d", c, m), 0); err != nil {
				return err
			}
		}
	}
	if rng.Float64() >= 0.85 {
		return nil // skip this turn
	}
	ids, err := b.inRange()
	if err != nil {
		return err
	}
	var affordable []int
	for pos, id := range ids {
		if b.pieces[id-1].price <= info.me.power {
			affordable = append(affordable, pos)
		}
	}
	if len(affordable) == 0 {
		return nil
	}
	pos := affordable[rng.IntN(len(affordable))]
	if err := b.buy(pos+1, ids[pos]); err != nil {
		return err
	}
	pc := b.pieces[ids[pos]-1]
	if o, at, ok := randomOwnSpot(b, pc); ok {
		if err := b.placeOwn(o, at); err != nil {
			return err
		}
	}
	shared, err := b.sharedSpace()
	if err != nil {
		return err
	}
	if p, x, y, ok := randomSharedSpot(b, shared, pc); ok {
		if err := b.placeShared(shared, p, x, y); err != nil {
			return err
		}
	}
	return randomSingles(b, info, shared)
}

// randomMultiplier picks a legal SET_MULTIPLIER at random.
func randomMultiplier(b *bot, info matchInfo) (colour, m int, ok bool) {
	var choices [][2]int
	for _, m := range []int{1, 3, 5} {
		used := false
		for _, v := range info.me.mult {
			used = used || v == m
		}
		if used {
			continue
		}
		for c := 1; c <= b.w.C; c++ {
			if info.me.mult[c] == 0 && info.opp.mult[c] != m {
				choices = append(choices, [2]int{c, m})
			}
		}
	}
	if len(choices) == 0 {
		return 0, 0, false
	}
	pick := choices[b.rng.IntN(len(choices))]
	return pick[0], pick[1], true
}

// randomOwnSpot tries random orientations and positions, then any that fits.
func randomOwnSpot(b *bot, pc piece) (orientation, vec3, bool) {
	os := b.orientationsOf(pc)
	bo := b.w.Bo
	for try := 0; try < 60; try++ {
		o := os[b.rng.IntN(len(os))]
		at := vec3{b.rng.IntN(bo), b.rng.IntN(bo), b.rng.IntN(bo)}
		if b.fitsOwn(o, at) {
			return o, at, true
		}
	}
	for _, o := range os {
		for i := 0; i < bo*bo*bo; i++ {
			at := vec3{i % bo, i / bo % bo, i / (bo * bo)}
			if b.fitsOwn(o, at) {
				return o, at, true
			}
		}
	}
	return orientation{}, vec3{}, false
}

// randomSharedSpot does the same in the shared space.
func randomSharedSpot(b *bot, shared []int, pc piece) (projection, int, int, bool) {
	ps := b.projectionsOf(pc)
	bs := b.w.Bs
	for try := 0; try < 60; try++ {
		p := ps[b.rng.IntN(len(ps))]
		x, y := b.rng.IntN(bs), b.rng.IntN(bs)
		if b.fitsShared(shared, p, x, y) {
			return p, x, y, true
		}
	}
	for _, p := range ps {
		for i := 0; i < bs*bs; i++ {
			if b.fitsShared(shared, p, i%bs, i/bs) {
				return p, i % bs, i / bs, true
			}
		}
	}
	return projection{}, 0, 0, false
}

// randomSingles uses each single cube and square with probability 1/2, on a random free cell.
func randomSingles(b *bot, info matchInfo, shared []int) error {
	bo, bs := b.w.Bo, b.w.Bs
	for n := info.me.singleCubes; n > 0; n-- {
		if b.rng.IntN(2) == 0 {
			continue
		}
		i := b.rng.IntN(bo * bo * bo)
		if b.own[i] {
			continue
		}
		if _, err := b.c.call(fmt.Sprintf("PLACE_SINGLE_CUBE_PIECE %d %d %d", i%bo, i/bo%bo, i/(bo*bo)), 0); err != nil {
			return err
		}
		b.own[i] = true
	}
	for n := info.me.singleSquares; n > 0; n-- {
		if b.rng.IntN(2) == 0 {
			continue
		}
		i := b.rng.IntN(bs * bs)
		if shared[i] != 0 {
			continue
		}
		colour := 1 + b.rng.IntN(b.w.C)
		if _, err := b.c.call(fmt.Sprintf("PLACE_SINGLE_SQUARE_PIECE %d %d %d", i%bs, i/bs, colour), 0); err != nil {
			return err
		}
		shared[i] = colour
	}
	return nil
}
