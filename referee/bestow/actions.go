package bestow

import (
	"fmt"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// State-changing commands of the active player (spec §6.2). Each checks in the order of
// spec §8 and changes nothing when it fails.

// gate is the first two checks of every state-changing command: 110, then 103.
func (r *Referee) gate(seat int) []string {
	switch {
	case r.live.over:
		return fail(codeMatchEnded)
	case r.live.active != seat:
		return fail(codeNotYourTurn)
	}
	return nil
}

// parseInts parses exactly n integer arguments (FAILED 4 for more, FAILED 3 otherwise).
func parseInts(tokens []string, n int) ([]int64, []string) {
	a := protocol.NewArgs(tokens, n, n)
	vals := make([]int64, n)
	for i := range vals {
		vals[i] = a.Int(i)
	}
	if e := a.Err(); e != "" {
		return nil, []string{e}
	}
	return vals, nil
}

// coord converts a position argument; values far outside every space are clamped so that
// adding a cube offset cannot overflow (they stay outside the space).
func coord(v int64) int { return int(max(-1000, min(1000, v))) }

func (r *Referee) buy(seat int, tokens []string) []string {
	vals, e := parseInts(tokens, 1)
	if e != nil {
		return e
	}
	if e := r.gate(seat); e != nil {
		return e
	}
	pl := &r.live.players[seat]
	if pl.bought {
		return fail(codeAlreadyTaken)
	}
	ids := r.snap.inRange(r.p, seat)
	if vals[0] < 1 || vals[0] > int64(len(ids)) {
		return fail(codeNotAvailable)
	}
	pc := &r.pieces[ids[vals[0]-1]-1]
	if pc.price > pl.cash+pl.profit {
		return fail(codeCannotAfford)
	}
	fromCash := min(pl.cash, pc.price)
	pl.cash -= fromCash
	pl.profit -= pc.price - fromCash
	pl.effort += pc.effort
	r.live.taken[pc.id-1] = true
	pl.ptr = pc.id
	pl.held, pl.placedOwn, pl.placedShared = pc.id, false, false
	pl.bought = true
	r.live.acted = true
	r.events[seat] = append(r.events[seat], fmt.Sprintf("%s bought piece %d (%s, price %d, value %d, effort %d)", seatName(seat), pc.id, referee.Count(len(pc.cubes), "cube", "cubes"), pc.price, pc.value, pc.effort))
	return okLine()
}

func (r *Referee) setMultiplier(seat int, tokens []string) []string {
	vals, e := parseInts(tokens, 2)
	if e != nil {
		return e
	}
	if e := r.gate(seat); e != nil {
		return e
	}
	colour, m := vals[0], vals[1]
	if colour < 1 || colour > int64(r.p.C) {
		return fail(codeNoColour)
	}
	if m != 1 && m != 3 && m != 5 {
		return fail(codeBadMultiplier)
	}
	mine := r.live.players[seat].mult
	if mine[colour] != 0 {
		return fail(codeColourHasOne)
	}
	for _, v := range mine {
		if v == int(m) {
			return fail(codeMultiplierInUse)
		}
	}
	if r.live.players[1-seat].mult[colour] == int(m) {
		return fail(codeOpponentHas)
	}
	mine[colour] = int(m)
	r.live.acted = true
	r.events[seat] = append(r.events[seat], fmt.Sprintf("%s set multiplier ×%d on colour %d", seatName(seat), m, colour))
	return okLine()
}

// heldPiece checks 106 and the "already placed" flag (108 or 109).
func (r *Referee) heldPiece(seat int, shared bool) (*piece, []string) {
	pl := &r.live.players[seat]
	switch {
	case pl.held == 0:
		return nil, fail(codeNoPiece)
	case !shared && pl.placedOwn:
		return nil, fail(codePlacedOwn)
	case shared && pl.placedShared:
		return nil, fail(codePlacedShared)
	}
	return &r.pieces[pl.held-1], nil
}

func (r *Referee) placeOwn(seat int, tokens []string) []string {
	vals, e := parseInts(tokens, 6)
	if e != nil {
		return e
	}
	if e := r.gate(seat); e != nil {
		return e
	}
	pc, e := r.heldPiece(seat, false)
	if e != nil {
		return e
	}
	origin := vec3{coord(vals[0]), coord(vals[1]), coord(vals[2])}
	rot := newRotation(vals[3], vals[4], vals[5])
	bo := r.p.Bo
	pl := &r.live.players[seat]
	cells := make([]vec3, len(pc.cubes))
	for i, c := range pc.cubes {
		cells[i] = rot.apply(c).add(origin)
		if !inCube(bo, cells[i]) {
			return fail(codeOutOfBounds)
		}
	}
	for _, v := range cells {
		if pl.own[ownIndex(bo, v)] {
			return fail(codeOccupied)
		}
	}
	lo, hi := cells[0], cells[0]
	for _, v := range cells {
		pl.own[ownIndex(bo, v)] = true
		pl.newCubes = append(pl.newCubes, ownIndex(bo, v))
		lo = vec3{min(lo.x, v.x), min(lo.y, v.y), min(lo.z, v.z)}
		hi = vec3{max(hi.x, v.x), max(hi.y, v.y), max(hi.z, v.z)}
	}
	filled := 0
	for z := lo.z; z <= hi.z; z++ {
		for y := lo.y; y <= hi.y; y++ {
			for x := lo.x; x <= hi.x; x++ {
				if pl.own[ownIndex(bo, vec3{x, y, z})] {
					filled++
				}
			}
		}
	}
	q, final := placementValue(r.p, pc.value, filled, len(cells))
	pl.profit += final
	pl.placedOwn = true
	r.live.acted = true
	r.events[seat] = append(r.events[seat], fmt.Sprintf("%s placed piece %d in own space at (%d,%d,%d) rotation (%d,%d,%d): quality %d, profit +%d", seatName(seat), pc.id, origin.x, origin.y, origin.z, rot.x, rot.y, rot.z, q, final))
	return okLine()
}

func (r *Referee) placeShared(seat int, tokens []string) []string {
	vals, e := parseInts(tokens, 5)
	if e != nil {
		return e
	}
	if e := r.gate(seat); e != nil {
		return e
	}
	pc, e := r.heldPiece(seat, true)
	if e != nil {
		return e
	}
	ox, oy := coord(vals[0]), coord(vals[1])
	rot := newRotation(vals[2], vals[3], vals[4])
	squares := project(pc.cubes, pc.colours, rot)
	bs := r.p.Bs
	for i := range squares {
		squares[i].x += ox
		squares[i].y += oy
		if s := squares[i]; s.x < 0 || s.x >= bs || s.y < 0 || s.y >= bs {
			return fail(codeOutOfBounds)
		}
	}
	for _, s := range squares {
		if r.live.shared[s.y*bs+s.x] != 0 {
			return fail(codeOccupied)
		}
	}
	pl := &r.live.players[seat]
	for _, s := range squares {
		r.live.shared[s.y*bs+s.x] = uint8(s.colour)
		pl.newSquares = append(pl.newSquares, s.y*bs+s.x)
	}
	pl.placedShared = true
	r.live.acted = true
	r.events[seat] = append(r.events[seat], fmt.Sprintf("%s placed piece %d in shared space at (%d,%d) rotation (%d,%d,%d): %s", seatName(seat), pc.id, ox, oy, rot.x, rot.y, rot.z, referee.Count(len(squares), "square", "squares")))
	return okLine()
}

func (r *Referee) placeSingleCube(seat int, tokens []string) []string {
	vals, e := parseInts(tokens, 3)
	if e != nil {
		return e
	}
	if e := r.gate(seat); e != nil {
		return e
	}
	pl := &r.live.players[seat]
	if pl.benefitCubes == 0 {
		return fail(codeNoSingleCube)
	}
	v := vec3{coord(vals[0]), coord(vals[1]), coord(vals[2])}
	if !inCube(r.p.Bo, v) {
		return fail(codeOutOfBounds)
	}
	i := ownIndex(r.p.Bo, v)
	if pl.own[i] {
		return fail(codeOccupied)
	}
	pl.own[i] = true
	pl.newCubes = append(pl.newCubes, i)
	pl.benefitCubes--
	r.live.acted = true
	r.events[seat] = append(r.events[seat], fmt.Sprintf("%s placed a single cube at (%d,%d,%d)", seatName(seat), v.x, v.y, v.z))
	return okLine()
}

func (r *Referee) placeSingleSquare(seat int, tokens []string) []string {
	vals, e := parseInts(tokens, 3)
	if e != nil {
		return e
	}
	if e := r.gate(seat); e != nil {
		return e
	}
	pl := &r.live.players[seat]
	if pl.benefitSquare == 0 {
		return fail(codeNoSingleSquare)
	}
	if vals[2] < 1 || vals[2] > int64(r.p.C) {
		return fail(codeNoColour)
	}
	x, y, bs := coord(vals[0]), coord(vals[1]), r.p.Bs
	if x < 0 || x >= bs || y < 0 || y >= bs {
		return fail(codeOutOfBounds)
	}
	if r.live.shared[y*bs+x] != 0 {
		return fail(codeOccupied)
	}
	r.live.shared[y*bs+x] = uint8(vals[2])
	pl.newSquares = append(pl.newSquares, y*bs+x)
	pl.benefitSquare--
	r.live.acted = true
	r.events[seat] = append(r.events[seat], fmt.Sprintf("%s placed a single square of colour %d at (%d,%d)", seatName(seat), vals[2], x, y))
	return okLine()
}
