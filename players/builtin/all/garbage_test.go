package all

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	"github.com/arena-games/arena/referee"
	_ "github.com/arena-games/arena/referee/games" // every game
)

// A built-in bot given input that is not its game's says what it read, in words: not a Go
// parser's message (strconv.Atoi: parsing "garbage": invalid syntax).
func TestBotsRefuseGarbageInWords(t *testing.T) {
	if len(referee.Games()) < 7 {
		t.Fatalf("%d games registered", len(referee.Games()))
	}
	for _, g := range referee.Games() {
		game := g.Info().Name
		for _, name := range builtin.Names(game) {
			bot, err := builtin.Lookup(game, name)
			if err != nil {
				t.Fatal(err)
			}
			err = bot(strings.NewReader("garbage\n"), &bytes.Buffer{})
			if err == nil {
				t.Errorf("%s/%s: no error for garbage input", game, name)
				continue
			}
			if msg := err.Error(); !strings.Contains(msg, `"garbage"`) || strings.Contains(msg, "strconv") || strings.Contains(msg, "invalid syntax") {
				t.Errorf("%s/%s: %s", game, name, msg)
			}
		}
	}
}
