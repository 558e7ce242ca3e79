package flags

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

// Every test vector of spec §14, named after its number there.

func sortCells(cells []Cell) []Cell {
	out := slices.Clone(cells)
	slices.SortFunc(out, func(a, b Cell) int {
		if a.R != b.R {
			return a.R - b.R
		}
		return a.C - b.C
	})
	return out
}

func TestVector01Vision(t *testing.T) {
	g := mustGrid(t, vectorGrid)
	tests := []struct {
		from    Cell
		seen    []Cell
		notSeen []Cell
	}{
		{Cell{3, 1}, []Cell{{3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {2, 1}, {1, 1}}, []Cell{{1, 2}, {1, 3}, {2, 3}, {1, 5}}},
		{Cell{1, 5}, []Cell{{1, 5}, {2, 5}, {3, 5}}, []Cell{{1, 3}, {3, 4}}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(sortCells(tc.seen), sortCells(g.Area(tc.from, 100))); diff != "" {
			t.Errorf("cells seen from %v (-want +got):\n%s", tc.from, diff)
		}
		for _, c := range tc.seen {
			if !g.Sees(tc.from, c) || !g.Sees(c, tc.from) {
				t.Errorf("%v and %v should see each other", tc.from, c)
			}
		}
		for _, c := range tc.notSeen {
			if g.Sees(tc.from, c) || g.Sees(c, tc.from) {
				t.Errorf("%v should not see %v", tc.from, c)
			}
		}
	}
}

// The players' input lists exactly the opponents and coins on seen cells.
func TestVector01VisionInInput(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{2, 3}, {2, 5}},
		[]Cell{{3, 1}, {1, 2}}, []Cell{{1, 5}, {3, 4}})
	r.coins[r.grid.index(Cell{1, 3})] = true // seen by player 0's minion 1 at (1,2)
	r.coins[r.grid.index(Cell{3, 3})] = true // seen by minion 0
	r.coins[r.grid.index(Cell{2, 4})] = true // seen by nobody of player 0; by player 1's (3,4)
	want0 := []string{"0 0", "2 3 -1", "2 5 -1", "2", "0 3 1 100 0", "1 1 2 100 0", "1", "1 3 4 100 0", "2", "1 3", "3 3"}
	if diff := cmp.Diff(want0, inputLines(r, 0)); diff != "" {
		t.Errorf("player 0 input (-want +got):\n%s", diff)
	}
	want1 := []string{"0 0", "2 5 -1", "2 3 -1", "2", "0 1 5 100 0", "1 3 4 100 0", "1", "0 3 1 100 0", "2", "2 4", "3 3"}
	if diff := cmp.Diff(want1, inputLines(r, 1)); diff != "" {
		t.Errorf("player 1 input (-want +got):\n%s", diff)
	}
}

func TestVector02Fire(t *testing.T) {
	tests := []struct {
		name      string
		score     int
		wantScore int
		want0     []int
		want1     []int
	}{
		{"affordable", 10, 3, []int{100, 76, 100}, []int{76, 76, 100}},
		{"too poor", 6, 6, []int{100, 100, 100}, []int{100, 100, 100}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}},
				[]Cell{{3, 1}, {3, 1}, {2, 3}}, []Cell{{3, 5}, {1, 1}, {1, 3}})
			r.teams[0].score = tc.score
			play(r, "FIRE 0", "")
			if r.teams[0].score != tc.wantScore {
				t.Errorf("score %d, want %d", r.teams[0].score, tc.wantScore)
			}
			if diff := cmp.Diff(tc.want0, hps(r, 0)); diff != "" {
				t.Errorf("player 0 HP (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.want1, hps(r, 1)); diff != "" {
				t.Errorf("player 1 HP (-want +got):\n%s", diff)
			}
		})
	}
}

func TestVector03MineBlastCells(t *testing.T) {
	g := mustGrid(t, vectorGrid)
	want := []Cell{{3, 3}, {3, 2}, {3, 1}, {3, 4}, {3, 5}, {2, 3}, {1, 3}}
	if diff := cmp.Diff(sortCells(want), sortCells(g.Area(Cell{3, 3}, mineArm))); diff != "" {
		t.Errorf("blast cells (-want +got):\n%s", diff)
	}
}

func TestVector03MineBlast(t *testing.T) {
	tests := []struct {
		profile      Profile
		want0, want1 []int
	}{
		// (1,3) and (3,1) are in the blast, (2,4) is not; the trigger at (3,3) is hit too.
		{ProfileOriginal, []int{70, 100}, []int{70, 70}},
		// Seed profile: only the opponent standing on the mine is hurt.
		{ProfileSeed, []int{100, 100}, []int{70, 100}},
	}
	for _, tc := range tests {
		t.Run(tc.profile.String(), func(t *testing.T) {
			r := scenario(t, vectorGrid, tc.profile, [2]Cell{{1, 5}, {2, 5}},
				[]Cell{{1, 3}, {2, 4}}, []Cell{{3, 3}, {3, 1}})
			r.mines = []mine{{pos: Cell{3, 3}, owner: 0}}
			play(r, "", "")
			if diff := cmp.Diff(tc.want0, hps(r, 0)); diff != "" {
				t.Errorf("player 0 HP (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.want1, hps(r, 1)); diff != "" {
				t.Errorf("player 1 HP (-want +got):\n%s", diff)
			}
			if len(r.mines) != 0 {
				t.Errorf("mine still there after exploding: %+v", r.mines)
			}
		})
	}
}

func TestVector03MinePlanting(t *testing.T) {
	tests := []struct {
		answer    string
		wantScore int
		wantMines int
		invalid   bool
	}{
		{"MINE 0 3 3", 0, 1, false},
		{"MINE 0 2 2", 15, 0, false}, // wall: skipped without cost
		{"MINE 0 1 1", 15, 0, false}, // distance 3: skipped without cost
		{"MINE 0 2 3", 15, 0, false}, // its own cell, distance 0: skipped without cost
		{"MINE 0 9 9", 15, 0, true},  // outside the grid: invalid
	}
	for _, tc := range tests {
		t.Run(tc.answer, func(t *testing.T) {
			r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 5}, {2, 5}}, []Cell{{2, 3}}, []Cell{{1, 5}})
			r.teams[0].score = 15
			play(r, tc.answer, "")
			if got := r.status[0] == referee.StatusInvalid; got != tc.invalid {
				t.Fatalf("invalid = %v, want %v (%s)", got, tc.invalid, r.messages[0])
			}
			if r.teams[0].score != tc.wantScore || len(r.mines) != tc.wantMines {
				t.Errorf("score %d, mines %d; want %d, %d", r.teams[0].score, len(r.mines), tc.wantScore, tc.wantMines)
			}
		})
	}
}

func TestVector04MovementTieBreaks(t *testing.T) {
	room := openGrid(6, 7) // rows 1–4, columns 1–5
	corridors := []string{
		"#########",
		"#...#...#",
		"#.#.#.#.#",
		"#.......#",
		"#########",
	}
	loop := []string{
		"#######",
		"##...##",
		"##.#.##",
		"##...##",
		"#######",
	}
	tests := []struct {
		rows     []string
		from, to Cell
		want     Cell
		moved    bool
	}{
		{room, Cell{1, 1}, Cell{4, 5}, Cell{2, 1}, true},
		{room, Cell{4, 5}, Cell{1, 1}, Cell{3, 5}, true},
		{room, Cell{1, 5}, Cell{4, 1}, Cell{2, 5}, true},
		{room, Cell{4, 1}, Cell{1, 5}, Cell{3, 1}, true},
		{room, Cell{2, 2}, Cell{2, 2}, Cell{2, 2}, false},
		{room, Cell{2, 2}, Cell{0, 3}, Cell{2, 2}, false}, // a wall
		{corridors, Cell{1, 1}, Cell{1, 7}, Cell{2, 1}, true},
		{corridors, Cell{1, 3}, Cell{1, 5}, Cell{2, 3}, true},
		// Not in the spec's list: pins left before right when no vertical step is shortest.
		{loop, Cell{1, 3}, Cell{3, 3}, Cell{1, 2}, true},
		{loop, Cell{3, 3}, Cell{1, 3}, Cell{3, 2}, true},
	}
	for _, tc := range tests {
		pf := newPathfinder(mustGrid(t, tc.rows))
		got, moved := pf.NextStep(tc.from, tc.to)
		if got != tc.want || moved != tc.moved {
			t.Errorf("%v→%v: got %v (moved %v), want %v (moved %v)", tc.from, tc.to, got, moved, tc.want, tc.moved)
		}
	}
}

// Unreachable targets leave the minion in place (a second region cut off by walls).
func TestVector04Unreachable(t *testing.T) {
	g := mustGrid(t, []string{"#####", "#.#.#", "#####"})
	if got, moved := newPathfinder(g).NextStep(Cell{1, 1}, Cell{1, 3}); moved || got != (Cell{1, 1}) {
		t.Errorf("got %v moved %v, want to stay", got, moved)
	}
}

// minionLine is the line of player p's own minion id in its next input ("" when absent).
func minionLine(r *Referee, p, id int) string {
	lines := inputLines(r, p)
	n, _ := strconv.Atoi(lines[3])
	for _, l := range lines[4 : 4+n] {
		if strings.HasPrefix(l, strconv.Itoa(id)+" ") {
			return l
		}
	}
	return ""
}

func TestVector05FreezeTimeline(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 1}, {1, 5}}, []Cell{{3, 1}}, []Cell{{3, 5}})
	r.teams[1].score = 12
	r.turn = 10
	play(r, "WAIT 0", "FREEZE 0")
	for _, want := range []string{"0 3 1 100 3", "0 3 1 100 2", "0 3 1 100 1"} {
		if got := minionLine(r, 0, 0); got != want {
			t.Fatalf("turn %d input: minion line %q, want %q", r.turn, got, want)
		}
		play(r, "MOVE 0 3 2", "WAIT 0") // ignored while frozen
		if r.over || r.teams[0].minions[0].pos != (Cell{3, 1}) {
			t.Fatalf("turn %d: frozen minion moved or game over (%v)", r.turn-1, r.messages)
		}
	}
	if r.turn != 14 || minionLine(r, 0, 0) != "0 3 1 100 0" {
		t.Fatalf("turn %d input: %q, want turn 14 with timeout 0", r.turn, minionLine(r, 0, 0))
	}
	play(r, "MOVE 0 3 2", "WAIT 0")
	if r.teams[0].minions[0].pos != (Cell{3, 2}) {
		t.Errorf("turn 14: minion at %v, want (3, 2)", r.teams[0].minions[0].pos)
	}
}

func TestVector05FreezeAgain(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 1}, {1, 5}}, []Cell{{3, 1}}, []Cell{{3, 5}})
	r.teams[1].score = 24
	r.turn = 10
	play(r, "", "FREEZE 0") // turn 10
	play(r, "", "WAIT 0")   // turn 11
	if got := minionLine(r, 0, 0); got != "0 3 1 100 2" {
		t.Fatalf("turn 12 input: %q", got)
	}
	play(r, "", "FREEZE 0") // turn 12: 2 becomes 4, then the countdown
	if got := minionLine(r, 0, 0); got != "0 3 1 100 3" {
		t.Errorf("turn 13 input: %q, want timeout 3", got)
	}
}

func carrierScenario(t *testing.T, profile Profile) *Referee {
	r := scenario(t, openGrid(12, 30), profile, [2]Cell{{5, 1}, {5, 28}},
		[]Cell{{1, 1}, {2, 2}, {8, 20}, {3, 3}, {7, 20}},
		[]Cell{{8, 25}, {1, 28}, {2, 27}, {3, 26}, {4, 24}})
	r.flags[1] = flag{pos: Cell{8, 20}, carrier: 2}
	r.teams[1].score = 12
	r.turn = 30
	play(r, "WAIT 2", "FREEZE 0")
	return r
}

func TestVector06FreezeOnCarrier(t *testing.T) {
	t.Run("original/teammate takes it", func(t *testing.T) {
		r := carrierScenario(t, ProfileOriginal)
		in := inputLines(r, 0)
		if in[2] != "8 20 -1" || minionLine(r, 0, 2) != "2 8 20 100 3" {
			t.Fatalf("turn 31 input: flag %q, minion %q", in[2], minionLine(r, 0, 2))
		}
		play(r, "MOVE 4 8 20", "")
		if got := r.flags[1]; got != (flag{Cell{8, 20}, 4}) {
			t.Errorf("after turn 31: flag %+v, want carried by minion 4", got)
		}
	})
	t.Run("original/carrier takes it back", func(t *testing.T) {
		r := carrierScenario(t, ProfileOriginal)
		for turn := 31; turn <= 33; turn++ {
			play(r, "MOVE 2 8 19", "")
			if r.flags[1].carrier != -1 {
				t.Fatalf("turn %d: flag taken while its carrier is frozen", turn)
			}
		}
		if in := inputLines(r, 0); in[2] != "8 20 -1" || minionLine(r, 0, 2) != "2 8 20 100 0" {
			t.Fatalf("turn 34 input: %q / %q", in[2], minionLine(r, 0, 2))
		}
		play(r, "MOVE 2 8 19", "")
		if got := r.flags[1]; got != (flag{Cell{8, 19}, 2}) {
			t.Errorf("after turn 34: flag %+v, want at (8, 19) carried by minion 2", got)
		}
	})
	t.Run("seed/carrier keeps it", func(t *testing.T) {
		r := carrierScenario(t, ProfileSeed)
		if in := inputLines(r, 0); in[2] != "8 20 2" {
			t.Fatalf("turn 31 input: %q, want the flag still carried", in[2])
		}
		for turn := 31; turn <= 33; turn++ {
			play(r, "MOVE 4 8 20", "")
		}
		if r.flags[1].carrier != 2 {
			t.Fatalf("flag carrier %d, want 2", r.flags[1].carrier)
		}
		play(r, "MOVE 2 8 19", "")
		if got := r.flags[1]; got != (flag{Cell{8, 19}, 2}) {
			t.Errorf("after turn 34: flag %+v, want at (8, 19) carried by minion 2", got)
		}
	})
}

func TestVector07Capture(t *testing.T) {
	tests := []struct {
		name           string
		bothCapture    bool
		alive0, alive1 int
		score0, score1 int
		wantWinner     int
	}{
		{"one capture", false, 3, 3, 0, 0, 0},
		{"both, more alive wins", true, 3, 2, 0, 50, 0},
		{"both, more alive wins (1)", true, 2, 3, 50, 0, 1},
		{"both, then score", true, 3, 3, 5, 9, 1},
		{"both, equal: draw", true, 3, 3, 9, 9, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}},
				[]Cell{{3, 2}, {1, 1}, {1, 2}}, []Cell{{3, 9}, {1, 10}, {1, 9}})
			r.turn = 57
			r.flags[1] = flag{pos: Cell{3, 2}, carrier: 0}
			if tc.bothCapture {
				r.flags[0] = flag{pos: Cell{3, 9}, carrier: 0}
			}
			for p, alive := range []int{tc.alive0, tc.alive1} {
				for i := alive; i < 3; i++ {
					r.teams[p].minions[i].hp, r.teams[p].minions[i].removed = 0, true
				}
			}
			r.teams[0].score, r.teams[1].score = tc.score0, tc.score1
			line1 := "WAIT 0"
			if tc.bothCapture {
				line1 = "MOVE 0 3 10"
			}
			play(r, "MOVE 0 3 1", line1)
			if !r.over || r.winner != tc.wantWinner {
				t.Errorf("over %v winner %d, want winner %d (%q)", r.over, r.winner, tc.wantWinner, r.messages)
			}
		})
	}
}

// A carrier killed by a mine on its own base still delivers the flag: it is dropped there.
func TestVector07CaptureByDroppedFlag(t *testing.T) {
	r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}},
		[]Cell{{3, 2}, {1, 5}}, []Cell{{5, 9}, {1, 7}})
	r.flags[1] = flag{pos: Cell{3, 2}, carrier: 0}
	r.teams[0].minions[0].hp = 20
	r.mines = []mine{{pos: Cell{3, 1}, owner: 1}}
	play(r, "MOVE 0 3 1", "")
	if !r.over || r.winner != 0 || r.flags[1] != (flag{Cell{3, 1}, -1}) {
		t.Errorf("over %v winner %d flag %+v; want player 0 to win with the flag dropped on its base", r.over, r.winner, r.flags[1])
	}
}

func TestVector08Coins(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{1, 1}, {1, 5}}, []Cell{{3, 1}}, []Cell{{3, 3}})
	r.coins[r.grid.index(Cell{3, 2})] = true
	play(r, "MOVE 0 3 2", "MOVE 0 3 2")
	if r.teams[0].score != 1 || r.teams[1].score != 1 || r.coins[r.grid.index(Cell{3, 2})] {
		t.Errorf("scores %d %d, coin left %v; want 1 1 and the coin gone", r.teams[0].score, r.teams[1].score, r.coins[r.grid.index(Cell{3, 2})])
	}
}

func TestVector09SimultaneousPowers(t *testing.T) {
	r := scenario(t, vectorGrid, ProfileOriginal, [2]Cell{{2, 3}, {2, 5}},
		[]Cell{{3, 1}, {1, 1}}, []Cell{{1, 5}, {3, 4}})
	r.teams[0].score, r.teams[1].score = 7, 12
	r.teams[1].minions[1].hp = 24
	play(r, "FIRE 0", "FREEZE 1")
	m := r.teams[1].minions[1]
	if !m.removed {
		t.Errorf("player 1 minion 1 not removed: %+v", m)
	}
	if got := r.teams[0].minions[0].timeout; got != 3 {
		t.Errorf("player 0 minion 0 timeout %d, want 3: the dying minion's FREEZE still happens", got)
	}
	if r.teams[1].score != 0 || r.teams[0].score != 0 {
		t.Errorf("scores %d %d, want both powers paid", r.teams[0].score, r.teams[1].score)
	}
	if got := r.teams[0].minions[1]; got.hp != 76 || got.timeout != 0 {
		t.Errorf("player 0 minion 1 %+v, want hit by its team's FIRE only", got)
	}
}

func TestVector10OwnMine(t *testing.T) {
	setup := func(profile Profile) *Referee {
		r := scenario(t, vectorGrid, profile, [2]Cell{{1, 5}, {2, 5}},
			[]Cell{{3, 2}, {1, 1}}, []Cell{{3, 5}, {1, 2}})
		r.teams[0].score = 15
		r.turn = 5
		play(r, "MINE 0 3 3", "")
		if len(r.mines) != 1 || r.teams[0].score != 0 {
			t.Fatalf("turn 5: mines %v score %d; want one mine, score 0", r.mines, r.teams[0].score)
		}
		play(r, "MOVE 0 3 3", "")
		return r
	}
	t.Run("original", func(t *testing.T) {
		r := setup(ProfileOriginal)
		if diff := cmp.Diff([]int{70, 100}, hps(r, 0)); diff != "" {
			t.Errorf("player 0 HP (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]int{70, 100}, hps(r, 1)); diff != "" {
			t.Errorf("player 1 HP (-want +got):\n%s", diff)
		}
		if len(r.mines) != 0 {
			t.Errorf("mine not gone")
		}
	})
	t.Run("seed", func(t *testing.T) {
		r := setup(ProfileSeed)
		if len(r.mines) != 1 || hps(r, 0)[0] != 100 {
			t.Fatalf("own minion triggered the mine: mines %v HP %v", r.mines, hps(r, 0))
		}
		play(r, "MOVE 0 3 2", "MOVE 0 3 3") // both move
		play(r, "", "MOVE 0 3 3")           // player 1 arrives on the mine
		if diff := cmp.Diff([]int{100, 100}, hps(r, 0)); diff != "" {
			t.Errorf("player 0 HP (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff([]int{70, 100}, hps(r, 1)); diff != "" {
			t.Errorf("player 1 HP (-want +got):\n%s", diff)
		}
	})
}

func TestVector11InvalidAnswers(t *testing.T) {
	tests := []struct {
		answer  string
		invalid bool
	}{
		{"WAIT", true},
		{"MOVE 7 1 1", true},
		{"MOVE 0 1 1 | WAIT 0", true},
		{"MOVE 0 -1 4", true},
		{"FIRE 3", false},
		{"", false},
		// more cases pinned on the original's regular expressions
		{"MOVE 4 99 99", false}, // minion 4 is frozen: ignored whatever its arguments
		{"FIRE 3x", false},      // dead: the rest is not checked
		{"FIRE 3 | FIRE 3", false},
		{"move 0 1 1 | Wait 1", false},
		{"MOVE 0 1 1 going home", false},
		{"  MOVE 0 1 1  |  WAIT 1 | ", false},
		// an empty piece is no command, as an empty line is (the original split on "|")
		{"|WAIT 0", false},
		{"WAIT 0||WAIT 1", false},
		{" | ", false},
		{"MOVE\t0\t1\t1", false},
		{"MOVE 0 1 1x", true},
		{"MOVE 0 1", true},
		{"MOVE 0 +1 1", true},
		{"MOVES 0 1 1", true},
		{"MOVE 99999999999 1 1", true},
		{"MOVE 0 1 99999999999", true},
		{"FIRE 0x", true},
		{"MINE 0 9 9", true},
		{"hello", true},
		{"MOVE 0 1 1 ; WAIT 1", false}, // "; WAIT 1" is a trailing message
		{"MOVE 0 1 1, WAIT 1", true},
		{"WAIT -1", true},
	}
	for _, tc := range tests {
		t.Run(tc.answer, func(t *testing.T) {
			r := scenario(t, openGrid(6, 8), ProfileOriginal, [2]Cell{{4, 1}, {4, 6}},
				[]Cell{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {1, 3}}, []Cell{{2, 5}, {2, 4}, {3, 5}, {3, 4}, {1, 4}})
			r.teams[0].minions[3].hp, r.teams[0].minions[3].removed = 0, true
			r.teams[0].minions[4].timeout = 2
			play(r, tc.answer, "")
			res := r.Result()
			if tc.invalid {
				if !r.over || res[0].Status != referee.StatusInvalid || res[1].Rank != 1 || res[0].Rank != 2 {
					t.Fatalf("want player 0 invalid and lost, got over=%v %+v", r.over, res)
				}
				if !strings.Contains(res[0].Message, "invalid command") {
					t.Errorf("message %q does not explain", res[0].Message)
				}
				return
			}
			if r.over {
				t.Fatalf("game over on a valid answer: %+v", res)
			}
		})
	}
}

func TestVector11MessageQuotesTheText(t *testing.T) {
	r := scenario(t, openGrid(6, 8), ProfileOriginal, [2]Cell{{4, 1}, {4, 6}}, []Cell{{2, 2}}, []Cell{{2, 5}})
	play(r, "MOVE 0 1 1 | JUMP 0", "")
	if msg := r.Result()[0].Message; !strings.Contains(msg, `"JUMP 0"`) {
		t.Errorf("message %q does not quote the bad command", msg)
	}
}

func TestVector11EmptyLineNobodyActs(t *testing.T) {
	r := scenario(t, openGrid(6, 8), ProfileOriginal, [2]Cell{{4, 1}, {4, 6}}, []Cell{{2, 2}}, []Cell{{2, 5}})
	before := positions(r, 0)
	play(r, "", "")
	if diff := cmp.Diff(before, positions(r, 0)); diff != "" || r.over {
		t.Errorf("positions changed or game over: %s", diff)
	}
}

func TestVector12EndAtTurn200(t *testing.T) {
	tests := []struct {
		profile        Profile
		alive0, alive1 int
		score0, score1 int
		wantWinner     int
	}{
		{ProfileOriginal, 2, 2, 40, 35, 0},
		{ProfileOriginal, 3, 2, 10, 60, 0},
		{ProfileOriginal, 2, 2, 40, 40, -1},
		{ProfileSeed, 2, 2, 40, 35, 0},
		{ProfileSeed, 3, 2, 10, 60, 1}, // the seed: the highest score wins
		{ProfileSeed, 3, 2, 40, 40, 0}, // then more alive minions
		{ProfileSeed, 2, 2, 40, 40, -1},
	}
	for _, tc := range tests {
		t.Run(tc.profile.String(), func(t *testing.T) {
			r := scenario(t, openGrid(7, 12), tc.profile, [2]Cell{{3, 1}, {3, 10}},
				[]Cell{{1, 1}, {1, 2}, {1, 3}}, []Cell{{1, 10}, {1, 9}, {1, 8}})
			for p, alive := range []int{tc.alive0, tc.alive1} {
				for i := alive; i < 3; i++ {
					r.teams[p].minions[i].hp, r.teams[p].minions[i].removed = 0, true
				}
			}
			r.teams[0].score, r.teams[1].score = tc.score0, tc.score1
			r.turn = maxTurns - 1
			play(r, "", "")
			if !r.over || r.winner != tc.wantWinner {
				t.Fatalf("over %v winner %d, want %d", r.over, r.winner, tc.wantWinner)
			}
			res := r.Result()
			if tc.wantWinner == -1 && (res[0].Rank != 1 || res[1].Rank != 1) {
				t.Errorf("draw ranks %d %d", res[0].Rank, res[1].Rank)
			}
			if tc.wantWinner == -1 && strings.Count(res[0].Message, "draw") != 1 {
				t.Errorf("draw message %q: says draw once, then why", res[0].Message)
			}
		})
	}
}

// One turn before 200 the game goes on.
func TestVector12NotBefore200(t *testing.T) {
	r := scenario(t, openGrid(7, 12), ProfileOriginal, [2]Cell{{3, 1}, {3, 10}}, []Cell{{1, 1}}, []Cell{{1, 10}})
	r.turn = maxTurns - 2
	play(r, "", "")
	if r.over {
		t.Fatalf("game over at turn %d", r.turn)
	}
}
