package towers

// economy applies the accepted builds, upgrades and suicides, player 0 first (§6 step 3).
// Refunds are added after validation, so they cannot be spent this turn.
func (g *game) economy(acc *accepted) {
	for p := range 2 {
		for _, b := range acc.builds[p] {
			g.addTower(p, b.x, b.y, false)
			vx, vy := tileToWorld(p, b.x, b.y)
			g.event("player %d builds tower %d on tile (%d,%d) of its view", p, g.nextID-1, vx, vy)
		}
		for _, id := range acc.upgrades[p] {
			t := g.findTower(p, id)
			g.land.add(p, t.tx, t.ty, t.level, -1)
			t.level++
			t.hp = towerHP[t.level]
			g.land.add(p, t.tx, t.ty, t.level, 1)
			g.event("player %d upgrades tower %d to level %d", p, id, t.level)
		}
		for _, id := range acc.suicides[p] {
			level := g.findTower(p, id).level
			g.removeTower(p, id)
			g.money[p] += g.set.refund[level]
			g.event("player %d destroys its tower %d (level %d): +%d", p, id, level, g.set.refund[level])
		}
	}
}
