package bestow

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Test vectors of spec §13 (and the worked examples of §6.1 and §6.4), one test each.

// tvB1Cubes is the piece of TV-B1: c1 (0,0,0) colour 1, c2 (1,0,0) colour 2, c3 (1,0,1)
// colour 3, c4 (0,1,0) colour 4.
var tvB1Cubes = []vec3{{0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0, 1, 0}}

func TestSpec13_TVB1_RotationAndProjection(t *testing.T) {
	r := newRef(t, nil)
	tests := []struct {
		name, line string
		want       []string
	}{
		{"rotate R=(-1,0,0)", "ROTATE_PIECE 4 0 0 0 1 0 0 1 0 1 0 1 0 -1 0 0", []string{"OK", "4 0 0 0 1 0 0 1 1 0 0 0 -1"}},
		{"project R=(-1,0,0)", "PROJECT_PIECE 4 0 0 0 1 0 0 1 0 1 0 1 0 -1 0 0", []string{"OK", "3 0 0 1 0 1 1"}},
		// X, then Y, then Z: c2 goes to (0,0,-1); Z, Y, X would have sent it to (0,0,1).
		{"rotate R=(1,1,1) order", "ROTATE_PIECE 4 0 0 0 1 0 0 1 0 1 0 1 0 1 1 1", []string{"OK", "4 0 0 0 0 0 -1 1 0 -1 0 1 0"}},
		{"rotate R=(3,0,0) equals R=(-1,0,0)", "ROTATE_PIECE 4 0 0 0 1 0 0 1 0 1 0 1 0 3 0 0", []string{"OK", "4 0 0 0 1 0 0 1 1 0 0 0 -1"}},
		{"rotate R=(-5,4,8) equals R=(-1,0,0)", "ROTATE_PIECE 4 0 0 0 1 0 0 1 0 1 0 1 0 -5 4 8", []string{"OK", "4 0 0 0 1 0 0 1 1 0 0 0 -1"}},
		{"single axis X", "ROTATE_PIECE 1 1 2 3 1 0 0", []string{"OK", "1 1 -3 2"}},
		{"single axis Y", "ROTATE_PIECE 1 1 2 3 0 1 0", []string{"OK", "1 3 2 -1"}},
		{"single axis Z", "ROTATE_PIECE 1 1 2 3 0 0 1", []string{"OK", "1 -2 1 3"}},
		{"whitespace runs accepted", "PROJECT_PIECE\t1  5 -3 2 \t0 0 0 ", []string{"OK", "1 5 -3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seat := 0; seat < 2; seat++ { // educational commands work for both players
				if diff := cmp.Diff(tt.want, send(r, seat, tt.line)); diff != "" {
					t.Errorf("seat %d: %s (-want +got):\n%s", seat, tt.line, diff)
				}
			}
		})
	}

	t.Run("place shared with colours", func(t *testing.T) {
		r := newRef(t, nil)
		setPiece(r, 1, tvB1Cubes, []int{1, 2, 3, 4}, 100, 100, 1)
		hold(r, 0, 1)
		if got := send(r, 0, "PLACE_SHARED_PIECE 10 20 -1 0 0"); got[0] != "OK" {
			t.Fatalf("PLACE_SHARED_PIECE: %q", got)
		}
		want := map[[2]int]uint8{{10, 20}: 4, {11, 20}: 2, {11, 21}: 3}
		got := map[[2]int]uint8{}
		for i, c := range r.live.shared {
			if c != 0 {
				got[[2]int{i % r.p.Bs, i / r.p.Bs}] = c
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("shared space (-want +got):\n%s", diff)
		}
	})
}

func TestSpec13_TVB2_SeedPiece10(t *testing.T) {
	r := newRef(t, map[string]string{"Qmin": "1", "Qpi": "0.1", "I": "1.41"})
	setPiece(r, 10, []vec3{{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, -1, 1}}, nil, 1159, 1195, 5)
	hold(r, 0, 10)
	if got := send(r, 0, "PLACE_OWN_PIECE 5 4 6 1 2 0"); got[0] != "OK" {
		t.Fatalf("PLACE_OWN_PIECE: %q", got)
	}
	wantCells := []vec3{{4, 3, 5}, {4, 3, 6}, {5, 3, 6}, {5, 3, 7}}
	if diff := cmp.Diff(wantCells, ownCells(r, 0), cmp.AllowUnexported(vec3{})); diff != "" {
		t.Errorf("own cells (-want +got):\n%s", diff)
	}
	if got := r.live.players[0].profit; got != 1075 {
		t.Errorf("P_vf = %d, want 1075", got)
	}
	if got := send(r, 0, "PLACE_SHARED_PIECE 1 2 0 1 2"); got[0] != "OK" {
		t.Fatalf("PLACE_SHARED_PIECE: %q", got)
	}
	var squares [][2]int
	for i, c := range r.live.shared {
		if c != 0 {
			squares = append(squares, [2]int{i % r.p.Bs, i / r.p.Bs})
		}
	}
	if diff := cmp.Diff([][2]int{{0, 1}, {0, 2}, {0, 3}}, squares); diff != "" {
		t.Errorf("shared squares (-want +got):\n%s", diff)
	}
	r.EndTurn()
	a := r.snap.players[0]
	if a.solid != 1 || a.scoreOwn != 1515 {
		t.Errorf("D = %d, S_mo = %d; want 1, 1515", a.solid, a.scoreOwn)
	}
}

// tvB3 sets up TV-B3: the 2×2 slab at z = 0 and the 5-cube piece of value 800 held by A.
func tvB3(t *testing.T) *Referee {
	r := newRef(t, map[string]string{"Bo": "11", "Qmin": "1", "Qgi": "0.05", "Qpi": "0.1"})
	fill(r, 0, vec3{0, 0, 0}, vec3{1, 0, 0}, vec3{0, 1, 0}, vec3{1, 1, 0})
	setPiece(r, 1, []vec3{{0, 0, 0}, {0, 1, 0}, {0, 1, 1}, {-1, 1, 1}, {-2, 1, 1}}, nil, 700, 800, 1)
	hold(r, 0, 1)
	return r
}

func TestSpec13_TVB3_QualityBonusAndPenalty(t *testing.T) {
	tests := []struct {
		name, line string
		profit     int
	}{
		{"bonus Q=3 needs the tolerance", "PLACE_OWN_PIECE 2 0 0 0 0 0", 920},
		{"penalty Q=-1 in an empty region", "PLACE_OWN_PIECE 9 5 5 0 0 0", 720},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := tvB3(t)
			if got := send(r, 0, tt.line); got[0] != "OK" {
				t.Fatalf("%s: %q", tt.line, got)
			}
			if got := r.live.players[0].profit; got != tt.profit {
				t.Errorf("P_vf = %d, want %d", got, tt.profit)
			}
		})
	}

	t.Run("single cubes complete the 2x2x2 block", func(t *testing.T) {
		r := tvB3(t)
		send(r, 0, "PLACE_OWN_PIECE 2 0 0 0 0 0")
		r.live.players[0].bought = true // keep A active through the boundary
		r.EndTurn()
		if d := r.snap.players[0].solid; d != 1 {
			t.Fatalf("D after the first placement = %d, want 1", d)
		}
		r.live.players[0].benefitCubes = 2
		for _, line := range []string{"PLACE_SINGLE_CUBE_PIECE 0 0 1", "PLACE_SINGLE_CUBE_PIECE 1 0 1"} {
			if got := send(r, 0, line); got[0] != "OK" {
				t.Fatalf("%s: %q", line, got)
			}
		}
		r.live.players[0].bought = true
		r.EndTurn()
		a := r.snap.players[0]
		if a.solid != 2 || a.profit != 920 || a.scoreOwn != 1554 { // floor(920·1.3²) = floor(1554.8)
			t.Errorf("D = %d, S_mp = %d, S_mo = %d; want 2, 920, 1554", a.solid, a.profit, a.scoreOwn)
		}
	})
}

func TestSpec13_TVB4_SharedScore(t *testing.T) {
	r := newRef(t, map[string]string{"Ae": "1.5", "C": "6", "H": "1"})
	paint := func(colour uint8, cells ...[2]int) {
		for _, c := range cells {
			r.live.shared[c[1]*r.p.Bs+c[0]] = colour
		}
	}
	paint(2, [2]int{0, 0}, [2]int{1, 0}, [2]int{0, 1}, [2]int{1, 1}) // colour 2, area 4
	paint(2, [2]int{5, 5})                                           // colour 2, area 1
	paint(5, [2]int{10, 0}, [2]int{11, 0}, [2]int{12, 0})            // colour 5, area 3
	steps := []struct {
		seat       int
		line, want string
	}{
		{0, "SET_MULTIPLIER 2 5", "OK"},
		{0, "SET_MULTIPLIER 5 1", "OK"},
		{1, "SET_MULTIPLIER 2 5", "FAILED 113 equal multiplier already assigned to this color by opponent"},
		{1, "SET_MULTIPLIER 2 3", "OK"},
		{1, "SET_MULTIPLIER 5 5", "OK"},
	}
	for _, s := range steps {
		r.live.active = s.seat
		if got := send(r, s.seat, s.line); got[0] != s.want {
			t.Errorf("seat %d %s: %q, want %q", s.seat, s.line, got[0], s.want)
		}
	}
	r.score()
	if a, b := r.live.players[0].shared, r.live.players[1].shared; a != 50 || b != 52 {
		t.Errorf("S_ms = %d and %d, want 50 and 52", a, b)
	}
}

func TestSpec13_TVB5_SkipAndBenefits(t *testing.T) {
	tests := []struct {
		name                     string
		opponentEffort           int
		wantEffort, wantBenefits int
	}{
		{"seed log: no threshold in (5,7]", 6, 7, 0},
		{"skip to 10 earns the θ=10 benefit", 9, 10, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRef(t, nil)
			r.p.Ep = 5 // the seed log's world (below the option range)
			a, b := &r.live.players[0], &r.live.players[1]
			a.effort, a.cash, a.profit = 5, 341, 1075 // purchasing power 1416
			b.effort = tt.opponentEffort
			r.sync()
			r.EndTurn()
			a = &r.snap.players[0]
			if a.effort != tt.wantEffort || a.cash+a.profit != 1421 || a.benefitCubes != tt.wantBenefits || a.benefitSquare != tt.wantBenefits {
				t.Errorf("effort %d, power %d, benefits %d/%d; want %d, 1421, %d", a.effort, a.cash+a.profit, a.benefitCubes, a.benefitSquare, tt.wantEffort, tt.wantBenefits)
			}
			if r.snap.active != 1 {
				t.Errorf("active = %s, want B", seatName(r.snap.active))
			}
		})
	}
}

func TestSpec13_TVB6_RangeWrap(t *testing.T) {
	r := newRef(t, map[string]string{"pieces": "10", "R": "3"})
	for id := 1; id <= 10; id++ {
		setPiece(r, id, []vec3{{0, 0, 0}}, nil, 1, 1, 1)
	}
	r.live.players[0].ptr = 9
	for _, id := range []int{9, 10, 2} {
		r.live.taken[id-1] = true
	}
	r.sync()
	steps := []struct{ line, want string }{
		{"GET_PIECES_IN_RANGE", "3 1 3 4"},
		{"BUY_PIECE 2", ""},
	}
	for _, s := range steps {
		got := send(r, 0, s.line)
		if got[0] != "OK" || (s.want != "" && got[1] != s.want) {
			t.Errorf("%s: %q, want OK %q", s.line, got, s.want)
		}
	}
	if ptr := r.live.players[0].ptr; ptr != 3 {
		t.Errorf("ptr = %d, want 3", ptr)
	}
	r.sync()
	if got := send(r, 0, "GET_PIECES_IN_RANGE"); got[1] != "3 4 5 6" {
		t.Errorf("next range %q, want 3 4 5 6", got[1])
	}
}

func TestSpec6_1_VectorExample(t *testing.T) {
	r := newRef(t, map[string]string{"pieces": "20", "R": "4"})
	for id := 1; id <= 20; id++ {
		setPiece(r, id, []vec3{{0, 0, 0}}, nil, 1, 1, 1)
	}
	r.sync()
	buy := func(pos int) {
		t.Helper()
		if got := send(r, 0, fmt.Sprintf("BUY_PIECE %d", pos)); got[0] != "OK" {
			t.Fatalf("BUY_PIECE %d: %q", pos, got)
		}
		r.live.players[0].bought = false // a second buy in the example's next turn
		r.sync()
	}
	rangeOf := func(seat int) string { return send(r, seat, "GET_PIECES_IN_RANGE")[1] }
	if got := rangeOf(0); got != "4 1 2 3 4" {
		t.Errorf("start: %q", got)
	}
	buy(2) // piece 2
	if got := rangeOf(0); got != "4 3 4 5 6" {
		t.Errorf("A after taking 2: %q, want 4 3 4 5 6", got)
	}
	buy(3) // piece 5
	if got := rangeOf(0); got != "4 6 7 8 9" {
		t.Errorf("A after taking 5: %q, want 4 6 7 8 9", got)
	}
	if got := rangeOf(1); got != "4 1 3 4 6" {
		t.Errorf("B: %q, want 4 1 3 4 6", got)
	}
}

func TestSpec6_4_EffortTrackExample(t *testing.T) {
	r := newRef(t, nil)
	r.p.Ep = 5
	for id, effort := range []int{3, 2, 3, 2} {
		setPiece(r, id+1, []vec3{{0, 0, 0}}, nil, 1, 1, effort)
	}
	steps := []struct {
		seat              int
		wantA, wantB      int
		wantActive        int
		wantBenefitsA, wB int
	}{
		{0, 3, 0, 1, 0, 0}, // A 0→3 ⇒ B active
		{1, 3, 2, 1, 0, 0}, // B 0→2 ⇒ B stays
		{1, 3, 5, 0, 0, 1}, // B 2→5 ⇒ A active; B reached θ=5 first
		{0, 5, 5, 0, 0, 1}, // A 3→5: tie ⇒ A stays, no benefit
	}
	for i, s := range steps {
		if got := send(r, s.seat, "BUY_PIECE 1"); got[0] != "OK" {
			t.Fatalf("step %d: BUY_PIECE 1 by %s: %q", i, seatName(s.seat), got)
		}
		r.EndTurn()
		w := &r.snap
		got := []int{w.players[0].effort, w.players[1].effort, w.active, w.players[0].benefitCubes, w.players[1].benefitCubes}
		want := []int{s.wantA, s.wantB, s.wantActive, s.wantBenefitsA, s.wB}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("step %d (efforts A, B, active, benefits A, B) (-want +got):\n%s", i, diff)
		}
	}
}

func TestSpec13_TVB7_VictoryPoints(t *testing.T) {
	r := newRef(t, nil)
	r.live.players[0].profit = 1540
	r.live.players[1].profit = 1294
	r.live.acted = true
	r.sync()
	r.EndTurn()
	a, b := send(r, 0, "GET_MATCH_INFO"), send(r, 1, "GET_MATCH_INFO")
	if got := a[1][:len("100.000000")]; got != "100.000000" {
		t.Errorf("A's S_mf %q, want 100.000000", a[1])
	}
	if got := b[1][:len("84.025974")]; got != "84.025974" {
		t.Errorf("B's S_mf %q, want 84.025974", b[1])
	}
	r.live.over = true
	r.sync()
	res := r.Result()
	got := []string{fmt.Sprintf("%.6f", res[0].Score), fmt.Sprintf("%.6f", res[1].Score)}
	if diff := cmp.Diff([]string{"300.000000", "84.025974"}, got); diff != "" {
		t.Errorf("final scores (-want +got):\n%s", diff)
	}
	if res[0].Rank != 1 || res[1].Rank != 2 {
		t.Errorf("ranks %d, %d", res[0].Rank, res[1].Rank)
	}
}

// Benefit counters stop at 20 (the seed's range for B_mo and B_ms).
func TestSpec6_4_BenefitCap(t *testing.T) {
	r := newRef(t, map[string]string{"Ep": "10"})
	a := &r.live.players[0]
	a.benefitCubes, a.benefitSquare = 20, 19
	r.live.players[1].effort = 9 // A skips from 0 to 10 and reaches θ = 10 first
	r.sync()
	r.EndTurn()
	if got := []int{r.snap.players[0].benefitCubes, r.snap.players[0].benefitSquare}; !cmp.Equal(got, []int{20, 20}) {
		t.Errorf("benefits %v, want [20 20]", got)
	}
}

// Thresholds are θ = k·E_p ≤ E_e (spec §6.4): efforts can pass E_e by a few points, but a
// multiple of E_p beyond E_e is no threshold.
func TestSpec6_4_NoThresholdBeyondEe(t *testing.T) {
	tests := []struct {
		ee           string
		wantBenefits int
	}{
		{"109", 0}, // θ = 110 > E_e
		{"110", 1}, // θ = 110 = E_e
	}
	for _, tt := range tests {
		t.Run("Ee="+tt.ee, func(t *testing.T) {
			r := newRef(t, map[string]string{"Ee": tt.ee, "Ep": "10"})
			r.live.players[0].effort, r.live.players[1].effort = 105, 109 // A skips to 110
			r.sync()
			r.EndTurn()
			a := r.snap.players[0]
			if a.effort != 110 || a.benefitCubes != tt.wantBenefits || a.benefitSquare != tt.wantBenefits {
				t.Errorf("effort %d, benefits %d/%d; want 110, %d", a.effort, a.benefitCubes, a.benefitSquare, tt.wantBenefits)
			}
		})
	}
}

// The safety cap of spec §6.4 ends the game after 4·E_e + 10 turns even with both efforts
// below E_e (unreachable in play: every turn moves the active effort up by at least 1).
func TestSpec6_4_TurnCap(t *testing.T) {
	r := newRef(t, map[string]string{"Ee": "100"})
	r.turn = r.p.turnCap() - 2
	r.EndTurn()
	if r.Over() {
		t.Fatalf("over after turn %d, the cap is %d turns", r.turn, r.p.turnCap())
	}
	r.EndTurn()
	if !r.Over() || r.turn != 410 {
		t.Errorf("turn %d, over %v; want over after 410 turns", r.turn, r.Over())
	}
}
