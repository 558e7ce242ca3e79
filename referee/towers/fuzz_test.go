package towers

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// FuzzPlayerOutput plays any text as player 0's answers: never a panic, the same game
// twice, and an invalid answer quoted in the player's message.
//
//	go test ./referee/towers -run '^$' -fuzz '^FuzzPlayerOutput$' -fuzztime 60s
func FuzzPlayerOutput(f *testing.F) {
	for _, seed := range []string{
		"WAIT",
		"MOVE 0 100 100;ATTACK 1 40;BUILD 3 4",
		"UPGRADE 40;SUICIDE 42",
		"MOVE 0 99999999999 1",
		"MOVE -1 -2147483648 2147483647;;",
		"FLY 1",
		" ; WAIT ;",
		"\x00\xff",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		refereetest.CheckOutput(t, Game{}, refereetest.Fuzz{
			Config: referee.Config{Seed: 4, Players: 2},
			Idle:   func(referee.Request) []string { return []string{"WAIT"} },
		}, text)
	})
}
