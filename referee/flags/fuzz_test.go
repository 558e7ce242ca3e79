package flags_test

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/flags"
	"github.com/arena-games/arena/referee/refereetest"
)

// FuzzPlayerOutput plays any text as player 0's answers: never a panic, the same game
// twice, and an invalid answer quoted in the player's message.
//
//	go test ./referee/flags -run '^$' -fuzz '^FuzzPlayerOutput$' -fuzztime 60s
func FuzzPlayerOutput(f *testing.F) {
	for _, seed := range []string{
		"",
		"MOVE 0 1 1 | WAIT 1 | FIRE 2",
		"FREEZE 0 | MINE 1 2 3",
		"move 0 16 32|wait 0",
		"MOVE 9 0 0",
		"MOVE 0 99999999999 0",
		"MOVE -2147483648 0 0 | | ",
		"\x00\xff|\t",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		refereetest.CheckOutput(t, flags.Game{}, refereetest.Fuzz{
			Config: referee.Config{Seed: 7, Players: 2},
			Idle:   func(referee.Request) []string { return []string{""} },
		}, text)
	})
}
