package bestow

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

func TestConformance(t *testing.T) {
	refereetest.Run(t, Game{}, refereetest.Options{
		Seeds:    []int64{1, 2, 3},
		Commands: plausibleCommands,
	})
	for _, variant := range []string{"wicked", "flower"} {
		t.Run(variant, func(t *testing.T) {
			refereetest.Run(t, Game{}, refereetest.Options{
				Seeds:       []int64{4},
				Commands:    plausibleCommands,
				GameOptions: map[string]string{"variant": variant, "Ee": "100", "L": "10"},
			})
		})
	}
}

// plausibleCommands plays blindly but mostly in the grammar: queries, a buy from the
// range, placements near the corner, multipliers, single pieces, educational commands.
func plausibleCommands(r *rand.Rand, player, turn int) []string {
	var out []string
	for n := r.IntN(8); n > 0; n-- {
		switch r.IntN(10) {
		case 0:
			out = append(out, []string{"GET_MATCH_INFO", "GET_PIECES_IN_RANGE", "GET_MY_SPACE", "GET_SHARED_SPACE", "DESCRIBE_WORLD"}[r.IntN(5)])
		case 1, 2:
			out = append(out, fmt.Sprintf("BUY_PIECE %d", 1+r.IntN(6)))
		case 3, 4:
			out = append(out, fmt.Sprintf("PLACE_OWN_PIECE %d %d %d %d %d %d", r.IntN(11), r.IntN(11), r.IntN(11), r.IntN(4), r.IntN(4), r.IntN(4)))
		case 5, 6:
			out = append(out, fmt.Sprintf("PLACE_SHARED_PIECE %d %d %d %d %d", r.IntN(30), r.IntN(30), r.IntN(4), r.IntN(4), r.IntN(4)))
		case 7:
			out = append(out, fmt.Sprintf("SET_MULTIPLIER %d %d", 1+r.IntN(6), []int{1, 3, 5}[r.IntN(3)]))
		case 8:
			if r.IntN(2) == 0 {
				out = append(out, fmt.Sprintf("PLACE_SINGLE_CUBE_PIECE %d %d %d", r.IntN(11), r.IntN(11), r.IntN(11)))
			} else {
				out = append(out, fmt.Sprintf("PLACE_SINGLE_SQUARE_PIECE %d %d %d", r.IntN(30), r.IntN(30), 1+r.IntN(6)))
			}
		case 9:
			out = append(out, fmt.Sprintf("PROJECT_PIECE 2 0 0 0 1 0 %d %d %d %d", r.IntN(3)-1, r.IntN(9)-4, r.IntN(9)-4, r.IntN(9)-4))
		}
	}
	return out
}

// A whole game keeps frames reasonable in size and carries the state summary.
func TestFrames(t *testing.T) {
	ref := newRef(t, map[string]string{"Ee": "100"})
	rng := rand.New(rand.NewPCG(5, 5))
	maxBytes := 0
	for turns := 0; !ref.Over(); turns++ {
		for seat := 0; seat < 2; seat++ {
			for _, l := range plausibleCommands(rng, seat, ref.Turn()) {
				send(ref, seat, l)
			}
		}
		ref.EndTurn()
		f := ref.Frame()
		if f.View == nil || f.View.Width <= 0 || f.View.Height <= 0 {
			t.Fatalf("turn %d: no view", ref.Turn())
		}
		for _, s := range f.Shapes {
			if s.X < 0 || s.Y < 0 || s.X+s.W > f.View.Width || s.Y+s.H > f.View.Height {
				t.Fatalf("turn %d: shape outside the view: %+v", ref.Turn(), s)
			}
		}
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		maxBytes = max(maxBytes, len(b))
		st := f.State.(FrameState)
		if st.Turn != ref.Turn() || len(st.Players) != 2 || (st.Active == "none") != ref.Over() {
			t.Fatalf("turn %d: state %+v", ref.Turn(), st)
		}
	}
	if maxBytes > 200_000 {
		t.Errorf("largest frame %d bytes: frames should stay small", maxBytes)
	}
	st := ref.Frame().State.(FrameState)
	for _, p := range st.Players {
		if p.Final == nil {
			t.Errorf("final frame lacks the final score of %s", p.Name)
		}
	}
	t.Logf("largest frame %d bytes after %d turns", maxBytes, ref.Turn())
}

// A player that leaves idles: its active turns become skips, and the result reports why.
func TestLeave(t *testing.T) {
	ref := newRef(t, map[string]string{"Ee": "100"})
	ref.Leave(1, referee.StatusCrash, "output ended (EOF)")
	for !ref.Over() {
		if ref.live.active == 0 {
			send(ref, 0, "BUY_PIECE 1")
			send(ref, 0, "PLACE_OWN_PIECE 5 5 5 0 0 0")
		}
		ref.EndTurn()
	}
	res := ref.Result()
	if res[1].Status != referee.StatusCrash || res[1].Message != "output ended (EOF)" || res[0].Status != referee.StatusOK {
		t.Errorf("result %+v", res)
	}
	if res[0].Rank != 1 {
		t.Errorf("the player who stayed ranks %d", res[0].Rank)
	}
}

// Refused commands are events of the frame, quoted, at most 5 per player and turn.
func TestFailedCommandEvents(t *testing.T) {
	ref := newRef(t, nil)
	for i := 0; i < 7; i++ {
		send(ref, 1, fmt.Sprintf("BUY_PIECE %d", i))
	}
	send(ref, 0, "FOO\tbar")
	ref.EndTurn()
	want := []string{
		`A: "FOO bar" → FAILED 2 unknown command`,
		`B: "BUY_PIECE 0" → FAILED 103 not your turn`,
		`B: "BUY_PIECE 1" → FAILED 103 not your turn`,
		`B: "BUY_PIECE 2" → FAILED 103 not your turn`,
		`B: "BUY_PIECE 3" → FAILED 103 not your turn`,
		`B: "BUY_PIECE 4" → FAILED 103 not your turn`,
		`A skipped: effort 0 → 1, cash +5`,
		`B: 2 more failed commands`,
	}
	if diff := cmp.Diff(want, ref.Frame().Events); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if st := ref.Frame().State.(FrameState); st.Players[0].Failed != 1 || st.Players[1].Failed != 7 {
		t.Errorf("failed counts %d, %d; want 1, 7", st.Players[0].Failed, st.Players[1].Failed)
	}
}
