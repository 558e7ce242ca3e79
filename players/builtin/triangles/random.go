package triangles

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/arena-games/arena/players/builtin"
)

func init() {
	builtin.Register("triangles", "random", Random)
	builtin.Register("triangles", "greedy", Greedy)
}

// Random moves units to random neighbours and uses the triangles it owns at random. Its
// commands are always well-formed, though some are refused by the rules (that is fine:
// refused commands are ignored, not punished).
func Random(in io.Reader, out io.Writer) error {
	var rng *rand.Rand
	return play(in, out, func(r *Reader, t *Turn) string {
		if rng == nil {
			rng = rand.New(rand.NewPCG(r.Seed(), 1))
		}
		return RandomLine(t, rng)
	})
}

// RandomLine is one turn of the random bot.
func RandomLine(t *Turn, rng *rand.Rand) string {
	var cmds []string
	for _, h := range t.Houses {
		if h.Mine == 0 || len(h.Neighbours) == 0 || rng.IntN(10) < 4 {
			continue
		}
		to := h.Neighbours[rng.IntN(len(h.Neighbours))]
		cmds = append(cmds, fmt.Sprintf("MOVE %d %d %d", h.ID, to, 1+rng.IntN(h.Mine)))
	}
	for _, tri := range t.Triangles {
		if tri.Owner != 0 {
			continue
		}
		c := tri.Corners
		rng.Shuffle(3, func(i, j int) { c[i], c[j] = c[j], c[i] })
		switch roll := rng.IntN(100); {
		case roll < 35:
			cmds = append(cmds, fmt.Sprintf("SPAWN %d %d %d", c[0], c[1], c[2]))
		case roll < 45:
			if nb := t.Houses[c[0]].Neighbours; len(nb) > 0 {
				cmds = append(cmds, fmt.Sprintf("ATTACK %d %d %d %d", c[0], c[1], c[2], nb[rng.IntN(len(nb))]))
			}
		case roll < 50:
			for _, l := range t.Linkable {
				if l[0] == c[0] || l[1] == c[0] {
					cmds = append(cmds, fmt.Sprintf("ADD_PATH %d %d %d %d", c[0], c[1], c[2], l[0]+l[1]-c[0]))
					break
				}
			}
		case roll < 55:
			if nb := t.Houses[c[0]].Neighbours; len(nb) > 0 {
				cmds = append(cmds, fmt.Sprintf("REMOVE_PATH %d %d %d %d", c[0], c[1], c[2], nb[rng.IntN(len(nb))]))
			}
		}
	}
	if len(cmds) == 0 {
		return "WAIT"
	}
	return strings.Join(cmds, ";")
}
