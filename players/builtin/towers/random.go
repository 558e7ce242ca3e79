package towers

import (
	"hash/fnv"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/arena-games/arena/players/builtin"
)

// newRandom returns the random bot: each turn about one soldier in ten gets a random MOVE
// or an ATTACK on a random living enemy soldier, and money is spent on a random build or
// upgrade. Its randomness is seeded from a hash of its first turn's input and salt (tests
// use the salt to meet many different random opponents in a game without randomness).
func newRandom(salt uint64) builtin.Bot {
	return func(in io.Reader, out io.Writer) error {
		var rng *rand.Rand
		return play(in, out, func(s *setup, st *turnState) string {
			if rng == nil {
				h := fnv.New64a()
				h.Write(st.raw)
				rng = rand.New(rand.NewPCG(h.Sum64(), salt))
			}
			return randomTurn(rng, s, st)
		})
	}
}

func randomTurn(rng *rand.Rand, s *setup, st *turnState) string {
	var cmds []string
	world := s.mapSize * s.tileSize
	var targets []unit
	for _, e := range st.enemies {
		if e.alive() {
			targets = append(targets, e)
		}
	}
	for _, u := range st.mine {
		if !u.alive() || rng.IntN(10) != 0 {
			continue
		}
		if len(targets) > 0 && rng.IntN(2) == 0 {
			cmds = append(cmds, "ATTACK "+strconv.Itoa(u.id)+" "+strconv.Itoa(targets[rng.IntN(len(targets))].id))
		} else {
			cmds = append(cmds, "MOVE "+strconv.Itoa(u.id)+" "+strconv.Itoa(rng.IntN(world+1))+" "+strconv.Itoa(rng.IntN(world+1)))
		}
	}
	if st.money >= s.buildCost {
		if rng.IntN(2) == 0 && len(st.myTowers) < s.maxTowers {
			if x, y, ok := randomBuildable(rng, st); ok {
				cmds = append(cmds, "BUILD "+strconv.Itoa(x)+" "+strconv.Itoa(y))
			}
		} else if t := st.myTowers[rng.IntN(len(st.myTowers))]; t.level < 3 {
			cmds = append(cmds, "UPGRADE "+strconv.Itoa(t.id))
		}
	}
	if len(cmds) == 0 {
		return "WAIT"
	}
	return strings.Join(cmds, ";")
}

// randomBuildable picks a tile that is only mine and has no tower of mine.
func randomBuildable(rng *rand.Rand, st *turnState) (int, int, bool) {
	var tiles [][2]int
	for y, row := range st.grid {
		for x := range len(row) {
			if row[x] == '1' && !hasTower(st.myTowers, x, y) {
				tiles = append(tiles, [2]int{x, y})
			}
		}
	}
	if len(tiles) == 0 {
		return 0, 0, false
	}
	t := tiles[rng.IntN(len(tiles))]
	return t[0], t[1], true
}

func hasTower(towers []building, x, y int) bool {
	for _, t := range towers {
		if t.tx == x && t.ty == y {
			return true
		}
	}
	return false
}
