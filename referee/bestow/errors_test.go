package bestow

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Every error code of spec §9 and the check order of spec §8. A failed command must leave
// the state untouched.
func TestSpec9_Errors(t *testing.T) {
	// cheap makes every piece a single cube, affordable, effort 1.
	cheap := func(r *Referee) {
		for id := 1; id <= len(r.pieces); id++ {
			setPiece(r, id, []vec3{{0, 0, 0}, {1, 0, 0}}, []int{1, 2}, 10, 10, 1)
		}
		r.sync()
	}
	holding := func(r *Referee) { cheap(r); hold(r, 0, 1) }
	tests := []struct {
		name  string
		setup func(r *Referee)
		seat  int
		line  string
		want  string
	}{
		// protocol codes reaching the referee
		{"2 unknown command", nil, 0, "FOO", "FAILED 2 unknown command"},
		{"2 lower-case command", nil, 0, "describe_world", "FAILED 2 unknown command"},
		{"3 missing argument", nil, 0, "BUY_PIECE", "FAILED 3 bad format"},
		{"3 not an integer", nil, 0, "BUY_PIECE x", "FAILED 3 bad format"},
		{"3 real number", nil, 0, "SET_MULTIPLIER 1 1.0", "FAILED 3 bad format"},
		{"3 outside int64", nil, 0, "BUY_PIECE 99999999999999999999", "FAILED 3 bad format"},
		{"3 too few for PLACE_OWN_PIECE", holding, 0, "PLACE_OWN_PIECE 1 2 3", "FAILED 3 bad format"},
		{"4 argument to DESCRIBE_WORLD", nil, 0, "DESCRIBE_WORLD 1", "FAILED 4 too many arguments"},
		{"4 extra argument to BUY_PIECE", nil, 0, "BUY_PIECE 1 2", "FAILED 4 too many arguments"},
		{"4 extra argument to GET_MY_SPACE", nil, 0, "GET_MY_SPACE x", "FAILED 4 too many arguments"},
		{"4 before 103 for the inactive player", nil, 1, "BUY_PIECE 1 2", "FAILED 4 too many arguments"},
		{"3 before 103 for the inactive player", nil, 1, "BUY_PIECE x", "FAILED 3 bad format"},
		// PROJECT_PIECE / ROTATE_PIECE argument rules
		{"3 educational: no count", nil, 0, "PROJECT_PIECE", "FAILED 3 bad format"},
		{"3 educational: count 0", nil, 0, "PROJECT_PIECE 0 0 0 0", "FAILED 3 bad format"},
		{"3 educational: count 6", nil, 0, "ROTATE_PIECE 6 0 0 0 0 0 0", "FAILED 3 bad format"},
		{"3 educational: coordinate 11", nil, 0, "PROJECT_PIECE 1 0 0 11 0 0 0", "FAILED 3 bad format"},
		{"3 educational: coordinate -11", nil, 0, "ROTATE_PIECE 1 -11 0 0 0 0 0", "FAILED 3 bad format"},
		{"3 educational: too few numbers", nil, 0, "PROJECT_PIECE 2 0 0 0 1 0 0 0 0", "FAILED 3 bad format"},
		{"3 educational: not a number", nil, 0, "ROTATE_PIECE 1 0 0 a 0 0 0", "FAILED 3 bad format"},
		{"4 educational: one number too many", nil, 1, "PROJECT_PIECE 1 0 0 0 0 0 0 0", "FAILED 4 too many arguments"},
		{"4 educational: over 19 arguments", nil, 0, "ROTATE_PIECE x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19", "FAILED 4 too many arguments"},
		// 101
		{"101 second GET_ALL_PIECES", func(r *Referee) { r.lastAllPieces[0] = 0 }, 0, "GET_ALL_PIECES", "FAILED 101 specific command limit reached"},
		{"101 99 turns later", func(r *Referee) { r.lastAllPieces[1], r.turn = 1, 100 }, 1, "GET_ALL_PIECES", "FAILED 101 specific command limit reached"},
		// 102
		{"102 position 0", cheap, 0, "BUY_PIECE 0", "FAILED 102 piece not available"},
		{"102 position R+1", cheap, 0, "BUY_PIECE 7", "FAILED 102 piece not available"},
		{"102 negative position", cheap, 0, "BUY_PIECE -1", "FAILED 102 piece not available"},
		{"102 empty range", func(r *Referee) {
			for i := range r.live.taken {
				r.live.taken[i] = true
			}
			r.sync()
		}, 0, "BUY_PIECE 1", "FAILED 102 piece not available"},
		// 103
		{"103 BUY_PIECE", cheap, 1, "BUY_PIECE 1", "FAILED 103 not your turn"},
		{"103 SET_MULTIPLIER", nil, 1, "SET_MULTIPLIER 1 1", "FAILED 103 not your turn"},
		{"103 PLACE_OWN_PIECE", func(r *Referee) { hold(r, 1, 1) }, 1, "PLACE_OWN_PIECE 0 0 0 0 0 0", "FAILED 103 not your turn"},
		{"103 PLACE_SHARED_PIECE", func(r *Referee) { hold(r, 1, 1) }, 1, "PLACE_SHARED_PIECE 0 0 0 0 0", "FAILED 103 not your turn"},
		{"103 PLACE_SINGLE_CUBE_PIECE", func(r *Referee) { r.live.players[1].benefitCubes = 1 }, 1, "PLACE_SINGLE_CUBE_PIECE 0 0 0", "FAILED 103 not your turn"},
		{"103 PLACE_SINGLE_SQUARE_PIECE", func(r *Referee) { r.live.players[1].benefitSquare = 1 }, 1, "PLACE_SINGLE_SQUARE_PIECE 0 0 1", "FAILED 103 not your turn"},
		// 104
		{"104 own x = B_o", holding, 0, "PLACE_OWN_PIECE 10 0 0 0 0 0", "FAILED 104 piece out of space bounds"},
		{"104 own negative", holding, 0, "PLACE_OWN_PIECE -1 0 0 0 0 0", "FAILED 104 piece out of space bounds"},
		{"104 own rotated out", holding, 0, "PLACE_OWN_PIECE 0 0 0 0 0 2", "FAILED 104 piece out of space bounds"},
		{"104 own huge", holding, 0, "PLACE_OWN_PIECE 9223372036854775807 0 0 0 0 0", "FAILED 104 piece out of space bounds"},
		{"104 shared x = B_s", holding, 0, "PLACE_SHARED_PIECE 29 0 0 0 0", "FAILED 104 piece out of space bounds"},
		{"104 shared huge negative", holding, 0, "PLACE_SHARED_PIECE -9223372036854775808 0 0 0 0", "FAILED 104 piece out of space bounds"},
		{"104 single cube z = B_o", func(r *Referee) { r.live.players[0].benefitCubes = 1 }, 0, "PLACE_SINGLE_CUBE_PIECE 0 0 11", "FAILED 104 piece out of space bounds"},
		{"104 single square y = B_s", func(r *Referee) { r.live.players[0].benefitSquare = 1 }, 0, "PLACE_SINGLE_SQUARE_PIECE 0 30 1", "FAILED 104 piece out of space bounds"},
		// 105
		{"105 own occupied", func(r *Referee) { holding(r); fill(r, 0, vec3{4, 3, 2}) }, 0, "PLACE_OWN_PIECE 3 3 2 0 0 0", "FAILED 105 one of the elements placed on non empty space"},
		{"105 shared occupied", func(r *Referee) { holding(r); r.live.shared[3*30+6] = 2 }, 0, "PLACE_SHARED_PIECE 5 3 0 0 0", "FAILED 105 one of the elements placed on non empty space"},
		{"105 single cube occupied", func(r *Referee) { r.live.players[0].benefitCubes = 1; fill(r, 0, vec3{1, 2, 3}) }, 0, "PLACE_SINGLE_CUBE_PIECE 1 2 3", "FAILED 105 one of the elements placed on non empty space"},
		{"105 single square occupied", func(r *Referee) { r.live.players[0].benefitSquare = 1; r.live.shared[2*30+1] = 4 }, 0, "PLACE_SINGLE_SQUARE_PIECE 1 2 3", "FAILED 105 one of the elements placed on non empty space"},
		// 106
		{"106 own without a piece", nil, 0, "PLACE_OWN_PIECE 0 0 0 0 0 0", "FAILED 106 you do not have a piece"},
		{"106 shared without a piece", nil, 0, "PLACE_SHARED_PIECE 0 0 0 0 0", "FAILED 106 you do not have a piece"},
		{"106 before 104", nil, 0, "PLACE_OWN_PIECE 99 0 0 0 0 0", "FAILED 106 you do not have a piece"},
		// 107
		{"107 price above cash + profit", func(r *Referee) {
			cheap(r)
			setPiece(r, 1, []vec3{{0, 0, 0}}, nil, 1600, 1600, 1)
			r.live.players[0].profit = 99
		}, 0, "BUY_PIECE 1", "FAILED 107 cannot afford a piece"},
		// 108, 109
		{"108 placed own twice", func(r *Referee) { holding(r); r.live.players[0].placedOwn = true }, 0, "PLACE_OWN_PIECE 0 0 0 0 0 0", "FAILED 108 piece already placed on own space"},
		{"108 before 104", func(r *Referee) { holding(r); r.live.players[0].placedOwn = true }, 0, "PLACE_OWN_PIECE -5 0 0 0 0 0", "FAILED 108 piece already placed on own space"},
		{"109 placed shared twice", func(r *Referee) { holding(r); r.live.players[0].placedShared = true }, 0, "PLACE_SHARED_PIECE 0 0 0 0 0", "FAILED 109 piece already placed on shared space"},
		// 110
		{"110 after the end", func(r *Referee) { cheap(r); r.live.over = true }, 0, "BUY_PIECE 1", "FAILED 110 match ended"},
		{"110 before 103", func(r *Referee) { r.live.over = true }, 1, "SET_MULTIPLIER 1 1", "FAILED 110 match ended"},
		// 111, 112
		{"111 colour 0", nil, 0, "SET_MULTIPLIER 0 1", "FAILED 111 color does not exist"},
		{"111 colour C+1", nil, 0, "SET_MULTIPLIER 7 5", "FAILED 111 color does not exist"},
		{"111 before 112", nil, 0, "SET_MULTIPLIER 7 2", "FAILED 111 color does not exist"},
		{"111 single square colour 0", func(r *Referee) { r.live.players[0].benefitSquare = 1 }, 0, "PLACE_SINGLE_SQUARE_PIECE 0 0 0", "FAILED 111 color does not exist"},
		{"111 before 104 for single square", func(r *Referee) { r.live.players[0].benefitSquare = 1 }, 0, "PLACE_SINGLE_SQUARE_PIECE 99 0 7", "FAILED 111 color does not exist"},
		{"112 multiplier 2", nil, 0, "SET_MULTIPLIER 1 2", "FAILED 112 invalid multiplier"},
		{"112 multiplier 0", nil, 0, "SET_MULTIPLIER 1 0", "FAILED 112 invalid multiplier"},
		// 113
		{"113 opponent has ×5 on the colour", func(r *Referee) { r.live.players[1].mult[2] = 5 }, 0, "SET_MULTIPLIER 2 5", "FAILED 113 equal multiplier already assigned to this color by opponent"},
		// 114
		{"114 second buy", func(r *Referee) { cheap(r); send(r, 0, "BUY_PIECE 1") }, 0, "BUY_PIECE 1", "FAILED 114 piece already taken this turn"},
		{"114 before 102", func(r *Referee) { cheap(r); send(r, 0, "BUY_PIECE 1") }, 0, "BUY_PIECE 40", "FAILED 114 piece already taken this turn"},
		// 115, 116
		{"115 no single cube", nil, 0, "PLACE_SINGLE_CUBE_PIECE 0 0 0", "FAILED 115 no single cube piece available"},
		{"115 before 104", nil, 0, "PLACE_SINGLE_CUBE_PIECE 50 0 0", "FAILED 115 no single cube piece available"},
		{"116 no single square", nil, 0, "PLACE_SINGLE_SQUARE_PIECE 0 0 1", "FAILED 116 no single square piece available"},
		{"116 before 111", nil, 0, "PLACE_SINGLE_SQUARE_PIECE 0 0 99", "FAILED 116 no single square piece available"},
		// 117, 118, and their order against 113
		{"117 colour already has one of mine", func(r *Referee) { r.live.players[0].mult[1] = 3 }, 0, "SET_MULTIPLIER 1 5", "FAILED 117 you already picked a multiplier for this color"},
		{"117 same value again on the colour", func(r *Referee) { r.live.players[0].mult[1] = 3 }, 0, "SET_MULTIPLIER 1 3", "FAILED 117 you already picked a multiplier for this color"},
		{"118 value used on another colour", func(r *Referee) { r.live.players[0].mult[1] = 3 }, 0, "SET_MULTIPLIER 2 3", "FAILED 118 you already picked a different color for this multiplier"},
		{"118 before 113", func(r *Referee) { r.live.players[0].mult[1] = 3; r.live.players[1].mult[2] = 3 }, 0, "SET_MULTIPLIER 2 3", "FAILED 118 you already picked a different color for this multiplier"},
	}
	opts := cmp.AllowUnexported(world{}, player{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRef(t, nil)
			if tt.setup != nil {
				tt.setup(r)
			}
			var before world
			r.live.copyInto(&before)
			lastAll := r.lastAllPieces
			got := send(r, tt.seat, tt.line)
			if diff := cmp.Diff([]string{tt.want}, got); diff != "" {
				t.Errorf("%s by %s (-want +got):\n%s", tt.line, seatName(tt.seat), diff)
			}
			if diff := cmp.Diff(before, r.live, opts); diff != "" {
				t.Errorf("failed command changed the state (-before +after):\n%s", diff)
			}
			if lastAll != r.lastAllPieces {
				t.Errorf("failed command changed the GET_ALL_PIECES clock")
			}
			if r.totalFailed[tt.seat] != 1 {
				t.Errorf("failed commands counted: %d, want 1", r.totalFailed[tt.seat])
			}
		})
	}
}

// GET_ALL_PIECES: first call allowed, again exactly 100 turns later, and after the end.
func TestSpec10_AllPiecesLimit(t *testing.T) {
	r := newRef(t, nil)
	steps := []struct {
		turn int
		over bool
		want string
	}{
		{0, false, "OK"},
		{50, false, "FAILED 101 specific command limit reached"},
		{99, false, "FAILED 101 specific command limit reached"},
		{100, false, "OK"},
		{101, false, "FAILED 101 specific command limit reached"},
		{102, true, "OK"},
	}
	for _, s := range steps {
		r.turn, r.live.over = s.turn, s.over
		if got := send(r, 1, "GET_ALL_PIECES"); got[0] != s.want {
			t.Errorf("turn %d: %q, want %q", s.turn, got[0], s.want)
		}
	}
}
