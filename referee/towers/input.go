package towers

import (
	"strconv"
	"strings"
)

// initialInput is the block sent once, before the first turn's input (§13.1).
func (g *game) initialInput(p int) string {
	var b strings.Builder
	line := func(vals ...int) {
		for i, v := range vals {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(v))
		}
		b.WriteByte('\n')
	}
	line(p)
	line(mapSize, tileSize, soldiersEach, maxTowers, g.set.turns)
	line(soldierMaxHP, soldierSpeed, attackRange, attackDamage, respawnTurns, immuneTurns)
	line(towerHP[1], towerHP[2], towerHP[3])
	line(buildCost, upgradeCost[2], upgradeCost[3])
	line(towerRange[1], towerRange[2], towerRange[3])
	line(soldierReward, towerReward[1], towerReward[2], towerReward[3])
	line(g.set.refund[1], g.set.refund[2], g.set.refund[3])
	b.WriteString(g.set.meterLine())
	b.WriteByte('\n')
	return b.String()
}

// turnInput is the state at the start of the coming turn as player p sees it (§13.2):
// rotated by 180° for player 1, "mine" and "enemy" from p's side.
func (g *game) turnInput(p int) string {
	buf := make([]byte, 0, 4096)
	num := func(v int) { buf = strconv.AppendInt(buf, int64(v), 10) }
	sp := func() { buf = append(buf, ' ') }
	nl := func() { buf = append(buf, '\n') }

	num(g.turn + 1)
	sp()
	num(g.money[p])
	sp()
	num(g.land.score(p))
	sp()
	num(g.land.score(1 - p))
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

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
