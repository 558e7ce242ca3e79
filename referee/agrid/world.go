package agrid

import (
	"fmt"
	"math"

	"github.com/arena-games/arena/referee"
)

// Post contents. A colour is any other byte (the team colours 'a'..'p' in a game; any of
// 0-9A-Za-z in a TEST_SCORE map).
const (
	empty = '.'
	hill  = '#'
)

// teamColors gives seat i the colour teamColors[i] (spec §1).
const teamColors = "abcdefghijklmnop"

// worldStream is the PCG stream of world generation (spec §3).
const worldStream = 1

// world is the generated start: the hill map and every team's worker posts.
type world struct {
	posts   []byte  // A×A, row-major (index y*A + x): '.' or '#'
	workers [][]int // per seat, per worker id−1: post index
	homes   []int   // per seat
}

// generateWorld builds the start of a game (spec §3): hills grown in clusters, pruned to one
// connected region, homes spread apart, workers placed by BFS around each home.
func generateWorld(p params, players int, seed int64) (world, error) {
	a := p.A
	rng := referee.NewPCG(seed, worldStream)
	posts := make([]byte, a*a)
	for i := range posts {
		posts[i] = empty
	}
	// float64(…) rounds the product as the original does: Go may otherwise fuse it with the
	// addition into one multiply-add on arm64.
	target := int(math.Floor(float64(p.Hills*float64(a*a)) + 0.5))
	count := 0
	for count < target {
		start := rng.IntN(a * a)
		size := 1 + rng.IntN(6)
		cluster := []int{start}
		if posts[start] != hill {
			posts[start] = hill
			count++
		}
		for len(cluster) < size {
			cands := clusterNeighbours(a, posts, cluster)
			if len(cands) == 0 {
				break
			}
			next := cands[rng.IntN(len(cands))]
			posts[next] = hill
			count++
			cluster = append(cluster, next)
		}
	}
	keepLargestRegion(a, posts)

	free := 0
	for _, c := range posts {
		if c != hill {
			free++
		}
	}
	if free < players*p.Workers {
		return world{}, &referee.OptionError{Game: gameName, Key: "A", Value: fmt.Sprint(a),
			Reason: fmt.Sprintf("the map has %s, too few for %s of %s", referee.Count(free, "free post", "free posts"),
				referee.Count(players, "team", "teams"), referee.Count(p.Workers, "worker", "workers"))}
	}

	homes := make([]int, 0, players)
	// Home 1 is a uniform free post; draw among free posts in index order.
	pick := rng.IntN(free)
	for i, c := range posts {
		if c == hill {
			continue
		}
		if pick == 0 {
			homes = append(homes, i)
			break
		}
		pick--
	}
	for len(homes) < players {
		best, bestDist := -1, -1
		for i, c := range posts { // index order = smaller y, then smaller x on ties
			if c == hill {
				continue
			}
			d := math.MaxInt
			for _, h := range homes {
				d = min(d, torusDistance(a, i, h))
			}
			if d > bestDist {
				best, bestDist = i, d
			}
		}
		homes = append(homes, best)
	}

	taken := make([]bool, a*a)
	workers := make([][]int, players)
	for seat, home := range homes {
		workers[seat] = placeWorkers(a, posts, taken, home, p.Workers)
	}
	return world{posts: posts, workers: workers, homes: homes}, nil
}

// neighbour returns the post one step (dx, dy) from post i on the torus.
func neighbour(a, i, dx, dy int) int {
	x, y := i%a, i/a
	return mod(y+dy, a)*a + mod(x+dx, a)
}

func mod(v, m int) int {
	v %= m
	if v < 0 {
		v += m
	}
	return v
}

// steps is the neighbour order of the spec: +x, −x, +y, −y.
var steps = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// clusterNeighbours lists the distinct non-hill 4-neighbours of a hill cluster, in cluster
// order then step order, so that the draw among them is reproducible.
func clusterNeighbours(a int, posts []byte, cluster []int) []int {
	var out []int
	for _, c := range cluster {
		for _, s := range steps {
			n := neighbour(a, c, s[0], s[1])
			if posts[n] == hill {
				continue
			}
			dup := false
			for _, o := range out {
				if o == n {
					dup = true
					break
				}
			}
			if !dup {
				out = append(out, n)
			}
		}
	}
	return out
}

// keepLargestRegion turns every free post outside the largest 4-connected free region into a
// hill, so that every worker can reach every free post. On equal sizes the region found
// first in index order is kept.
func keepLargestRegion(a int, posts []byte) {
	region := make([]int, len(posts))
	for i := range region {
		region[i] = -1
	}
	best, bestSize, id := -1, 0, 0
	queue := make([]int, 0, len(posts))
	for i, c := range posts {
		if c == hill || region[i] >= 0 {
			continue
		}
		queue = append(queue[:0], i)
		region[i] = id
		for q := 0; q < len(queue); q++ {
			for _, s := range steps {
				n := neighbour(a, queue[q], s[0], s[1])
				if posts[n] != hill && region[n] < 0 {
					region[n] = id
					queue = append(queue, n)
				}
			}
		}
		if len(queue) > bestSize {
			best, bestSize = id, len(queue)
		}
		id++
	}
	for i := range posts {
		if posts[i] != hill && region[i] != best {
			posts[i] = hill
		}
	}
}

// torusDistance is the toroidal Manhattan distance between two posts.
func torusDistance(a, i, j int) int {
	dx := abs(i%a - j%a)
	dy := abs(i/a - j/a)
	return min(dx, a-dx) + min(dy, a-dy)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// placeWorkers puts n workers on the first free posts a BFS from home visits.
func placeWorkers(a int, posts []byte, taken []bool, home, n int) []int {
	seen := map[int]bool{home: true}
	queue := []int{home}
	var out []int
	for q := 0; q < len(queue) && len(out) < n; q++ {
		i := queue[q]
		if !taken[i] {
			taken[i] = true
			out = append(out, i)
		}
		for _, s := range steps {
			nb := neighbour(a, i, s[0], s[1])
			if posts[nb] != hill && !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	return out
}
