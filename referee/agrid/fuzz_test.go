package agrid

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// FuzzSessionCommands sends any text as team A's command lines for a few turns: never a
// panic, the same game twice, and every refused command quoted in the frame's events.
//
//	go test ./referee/agrid -run '^$' -fuzz '^FuzzSessionCommands$' -fuzztime 60s
func FuzzSessionCommands(f *testing.F) {
	for _, seed := range []string{
		"DESCRIBE_WORLD\nTIME_TO_END\nLIST_MY_WORKERS\nLIST_ENEMY_WORKERS\nSHOW_MAP\nSHOW_HISTORY\nLAST_SCORE",
		"PUT 1 a\nMOVE 1 0 1\nMOVE 2 -1 0\nDESTROY 3",
		"SCORE 0 0\nSCORE -1 33",
		"TEST_SCORE 3 1 1 .#aab.#.a",
		"TEST_SCORE 99999999999 0 0 x\nTEST_SCORE 0 0 0",
		"MOVE 1 99999999999999999999 0\nPUT 9 z\nDESTROY -1",
		"WAIT 1\n\n \t \nNOPE",
		"\x00\xff\r\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		refereetest.CheckOutput(t, Game{}, refereetest.Fuzz{
			Config:         referee.Config{Seed: 3, Players: 2, Options: map[string]string{"turns": "20"}},
			FailedInEvents: true,
		}, text)
	})
}
