package rockets

import (
	"errors"
	"strings"
	"testing"

	"github.com/arena-games/arena/maps"
	"github.com/arena-games/arena/referee"
)

// FuzzMapFile builds games on any map file content: either New refuses it with an
// *referee.OptionError naming the map option and the line, or the game draws its map,
// answers DESCRIBE_WORLD and plays a turn.
//
//	go test ./referee/rockets -run '^$' -fuzz '^FuzzMapFile$' -fuzztime 60s
func FuzzMapFile(f *testing.F) {
	if data, err := maps.Open("rockets/small.map"); err == nil {
		f.Add(data)
	}
	for _, s := range []string{
		"3 2 2\n1 3\n0 5 7\n1 2 10\n2 3 20\n",
		"2 1 1\n1\n0 0\n1 2 3\n",
		"4 3 2\n1 2\n0 0 0 0\n1 2 0\n2 3 0\n3 4 1000000\n",
		"3 1 2\n1 2\n0 0 0\n1 2 1\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ref, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{"map": "fuzzed.map"}, Files: map[string][]byte{"map": data}})
		if err != nil {
			var oe *referee.OptionError
			if !errors.As(err, &oe) || oe.Key != "map" || !strings.Contains(err.Error(), "fuzzed.map") {
				t.Fatalf("refused without naming the map option and file: %v", err)
			}
			return
		}
		s := ref.(referee.Session)
		ref.Frame()
		if resp := s.Command(0, []string{"DESCRIBE_WORLD"}); len(resp) == 0 || resp[0] != "OK" {
			t.Fatalf("DESCRIBE_WORLD: %q", resp)
		}
		s.Command(1, []string{"MOVE", "1", "2"})
		s.EndTurn()
		ref.Frame()
	})
}
