package bestow

import "math"

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
			utility += float64(float64(own.final-max(0, pc.price-info.me.cash())) * solid)
		} else {
			utility -= float64(float64(max(0, pc.price-info.me.cash())) * solid)
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
