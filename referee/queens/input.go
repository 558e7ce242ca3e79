package queens

import (
	"strconv"
	"strings"
)

// initInput is the initialisation block (spec §12.1): the number of sites, then one line
// "siteId x y radius" per site.
func (g *state) initInput(b *strings.Builder) {
	b.WriteString(strconv.Itoa(len(g.sites)))
	b.WriteByte('\n')
	for _, s := range g.sites {
		writeInts(b, s.id, shown(s.pos.x), shown(s.pos.y), s.radius)
	}
}

// turnInput is what player p reads at the start of a turn (spec §12.2), from its own point
// of view: owner 0 is p, 1 its enemy.
func (g *state) turnInput(b *strings.Builder, p int) {
	me := g.players[p]
	writeInts(b, me.gold, g.touchedSite(p))
	for i, s := range g.sites {
		visible := s.owner == p || within(me.queen.pos, s.pos, queenVision)
		gold, maxMine := -1, -1
		if visible {
			gold, maxMine = s.gold, s.maxMine
		}
		param1, param2 := -1, -1
		switch s.kind {
		case mineKind:
			if visible {
				param1 = s.rate
			}
		case towerKind:
			param1, param2 = s.hp, s.attackRadius
		case barracks:
			param1, param2 = 0, int(s.creep)
			if s.training {
				param1 = s.creep.stats().training - s.progress
			}
		}
		g.writeSite(b, p, i, [7]int{s.id, gold, maxMine, int(s.kind), g.relativeOwner(s.owner, p), param1, param2})
	}
	units := 0
	for _, pl := range g.players {
		units += len(pl.creeps) + 1
	}
	writeInts(b, units)
	for i, pl := range g.players {
		owner := g.relativeOwner(i, p)
		for _, c := range pl.creeps {
			writeInts(b, shown(c.pos.x), shown(c.pos.y), owner, int(c.kind), c.hp)
		}
		writeInts(b, shown(pl.queen.pos.x), shown(pl.queen.pos.y), owner, -1, pl.hp)
	}
}

// siteText is a site's line of a player's input, and the numbers it was written from.
type siteText struct {
	values [7]int
	len    int // 0: not written yet
	text   [64]byte
}

// writeSite writes site i's line of player p's input: most sites read the same from one
// turn to the next, so the last line is kept and written again when its numbers are the
// same.
func (g *state) writeSite(b *strings.Builder, p, i int, values [7]int) {
	lines := g.siteTexts[p]
	if len(lines) != len(g.sites) {
		lines = make([]siteText, len(g.sites))
		g.siteTexts[p] = lines
	}
	l := &lines[i]
	if l.len == 0 || l.values != values {
		text := appendLine(l.text[:0], values[:]...)
		if len(text) > len(l.text) { // numbers far out of the game's range: not kept
			l.len = 0
			b.Write(text)
			return
		}
		l.values, l.len = values, len(text)
	}
	b.Write(l.text[:l.len])
}

// relativeOwner is an owner as player p reads it: −1 none, 0 itself, 1 the enemy.
func (g *state) relativeOwner(owner, p int) int {
	switch {
	case owner < 0:
		return -1
	case owner == p:
		return 0
	}
	return 1
}

// writeInts writes one line of space-separated integers. The line is made on the stack and
// written at once: the input of a turn is some 40 lines of 7 numbers per player.
func writeInts(b *strings.Builder, values ...int) {
	var line [128]byte
	b.Write(appendLine(line[:0], values...))
}

// appendLine appends one line of space-separated integers.
func appendLine(l []byte, values ...int) []byte {
	for i, v := range values {
		if i > 0 {
			l = append(l, ' ')
		}
		l = appendInt(l, v)
	}
	return append(l, '\n')
}

// appendInt is strconv.AppendInt for the numbers of the input, most of them −1 (unknown,
// nobody, none) or below 10 000 (coordinates, gold, HP), without its general machinery.
func appendInt(l []byte, v int) []byte {
	switch {
	case v == -1:
		return append(l, '-', '1')
	case v < 0 || v >= 10000:
		return strconv.AppendInt(l, int64(v), 10)
	case v < 10:
		return append(l, byte('0'+v))
	case v < 100:
		return append(l, byte('0'+v/10), byte('0'+v%10))
	case v < 1000:
		return append(l, byte('0'+v/100), byte('0'+v/10%10), byte('0'+v%10))
	}
	return append(l, byte('0'+v/1000), byte('0'+v/100%10), byte('0'+v/10%10), byte('0'+v%10))
}
