package agrid

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

type exchange struct {
	line string
	want []string
}

func failed(code string) []string { return []string{"FAILED " + code} }

// run sends the exchanges in order as seat 0 and checks every answer.
func (f *fixture) run(player int, steps []exchange) {
	f.t.Helper()
	for _, s := range steps {
		f.want(player, s.line, s.want...)
	}
}

// errorsFixture: 2 teams on a 7×7 torus with a hill at (1,0) and a b marker at (2,2). Team a:
// worker 1 on (0,0) next to the hill, 2 on the b marker carrying one b marker, 3 and 4
// together on (4,4). Storage G = 1.
func errorsFixture(t *testing.T, opts ...string) *fixture {
	f := newFixture(t, 2, with(map[string]string{"A": "7", "G": "1", "E": "5"}, opts...), []string{".#.....", ".......", "..b...."})
	f.place(0, 1, 0, 0)
	f.place(0, 2, 2, 2)
	f.place(0, 3, 4, 4)
	f.place(0, 4, 4, 4)
	f.r.teams[0].workers[1].storage[1] = 1
	return f
}

// TestCommandErrors walks every error of spec §9 with the check order of §8.
func TestCommandErrors(t *testing.T) {
	t.Run("protocol", func(t *testing.T) {
		errorsFixture(t).run(0, []exchange{
			{"FOO", failed("2 unknown command")},
			{"wait", failed("2 unknown command")},
			{"describe_world", failed("2 unknown command")},
			{"DESCRIBE_WORLD 1", failed("4 too many arguments")},
			{"LIST_MY_WORKERS x", failed("4 too many arguments")},
			{"MOVE 1 1", failed("3 bad format")},
			{"MOVE 1 1 0 7", failed("4 too many arguments")},
			{"MOVE x 1 0", failed("3 bad format")},
			{"MOVE 1 1 99999999999999999999", failed("3 bad format")},
			{"MOVE 1 +1 0", failed("3 bad format")},
			{"PUT 1", failed("3 bad format")},
			{"PUT 1 a b", failed("4 too many arguments")},
			{"DESTROY", failed("3 bad format")},
			{"DESTROY 1 2", failed("4 too many arguments")},
			{"SCORE 1 x", failed("3 bad format")},
			{"SCORE 1 2 3", failed("4 too many arguments")},
		})
	})
	t.Run("MOVE", func(t *testing.T) {
		errorsFixture(t).run(0, []exchange{
			{"MOVE 0 1 0", failed("101 invalid worker id")},
			{"MOVE 5 1 0", failed("101 invalid worker id")},
			{"MOVE -1 1 0", failed("101 invalid worker id")},
			{"MOVE 9 5 5", failed("101 invalid worker id")},
			{"MOVE 1 1 1", failed("103 invalid move offset")},
			{"MOVE 1 0 0", failed("103 invalid move offset")},
			{"MOVE 1 2 0", failed("103 invalid move offset")},
			{"MOVE 1 1 0", failed("104 cannot move here")},
			{"MOVE 1 -1 0", accepted()},
			{"MOVE 1 0 1", failed("102 worker already has move scheduled")},
			{"MOVE 1 5 5", failed("102 worker already has move scheduled")},
		})
		f := errorsFixture(t, "B", "1")
		f.want(0, "MOVE 1 1 0", "OK") // mountain workers climb hills
		f.r.EndTurn()
		f.want(0, "PUT 1 a", "FAILED 106 cannot put here")
		f.want(0, "LIST_MY_WORKERS", "OK", "4", "1 1 0 0", "2 2 2 1 b 1", "3 4 4 0", "4 4 4 0")
		// Two workers on a hill: the hill (106) is checked before the crowd (108).
		f.place(0, 3, 1, 0)
		f.want(0, "PUT 1 a", "FAILED 106 cannot put here")
	})
	t.Run("PUT", func(t *testing.T) {
		errorsFixture(t).run(0, []exchange{
			{"PUT 9 z", failed("101 invalid worker id")},
			{"PUT 1 z", failed("107 invalid color")},
			{"PUT 1 ab", failed("107 invalid color")},
			{"PUT 1 c", failed("107 invalid color")}, // a colour, but not of a team in this game
			{"PUT 1 .", failed("107 invalid color")},
			{"PUT 1 #", failed("107 invalid color")},
			{"PUT 1 b", failed("109 worker does not carry specified marker")},
			{"PUT 1 a", accepted()},
			{"PUT 1 a", failed("105 worker already has put scheduled")},
			{"PUT 1 z", failed("105 worker already has put scheduled")},
			{"PUT 3 a", failed("108 cannot put in crowd")},
			{"PUT 3 z", failed("107 invalid color")},
			{"PUT 2 a", failed("106 cannot put here")}, // 1 carried + 1 downloaded > G = 1
			{"PUT 2 b", accepted()},                    // 1 − 1 placed + 1 downloaded ≤ 1
		})
	})
	t.Run("DESTROY", func(t *testing.T) {
		f := errorsFixture(t)
		f.r.posts[4*7+4] = 'a'
		f.r.posts[0] = 'a'
		f.run(0, []exchange{
			{"DESTROY 0", failed("101 invalid worker id")},
			{"DESTROY 3", failed("112 cannot destroy in crowd")},
			{"DESTROY 2", failed("111 cannot destroy here")}, // a b marker
			{"DESTROY 1", accepted()},
			{"DESTROY 1", failed("110 worker already has destroy scheduled")},
		})
		f.want(1, "DESTROY 1", "FAILED 111 cannot destroy here") // b's worker 1 on an empty post
	})
	t.Run("SCORE", func(t *testing.T) {
		errorsFixture(t).run(0, []exchange{
			{"SCORE 7 0", failed("113 invalid position")},
			{"SCORE -1 0", failed("113 invalid position")},
			{"SCORE 0 99999999999", failed("113 invalid position")},
			{"SCORE 0 0", failed("117 no marker at specified position")},
			{"SCORE 1 0", failed("117 no marker at specified position")}, // a hill
			{"SCORE 2 2", failed("117 no marker at specified position")}, // b's marker
		})
		errorsFixture(t).want(1, "SCORE 2 2", "OK")
	})
	t.Run("SHOW_MAP", func(t *testing.T) {
		f := errorsFixture(t)
		if got := f.do(0, "SHOW_MAP"); got[0] != "OK" {
			t.Fatalf("first SHOW_MAP: %q", got)
		}
		f.want(0, "SHOW_MAP", "FAILED 100 show map command limit reached")
		for i := 1; i < 5; i++ {
			f.r.EndTurn()
			f.want(0, "SHOW_MAP", "FAILED 100 show map command limit reached")
		}
		f.r.EndTurn()
		if got := f.do(0, "SHOW_MAP"); got[0] != "OK" {
			t.Errorf("SHOW_MAP E = 5 turns later: %q", got)
		}
		if got := f.do(1, "SHOW_MAP"); got[0] != "OK" {
			t.Errorf("another team's first SHOW_MAP: %q", got)
		}
	})
	t.Run("TEST_SCORE", func(t *testing.T) {
		f := errorsFixture(t)
		good := strings.Repeat(".", 12) + "a" + strings.Repeat(".", 12)
		steps := [][]exchange{
			{{"TEST_SCORE 5 0 0", failed("3 bad format")}, {"TEST_SCORE 5 2 2 " + good, failed("114 test score command limit reached")}},
			{{"TEST_SCORE 5 0 0 " + good + " 1", failed("4 too many arguments")}, {"TEST_SCORE 5 2 2 " + good, failed("114 test score command limit reached")}},
			{{"TEST_SCORE x 0 0 " + good, failed("3 bad format")}},
			{{"TEST_SCORE 22 0 0 " + good, []string{"OK", "ERR 115 invalid test map size"}}, {"TEST_SCORE 5 2 2 " + good, failed("114 test score command limit reached")}},
			{{"TEST_SCORE 4 0 0 ...", []string{"OK", "ERR 115 invalid test map size"}}},
			{{"TEST_SCORE 5 0 0 abc", []string{"OK", "ERR 116 invalid test map description"}}},
			{{"TEST_SCORE 5 0 0 " + good[:24] + "?", []string{"OK", "ERR 116 invalid test map description"}}},
			{{"TEST_SCORE 5 9 9 abc", []string{"OK", "ERR 116 invalid test map description"}}}, // 116 before 113
			{{"TEST_SCORE 5 5 0 " + good, []string{"OK", "ERR 113 invalid position"}}},
			{{"TEST_SCORE 5 0 -1 " + good, []string{"OK", "ERR 113 invalid position"}}},
			{{"TEST_SCORE 5 0 0 " + good, []string{"OK", "ERR 117 no marker at specified position"}}},
			{{"TEST_SCORE 5 2 2 " + good, []string{"OK", "OK 0"}}},
		}
		for _, turn := range steps {
			f.run(0, turn)
			f.r.EndTurn()
		}
	})
}

func TestRules(t *testing.T) {
	f := newFixture(t, 2, map[string]string{"A": "7", "L": "12", "I": "3"}, nil)
	want := referee.SessionRules{CommandLimit: 12, TurnDuration: 3 * time.Second}
	if diff := cmp.Diff(want, f.r.Rules()); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}
}

func TestInformationCommands(t *testing.T) {
	f := newFixture(t, 3, map[string]string{"A": "6", "F": "9"}, []string{"ab....", "..c..."})
	f.place(0, 1, 1, 1)
	f.place(0, 2, 0, 0)
	f.place(1, 1, 5, 5)
	f.place(2, 4, 3, 2)
	f.r.teams[0].workers[1].storage = []int{0, 3, 1}
	f.want(0, "LIST_MY_WORKERS", "OK", "4", "1 1 1 0", "2 0 0 2 b 3 c 1", "3 3 5 0", "4 2 5 0")
	f.want(1, "LIST_ENEMY_WORKERS", "OK", "8",
		"a 1 1", "a 0 0", "a 3 5", "a 2 5",
		"c 3 4", "c 2 4", "c 1 4", "c 3 2")
	f.want(0, "SHOW_HISTORY", "OK", "0", "0", "0")
	f.want(0, "LAST_SCORE", "OK", "0")
	f.want(2, "SHOW_MAP", "OK", "6", "ab....", "..c...", "......", "......", "......", "......",
		"9 9 - - - -", "- - 9 - - -", "- - - - - -", "- - - - - -", "- - - - - -", "- - - - - -")
	// a's worker 1 puts on the empty (1,1); a's worker 2 destroys its own marker on (0,0)
	// and places a c marker from storage there; c's worker 4 renews its marker on (3,2).
	f.r.posts[0] = 'a'
	f.want(0, "PUT 1 a", "OK")
	f.want(0, "PUT 2 c", "OK")
	f.want(0, "DESTROY 2", "OK")
	f.want(2, "PUT 4 c", "OK")
	f.r.EndTurn()
	f.want(1, "SHOW_HISTORY", "OK", "1 0 0", "3 1 1 a 0 0 c 3 2 c", "0")
	f.want(0, "LIST_MY_WORKERS", "OK", "4", "1 1 1 0", "2 0 0 1 b 3", "3 3 5 0", "4 2 5 0")
}
