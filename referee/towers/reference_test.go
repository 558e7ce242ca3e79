package towers

// The input writing as first written, kept as the reference the faster one must match
// byte for byte (equivalence_test.go): a bot must read the same text.

import "strconv"

// referenceTurnInput is the first input writer, with the scores counted tile by tile.
func referenceTurnInput(g *game, p int) string {
	buf := make([]byte, 0, 4096)
	num := func(v int) { buf = strconv.AppendInt(buf, int64(v), 10) }
	sp := func() { buf = append(buf, ' ') }
	nl := func() { buf = append(buf, '\n') }

	num(g.turn + 1)
	sp()
	num(g.money[p])
	sp()
	num(referenceScore(&g.land, p))
	sp()
	num(referenceScore(&g.land, 1-p))
	nl()
	for vy := range mapSize {
		for vx := range mapSize {
			x, y := tileToWorld(p, vx, vy)
			flag := byte('0')
			if g.land.owns(p, x, y) {
				flag++
			}
			if g.land.owns(1-p, x, y) {
				flag += 2
			}
			buf = append(buf, flag)
		}
		nl()
	}
	for _, owner := range [2]int{p, 1 - p} {
		num(soldiersEach)
		nl()
		for i := range soldiersEach {
			s := &g.soldiers[owner*soldiersEach+i]
			pos := toWorld(p, s.pos)
			respawnIn := 0
			if !s.alive() {
				respawnIn = s.respawnTurn - g.turn
			}
			num(s.id)
			sp()
			num(pos.x)
			sp()
			num(pos.y)
			sp()
			num(s.hp)
			sp()
			buf = append(buf, s.state.String()...)
			sp()
			num(s.immune)
			sp()
			num(respawnIn)
			nl()
		}
	}
	for _, owner := range [2]int{p, 1 - p} {
		num(len(g.towers[owner]))
		nl()
		for _, t := range g.towers[owner] {
			tx, ty := tileToWorld(p, t.tx, t.ty)
			num(t.id)
			sp()
			num(tx)
			sp()
			num(ty)
			sp()
			num(t.hp)
			sp()
			num(t.level)
			sp()
			num(boolInt(t.base))
			nl()
		}
	}
	return string(buf)
}

// referenceScore counts the tiles a player owns.
func referenceScore(t *territory, player int) int {
	n := 0
	for y := range mapSize {
		for x := range mapSize {
			if t.count[player][y][x] > 0 {
				n++
			}
		}
	}
	return n
}
