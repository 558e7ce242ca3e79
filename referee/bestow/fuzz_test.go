package bestow

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// FuzzSessionCommands sends any text as team A's command lines for a few turns: never a
// panic, the same game twice, and refused commands quoted in the frame's events.
//
//	go test ./referee/bestow -run '^$' -fuzz '^FuzzSessionCommands$' -fuzztime 60s
func FuzzSessionCommands(f *testing.F) {
	for _, seed := range []string{
		"GET_MATCH_INFO\nGET_PIECES_IN_RANGE\nGET_MY_SPACE\nGET_SHARED_SPACE\nDESCRIBE_WORLD",
		"BUY_PIECE 1\nPLACE_OWN_PIECE 0 0 0 0 0 0",
		"PLACE_SHARED_PIECE 1 2 0 0 0\nSET_MULTIPLIER 2 3",
		"PLACE_SINGLE_CUBE_PIECE 1 1 1\nPLACE_SINGLE_SQUARE_PIECE 3 3 1",
		"PROJECT_PIECE 2 0 0 0 1 0 1 -4 4 0\nROTATE_PIECE 1 0 0 0 1 1 1",
		"BUY_PIECE 99999999999999999999\nBUY_PIECE -1\nGET_ALL_PIECES\nGET_ALL_PIECES",
		"WAIT 1\n\n \t \nNOPE",
		"\x00\xff\r\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		refereetest.CheckOutput(t, Game{}, refereetest.Fuzz{
			Config:         referee.Config{Seed: 3, Players: 2, Options: map[string]string{"pieces": "20"}}, // few pieces: a fast New
			FailedInEvents: true,
		}, text)
	})
}
