package bestow

// player is one seat's part of the game state (spec §4).
type player struct {
	ptr    int // piece id the range walk starts at
	effort int
	cash   int
	profit int    // S_mp
	own    []bool // B_o³ cells, index (z·B_o + y)·B_o + x

	held         int // piece id, 0 = none
	placedOwn    bool
	placedShared bool

	mult          []int // index 1..C: 0, 1, 3 or 5
	benefitCubes  int   // B_o_cnt
	benefitSquare int   // B_s_cnt
	bought        bool  // a successful BUY_PIECE this turn

	// Scores recomputed at every end of turn (spec §7).
	solid    int // D
	scoreOwn int // S_mo
	shared   int // S_ms
	combined float64
	vp       float64 // per-turn victory points S_mf
	vpSum    float64

	// For the viewer: cells placed this turn.
	newCubes   []int
	newSquares []int
}

// world is the mutable game state. The referee keeps the live world, changed at once by
// the active player's commands, and a snapshot taken at every turn start, from which every
// query is answered (spec §4) so that the order in which seats are served cannot matter.
type world struct {
	taken   []bool // index id−1
	shared  []uint8
	players [2]player
	active  int
	over    bool
	// acted records whether anyone ever executed a successful BUY_PIECE, PLACE_* or
	// SET_MULTIPLIER: a game nobody played scores 0 for both (spec §11).
	acted bool
}

func newWorld(p params) world {
	w := world{taken: make([]bool, p.N), shared: make([]uint8, p.Bs*p.Bs)}
	for i := range w.players {
		w.players[i] = player{ptr: 1, cash: p.Sp, own: make([]bool, p.Bo*p.Bo*p.Bo), mult: make([]int, p.C+1)}
	}
	return w
}

// copyInto makes dst an independent copy of w, reusing dst's slices.
func (w *world) copyInto(dst *world) {
	taken, shared := append(dst.taken[:0], w.taken...), append(dst.shared[:0], w.shared...)
	old := dst.players
	*dst = *w
	dst.taken, dst.shared = taken, shared
	for i := range w.players {
		src := &w.players[i]
		d := &dst.players[i]
		d.own = append(old[i].own[:0], src.own...)
		d.mult = append(old[i].mult[:0], src.mult...)
		d.newCubes = append(old[i].newCubes[:0], src.newCubes...)
		d.newSquares = append(old[i].newSquares[:0], src.newSquares...)
	}
}

// inRange lists the ids of the first R available pieces met walking the vector cyclically
// from the player's pointer, inclusive (spec §6.1).
func (w *world) inRange(p params, seat int) []int {
	ids := make([]int, 0, p.R)
	start := w.players[seat].ptr - 1
	for i := 0; i < p.N && len(ids) < p.R; i++ {
		idx := (start + i) % p.N
		if !w.taken[idx] {
			ids = append(ids, idx+1)
		}
	}
	return ids
}

// available lists the ids of every piece not yet taken, ascending.
func (w *world) available() []int {
	ids := make([]int, 0, len(w.taken))
	for i, t := range w.taken {
		if !t {
			ids = append(ids, i+1)
		}
	}
	return ids
}

func ownIndex(bo int, v vec3) int { return (v.z*bo+v.y)*bo + v.x }

func inCube(bo int, v vec3) bool {
	return v.x >= 0 && v.x < bo && v.y >= 0 && v.y < bo && v.z >= 0 && v.z < bo
}
