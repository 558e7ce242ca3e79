package triangles

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-games/arena/referee"
)

// Fixed maps use the original's game parameters (§15): nodes "x,y_x,y_…" (ids in order),
// edges "a,b_a,b_…" and units "p0,p1_…" (one pair per house). Loading one skips generation;
// the initial resolution runs as for a generated map.

const (
	maxFixedHouses = 200
	worldWidth     = 1920
	worldHeight    = 1080
)

// fixedMapError names the option and the reason; New wraps it in a referee.OptionError.
type fixedMapError struct{ key, value, reason string }

func (e *fixedMapError) Error() string { return e.key + ": " + e.reason }

func parseFixedMap(nodes, edges, units string) (*board, error) {
	nodeItems := strings.Split(nodes, "_")
	if len(nodeItems) > maxFixedHouses {
		return nil, &fixedMapError{"nodes", nodes, fmt.Sprintf("%d houses, at most %d", len(nodeItems), maxFixedHouses)}
	}
	pos := make([]point, 0, len(nodeItems))
	for i, item := range nodeItems {
		xy, err := intPair(item)
		if err != nil {
			return nil, &fixedMapError{"nodes", nodes, fmt.Sprintf("house %d: %v", i, err)}
		}
		if xy[0] < 0 || xy[0] >= worldWidth || xy[1] < 0 || xy[1] >= worldHeight {
			return nil, &fixedMapError{"nodes", nodes, fmt.Sprintf("house %d at (%d,%d) is outside 0≤x<%d, 0≤y<%d", i, xy[0], xy[1], worldWidth, worldHeight)}
		}
		pos = append(pos, point{xy[0], xy[1]})
	}
	b := newBoard(pos)
	for i, item := range strings.Split(edges, "_") {
		if !strings.Contains(item, ",") { // the original skips items without a pair
			continue
		}
		ab, err := intPair(item)
		if err != nil {
			return nil, &fixedMapError{"edges", edges, fmt.Sprintf("path %d: %v", i, err)}
		}
		if ab[0] < 0 || ab[0] >= len(pos) || ab[1] < 0 || ab[1] >= len(pos) {
			return nil, &fixedMapError{"edges", edges, fmt.Sprintf("path %d (%s) names a house outside 0..%d", i, item, len(pos)-1)}
		}
		b.link(ab[0], ab[1])
	}
	unitItems := strings.Split(units, "_")
	if len(unitItems) != len(pos) {
		return nil, &fixedMapError{"units", units, referee.Count(len(unitItems), "unit pair", "unit pairs") + " for " + referee.Count(len(pos), "house", "houses")}
	}
	for i, item := range unitItems {
		u, err := intPair(item)
		if err != nil {
			return nil, &fixedMapError{"units", units, fmt.Sprintf("house %d: %v", i, err)}
		}
		if u[0] < 0 || u[1] < 0 || u[0] > 1000 || u[1] > 1000 {
			return nil, &fixedMapError{"units", units, fmt.Sprintf("house %d: unit counts must be within 0..1000", i)}
		}
		b.units[i] = u
	}
	return b, nil
}

func intPair(s string) ([2]int, error) {
	a, c, ok := strings.Cut(s, ",")
	if !ok {
		return [2]int{}, fmt.Errorf("%q is not a pair \"a,b\"", s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(c))
	if err1 != nil || err2 != nil {
		return [2]int{}, fmt.Errorf("%q is not a pair of integers", s)
	}
	return [2]int{x, y}, nil
}
