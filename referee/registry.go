package referee

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

var (
	registryMu sync.RWMutex
	registry   = map[string]Game{}
)

// Register adds a game to the registry. Each game package calls it from init; the
// package referee/games imports every game so that registering a new game is one file.
func Register(g Game) {
	registryMu.Lock()
	defer registryMu.Unlock()
	name := g.Info().Name
	if _, dup := registry[name]; dup {
		panic("referee: game registered twice: " + name)
	}
	registry[name] = g
}

// Lookup finds a registered game by name.
func Lookup(name string) (Game, error) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	if g, ok := registry[name]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(namesLocked(), ", "))
}

// Games returns every registered game, sorted by name.
func Games() []Game {
	registryMu.RLock()
	defer registryMu.RUnlock()
	out := make([]Game, 0, len(registry))
	for _, n := range namesLocked() {
		out = append(out, registry[n])
	}
	return out
}

func namesLocked() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
