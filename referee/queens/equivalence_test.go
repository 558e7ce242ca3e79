package queens

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/queens"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// eachTurn plays a game between two built-in bots in-process and calls check before every
// turn is played and after the last, with the requests of the turn (nil after the last).
func eachTurn(t *testing.T, seed int64, prof string, bots [2]string, check func(r *Referee, reqs []referee.Request)) {
	t.Helper()
	ref, err := Game{}.New(referee.Config{Seed: seed, Players: 2, Options: map[string]string{"profile": prof}})
	if err != nil {
		t.Fatal(err)
	}
	r := ref.(*Referee)
	type seat struct {
		in  *io.PipeWriter
		out *protocol.LineReader
	}
	var seats [2]seat
	for i, name := range bots {
		bot, err := builtin.Lookup(Name, name)
		if err != nil {
			t.Fatal(err)
		}
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		seats[i] = seat{in: inW, out: protocol.NewLineReader(outR, 1<<20)}
		go func() {
			bot(inR, outW)
			outW.Close()
		}()
	}
	defer func() {
		for _, s := range seats {
			s.in.Close()
		}
	}()
	for !r.Over() {
		reqs := r.Requests()
		check(r, reqs)
		answers := make([]referee.Answer, len(reqs))
		for i, req := range reqs {
			s := seats[req.Player]
			if _, err := io.WriteString(s.in, req.Input); err != nil {
				t.Fatal(err)
			}
			lines := make([]string, req.Lines)
			for k := range lines {
				if lines[k], err = s.out.ReadLine(); err != nil {
					t.Fatal(err)
				}
			}
			answers[i] = referee.Answer{Player: req.Player, Lines: lines, Status: referee.StatusOK}
		}
		r.Play(answers)
	}
	check(r, nil)
}

// equivalenceGames are whole games whose every turn the optimised code must reproduce.
var equivalenceGames = []struct {
	seed int64
	prof string
	bots [2]string
}{
	{1, "arena", [2]string{"greedy", "greedy"}},
	{2, "arena", [2]string{"greedy", "random"}},
	{3, "repo", [2]string{"random", "greedy"}},
	{4, "arena", [2]string{"random", "random"}},
	{404, "repo", [2]string{"greedy", "greedy"}},
	{5, "arena", [2]string{"greedy", "random"}},
}

// Every frame of whole games is, byte for byte in JSON, what the first drawing code made.
func TestFrameMatchesReference(t *testing.T) {
	for _, gm := range equivalenceGames {
		frames := 0
		eachTurn(t, gm.seed, gm.prof, gm.bots, func(r *Referee, _ []referee.Request) {
			refereetest.SameFrame(t, fmt.Sprintf("seed %d, turn %d", gm.seed, r.Turn()), r.Frame(), referenceFrame(r))
			frames++
		})
		t.Logf("seed %d (%s, %s): %d frames identical", gm.seed, gm.prof, gm.bots, frames)
	}
}

// The benchmark's crowded field, with training barracks of every kind, draws the same too.
func TestBusyFrameMatchesReference(t *testing.T) {
	g := busyState()
	for i, s := range g.sites {
		if s.kind == barracks {
			s.training, s.progress = i%2 == 0, i%4
		}
	}
	r := &Referee{g: g}
	for turn := 0; turn < 20; turn++ {
		got, _ := json.Marshal(r.Frame())
		want, _ := json.Marshal(referenceFrame(r))
		if string(got) != string(want) {
			t.Fatalf("turn %d: frame differs from the reference\ngot:  %.300s\nwant: %.300s", turn, got, want)
		}
		r.Requests()
		r.Play(busyAnswers())
	}
}

// Two frames never share memory: the runner keeps every frame of a game.
func TestFramesShareNoOwner(t *testing.T) {
	r := &Referee{g: busyState()}
	refereetest.FramesShareNothing(t, r.Frame(), r.Frame())
}

func TestAppendIntIsStrconv(t *testing.T) {
	for v := -20000; v <= 20000; v++ {
		if got, want := string(appendInt(nil, v)), strconv.Itoa(v); got != want {
			t.Fatalf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
	for _, v := range []int{math.MinInt, math.MaxInt, -1 << 40, 1 << 40} {
		if got, want := string(appendInt(nil, v)), strconv.Itoa(v); got != want {
			t.Fatalf("appendInt(%d) = %q, want %q", v, got, want)
		}
	}
}

func TestSplitSpacesIsStringsSplit(t *testing.T) {
	lines := []string{"", " ", "  ", "TRAIN", "TRAIN ", " TRAIN", "TRAIN 1 2", "TRAIN  1", "MOVE 1 2 3 4 5 6 7 8 9 10 11",
		"BUILD 3 TOWER", "BUILD\t3 TOWER", "é ü\xff \x00", strings.Repeat("1 ", 40)}
	for _, line := range lines {
		var room [8]string
		if got, want := splitSpaces(line, room[:0]), strings.Split(line, " "); !slices.Equal(got, want) {
			t.Errorf("splitSpaces(%q) = %q, want %q", line, got, want)
		}
	}
}
