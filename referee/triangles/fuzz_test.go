package triangles_test

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// FuzzPlayerOutput plays any text as player 0's answers: never a panic, the same game
// twice, and an invalid answer quoted in the player's message.
//
//	go test ./referee/triangles -run '^$' -fuzz '^FuzzPlayerOutput$' -fuzztime 60s
func FuzzPlayerOutput(f *testing.F) {
	for _, seed := range []string{
		"WAIT",
		"MOVE 0 1 1;SPAWN 0 1 2;ATTACK 0 1 2 3",
		"ADD_PATH 0 1 2 3;REMOVE_PATH 0 1 2 3;MSG hello",
		"MOVE 0 1 99999999999",
		"MOVE -1 -1 -2147483648;;",
		"JUMP 3;LINE 0 0 5 5;TEXT 1 1 hi",
		"  \t;  ;WAIT",
		"\x00\xff",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		refereetest.CheckOutput(t, triangles(t), refereetest.Fuzz{
			Config: referee.Config{Seed: 43, Players: 2},
			Idle:   func(referee.Request) []string { return []string{"WAIT"} },
		}, text)
	})
}
