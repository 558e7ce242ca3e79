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
	b := appendInts(make([]byte, 0, 4096), g.turn+1, g.money[p], g.land.score(p), g.land.score(1-p))
	mine, enemy := &g.land.count[p], &g.land.count[1-p]
	for vy := range mapSize {
		for vx := range mapSize {
			x, y := tileToWorld(p, vx, vy)
			flag := byte('0')
			if mine[y][x] > 0 {
				flag++
			}
			if enemy[y][x] > 0 {
				flag += 2
			}
			b = append(b, flag)
		}
		b = append(b, '\n')
	}
	for _, owner := range [2]int{p, 1 - p} {
		b = appendInts(b, soldiersEach)
		for i := range soldiersEach {
			s := &g.soldiers[owner*soldiersEach+i]
			pos := toWorld(p, s.pos)
			respawnIn := 0
			if !s.alive() {
				respawnIn = s.respawnTurn - g.turn
			}
			b = appendNums(b, s.id, pos.x, pos.y, s.hp)
			b = append(b, ' ')
			b = append(b, s.state.String()...)
			b = append(b, ' ')
			b = appendInts(b, s.immune, respawnIn)
		}
	}
	for _, owner := range [2]int{p, 1 - p} {
		b = appendInts(b, len(g.towers[owner]))
		for _, t := range g.towers[owner] {
			tx, ty := tileToWorld(p, t.tx, t.ty)
			b = appendInts(b, t.id, tx, ty, t.hp, t.level, boolInt(t.base))
		}
	}
	return string(b)
}

// appendInts appends a line of space-separated integers.
func appendInts(b []byte, nums ...int) []byte {
	return append(appendNums(b, nums...), '\n')
}

// appendNums appends space-separated integers.
func appendNums(b []byte, nums ...int) []byte {
	for i, n := range nums {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return b
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
