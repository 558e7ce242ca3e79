package agrid

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

func TestPutDownloadsAndPlaces(t *testing.T) {
	f := newFixture(t, 3, map[string]string{"A": "6", "G": "5"}, []string{"b.c...", "......"})
	f.place(0, 1, 0, 0) // on b's marker
	f.place(0, 2, 2, 0) // on c's marker
	f.r.teams[0].workers[1].storage = []int{0, 2, 0}
	f.want(0, "PUT 1 a", "OK") // own marker over b's: b's goes into storage
	f.want(0, "PUT 2 b", "OK") // a stored b marker over c's: c's goes into storage
	f.r.EndTurn()
	f.want(0, "LIST_MY_WORKERS", "OK", "4", "1 0 0 1 b 1", "2 2 0 2 b 1 c 1", "3 3 5 0", "4 2 5 0")
	f.want(2, "SHOW_HISTORY", "OK", "0", "2 0 0 a 2 0 b", "0")
	if got := f.rows(6, 1)[0]; got != "a.b..." {
		t.Errorf("row 0 = %q, want a.b...", got)
	}
	f.want(0, "PUT 2 a", "OK") // own over b's own-placed marker: downloads it
	f.want(0, "PUT 1 b", "OK") // stored b over own marker: own deleted, nothing downloaded
	f.r.EndTurn()
	f.want(0, "LIST_MY_WORKERS", "OK", "4", "1 0 0 0", "2 2 0 2 b 2 c 1", "3 3 5 0", "4 2 5 0")
	if got := f.rows(6, 1)[0]; got != "b.a..." {
		t.Errorf("row 0 = %q, want b.a...", got)
	}
}

func TestStorageZeroNeverTakesOver(t *testing.T) {
	f := newFixture(t, 2, map[string]string{"A": "6", "G": "0"}, []string{"b....."})
	f.place(0, 1, 0, 0)
	f.place(0, 2, 1, 0)
	f.want(0, "PUT 1 a", "FAILED 106 cannot put here")
	f.want(0, "PUT 2 a", "OK")
}

func TestScoreResolution(t *testing.T) {
	square := []string{"......", ".aa...", ".aa...", "......"}
	t.Run("same component twice counts once", func(t *testing.T) {
		f := newFixture(t, 2, with(vectorParams(), "A", "8"), square)
		f.want(0, "SCORE 1 1", "OK")
		f.want(0, "SCORE 2 2", "OK")
		f.r.EndTurn()
		f.want(0, "LAST_SCORE", "OK", "1 a 2.000000")
		f.want(0, "SHOW_HISTORY", "OK", "0", "0", "1 1 1")
	})
	t.Run("two components in one turn", func(t *testing.T) {
		f := newFixture(t, 2, with(vectorParams(), "A", "8"), []string{"......", ".aa.aa", ".aa.aa"})
		f.want(0, "SCORE 1 1", "OK")
		f.want(0, "SCORE 4 1", "OK")
		f.r.EndTurn()
		f.want(0, "LAST_SCORE", "OK", "1 a 4.000000")
		f.want(0, "SHOW_HISTORY", "OK", "0", "0", "2 1 1 4 1")
	})
	t.Run("start post taken over before the harvest", func(t *testing.T) {
		f := newFixture(t, 2, with(vectorParams(), "A", "8"), square)
		f.place(1, 1, 1, 1)
		f.want(0, "SCORE 1 1", "OK")
		f.want(1, "PUT 1 b", "OK")
		f.r.EndTurn()
		f.want(0, "LAST_SCORE", "OK", "0")
		f.want(0, "SHOW_HISTORY", "OK", "0", "1 1 1 b", "0")
	})
	t.Run("loop closed by a PUT of the same turn, F = 0", func(t *testing.T) {
		f := newFixture(t, 1, with(vectorParams(), "A", "8", "F", "0"), []string{"......", ".aa...", ".a...."})
		f.place(0, 1, 2, 2)
		f.want(0, "PUT 1 a", "OK")
		f.want(0, "MOVE 1 1 0", "OK") // moves after the harvest
		f.want(0, "SCORE 1 1", "OK")
		f.r.EndTurn()
		f.want(0, "LAST_SCORE", "OK", "1 a 2.000000")
		f.want(0, "LIST_MY_WORKERS", "OK", "4", "1 3 2 0", "2 6 7 0", "3 5 7 0", "4 4 7 0")
		if got := f.countMarkers('a'); got != 0 {
			t.Errorf("%d markers left", got)
		}
	})
	t.Run("simultaneous nested harvests use one snapshot", func(t *testing.T) {
		rows := []string{"aaaaaa", "a....a", "a.bb.a", "a.bb.a", "a....a", "aaaaaa"}
		for _, order := range [][2]int{{0, 1}, {1, 0}} {
			f := newFixture(t, 2, with(vectorParams(), "A", "16", "D", "1", "H", "0"), rows)
			for _, seat := range order {
				f.want(seat, map[int]string{0: "SCORE 0 0", 1: "SCORE 2 2"}[seat], "OK")
			}
			f.r.EndTurn()
			// a: 24·(1 + 0.2 + 1) + 4·0.5 = 54.8; b: its own 1·(1+1) = 2 plus 4·2 = 8.
			f.want(0, "LAST_SCORE", "OK", "2 a 54.800000 b 10.000000")
			if n := f.countMarkers('a') + f.countMarkers('b'); n != 0 {
				t.Errorf("%d markers left, want both rings removed", n)
			}
		}
	})
}

func TestLeaveAndResult(t *testing.T) {
	f := newFixture(t, 3, with(vectorParams(), "A", "8", "K", "2"), []string{"......", ".aa...", ".aa..."})
	f.want(0, "SCORE 1 1", "OK")
	f.want(1, "PUT 1 b", "OK") // queued before b leaves: still executed (docs/games/agrid.md)
	f.r.Leave(1, referee.StatusCrash, "exit status 1")
	f.r.EndTurn()
	if got := f.r.posts[f.r.teams[1].workers[0].post]; got != 'b' {
		t.Errorf("post of b's worker 1 holds %q, want the marker b queued before leaving", got)
	}
	want := []referee.Outcome{
		{Score: 4, Rank: 1, Status: referee.StatusOK},
		{Score: 0, Rank: 2, Status: referee.StatusCrash, Message: "exit status 1"},
		{Score: 0, Rank: 2, Status: referee.StatusOK},
	}
	if diff := cmp.Diff(want, f.r.Result()); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	b, err := json.Marshal(f.r.Frame().State)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"color":"a","score":4,"last_gain":4,`) {
		t.Errorf("frame state %s: want a's score and gain multiplied by K = 2", b)
	}
	events := strings.Join(f.r.Frame().Events, "\n")
	if !strings.Contains(events, "b left the game (crash: exit status 1)") || !strings.Contains(events, "a harvested 2.000000 at (1,1)") {
		t.Errorf("events %q lack the departure or the harvest", events)
	}
}

// Teams that leave in one turn are told in seat order, whatever order they left in: the
// runner sees to its seats at once, and a replay plays them in seat order (two bots
// crashing together made replays that did not verify).
func TestDeparturesInSeatOrder(t *testing.T) {
	var frames [2][]string
	for i, order := range [][]int{{2, 0}, {0, 2}} {
		f := newFixture(t, 3, with(vectorParams(), "A", "8"), []string{"......", ".aa...", ".aa..."})
		for _, p := range order {
			f.r.Leave(p, referee.StatusCrash, "exit status "+strconv.Itoa(p))
		}
		f.r.EndTurn()
		frames[i] = f.r.Frame().Events
	}
	if d := cmp.Diff(frames[1], frames[0]); d != "" {
		t.Errorf("the frame's events depend on the order of the departures (-seat order +other):\n%s", d)
	}
	a := slices.IndexFunc(frames[0], func(e string) bool { return strings.HasPrefix(e, "a left the game") })
	c := slices.IndexFunc(frames[0], func(e string) bool { return strings.HasPrefix(e, "c left the game") })
	if a < 0 || c < a {
		t.Errorf("events %q: want a's departure, then c's", frames[0])
	}
}

func TestFrame(t *testing.T) {
	f := newFixture(t, 2, with(vectorParams(), "A", "8"), []string{"#.....", ".aa...", ".aa..b", ".....b", "bbb..."})
	f.want(0, "SCORE 1 1", "OK")
	f.r.EndTurn()
	fr := f.r.Frame()
	if fr.View == nil || fr.View.Width != 8 || fr.View.Height != 8 {
		t.Fatalf("view %+v, want 8×8", fr.View)
	}
	count := map[string]int{}
	for _, s := range fr.Shapes {
		switch {
		case s.Layer == "range" && s.Kind == referee.ShapeRect:
			count["harvested field"]++
		case s.Kind == referee.ShapeRect && s.Fill == hillColor:
			count["hill"]++
		case s.Kind == referee.ShapeRect:
			count["marker run"]++
		case s.Kind == referee.ShapeLine:
			count["fence run"]++
		case s.Kind == referee.ShapeCircle:
			count["worker"]++
		}
	}
	// b: (5,2) and (5,3) are two runs and one vertical fence; (0,4)–(2,4) is one run.
	want := map[string]int{"harvested field": 1, "hill": 1, "fence run": 1, "marker run": 3, "worker": 8}
	if diff := cmp.Diff(want, count); diff != "" {
		t.Errorf("shapes (-want +got):\n%s", diff)
	}
	b, err := json.Marshal(fr.State)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"color":"a","score":2,"last_gain":2,"markers":0,"harvests":1,"largest_area":1`) {
		t.Errorf("state %s lacks a's numbers", b)
	}
}

// Refused commands are listed in the next frame's events, quoted with their answer, in seat
// order whatever order the teams' lines came in: the first maxFailureEvents of a team per
// turn, then how many more; the count starts again every turn.
func TestFrameListsRefusedCommands(t *testing.T) {
	f := newFixture(t, 2, with(vectorParams(), "A", "8"), []string{"......"})
	f.do(1, "PUT 1 z")
	for i := 0; i < maxFailureEvents+2; i++ {
		f.do(0, fmt.Sprintf("MOVE %d 1 0", 90+i))
	}
	f.want(0, "LAST_SCORE", "OK", "0")
	f.r.EndTurn()
	want := []string{
		`a: "MOVE 90 1 0" → FAILED 101 invalid worker id`,
		`a: "MOVE 91 1 0" → FAILED 101 invalid worker id`,
		`a: "MOVE 92 1 0" → FAILED 101 invalid worker id`,
		`a: "MOVE 93 1 0" → FAILED 101 invalid worker id`,
		`a: "MOVE 94 1 0" → FAILED 101 invalid worker id`,
		"a: 2 more failed commands",
		`b: "PUT 1 z" → FAILED 107 invalid color`,
	}
	if diff := cmp.Diff(want, f.r.Frame().Events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	f.do(0, "DESTROY 77")
	f.r.EndTurn()
	if diff := cmp.Diff([]string{`a: "DESTROY 77" → FAILED 101 invalid worker id`}, f.r.Frame().Events); diff != "" {
		t.Errorf("the next turn's events (-want +got):\n%s", diff)
	}
}
