package triangles

import "strconv"

// facts are the parts of the turn input that are the same for both players: the paths,
// the paths that could be added (§4.6), and the input's blocks listing them. They depend
// on the graph alone, which most turns leave as it was, so the board keeps them until a
// path is added or removed (link and unlink drop them).
type facts struct {
	paths    [][2]int
	linkable [][2]int
	// pathsText and linkableText are the input's two blocks: the count, then a line per
	// pair.
	pathsText, linkableText string
}

func (b *board) turnFacts() *facts {
	if b.facts == nil {
		paths, linkable := b.paths(), b.linkable()
		b.facts = &facts{paths: paths, linkable: linkable, pathsText: pairsText(paths), linkableText: pairsText(linkable)}
	}
	return b.facts
}

// pairsText is a count and a line per pair, as the input lists paths.
func pairsText(pairs [][2]int) string {
	out := make([]byte, 0, 8+10*len(pairs))
	out = appendLine(out, len(pairs))
	for _, e := range pairs {
		out = appendLine(out, e[0], e[1])
	}
	return string(out)
}

// input writes a player's input for this turn (§10), preceded by the map on its first
// turn. Ids are the same for both players; only the "mine/opponent's" columns swap.
//
// The text is written into a buffer kept from turn to turn and copied out once: an input
// is some 200 lines, written twice a turn.
func (m *match) input(p int, f *facts) string {
	b := m.b
	out := m.inputBuf[:0]
	if !m.asked[p] {
		out = appendLine(out, b.size())
		for h, pos := range b.pos {
			out = appendLine(out, h, pos.x, pos.y)
		}
	}
	out = appendLine(out, m.scores[p], m.scores[1-p])
	for h, u := range b.units {
		out = appendLine(out, h, u[p], u[1-p])
	}
	out = append(out, f.pathsText...)
	out = appendLine(out, len(b.triangles))
	for _, t := range b.triangles {
		owner := none
		if t.owner != none {
			owner = 0
			if t.owner != p {
				owner = 1
			}
		}
		out = appendLine(out, t.c[0], t.c[1], t.c[2], owner, flag(t.canCapture[p]), flag(t.canCapture[1-p]))
	}
	out = append(out, f.linkableText...)
	m.inputBuf = out
	return string(out)
}

// appendLine appends one line of space-separated integers.
func appendLine(out []byte, nums ...int) []byte {
	for i, n := range nums {
		if i > 0 {
			out = append(out, ' ')
		}
		out = strconv.AppendInt(out, int64(n), 10)
	}
	return append(out, '\n')
}

func flag(v bool) int {
	if v {
		return 1
	}
	return 0
}
