package triangles

import (
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/google/go-cmp/cmp"
)

// The maps of §15.2.
var (
	mapK = testMap{
		houses: []point{{100, 100}, {500, 100}, {300, 400}, {300, 200}},
		paths:  [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}},
	}
	mapS = testMap{
		houses: []point{{100, 100}, {350, 100}, {100, 350}, {350, 350}, {550, 225}, {900, 100}, {1200, 100}, {1050, 350}},
		paths:  [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 3}, {2, 3}, {5, 6}, {5, 7}, {6, 7}},
	}
	mapN = testMap{
		houses: []point{{100, 100}, {400, 100}, {250, 350}, {550, 350}, {900, 100}, {1200, 100}, {1500, 100}, {1350, 350}},
		paths:  [][2]int{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {5, 6}, {5, 7}, {6, 7}},
	}
	mapD = testMap{
		houses: []point{{100, 100}, {100, 400}, {300, 250}, {700, 100}, {700, 400}, {500, 250}, {600, 150}, {400, 120}, {1000, 100}, {1300, 100}, {1150, 350}},
		paths:  [][2]int{{0, 1}, {0, 2}, {1, 2}, {3, 4}, {3, 5}, {4, 5}, {8, 9}, {8, 10}, {9, 10}},
	}
	mapE = testMap{
		houses: []point{{100, 100}, {400, 100}, {250, 350}, {250, 600}},
		paths:  [][2]int{{0, 1}, {0, 2}, {1, 2}, {2, 3}},
	}
	tv2Units = map[int][2]int{0: {1, 0}, 1: {1, 0}, 3: {1, 0}, 4: {0, 2}}
)

func corners(m *match) [][3]int {
	var out [][3]int
	for _, t := range m.b.triangles {
		out = append(out, t.c)
	}
	return out
}

func diff(t *testing.T, what string, want, got any) {
	t.Helper()
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("%s (-want +got):\n%s", what, d)
	}
}

// TV-1: house 3 lies inside 0-1-2, so that triple is no triangle.
func TestTV1InteriorHouse(t *testing.T) {
	m := newTestMatch(t, mapK)
	diff(t, "triangles", [][3]int{{0, 1, 3}, {0, 2, 3}, {1, 2, 3}}, corners(m))
}

// TV-2: the exact turn-1 input, the linkable list and the neighbour-rule capture.
func TestTV2ProtocolAndNeighbourRule(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	wantP0 := `8
0 100 100
1 350 100
2 100 350
3 350 350
4 550 225
5 900 100
6 1200 100
7 1050 350
4 0
0 1 0
1 1 0
2 0 0
3 1 0
4 0 2
5 0 0
6 0 0
7 0 0
8
0 1
0 2
0 3
1 3
2 3
5 6
5 7
6 7
3
0 1 3 0 0 1
0 2 3 0 0 1
5 6 7 -1 1 1
3
1 4
3 4
4 5
`
	reqs := m.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	diff(t, "P0 turn-1 input", wantP0, reqs[0].Input)
	wantP1 := strings.Join([]string{"8", "0 100 100", "1 350 100", "2 100 350", "3 350 350", "4 550 225", "5 900 100", "6 1200 100", "7 1050 350",
		"0 4", "0 0 1", "1 0 1", "2 0 0", "3 0 1", "4 2 0", "5 0 0", "6 0 0", "7 0 0",
		"8", "0 1", "0 2", "0 3", "1 3", "2 3", "5 6", "5 7", "6 7",
		"3", "0 1 3 1 1 0", "0 2 3 1 1 0", "5 6 7 -1 1 1",
		"3", "1 4", "3 4", "4 5"}, "\n") + "\n"
	diff(t, "P1 turn-1 input", wantP1, reqs[1].Input)
	diff(t, "timeouts", []int64{1000, 1000}, []int64{reqs[0].Timeout.Milliseconds(), reqs[1].Timeout.Milliseconds()})
	if got := m.b.houseOwner(2); got != 0 {
		t.Errorf("house 2 owner = %d, want 0 (neighbour rule)", got)
	}
	playTurn(t, m, "", "")
	diff(t, "turn-2 scores", "6 0", turnLines(m, 0)[0])
	reqs = m.Requests()
	if strings.HasPrefix(reqs[0].Input, "8\n0 100 100") || reqs[0].Timeout.Milliseconds() != 50 {
		t.Errorf("turn 2: the map is sent again or the timeout is %v", reqs[0].Timeout)
	}
}

// TV-3: neighbour-rule captures, then "can't score any more" eliminates P1 at turn 1.
func TestTV3CantScoreElimination(t *testing.T) {
	m := newTestMatch(t, mapN.with(map[int][2]int{1: {1, 0}, 2: {1, 0}, 4: {0, 1}}))
	diff(t, "triangles owned", []int{0, 0, none}, owners(m))
	reqs := m.Requests()
	if len(reqs) != 1 || reqs[0].Player != 0 {
		t.Fatalf("requests %+v, want only P0's", reqs)
	}
	playTurn(t, m, "")
	if !m.Over() {
		t.Fatal("game not over after the elimination turn")
	}
	res := m.Result()
	diff(t, "scores and ranks", []any{4.0, 1, -1.0, 2}, []any{res[0].Score, res[0].Rank, res[1].Score, res[1].Rank})
	if res[1].Status != referee.StatusOK || !strings.Contains(res[1].Message, "can't score") {
		t.Errorf("P1 outcome %+v", res[1])
	}
}

func owners(m *match) []int {
	var out []int
	for _, t := range m.b.triangles {
		out = append(out, t.owner)
	}
	return out
}

// TV-4: SPAWN, and a used triangle stays uncapturable while the user stands on it.
func TestTV4SpawnAndEligibility(t *testing.T) {
	m := newTestMatch(t, mapN.with(map[int][2]int{1: {1, 0}, 2: {1, 0}, 4: {0, 2}}))
	playTurn(t, m, "SPAWN 0 1 2", "")
	diff(t, "units", map[int][2]int{0: {1, 0}, 1: {1, 0}, 2: {1, 0}, 4: {0, 2}}, unitsOf(m))
	diff(t, "P0 turn-2 rows", []string{"0 1 2 -1 0 1", "1 2 3 0 0 1", "5 6 7 -1 1 1"}, triangleRows(m, 0))
	diff(t, "turn-2 scores", "5 0", turnLines(m, 0)[0])
	playTurn(t, m, "", "")
	diff(t, "turn-3 scores", "6 0", turnLines(m, 0)[0])
	diff(t, "turn-3 row of 0 1 2", "0 1 2 -1 0 1", triangleRows(m, 0)[0])
}

// TV-5: ADD_PATH pays the last units; eligibility comes back at once; a triangle with no
// units still spawns.
func TestTV5AddPath(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	playTurn(t, m, "ADD_PATH 1 0 3 4", "")
	lines := turnLines(m, 0)
	diff(t, "turn-2 scores", "5 0", lines[0])
	diff(t, "turn-2 path count", "9", lines[9])
	diff(t, "P0 turn-2 rows", []string{"0 1 3 -1 1 1", "0 2 3 0 0 1", "5 6 7 -1 1 1"}, triangleRows(m, 0))
	diff(t, "turn-2 linkable", [][2]int{{3, 4}, {4, 5}}, m.b.linkable())
	diff(t, "units", map[int][2]int{4: {0, 2}}, unitsOf(m))
	if m.out[0] {
		t.Fatal("P0 eliminated with 0 units but a triangle")
	}
	playTurn(t, m, "SPAWN 2 0 3", "MOVE 4 1 1")
	diff(t, "turn-3 units", map[int][2]int{1: {0, 1}, 2: {1, 0}, 4: {0, 1}}, unitsOf(m))
	diff(t, "turn-3 row of 0 2 3", "0 2 3 -1 0 1", triangleRows(m, 0)[1])
	diff(t, "turn-3 scores", "5 0", turnLines(m, 0)[0])
}

// TV-6: REMOVE_PATH; removing a side of the used triangle is refused.
func TestTV6RemovePath(t *testing.T) {
	m := newTestMatch(t, mapS.with(map[int][2]int{0: {2, 0}, 1: {2, 0}, 3: {2, 0}, 4: {0, 2}}))
	diff(t, "turn-1 scores", "4 0", turnLines(m, 0)[0])
	playTurn(t, m, "REMOVE_PATH 0 1 3 1;REMOVE_PATH 0 1 3 2", "")
	diff(t, "paths", [][2]int{{0, 1}, {0, 3}, {1, 3}, {2, 3}, {5, 6}, {5, 7}, {6, 7}}, pathsOf(m))
	diff(t, "P0 turn-2 rows", []string{"0 1 3 -1 0 1", "5 6 7 -1 1 1"}, triangleRows(m, 0))
	diff(t, "linkable", [][2]int{{0, 2}, {1, 4}, {3, 4}, {4, 5}}, m.b.linkable())
	diff(t, "turn-2 scores", "4 0", turnLines(m, 0)[0])
	diff(t, "units", map[int][2]int{0: {1, 0}, 1: {1, 0}, 3: {1, 0}, 4: {0, 2}}, unitsOf(m))
	if got := m.b.houseOwner(2); got != 0 {
		t.Errorf("house 2 owner = %d, want 0", got)
	}
	if !hasEvent(m, `ignored "REMOVE_PATH 0 1 3 1"`) {
		t.Errorf("no event for the refused removal: %q", m.frame.Events)
	}
}

func hasEvent(m *match, part string) bool {
	for _, e := range m.frame.Events {
		if strings.Contains(e, part) {
			return true
		}
	}
	return false
}

// TV-7: MOVE along shortest paths, clamped to the units that stayed, one step per turn.
func TestTV7Move(t *testing.T) {
	m := newTestMatch(t, mapS.with(map[int][2]int{0: {1, 0}, 2: {2, 0}, 4: {0, 2}}))
	playTurn(t, m, "MOVE 2 1 2;MOVE 0 1 5;MOVE 3 3 1;MOVE 0 4 1", "")
	diff(t, "turn-2 units", map[int][2]int{0: {2, 0}, 1: {1, 0}, 4: {0, 2}}, unitsOf(m))
	if !hasEvent(m, `ignored "MOVE 3 3 1"`) {
		t.Errorf("no event for MOVE 3 3 1: %q", m.frame.Events)
	}
}

// TV-8: simultaneous ADD_PATH: the shorter path wins, the other is dropped unpaid.
func TestTV8SimultaneousAddPath(t *testing.T) {
	m := newTestMatch(t, mapD.with(map[int][2]int{0: {2, 0}, 1: {2, 0}, 2: {2, 0}, 3: {0, 2}, 4: {0, 2}, 5: {0, 2}}))
	diff(t, "turn-1 scores", "2 2", turnLines(m, 0)[0])
	playTurn(t, m, "ADD_PATH 2 0 1 6", "ADD_PATH 5 3 4 7")
	diff(t, "paths", 10, len(pathsOf(m)))
	if !m.b.adj[5][7] || m.b.adj[2][6] {
		t.Errorf("paths %v: want 5-7 and not 2-6", pathsOf(m))
	}
	diff(t, "units", map[int][2]int{0: {2, 0}, 1: {2, 0}, 2: {2, 0}, 3: {0, 1}, 4: {0, 1}, 5: {0, 1}}, unitsOf(m))
	diff(t, "P0 turn-2 rows", []string{"0 1 2 0 0 1", "3 4 5 -1 1 0", "8 9 10 -1 1 1"}, triangleRows(m, 0))
	diff(t, "turn-2 scores", "3 2", turnLines(m, 0)[0])
}

// TV-9: one player's additions are tried shortest first, whatever the output order.
func TestTV9AddPathOrder(t *testing.T) {
	m := newTestMatch(t, mapD.with(map[int][2]int{0: {2, 0}, 1: {2, 0}, 2: {2, 0}, 3: {2, 0}, 4: {2, 0}, 5: {2, 0}, 8: {0, 2}}))
	playTurn(t, m, "ADD_PATH 2 0 1 6;ADD_PATH 5 3 4 7", "")
	diff(t, "paths", 10, len(pathsOf(m)))
	if !m.b.adj[5][7] || m.b.adj[2][6] {
		t.Errorf("paths %v: want 5-7 and not 2-6", pathsOf(m))
	}
	diff(t, "units", map[int][2]int{0: {2, 0}, 1: {2, 0}, 2: {2, 0}, 3: {1, 0}, 4: {1, 0}, 5: {1, 0}, 8: {0, 2}}, unitsOf(m))
	diff(t, "P0 turn-2 rows", []string{"0 1 2 0 0 1", "3 4 5 -1 0 1", "8 9 10 -1 1 1"}, triangleRows(m, 0))
	diff(t, "turn-2 scores", "5 0", turnLines(m, 0)[0])
}

// TV-10: simultaneous attacks are both selected before either applies.
func TestTV10SimultaneousAttack(t *testing.T) {
	m := newTestMatch(t, mapD.with(map[int][2]int{0: {2, 0}, 1: {2, 0}, 2: {2, 0}, 3: {0, 2}, 4: {0, 2}, 5: {0, 2}}, [2]int{2, 5}))
	playTurn(t, m, "ATTACK 0 1 2 5", "ATTACK 3 4 5 2")
	diff(t, "units", map[int][2]int{0: {1, 0}, 1: {1, 0}, 3: {0, 1}, 4: {0, 1}}, unitsOf(m))
	diff(t, "P0 turn-2 rows", []string{"0 1 2 -1 0 1", "3 4 5 -1 1 0", "8 9 10 -1 1 1"}, triangleRows(m, 0))
	diff(t, "turn-2 scores", "2 2", turnLines(m, 0)[0])
}

// TV-11: surround kills use a snapshot: two groups kill each other.
func TestTV11MutualSurround(t *testing.T) {
	m := newTestMatch(t, mapE.with(map[int][2]int{0: {1, 0}, 1: {1, 0}, 2: {0, 2}, 3: {1, 0}}))
	diff(t, "units after the initial resolution", map[int][2]int{0: {1, 0}, 1: {1, 0}}, unitsOf(m))
	diff(t, "owners", []int{none}, owners(m))
	if !m.out[1] || m.out[0] {
		t.Errorf("eliminated %v, want only P1", m.out)
	}
	if m.Result()[1].Message != "no units or triangles left" {
		t.Errorf("P1 message %q", m.Result()[1].Message)
	}
}

// TV-12a: a self-loop is a valid ADD_PATH; it is no path but a neighbour.
func TestTV12aSelfLoop(t *testing.T) {
	m := newTestMatch(t, mapS.with(map[int][2]int{0: {2, 0}, 1: {2, 0}, 3: {2, 0}, 4: {0, 2}}))
	playTurn(t, m, "ADD_PATH 3 0 1 3", "")
	diff(t, "neighbours of 3", []int{0, 1, 2, 3}, m.b.nbrs[3])
	diff(t, "paths", 8, len(pathsOf(m)))
	diff(t, "row of 0 1 3", "0 1 3 -1 0 1", triangleRows(m, 0)[0])
	diff(t, "units", map[int][2]int{0: {1, 0}, 1: {1, 0}, 3: {1, 0}, 4: {0, 2}}, unitsOf(m))
	diff(t, "turn-2 scores", "5 0", turnLines(m, 0)[0])
	playTurn(t, m, "ADD_PATH 3 0 2 3", "")
	if !hasEvent(m, `ignored "ADD_PATH 3 0 2 3"`) {
		t.Errorf("a second self-loop was not refused: %q", m.frame.Events)
	}
}

// TV-12b: repeated corners name the first triangle containing them.
func TestTV12bDuplicateCorners(t *testing.T) {
	m := newTestMatch(t, mapS.with(map[int][2]int{0: {2, 0}, 1: {2, 0}, 3: {2, 0}, 4: {0, 2}}))
	playTurn(t, m, "SPAWN 3 3 3", "")
	diff(t, "units on 3", [2]int{3, 0}, m.b.units[3])
	diff(t, "owners", []int{none, 0, none}, owners(m))
	diff(t, "turn-2 scores", "5 0", turnLines(m, 0)[0])
}

// TV-12c: a removal still works through a triangle destroyed earlier in the turn.
func TestTV12cDetachedTriangle(t *testing.T) {
	m := newTestMatch(t, mapS.with(map[int][2]int{0: {0, 2}, 1: {0, 2}, 2: {0, 2}, 3: {0, 2}, 4: {2, 0}}))
	diff(t, "owners", []int{1, 1, none}, owners(m))
	playTurn(t, m, "", "REMOVE_PATH 0 1 3 2;REMOVE_PATH 3 0 2 1")
	diff(t, "paths", [][2]int{{0, 1}, {0, 3}, {2, 3}, {5, 6}, {5, 7}, {6, 7}}, pathsOf(m))
	diff(t, "triangles", [][3]int{{5, 6, 7}}, corners(m))
	diff(t, "units", map[int][2]int{1: {0, 1}, 2: {0, 1}, 4: {2, 0}}, unitsOf(m))
}

// TV-14: triangles owned after the initial resolution are scored twice.
func TestTV14InitialDoubleScoring(t *testing.T) {
	tests := []struct {
		name string
		m    *match
		want [2]int
	}{
		{"seed 43", newSeedMatch(t, 43), [2]int{2, 2}},
		{"TV-2", newTestMatch(t, mapS.with(tv2Units)), [2]int{4, 0}},
		{"TV-3", newTestMatch(t, mapN.with(map[int][2]int{1: {1, 0}, 2: {1, 0}, 4: {0, 1}})), [2]int{4, -1}},
	}
	for _, tt := range tests {
		diff(t, tt.name, tt.want, tt.m.scores)
	}
}

// TV-15: 200 input turns; the turn-200 input shows the final scores.
func TestTV15TurnLimit(t *testing.T) {
	m := newSeedMatch(t, 43)
	for turn := 1; turn <= maxTurns; turn++ {
		if m.Over() {
			t.Fatalf("game over before turn %d", turn)
		}
		if turn == maxTurns {
			diff(t, "turn-200 scores", "201 201", turnLines(m, 0)[0])
		}
		playTurn(t, m, "", "")
	}
	if !m.Over() {
		t.Fatal("game not over after 200 turns")
	}
	res := m.Result()
	diff(t, "result", []any{201.0, 1, 201.0, 1}, []any{res[0].Score, res[0].Rank, res[1].Score, res[1].Rank})
	diff(t, "turns", maxTurns, m.Turn())
}

// TV-16: an elimination at the start of a turn sets −1 at once; the other player still
// gets its input, which shows it.
func TestTV16ImmediateMinusOne(t *testing.T) {
	m := newTestMatch(t, mapE.with(map[int][2]int{0: {0, 1}, 1: {0, 1}, 2: {2, 0}, 3: {0, 1}}))
	reqs := m.Requests()
	if len(reqs) != 1 || reqs[0].Player != 1 {
		t.Fatalf("requests %+v, want only P1's", reqs)
	}
	// The spec writes the unit rows in P0/P1 order ("0 0 1"); in P1's own input its units
	// come first, as in TV-2.
	want := "4\n0 100 100\n1 400 100\n2 250 350\n3 250 600\n" +
		"0 -1\n0 1 0\n1 1 0\n2 0 0\n3 0 0\n4\n0 1\n0 2\n1 2\n2 3\n1\n0 1 2 -1 1 1\n0\n"
	diff(t, "P1 turn-1 input", want, reqs[0].Input)
	playTurn(t, m, "", "")
	res := m.Result()
	diff(t, "result", []any{-1.0, 2, 0.0, 1}, []any{res[0].Score, res[0].Rank, res[1].Score, res[1].Rank})
}
