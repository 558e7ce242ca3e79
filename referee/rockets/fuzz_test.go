package rockets

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// FuzzSessionCommands sends any text as team 1's command lines for a few turns: never a
// panic, the same game twice, and the last refused command of each turn quoted in the
// frame's events.
//
//	go test ./referee/rockets -run '^$' -fuzz '^FuzzSessionCommands$' -fuzztime 60s
func FuzzSessionCommands(f *testing.F) {
	for _, seed := range []string{
		"DESCRIBE_WORLD\nHOME\nCARS\nROADS_STATUS\nROCKET_INFO\nTRANSFERS\nTIME_TO_END",
		"MOVE 1 2\nTAKE 2 50\nGIVE 3 10",
		"FOUND_ROCKET 1 50 10\nUPGRADE_CAR 2 ENGINE\nUPGRADE_CAR 3 TRUNK",
		"LAWYER_PAY 200 3\nLAWYER_SUE 3\nLAUNCH_ROCKET 3",
		"MOVE 1 99999999999999999999\nTAKE -1 -9223372036854775808\nGIVE 0 0",
		"FOUND_ROCKET 1 9223372036854775807 9223372036854775807",
		"WAIT 1\n\n \t \nNOPE",
		"\x00\xff\r\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		refereetest.CheckOutput(t, Game{}, refereetest.Fuzz{
			Config:         referee.Config{Seed: 5, Players: 2, Options: map[string]string{"map": "rockets/small.map", "turns": "50"}},
			FailedInEvents: true,
		}, text)
	})
}
