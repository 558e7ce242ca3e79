package bestow

import (
	"fmt"
	"strings"

	"github.com/arena-games/arena/protocol"
)

// Error codes and messages of the game (spec §9).
const (
	codeSpecificLimit   = 101
	codeNotAvailable    = 102
	codeNotYourTurn     = 103
	codeOutOfBounds     = 104
	codeOccupied        = 105
	codeNoPiece         = 106
	codeCannotAfford    = 107
	codePlacedOwn       = 108
	codePlacedShared    = 109
	codeMatchEnded      = 110
	codeNoColour        = 111
	codeBadMultiplier   = 112
	codeOpponentHas     = 113
	codeAlreadyTaken    = 114
	codeNoSingleCube    = 115
	codeNoSingleSquare  = 116
	codeColourHasOne    = 117
	codeMultiplierInUse = 118
)

var messages = map[int]string{
	codeSpecificLimit:   "specific command limit reached",
	codeNotAvailable:    "piece not available",
	codeNotYourTurn:     "not your turn",
	codeOutOfBounds:     "piece out of space bounds",
	codeOccupied:        "one of the elements placed on non empty space",
	codeNoPiece:         "you do not have a piece",
	codeCannotAfford:    "cannot afford a piece",
	codePlacedOwn:       "piece already placed on own space",
	codePlacedShared:    "piece already placed on shared space",
	codeMatchEnded:      "match ended",
	codeNoColour:        "color does not exist",
	codeBadMultiplier:   "invalid multiplier",
	codeOpponentHas:     "equal multiplier already assigned to this color by opponent",
	codeAlreadyTaken:    "piece already taken this turn",
	codeNoSingleCube:    "no single cube piece available",
	codeNoSingleSquare:  "no single square piece available",
	codeColourHasOne:    "you already picked a multiplier for this color",
	codeMultiplierInUse: "you already picked a different color for this multiplier",
}

func fail(code int) []string { return []string{protocol.Failure(code, messages[code])} }

func failed(code int) []string { return []string{protocol.Failed(code)} }

func okLine() []string { return []string{protocol.OK} }

// maxFailureEvents bounds the failed commands a frame lists per player and turn.
const maxFailureEvents = 5

// Command executes one command of a seat (spec §8) and answers OK + data or FAILED.
func (r *Referee) Command(seat int, tokens []string) []string {
	resp := r.execute(seat, tokens)
	if strings.HasPrefix(resp[0], "FAILED") {
		r.failure(seat, protocol.Quote(strings.Join(tokens, " "), 80), resp[0])
	}
	return resp
}

// Refused counts a line the session grammar answered FAILED itself (over the command
// limit, too long, WAIT with arguments) as a failed command (referee.RefusalRecorder).
func (r *Referee) Refused(seat int, line string, tooLong bool, answer string) {
	if !r.leaveOutGrammarRefusals && seat >= 0 && seat < len(r.failures) {
		r.failure(seat, protocol.QuoteLine(line, tooLong, 80), answer)
	}
}

// failure counts a failed command, quoted, and lists it in the events of the turn: the
// first maxFailureEvents of a seat, and always the line that met the command limit (why
// the seat's turn ended); the frame says how many more.
func (r *Referee) failure(seat int, quoted, answer string) {
	r.failures[seat]++
	r.totalFailed[seat]++
	if r.failures[seat] > maxFailureEvents && answer != protocol.LimitReached {
		r.unlisted[seat]++
		return
	}
	r.events[seat] = append(r.events[seat], fmt.Sprintf("%s: %s → %s", seatName(seat), quoted, answer))
}

func (r *Referee) execute(seat int, tokens []string) []string {
	switch tokens[0] {
	case "DESCRIBE_WORLD":
		return r.describeWorld(tokens)
	case "GET_MATCH_INFO":
		return r.matchInfo(seat, tokens)
	case "GET_ALL_PIECES":
		return r.allPieces(seat, tokens)
	case "GET_AVAILABLE_PIECES":
		return r.availablePieces(tokens)
	case "GET_PIECES_IN_RANGE":
		return r.piecesInRange(seat, tokens)
	case "GET_MY_SPACE":
		return r.ownSpace(seat, tokens)
	case "GET_OPPONENT_SPACE":
		return r.ownSpace(1-seat, tokens)
	case "GET_SHARED_SPACE":
		return r.sharedSpace(tokens)
	case "PROJECT_PIECE":
		return educational(tokens, true)
	case "ROTATE_PIECE":
		return educational(tokens, false)
	case "BUY_PIECE":
		return r.buy(seat, tokens)
	case "SET_MULTIPLIER":
		return r.setMultiplier(seat, tokens)
	case "PLACE_OWN_PIECE":
		return r.placeOwn(seat, tokens)
	case "PLACE_SHARED_PIECE":
		return r.placeShared(seat, tokens)
	case "PLACE_SINGLE_CUBE_PIECE":
		return r.placeSingleCube(seat, tokens)
	case "PLACE_SINGLE_SQUARE_PIECE":
		return r.placeSingleSquare(seat, tokens)
	}
	return failed(protocol.CodeUnknown)
}

func noArgs(tokens []string) []string {
	if e := protocol.NewArgs(tokens, 0, 0).Err(); e != "" {
		return []string{e}
	}
	return nil
}

func (r *Referee) describeWorld(tokens []string) []string {
	if e := noArgs(tokens); e != nil {
		return e
	}
	p := r.p
	var l line
	l.ints(p.Ee, p.Ep, p.C, p.Bs, p.Bo, p.R).real(p.I).int(p.Sp).real(p.H).int(p.Qmin).
		real(p.Qgi).real(p.Qpi).real(p.Ae).ints(p.Sr, p.T, p.L).real(p.K)
	return []string{protocol.OK, l.String()}
}

func (r *Referee) matchInfo(seat int, tokens []string) []string {
	if e := noArgs(tokens); e != nil {
		return e
	}
	active := "Opponent"
	switch {
	case r.snap.over:
		active = "None"
	case r.snap.active == seat:
		active = "Me"
	}
	return []string{protocol.OK, r.playerInfo(seat), r.playerInfo(1 - seat), active}
}

// playerInfo is one GET_MATCH_INFO player line: S_f S_o S_s S_m S_p E M_1…M_C B_o B_s.
func (r *Referee) playerInfo(seat int) string {
	pl := &r.snap.players[seat]
	var l line
	l.real(pl.vp).ints(pl.scoreOwn, pl.shared, pl.cash+pl.profit, pl.profit, pl.effort).
		ints(pl.mult[1:]...).ints(pl.benefitCubes, pl.benefitSquare)
	return l.String()
}

// allPiecesPeriod is the GET_ALL_PIECES limit: once per 100 turns (spec §10).
const allPiecesPeriod = 100

func (r *Referee) allPieces(seat int, tokens []string) []string {
	if e := noArgs(tokens); e != nil {
		return e
	}
	if last := r.lastAllPieces[seat]; last >= 0 && r.turn-last < allPiecesPeriod && !r.live.over {
		return fail(codeSpecificLimit)
	}
	r.lastAllPieces[seat] = r.turn
	out := make([]string, 0, len(r.pieces)+2)
	out = append(out, protocol.OK, fmt.Sprint(len(r.pieces)))
	for _, pc := range r.pieces {
		var l line
		l.ints(pc.id, len(pc.cubes))
		for _, c := range pc.cubes {
			l.ints(c.x, c.y, c.z)
		}
		l.ints(pc.colours...).ints(pc.price, pc.value, pc.effort)
		out = append(out, l.String())
	}
	return out
}

func (r *Referee) availablePieces(tokens []string) []string {
	if e := noArgs(tokens); e != nil {
		return e
	}
	return []string{protocol.OK, countedList(r.snap.available())}
}

func (r *Referee) piecesInRange(seat int, tokens []string) []string {
	if e := noArgs(tokens); e != nil {
		return e
	}
	return []string{protocol.OK, countedList(r.snap.inRange(r.p, seat))}
}

func (r *Referee) ownSpace(seat int, tokens []string) []string {
	if e := noArgs(tokens); e != nil {
		return e
	}
	bo := r.p.Bo
	own := r.snap.players[seat].own
	out := make([]string, 0, bo*bo+2)
	out = append(out, protocol.OK, fmt.Sprint(bo))
	row := make([]byte, 2*bo-1)
	for i := range row {
		row[i] = ' '
	}
	for z := 0; z < bo; z++ {
		for y := 0; y < bo; y++ {
			for x := 0; x < bo; x++ {
				row[2*x] = '0'
				if own[ownIndex(bo, vec3{x, y, z})] {
					row[2*x] = '1'
				}
			}
			out = append(out, string(row))
		}
	}
	return out
}

func (r *Referee) sharedSpace(tokens []string) []string {
	if e := noArgs(tokens); e != nil {
		return e
	}
	bs := r.p.Bs
	out := make([]string, 0, bs+2)
	out = append(out, protocol.OK, fmt.Sprint(bs))
	for y := 0; y < bs; y++ {
		var l line
		for x := 0; x < bs; x++ {
			l.int(int(r.snap.shared[y*bs+x]))
		}
		out = append(out, l.String())
	}
	return out
}

// Educational commands take at most 5 cubes with coordinates in [−10, 10] (spec §8).
const (
	maxEducationalCubes = 5
	maxEducationalCoord = 10
)

// educational answers PROJECT_PIECE (project) or ROTATE_PIECE: "C_n x y z … R_x R_y R_z".
func educational(tokens []string, projectIt bool) []string {
	args := tokens[1:]
	if len(args) > 1+3*maxEducationalCubes+3 {
		return failed(protocol.CodeTooManyArgs)
	}
	if len(args) == 0 {
		return failed(protocol.CodeBadFormat)
	}
	n, good := protocol.ParseSessionInt(args[0])
	if !good || n < 1 || n > maxEducationalCubes {
		return failed(protocol.CodeBadFormat)
	}
	switch want := 1 + 3*int(n) + 3; {
	case len(args) > want:
		return failed(protocol.CodeTooManyArgs)
	case len(args) < want:
		return failed(protocol.CodeBadFormat)
	}
	values := make([]int64, len(args)-1)
	for i, a := range args[1:] {
		v, good := protocol.ParseSessionInt(a)
		if !good {
			return failed(protocol.CodeBadFormat)
		}
		values[i] = v
	}
	cubes := make([]vec3, n)
	for i := range cubes {
		c := values[3*i : 3*i+3]
		for _, v := range c {
			if v < -maxEducationalCoord || v > maxEducationalCoord {
				return failed(protocol.CodeBadFormat)
			}
		}
		cubes[i] = vec3{int(c[0]), int(c[1]), int(c[2])}
	}
	rot := newRotation(values[3*n], values[3*n+1], values[3*n+2])
	var l line
	if projectIt {
		squares := project(cubes, nil, rot)
		l.int(len(squares))
		for _, s := range squares {
			l.ints(s.x, s.y)
		}
	} else {
		l.int(len(cubes))
		for _, c := range cubes {
			v := rot.apply(c)
			l.ints(v.x, v.y, v.z)
		}
	}
	return []string{protocol.OK, l.String()}
}
