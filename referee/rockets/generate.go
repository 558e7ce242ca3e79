package rockets

import (
	"github.com/arena-games/arena/maps"
	"github.com/arena-games/arena/referee"
)

// Generator of worlds when no map file is given (spec §3.2). Everything is drawn from one
// PCG stream in a fixed order: positions, road costs, visiting bonuses, the first base.
// Positions are integers so that distances, and hence the roads, are exact everywhere.
const (
	generatorStream = 1
	worldSize       = 1000 // positions are in [0, worldSize)²
	nearest         = 3    // each city is joined to this many nearest cities
	minGenBases     = 8
)

// GenerateMap builds the world of a seed as a map in the cartographic format, for example
// to write it to a file (arena map); playing that file gives the same game as the seed
// (except the map name, and the layout the viewer draws).
func GenerateMap(seed int64, cities, players int) *maps.Rockets {
	m, _ := generate(seed, cities, players)
	return m
}

func generate(seed int64, cities, players int) (*maps.Rockets, []point) {
	rng := referee.NewPCG(seed, generatorStream)
	xs, ys := make([]int64, cities+1), make([]int64, cities+1)
	for c := 1; c <= cities; c++ {
		xs[c], ys[c] = int64(rng.IntN(worldSize)), int64(rng.IntN(worldSize))
	}
	dist := func(a, b int) int64 {
		dx, dy := xs[a]-xs[b], ys[a]-ys[b]
		return dx*dx + dy*dy
	}

	m := &maps.Rockets{Cities: cities}
	joined := map[[2]int]bool{} // looked up only: its order never matters
	adj := make([][]int, cities+1)
	addRoad := func(a, b int) {
		key := [2]int{min(a, b), max(a, b)}
		if joined[key] {
			return
		}
		joined[key] = true
		m.Roads = append(m.Roads, maps.RocketsRoad{From: a, To: b})
		adj[a] = append(adj[a], b)
		adj[b] = append(adj[b], a)
	}
	for c := 1; c <= cities; c++ {
		for _, n := range nearestCities(c, cities, dist) {
			addRoad(c, n)
		}
	}
	connect(cities, adj, dist, addRoad)

	for i := range m.Roads {
		m.Roads[i].Cost = 2 + rng.IntN(9)
	}
	m.Bonus = make([]int, cities)
	for i := range m.Bonus {
		switch r := rng.IntN(100); {
		case r < 75:
			m.Bonus[i] = 1
		case r < 90:
			m.Bonus[i] = 2
		case r < 97:
			m.Bonus[i] = 3
		default:
			m.Bonus[i] = 5
		}
	}
	m.Bases = spreadBases(1+rng.IntN(cities), min(max(minGenBases, players), cities), adj)

	pos := make([]point, cities+1)
	for c := 1; c <= cities; c++ {
		pos[c] = point{float64(xs[c]), float64(ys[c])}
	}
	return m, pos
}

// nearestCities returns the `nearest` cities closest to c, closest first, ties to the lower id.
func nearestCities(c, cities int, dist func(a, b int) int64) []int {
	best := make([]int, 0, nearest+1)
	closer := func(a, b int) bool {
		da, db := dist(c, a), dist(c, b)
		return da < db || (da == db && a < b)
	}
	for o := 1; o <= cities; o++ {
		if o == c || (len(best) == nearest && !closer(o, best[nearest-1])) {
			continue
		}
		best = append(best, o)
		for i := len(best) - 1; i > 0 && closer(best[i], best[i-1]); i-- {
			best[i], best[i-1] = best[i-1], best[i]
		}
		if len(best) > nearest {
			best = best[:nearest]
		}
	}
	return best
}

// connect adds, while the graph is disconnected, the shortest road between the component
// of city 1 and any other city (ties: lower outside city, then lower inside city). It works
// like Prim's algorithm on components: O(cities²) in all.
func connect(cities int, adj [][]int, dist func(a, b int) int64, addRoad func(a, b int)) {
	inside := make([]bool, cities+1)
	bestDist := make([]int64, cities+1)
	bestFrom := make([]int, cities+1)
	for c := range bestFrom {
		bestFrom[c] = -1
	}
	absorb := func(start int) { // mark start's whole component inside, update distances
		queue := []int{start}
		inside[start] = true
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for o := 1; o <= cities; o++ {
				if inside[o] {
					continue
				}
				if d := dist(c, o); bestFrom[o] < 0 || d < bestDist[o] || (d == bestDist[o] && c < bestFrom[o]) {
					bestDist[o], bestFrom[o] = d, c
				}
			}
			for _, n := range adj[c] {
				if !inside[n] {
					inside[n] = true
					queue = append(queue, n)
				}
			}
		}
	}
	absorb(1)
	for {
		pick := -1
		for o := 1; o <= cities; o++ {
			if !inside[o] && (pick < 0 || bestDist[o] < bestDist[pick]) {
				pick = o
			}
		}
		if pick < 0 {
			return
		}
		addRoad(bestFrom[pick], pick)
		absorb(pick)
	}
}

// spreadBases picks count bases: first, then repeatedly the city farthest (in roads) from
// the bases chosen so far, ties to the lower id.
func spreadBases(first, count int, adj [][]int) []int {
	bases := []int{first}
	hops := make([]int, len(adj))
	for len(bases) < count {
		for c := range hops {
			hops[c] = -1
		}
		queue := append([]int(nil), bases...)
		for _, b := range bases {
			hops[b] = 0
		}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for _, n := range adj[c] {
				if hops[n] < 0 {
					hops[n] = hops[c] + 1
					queue = append(queue, n)
				}
			}
		}
		far := -1
		for c := 1; c < len(adj); c++ {
			if far < 0 || hops[c] > hops[far] {
				far = c
			}
		}
		bases = append(bases, far)
	}
	return bases
}
