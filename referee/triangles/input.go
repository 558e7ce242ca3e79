package triangles

import (
	"strconv"
	"strings"
)

// facts are the parts of the turn input that are the same for both players.
type facts struct {
	paths    [][2]int
	linkable [][2]int
}

func (b *board) turnFacts() facts {
	return facts{paths: b.paths(), linkable: b.linkable()}
}

// input writes a player's input for this turn (§10), preceded by the map on its first
// turn. Ids are the same for both players; only the "mine/opponent's" columns swap.
func (m *match) input(p int, f facts) string {
	b := m.b
	var sb strings.Builder
	sb.Grow(64 * (b.size() + len(f.paths) + len(b.triangles) + len(f.linkable)))
	line := func(nums ...int) {
		for i, n := range nums {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(n))
		}
		sb.WriteByte('\n')
	}
	if !m.asked[p] {
		line(b.size())
		for h, pos := range b.pos {
			line(h, pos.x, pos.y)
		}
	}
	line(m.scores[p], m.scores[1-p])
	for h, u := range b.units {
		line(h, u[p], u[1-p])
	}
	line(len(f.paths))
	for _, e := range f.paths {
		line(e[0], e[1])
	}
	line(len(b.triangles))
	for _, t := range b.triangles {
		owner := none
		if t.owner != none {
			owner = 0
			if t.owner != p {
				owner = 1
			}
		}
		line(t.c[0], t.c[1], t.c[2], owner, flag(t.canCapture[p]), flag(t.canCapture[1-p]))
	}
	line(len(f.linkable))
	for _, e := range f.linkable {
		line(e[0], e[1])
	}
	return sb.String()
}

func flag(v bool) int {
	if v {
		return 1
	}
	return 0
}
