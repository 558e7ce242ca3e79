package e2e

// Rule checks of bestow on a seed client's transcript: what GET_MATCH_INFO,
// GET_PIECES_IN_RANGE, GET_AVAILABLE_PIECES, GET_MY_SPACE and GET_SHARED_SPACE show turn
// after turn must follow the seed's §5.5 (turns, range, skipping, benefits) and §5.7
// (scoring). Over pipes the client sees every turn, so consecutive turns can be compared.

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

type bestowWorld struct {
	Ee, Ep, C, Bs, Bo, R int
	I, Sp, H, Ae, Sr, K  float64
}

type bestowSide struct {
	points, own, shared, power, profit float64
	effort                             int
	mult                               []int
	cubes, squares                     int
}

type bestowTurn struct {
	turn     int
	me, opp  bestowSide
	active   string // me, opponent, none
	rng      []int  // GET_PIECES_IN_RANGE, when asked
	avail    []int  // GET_AVAILABLE_PIECES, when asked
	bought   int    // id of the piece bought this turn, 0 if none
	cubeUsed int    // PLACE_SINGLE_CUBE_PIECE answered OK
	sqUsed   int    // PLACE_SINGLE_SQUARE_PIECE answered OK
	space    map[[3]int]bool
	shared   [][]int
}

func bestowParse(t *testing.T, recs []d24Record) (bestowWorld, map[int]int, []bestowTurn) {
	t.Helper()
	f := strings.Fields(d24FirstData(t, recs, "DESCRIBE_WORLD"))
	if len(f) != 17 {
		t.Fatalf("DESCRIBE_WORLD: %d values, want 17 (seed §5.8): %q", len(f), f)
	}
	num := func(i int) float64 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			t.Fatalf("DESCRIBE_WORLD value %d %q: %v", i, f[i], err)
		}
		return v
	}
	w := bestowWorld{Ee: int(num(0)), Ep: int(num(1)), C: int(num(2)), Bs: int(num(3)), Bo: int(num(4)), R: int(num(5)),
		I: num(6), Sp: num(7), H: num(8), Ae: num(12), Sr: num(13), K: num(16)}

	efforts := map[int]int{} // piece id -> effort
	var turns []bestowTurn
	var cur *bestowTurn
	for _, r := range recs {
		if r.Game != 1 || r.Probe != "" || r.Cmd == "" || len(r.Reply) == 0 {
			continue
		}
		ok := r.Reply[0] == "OK"
		name := strings.Fields(r.Cmd)[0]
		switch {
		case name == "GET_ALL_PIECES" && ok:
			for _, line := range r.Reply[2:] {
				p := strings.Fields(line)
				id, _ := strconv.Atoi(p[0])
				e, _ := strconv.Atoi(p[len(p)-1])
				efforts[id] = e
			}
		case name == "GET_MATCH_INFO" && ok && (cur == nil || cur.turn != r.Turn):
			turns = append(turns, bestowTurn{turn: r.Turn, me: bestowInfo(t, r.Reply[1], w.C), opp: bestowInfo(t, r.Reply[2], w.C), active: strings.ToLower(r.Reply[3])})
			cur = &turns[len(turns)-1]
		case cur == nil || cur.turn != r.Turn:
		case name == "GET_PIECES_IN_RANGE" && ok:
			cur.rng = bestowIDs(r.Reply[1])
		case name == "GET_AVAILABLE_PIECES" && ok:
			cur.avail = bestowIDs(r.Reply[1])
		case name == "BUY_PIECE" && ok:
			pos, _ := strconv.Atoi(strings.Fields(r.Cmd)[1])
			cur.bought = cur.rng[pos-1]
		case name == "PLACE_SINGLE_CUBE_PIECE" && ok:
			cur.cubeUsed++
		case name == "PLACE_SINGLE_SQUARE_PIECE" && ok:
			cur.sqUsed++
		case name == "GET_MY_SPACE" && ok:
			n, _ := strconv.Atoi(r.Reply[1])
			cur.space = map[[3]int]bool{}
			for i, line := range r.Reply[2:] {
				for x, v := range strings.Fields(line) {
					if v != "0" {
						cur.space[[3]int{x, i % n, i / n}] = true
					}
				}
			}
		case name == "GET_SHARED_SPACE" && ok:
			for _, line := range r.Reply[2:] {
				var row []int
				for _, v := range strings.Fields(line) {
					c, _ := strconv.Atoi(v)
					row = append(row, c)
				}
				cur.shared = append(cur.shared, row)
			}
		}
	}
	return w, efforts, turns
}

func bestowInfo(t *testing.T, line string, colours int) bestowSide {
	t.Helper()
	f := strings.Fields(line)
	if len(f) != 8+colours {
		t.Fatalf("GET_MATCH_INFO line %q: %d values, want 6 + C + 2 = %d (seed §5.8)", line, len(f), 8+colours)
	}
	v := make([]float64, len(f))
	for i, s := range f {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("GET_MATCH_INFO line %q: %v", line, err)
		}
		v[i] = x
	}
	s := bestowSide{points: v[0], own: v[1], shared: v[2], power: v[3], profit: v[4], effort: int(v[5]),
		cubes: int(v[6+colours]), squares: int(v[7+colours])}
	for _, m := range v[6 : 6+colours] {
		s.mult = append(s.mult, int(m))
	}
	return s
}

func bestowIDs(line string) []int {
	f := strings.Fields(line)
	var out []int
	for _, s := range f[1:] {
		id, _ := strconv.Atoi(s)
		out = append(out, id)
	}
	return out
}

// bestowRules checks one client's view of a whole game played over pipes.
func bestowRules(t *testing.T, recs []d24Record) {
	t.Helper()
	w, efforts, turns := bestowParse(t, recs)
	if len(turns) < 2 {
		t.Fatalf("only %d turns in the transcript", len(turns))
	}
	var fails []string
	fail := func(format string, args ...any) {
		if len(fails) < 12 {
			fails = append(fails, fmt.Sprintf(format, args...))
		}
	}
	pointer := 1 // §5.6: both pointers start on piece 1
	for i, cur := range turns {
		if cur.turn != turns[0].turn+i {
			t.Fatalf("over pipes the client sees every turn; turn %d follows %d", cur.turn, turns[i-1].turn)
		}
		me, opp := cur.me, cur.opp

		// §5.5.5: the range is the next R available pieces from the pointer, cyclically.
		if cur.rng != nil && cur.avail != nil {
			sort.Ints(cur.avail)
			var order []int
			for _, id := range cur.avail {
				if id >= pointer {
					order = append(order, id)
				}
			}
			for _, id := range cur.avail {
				if id < pointer {
					order = append(order, id)
				}
			}
			want := order[:min(w.R, len(order))]
			if fmt.Sprint(want) != fmt.Sprint(cur.rng) {
				fail("turn %d: pieces in range %v; with the pointer on piece %d and %d pieces available, §5.5.5 gives %v", cur.turn, cur.rng, pointer, len(cur.avail), want)
			}
		}
		if cur.bought != 0 {
			pointer = cur.bought
		}

		// §5.7.5: 100 victory points to the greater combined score S_mc = S_mo + S_ms·H
		// (§5.7.4), the other its percentage of it.
		mc, oc := me.own+me.shared*w.H, opp.own+opp.shared*w.H
		if mc > 0 || oc > 0 {
			best := math.Max(mc, oc)
			if wantMe, wantOpp := 100*mc/best, 100*oc/best; math.Abs(me.points-wantMe) > 0.5 || math.Abs(opp.points-wantOpp) > 0.5 {
				fail("turn %d: victory points %.6f / %.6f for combined scores %.0f / %.0f; §5.7.5 gives %.6f / %.6f", cur.turn, me.points, opp.points, mc, oc, wantMe, wantOpp)
			}
		}

		// §5.7.1, §5.7.2: S_mo = S_mp · I^D, D the edge of the largest solid cube.
		if cur.space != nil {
			d := bestowLargestCube(cur.space, w.Bo)
			if want := me.profit * math.Pow(w.I, float64(d)); math.Abs(me.own-want) > 1.01 {
				fail("turn %d: S_mo = %v with S_mp = %v and a largest cube of edge %d; §5.7.2 gives %.3f", cur.turn, me.own, me.profit, d, want)
			}
		}
		// §5.7.3: S_ms = Σ colours Σ areas A^Ae · multiplier.
		if cur.shared != nil {
			if want := bestowSharedScore(cur.shared, me.mult, w.Ae); math.Abs(me.shared-want) > 1.01 {
				fail("turn %d: S_ms = %v; the shared space and the multipliers %v give %.3f (§5.7.3)", cur.turn, me.shared, me.mult, want)
			}
		}
		// §5.5.6: purchasing power = starting cash + own space profit ≥ S_mp.
		if me.power < me.profit {
			fail("turn %d: purchasing power %v below the own space profit %v", cur.turn, me.power, me.profit)
		}

		if i+1 == len(turns) {
			break
		}
		next := turns[i+1]
		// §5.5.2, §5.5.11: only the active player's marker moves: by the effort of the
		// piece taken, or to one step ahead of the opponent when it takes none.
		var mover, other, moverNext, otherNext bestowSide
		switch cur.active {
		case "me":
			mover, other, moverNext, otherNext = me, opp, next.me, next.opp
		case "opponent":
			mover, other, moverNext, otherNext = opp, me, next.opp, next.me
		default:
			fail("turn %d: active player %q", cur.turn, cur.active)
			continue
		}
		if otherNext.effort != other.effort {
			fail("turn %d: the inactive player's effort went from %d to %d", cur.turn, other.effort, otherNext.effort)
		}
		if cur.active == "me" {
			switch {
			case cur.bought != 0 && next.me.effort != me.effort+efforts[cur.bought]:
				fail("turn %d: took piece %d of effort %d at effort %d, then effort %d (§5.5.2)", cur.turn, cur.bought, efforts[cur.bought], me.effort, next.me.effort)
			case cur.bought == 0 && next.me.effort != opp.effort+1:
				fail("turn %d: skipped at effort %d against %d, then effort %d; §5.5.11 moves it one step ahead of the opponent", cur.turn, me.effort, opp.effort, next.me.effort)
			case cur.bought == 0 && cur.cubeUsed+cur.sqUsed == 0 && next.me.power != me.power+w.Sr:
				fail("turn %d: skipped with purchasing power %v, then %v; §5.5.11 adds S_r = %v", cur.turn, me.power, next.me.power, w.Sr)
			}
		} else if moverNext.effort <= mover.effort {
			fail("turn %d: the active opponent's effort went from %d to %d", cur.turn, mover.effort, moverNext.effort)
		}
		// §5.5.10: the active player changes when its marker got ahead of the other's.
		want := cur.active
		if moverNext.effort > otherNext.effort {
			want = map[string]string{"me": "opponent", "opponent": "me"}[cur.active]
		}
		if next.active != want {
			fail("turn %d: active %s at efforts %d (mover) / %d; next turn active %s, §5.5.10 gives %s", cur.turn, cur.active, moverNext.effort, otherNext.effort, next.active, want)
		}
		// §5.5.13: a benefit (a single cube and a single square) for each threshold k·E_p
		// reached before the opponent.
		gained := 0
		for k := w.Ep; k <= moverNext.effort; k += w.Ep {
			if k > mover.effort && other.effort < k {
				gained++
			}
		}
		myGain, oppGain := 0, 0
		if cur.active == "me" {
			myGain = gained
		} else {
			oppGain = gained
		}
		if next.me.cubes != me.cubes+myGain-cur.cubeUsed || next.me.squares != me.squares+myGain-cur.sqUsed {
			fail("turn %d: single pieces %d/%d, %d threshold(s) of E_p = %d reached first (effort %d → %d, opponent %d), %d/%d used; then %d/%d (§5.5.13)",
				cur.turn, me.cubes, me.squares, myGain, w.Ep, me.effort, next.me.effort, opp.effort, cur.cubeUsed, cur.sqUsed, next.me.cubes, next.me.squares)
		}
		if cur.active == "me" && (next.opp.cubes != opp.cubes || next.opp.squares != opp.squares) {
			fail("turn %d: the inactive opponent's single pieces went from %d/%d to %d/%d", cur.turn, opp.cubes, opp.squares, next.opp.cubes, next.opp.squares)
		}
		if cur.active == "opponent" && (next.opp.cubes > opp.cubes+oppGain || next.opp.squares > opp.squares+oppGain) {
			fail("turn %d: the opponent's single pieces went from %d/%d to %d/%d with %d threshold(s) reached", cur.turn, opp.cubes, opp.squares, next.opp.cubes, next.opp.squares, oppGain)
		}
		// §5.4.2: the game goes on until both markers reach the end of the track.
		if next.me.effort >= w.Ee && next.opp.effort >= w.Ee {
			fail("turn %d: both efforts reached E_e = %d (%d, %d) but the game went on", next.turn, w.Ee, next.me.effort, next.opp.effort)
		}
	}
	for _, f := range fails {
		t.Error(f)
	}
	var ranges, spaces, shared, active, gains int
	for i, cur := range turns {
		if cur.rng != nil && cur.avail != nil {
			ranges++
		}
		if cur.space != nil {
			spaces++
		}
		if cur.shared != nil && cur.me.shared > 0 {
			shared++
		}
		if cur.active == "me" {
			active++
		}
		if i > 0 && cur.me.cubes > turns[i-1].me.cubes {
			gains++
		}
	}
	t.Logf("%d turns checked: %d active, %d ranges, %d own spaces, %d shared spaces with points, %d benefits received", len(turns), active, ranges, spaces, shared, gains)
}

func bestowLargestCube(space map[[3]int]bool, n int) int {
	best := 0
	for x := 0; x < n; x++ {
		for y := 0; y < n; y++ {
			for z := 0; z < n; z++ {
				for d := best + 1; x+d <= n && y+d <= n && z+d <= n; d++ {
					if !bestowSolid(space, x, y, z, d) {
						break
					}
					best = d
				}
			}
		}
	}
	return best
}

func bestowSolid(space map[[3]int]bool, x, y, z, d int) bool {
	for i := 0; i < d; i++ {
		for j := 0; j < d; j++ {
			for k := 0; k < d; k++ {
				if !space[[3]int{x + i, y + j, z + k}] {
					return false
				}
			}
		}
	}
	return true
}

func bestowSharedScore(grid [][]int, mult []int, ae float64) float64 {
	seen := map[[2]int]bool{}
	total := 0.0
	for y := range grid {
		for x := range grid[y] {
			c := grid[y][x]
			if c == 0 || seen[[2]int{x, y}] {
				continue
			}
			area, stack := 0, [][2]int{{x, y}}
			seen[[2]int{x, y}] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				area++
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					q := [2]int{p[0] + d[0], p[1] + d[1]}
					if q[1] >= 0 && q[1] < len(grid) && q[0] >= 0 && q[0] < len(grid[q[1]]) && grid[q[1]][q[0]] == c && !seen[q] {
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
			if c <= len(mult) {
				total += math.Pow(float64(area), ae) * float64(mult[c-1])
			}
		}
	}
	return total
}

// TestDeadline24BestowRefuseToPlay — issue point (seed §5.5.11, §5.7.5): two clients
// that never take a piece skip every turn (each skip one step ahead of the opponent, S_r
// more cash); the game ends when both markers reach E_e, drawn and scored 0 for both.
func TestDeadline24BestowRefuseToPlay(t *testing.T) {
	dir := t.TempDir()
	res, r := d24Play(t, dir, "--game", "bestow", "--seed", "3", "--option", "Ee=100",
		d24Client(t, "bestow", "--skip", "--log", "a.log"), d24Client(t, "bestow", "--skip", "--log", "b.log"))
	d24AllOK(t, res, r)
	if res.Winner != -1 || res.Players[0].Score != 0 || res.Players[1].Score != 0 {
		t.Errorf("both refused to play: winner %d, scores %v / %v; §5.7.5: a draw scored 0 for both", res.Winner, res.Players[0].Score, res.Players[1].Score)
	}
	for _, name := range []string{"a.log", "b.log"} {
		t.Run(name, func(t *testing.T) { bestowRules(t, d24Transcript(t, filepath.Join(dir, name))) })
	}
}
