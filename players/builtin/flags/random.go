package flags

import (
	"fmt"
	"io"
	"math/rand/v2"
)

// Random gives every minion a random legal command: mostly a MOVE to a random floor cell,
// sometimes WAIT, a power-up it can afford, or a mine on an adjacent floor cell.
func Random(in io.Reader, out io.Writer) error {
	return run(in, out, func(w *World) strategy { return &randomStrategy{world: w} })
}

type randomStrategy struct {
	world *World
	floor []Cell
}

func (s *randomStrategy) play(t *Turn, seed uint64) []string {
	w := s.world
	if s.floor == nil {
		for r := 0; r < w.H; r++ {
			for c := 0; c < w.W; c++ {
				if w.Floor(Cell{r, c}) {
					s.floor = append(s.floor, Cell{r, c})
				}
			}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	score := t.MyScore
	var cmds []string
	for _, m := range t.Mine {
		if m.Timeout > 0 {
			continue
		}
		switch x := rng.IntN(20); {
		case x == 0 && score >= w.PowerUps[0].Price:
			score -= w.PowerUps[0].Price
			cmds = append(cmds, fmt.Sprintf("FIRE %d", m.ID))
		case x == 1 && score >= w.PowerUps[1].Price:
			score -= w.PowerUps[1].Price
			cmds = append(cmds, fmt.Sprintf("FREEZE %d", m.ID))
		case x == 2 && score >= w.PowerUps[2].Price:
			d := steps[rng.IntN(4)]
			target := Cell{m.Pos.R + d.R, m.Pos.C + d.C}
			if w.Floor(target) {
				score -= w.PowerUps[2].Price
				cmds = append(cmds, fmt.Sprintf("MINE %d %d %d", m.ID, target.R, target.C))
			}
		case x == 3:
			cmds = append(cmds, fmt.Sprintf("WAIT %d", m.ID))
		default:
			target := s.floor[rng.IntN(len(s.floor))]
			cmds = append(cmds, fmt.Sprintf("MOVE %d %d %d", m.ID, target.R, target.C))
		}
	}
	return cmds
}
