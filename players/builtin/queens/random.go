package queens

import (
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"strings"
)

var structureTypes = []string{"MINE", "TOWER", "BARRACKS-KNIGHT", "BARRACKS-ARCHER", "BARRACKS-GIANT"}

// random plays random legal commands: it builds random structures on the site it
// touches, walks to random points or sites, and trains at random barracks it can afford.
// Its randomness is seeded from the map and first turn it reads.
func random(in io.Reader, out io.Writer) error {
	var rng *rand.Rand
	return play(in, out, func(rd *reader, t *turn) (string, string) {
		if rng == nil {
			h := fnv.New64a()
			h.Write(rd.raw)
			rng = rand.New(rand.NewPCG(h.Sum64(), 0x9e3779b97f4a7c15))
		}
		return randomCommand(rng, t), randomTraining(rng, t)
	})
}

func randomCommand(rng *rand.Rand, t *turn) string {
	if t.touched >= 0 && rng.IntN(2) == 0 {
		s := t.sites[t.touched]
		trainingBarracks := s.kind == barracks && s.owner == me && s.param1 > 0
		if s.owner != enemy && !trainingBarracks {
			return fmt.Sprintf("BUILD %d %s", s.id, structureTypes[rng.IntN(len(structureTypes))])
		}
	}
	switch n := rng.IntN(10); {
	case n < 7:
		return fmt.Sprintf("MOVE %d %d", rng.IntN(1920), rng.IntN(1000))
	case n < 9 && len(t.sites) > 0:
		return fmt.Sprintf("BUILD %d %s", rng.IntN(len(t.sites)), structureTypes[rng.IntN(len(structureTypes))])
	}
	return "WAIT"
}

func randomTraining(rng *rand.Rand, t *turn) string {
	ids := []string{"TRAIN"}
	gold := t.gold
	for _, i := range rng.Perm(len(t.sites)) {
		s := t.sites[i]
		if s.kind != barracks || s.owner != me || s.param1 != 0 || s.param2 < 0 || s.param2 > 2 {
			continue
		}
		if cost := creepCost[s.param2]; cost <= gold && rng.IntN(2) == 0 {
			gold -= cost
			ids = append(ids, fmt.Sprint(s.id))
		}
	}
	return strings.Join(ids, " ")
}
