package triangles_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	bots "github.com/arena-games/arena/players/builtin/triangles"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
	_ "github.com/arena-games/arena/referee/triangles"
)

func triangles(t testing.TB) referee.Game {
	g, err := referee.Lookup("triangles")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomAnswerer plays like the random bot. The map is only in a player's first input, so
// it is remembered per seat (games are played one after another).
func randomAnswerer(t testing.TB) func(r *rand.Rand, req referee.Request) []string {
	maps := map[int]string{}
	return func(r *rand.Rand, req referee.Request) []string {
		input := req.Input
		first, _, _ := strings.Cut(input, "\n")
		if n, err := strconv.Atoi(first); err == nil {
			lines := strings.SplitAfterN(input, "\n", n+2)
			maps[req.Player] = strings.Join(lines[:n+1], "")
		} else {
			input = maps[req.Player] + input
		}
		turn, err := bots.NewReader(strings.NewReader(input)).Next()
		if err != nil {
			t.Errorf("input does not parse: %v\n%s", err, input)
			return []string{"WAIT"}
		}
		return []string{bots.RandomLine(turn, r)}
	}
}

func TestConformance(t *testing.T) {
	refereetest.Run(t, triangles(t), refereetest.Options{
		Seeds:  []int64{1, 2, 3, 43, -7},
		Answer: randomAnswerer(t),
	})
}
