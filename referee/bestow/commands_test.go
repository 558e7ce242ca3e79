package bestow

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSpec8_DescribeWorld(t *testing.T) {
	tests := []struct {
		variant string
		opts    map[string]string
		want    string
	}{
		{"vanilla", nil, "300 30 6 30 11 6 1.300000 1500 1.000000 1 0.050000 0.100000 1.500000 5 1 30 1.000000"},
		{"wicked", nil, "300 30 3 30 11 6 1.300000 1500 1.000000 1 0.050000 0.100000 1.500000 5 1 30 1.000000"},
		{"flower", nil, "300 30 12 30 11 6 1.300000 1500 1.000000 1 0.050000 0.100000 1.500000 5 1 30 1.000000"},
		{"vanilla", map[string]string{"Ee": "100", "Ep": "10", "C": "5", "Bs": "20", "Bo": "10", "R": "3", "I": "1.41", "H": "0.0002",
			"Qgi": "0.01", "Sr": "50", "T": "3", "L": "100", "K": "1.056079"},
			"100 10 5 20 10 3 1.410000 1500 0.000200 1 0.010000 0.100000 1.500000 50 3 100 1.056079"},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			opts := map[string]string{"variant": tt.variant}
			for k, v := range tt.opts {
				opts[k] = v
			}
			r := newRef(t, opts)
			if diff := cmp.Diff([]string{"OK", tt.want}, send(r, 1, "DESCRIBE_WORLD")); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestSpec8_MatchInfo(t *testing.T) {
	r := newRef(t, map[string]string{"C": "5"})
	want := []string{"OK", "0.000000 0 0 1500 0 0 0 0 0 0 0 0 0", "0.000000 0 0 1500 0 0 0 0 0 0 0 0 0", "Me"}
	if diff := cmp.Diff(want, send(r, 0, "GET_MATCH_INFO")); diff != "" {
		t.Errorf("A at the start (-want +got):\n%s", diff)
	}
	if got := send(r, 1, "GET_MATCH_INFO")[3]; got != "Opponent" {
		t.Errorf("B's third line %q, want Opponent", got)
	}
	// Each player line has 8 + C fields, in the order of spec §8.
	a := &r.live.players[0]
	a.cash, a.profit, a.effort, a.benefitCubes, a.benefitSquare = 341, 1075, 5, 1, 2
	a.mult[1], a.mult[2] = 3, 5
	fill(r, 0, vec3{0, 0, 0})
	r.live.acted = true
	r.live.players[0].bought = true
	r.sync()
	r.EndTurn()
	// S_mo = floor(1075·1.3) with D = 1.
	want = []string{"OK", "100.000000 1397 0 1416 1075 5 3 5 0 0 0 1 2", "0.000000 0 0 1500 0 0 0 0 0 0 0 0 0", "Opponent"}
	if diff := cmp.Diff(want, send(r, 0, "GET_MATCH_INFO")); diff != "" {
		t.Errorf("A after a turn (-want +got):\n%s", diff)
	}
	if got := send(r, 1, "GET_MATCH_INFO"); got[1] != want[2] || got[2] != want[1] || got[3] != "Me" {
		t.Errorf("B's view %q", got)
	}
	r.live.over = true
	r.sync()
	if got := send(r, 0, "GET_MATCH_INFO")[3]; got != "None" {
		t.Errorf("after the end: %q, want None", got)
	}
}

func TestSpec8_Spaces(t *testing.T) {
	r := newRef(t, map[string]string{"Bo": "10", "Bs": "20"})
	fill(r, 1, vec3{1, 2, 3})
	r.live.shared[4*20+7] = 3
	r.sync()
	space := send(r, 0, "GET_OPPONENT_SPACE")
	if len(space) != 2+100 || space[0] != "OK" || space[1] != "10" {
		t.Fatalf("GET_OPPONENT_SPACE: %d lines, head %q", len(space), space[:2])
	}
	for i, l := range space[2:] {
		z, y := i/10, i%10
		want := strings.Repeat("0 ", 9) + "0"
		if z == 3 && y == 2 {
			want = "0 1 " + strings.Repeat("0 ", 7) + "0"
		}
		if l != want {
			t.Errorf("line z=%d y=%d: %q, want %q", z, y, l, want)
		}
	}
	if mine := send(r, 1, "GET_MY_SPACE"); !cmp.Equal(mine, space) {
		t.Errorf("B's GET_MY_SPACE differs from A's GET_OPPONENT_SPACE")
	}
	shared := send(r, 1, "GET_SHARED_SPACE")
	if len(shared) != 22 || shared[1] != "20" || shared[6] != "0 0 0 0 0 0 0 3"+strings.Repeat(" 0", 12) {
		t.Errorf("GET_SHARED_SPACE: %d lines, row 4 %q", len(shared), shared[6])
	}
}

func TestSpec8_PieceLists(t *testing.T) {
	r := newRef(t, map[string]string{"pieces": "12", "R": "5"})
	r.live.taken[0], r.live.taken[4] = true, true
	r.sync()
	if got := send(r, 0, "GET_AVAILABLE_PIECES"); got[1] != "10 2 3 4 6 7 8 9 10 11 12" {
		t.Errorf("GET_AVAILABLE_PIECES %q", got)
	}
	if got := send(r, 1, "GET_PIECES_IN_RANGE"); got[1] != "5 2 3 4 6 7" {
		t.Errorf("GET_PIECES_IN_RANGE %q", got)
	}
	all := send(r, 1, "GET_ALL_PIECES")
	if len(all) != 2+12 || all[1] != "12" {
		t.Fatalf("GET_ALL_PIECES: %d lines, count %q", len(all), all[1])
	}
	for i, l := range all[2:] {
		f := strings.Fields(l)
		n, _ := strconv.Atoi(f[1])
		pc := r.pieces[i]
		if f[0] != strconv.Itoa(i+1) || n != len(pc.cubes) || len(f) != 2+4*n+3 {
			t.Fatalf("piece line %q: want id %d with %d cubes, 2+4n+3 fields", l, i+1, len(pc.cubes))
		}
		var l2 line
		l2.ints(pc.id, len(pc.cubes))
		for _, c := range pc.cubes {
			l2.ints(c.x, c.y, c.z)
		}
		l2.ints(pc.colours...).ints(pc.price, pc.value, pc.effort)
		if l != l2.String() {
			t.Errorf("piece %d: %q, want %q", i+1, l, l2.String())
		}
	}
}

// Queries answer from the start-of-turn snapshot, for both players, whatever the active
// player has done since (spec §4): the service order of seats cannot change an answer.
func TestSpec4_QueriesReadTheSnapshot(t *testing.T) {
	r := newRef(t, nil)
	setPiece(r, 1, []vec3{{0, 0, 0}}, nil, 100, 100, 2)
	r.sync()
	queries := []string{"GET_MATCH_INFO", "GET_AVAILABLE_PIECES", "GET_PIECES_IN_RANGE", "GET_MY_SPACE", "GET_OPPONENT_SPACE", "GET_SHARED_SPACE"}
	before := map[string][]string{}
	for seat := 0; seat < 2; seat++ {
		for _, q := range queries {
			before[fmt.Sprint(seat, q)] = send(r, seat, q)
		}
	}
	for _, l := range []string{"BUY_PIECE 1", "PLACE_OWN_PIECE 0 0 0 0 0 0", "PLACE_SHARED_PIECE 0 0 0 0 0", "SET_MULTIPLIER 1 5"} {
		if got := send(r, 0, l); got[0] != "OK" {
			t.Fatalf("%s: %q", l, got)
		}
	}
	for seat := 0; seat < 2; seat++ {
		for _, q := range queries {
			if diff := cmp.Diff(before[fmt.Sprint(seat, q)], send(r, seat, q)); diff != "" {
				t.Errorf("%s by %s changed within the turn (-start +now):\n%s", q, seatName(seat), diff)
			}
		}
	}
	r.EndTurn()
	if got := send(r, 1, "GET_OPPONENT_SPACE")[2]; !strings.HasPrefix(got, "1 ") {
		t.Errorf("after the boundary B sees A's cube: %q", got)
	}
}

func TestSpec6_2_BuyPaysFromCashThenProfit(t *testing.T) {
	r := newRef(t, nil)
	setPiece(r, 1, []vec3{{0, 0, 0}}, nil, 1000, 1000, 4)
	r.live.players[0].cash, r.live.players[0].profit = 600, 700
	r.sync()
	if got := send(r, 0, "BUY_PIECE 1"); got[0] != "OK" {
		t.Fatalf("BUY_PIECE: %q", got)
	}
	a := r.live.players[0]
	got := []int{a.cash, a.profit, a.effort, a.ptr, a.held}
	if diff := cmp.Diff([]int{0, 300, 4, 1, 1}, got); diff != "" {
		t.Errorf("cash, profit, effort, ptr, held (-want +got):\n%s", diff)
	}
	if !r.live.taken[0] {
		t.Errorf("piece 1 not taken")
	}
}

// Profit from a placement made earlier in the turn counts toward the price (spec §6.2).
func TestSpec6_2_ProfitOfThisTurnBuys(t *testing.T) {
	r := newRef(t, map[string]string{"Sp": "0"})
	setPiece(r, 1, []vec3{{0, 0, 0}}, nil, 500, 900, 1)
	setPiece(r, 2, []vec3{{0, 0, 0}}, nil, 800, 800, 1)
	hold(r, 0, 1)
	r.sync()
	if got := send(r, 0, "BUY_PIECE 2"); got[1-1] != "FAILED 107 cannot afford a piece" {
		t.Fatalf("before placing: %q", got)
	}
	send(r, 0, "PLACE_OWN_PIECE 5 5 5 0 0 0") // Q = −1: 900·0.9 = 810
	if got := send(r, 0, "BUY_PIECE 2"); got[0] != "OK" {
		t.Fatalf("after placing: %q", got)
	}
	if p := r.live.players[0].profit; p != 10 {
		t.Errorf("profit %d, want 810 − 800 = 10", p)
	}
}

// A held piece stays usable in later turns until another is bought; buying discards it.
func TestSpec6_2_HeldPieceAcrossTurns(t *testing.T) {
	r := newRef(t, nil)
	for id := 1; id <= 3; id++ {
		setPiece(r, id, []vec3{{0, 0, 0}}, nil, 10, 10, 1)
	}
	r.sync()
	send(r, 0, "BUY_PIECE 1")
	r.EndTurn()               // A effort 1 > 0: B active
	send(r, 1, "BUY_PIECE 1") // piece 2
	r.EndTurn()               // B 0 → 1: tie, B stays
	r.EndTurn()               // B skips to 2: A active
	steps := []struct{ line, want string }{
		{"PLACE_OWN_PIECE 0 0 0 0 0 0", "OK"}, // last turn's piece
		{"BUY_PIECE 1", "OK"},                 // piece 3
		{"PLACE_SHARED_PIECE 0 0 0 0 0", "OK"},
		{"PLACE_OWN_PIECE 1 0 0 0 0 0", "OK"}, // the new piece was never placed own
		{"PLACE_OWN_PIECE 2 0 0 0 0 0", "FAILED 108 piece already placed on own space"},
	}
	for _, s := range steps {
		if got := send(r, 0, s.line); got[0] != s.want {
			t.Errorf("%s: %q, want %q", s.line, got[0], s.want)
		}
	}
	if r.live.players[0].held != 3 {
		t.Errorf("held %d, want 3", r.live.players[0].held)
	}
}

// Each single cube or single square placed uses up one benefit (spec §6.2); with none
// left the next one fails.
func TestSpec6_2_SinglePiecesUseUpBenefits(t *testing.T) {
	r := newRef(t, nil)
	r.live.players[0].benefitCubes, r.live.players[0].benefitSquare = 1, 1
	steps := []struct{ line, want string }{
		{"PLACE_SINGLE_CUBE_PIECE 0 0 0", "OK"},
		{"PLACE_SINGLE_CUBE_PIECE 1 0 0", "FAILED 115 no single cube piece available"},
		{"PLACE_SINGLE_SQUARE_PIECE 0 0 1", "OK"},
		{"PLACE_SINGLE_SQUARE_PIECE 1 0 1", "FAILED 116 no single square piece available"},
	}
	for _, s := range steps {
		if got := send(r, 0, s.line); got[0] != s.want {
			t.Errorf("%s: %q, want %q", s.line, got[0], s.want)
		}
	}
	if a := r.live.players[0]; a.benefitCubes != 0 || a.benefitSquare != 0 || a.profit != 0 {
		t.Errorf("benefits %d/%d, S_mp %d; want 0/0, 0 (a single cube has no value)", a.benefitCubes, a.benefitSquare, a.profit)
	}
}

// PROJECT_PIECE and ROTATE_PIECE accept a cube given twice (the task and the spec are
// silent): ROTATE_PIECE answers every cube given, PROJECT_PIECE each square once.
func TestSpec8_EducationalRepeatedCubes(t *testing.T) {
	r := newRef(t, nil)
	for line, want := range map[string]string{
		"ROTATE_PIECE 2 1 0 0 1 0 0 0 0 1":  "2 0 1 0 0 1 0",
		"PROJECT_PIECE 2 1 0 0 1 0 0 0 0 1": "1 0 1",
	} {
		if diff := cmp.Diff([]string{"OK", want}, send(r, 1, line)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", line, diff)
		}
	}
}
