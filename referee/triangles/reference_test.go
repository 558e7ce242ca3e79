package triangles

// The input writing as first written, kept as the reference the faster one must match
// byte for byte (equivalence_test.go): a bot must read the same text.

import (
	"strconv"
	"strings"
)

// referenceInput is the first input writer, from lists of the graph made afresh.
func referenceInput(m *match, p int) string {
	b := m.b
	paths, linkable := b.paths(), b.linkable()
	var sb strings.Builder
	sb.Grow(64 * (b.size() + len(paths) + len(b.triangles) + len(linkable)))
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
	line(len(paths))
	for _, e := range paths {
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
	line(len(linkable))
	for _, e := range linkable {
		line(e[0], e[1])
	}
	return sb.String()
}
