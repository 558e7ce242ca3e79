package cli

import "github.com/arena-games/arena/maps"

// openShippedMap finds a map shipped with arena by name (for file options given a name
// rather than a path), e.g. rockets/small.map.
func openShippedMap(game, name string) ([]byte, error) {
	return maps.Open(name)
}
