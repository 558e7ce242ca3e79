package cli

import "fmt"

// openShippedMap finds a map shipped with arena by name (for file options given a name
// rather than a path).
func openShippedMap(game, name string) ([]byte, error) {
	return nil, fmt.Errorf("%s: no shipped map %q", game, name)
}
