package queens

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// FuzzPlayerOutput plays any text as player 0's answers: never a panic, the same game
// twice, and an invalid answer quoted in the player's message.
//
//	go test ./referee/queens -run '^$' -fuzz '^FuzzPlayerOutput$' -fuzztime 60s
func FuzzPlayerOutput(f *testing.F) {
	for _, seed := range []string{
		"WAIT\nTRAIN",
		"MOVE 100 200\nTRAIN 0 1",
		"BUILD 3 BARRACKS-KNIGHT\nTRAIN",
		"BUILD 3 TOWER\nTRAIN 3 3 3",
		"MOVE -2147483648 2147483647\nTRAIN",
		"BUILD 99999999999 MINE\nTRAIN",
		"FLY 1 2 3\nTRAIN",
		"MOVE 1\r\nTRAIN \t 1",
		"\x00\xff\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		refereetest.CheckOutput(t, Game{}, refereetest.Fuzz{
			Config: referee.Config{Seed: 404, Players: 2},
			Idle:   func(referee.Request) []string { return []string{"WAIT", "TRAIN"} },
		}, text)
	})
}
