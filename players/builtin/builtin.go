// Package builtin holds the registry of built-in bots. Built-in bots are Go functions that
// speak a game's protocol on an input and an output stream; arena runs them as real
// subprocesses (`arena bot GAME/NAME`), so they take the same path as user bots.
package builtin

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
)

// Bot plays one game: it reads the game's input from in and writes its answers to out,
// flushing after every answer, until in reaches EOF. Bots are deterministic: a bot that
// wants randomness seeds it from the input it has read (for example a hash of the first
// lines), so the same game replays identically.
type Bot func(in io.Reader, out io.Writer) error

var (
	mu   sync.RWMutex
	bots = map[string]map[string]Bot{}
)

// Register adds a built-in bot for a game. Bot packages call it from init; the package
// players/builtin/all imports every bot package.
func Register(game, name string, bot Bot) {
	mu.Lock()
	defer mu.Unlock()
	if bots[game] == nil {
		bots[game] = map[string]Bot{}
	}
	if _, dup := bots[game][name]; dup {
		panic("builtin: bot registered twice: " + game + "/" + name)
	}
	bots[game][name] = bot
}

// Lookup finds a bot by game and name.
func Lookup(game, name string) (Bot, error) {
	mu.RLock()
	defer mu.RUnlock()
	if b, ok := bots[game][name]; ok {
		return b, nil
	}
	names := namesLocked(game)
	if len(names) == 0 {
		return nil, fmt.Errorf("game %q has no built-in bots", game)
	}
	return nil, fmt.Errorf("no built-in bot %q for game %q (known: %s)", name, game, strings.Join(names, ", "))
}

// Names lists the built-in bots of a game, sorted.
func Names(game string) []string {
	mu.RLock()
	defer mu.RUnlock()
	return namesLocked(game)
}

func namesLocked(game string) []string {
	out := make([]string, 0, len(bots[game]))
	for n := range bots[game] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
