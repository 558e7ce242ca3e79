package towers

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/arena-games/arena/protocol"
)

// accepted holds the economy commands that passed validation, in processing order.
type accepted struct {
	upgrades [2][]int   // tower ids
	suicides [2][]int   // tower ids ("razed this turn")
	builds   [2][]point // world tiles
}

// validate checks every command against the start-of-turn state (§9). Tower commands of
// both players come first (so that every suicide is known before any ATTACK on a tower),
// then soldier commands, then builds. Money is a running balance from the start-of-turn
// money; accepted soldier commands replace the soldier's standing order at once.
func (g *game) validate(orders [2][]command) *accepted {
	acc := &accepted{}
	for p := range 2 {
		g.validateTowerCommands(p, orders[p], acc)
	}
	for p := range 2 {
		g.validateSoldierCommands(p, orders[p], acc)
	}
	for p := range 2 {
		g.validateBuilds(p, orders[p], acc)
	}
	return acc
}

func (g *game) reject(p int, c command, format string, args ...any) {
	g.event("player %d: %s rejected: %s", p, protocol.Quote(c.text, quoteLimit), fmt.Sprintf(format, args...))
}

// validateTowerCommands handles UPGRADE and SUICIDE in the player's tower list order (§9.1).
func (g *game) validateTowerCommands(p int, cmds []command, acc *accepted) {
	var mine []command
	for _, c := range cmds {
		if c.kind != cmdUpgrade && c.kind != cmdSuicide {
			continue
		}
		if g.findTower(p, c.args[0]) == nil {
			g.reject(p, c, "%d is not one of your towers", c.args[0])
			continue
		}
		mine = append(mine, c)
	}
	for i := range g.towers[p] {
		t := &g.towers[p][i]
		var own []command
		for _, c := range mine {
			if c.args[0] == t.id {
				own = append(own, c)
			}
		}
		if len(own) > 1 {
			for _, c := range own {
				g.reject(p, c, "tower %d got %d commands this turn (at most one)", t.id, len(own))
			}
			continue
		}
		if len(own) == 0 {
			continue
		}
		c := own[0]
		switch c.kind {
		case cmdUpgrade:
			switch {
			case t.level >= maxTowerLevel:
				g.reject(p, c, "tower %d is already at level %d", t.id, maxTowerLevel)
			case g.money[p] < upgradeCost[t.level+1]:
				g.reject(p, c, "not enough money (%d, need %d)", g.money[p], upgradeCost[t.level+1])
			default:
				g.money[p] -= upgradeCost[t.level+1]
				acc.upgrades[p] = append(acc.upgrades[p], t.id)
			}
		case cmdSuicide:
			if t.base {
				g.reject(p, c, "the base tower cannot be destroyed")
				continue
			}
			acc.suicides[p] = append(acc.suicides[p], t.id)
		}
	}
}

// validateSoldierCommands handles MOVE and ATTACK (§9.2).
func (g *game) validateSoldierCommands(p int, cmds []command, acc *accepted) {
	var count [numSoldiers]int
	for _, c := range cmds {
		if (c.kind == cmdMove || c.kind == cmdAttack) && g.ownLivingSoldier(p, c.args[0]) {
			count[c.args[0]]++
		}
	}
	for _, c := range cmds {
		if c.kind != cmdMove && c.kind != cmdAttack {
			continue
		}
		id := c.args[0]
		if !g.ownLivingSoldier(p, id) {
			if id >= 0 && id < numSoldiers && g.soldiers[id].owner == p {
				g.reject(p, c, "soldier %d is dead", id)
			} else {
				g.reject(p, c, "%d is not one of your soldiers", id)
			}
			continue
		}
		if count[id] > 1 {
			g.reject(p, c, "soldier %d got %d commands this turn (at most one)", id, count[id])
			continue
		}
		s := &g.soldiers[id]
		if c.kind == cmdMove {
			x, y := c.args[1], c.args[2]
			if x < 0 || x > worldSize || y < 0 || y > worldSize {
				g.reject(p, c, "(%d,%d) is outside the map (0..%d)", x, y, worldSize)
				continue
			}
			s.hasDest, s.dest, s.target = true, toWorld(p, point{x, y}), noTarget
			continue
		}
		if reason := g.badTarget(p, c.args[1], acc); reason != "" {
			g.reject(p, c, "%s", reason)
			continue
		}
		s.hasDest, s.target = false, c.args[1]
	}
}

func (g *game) ownLivingSoldier(p, id int) bool {
	return id >= 0 && id < numSoldiers && g.soldiers[id].owner == p && g.soldiers[id].alive()
}

// badTarget says why an actor cannot be attacked by player p this turn ("" if it can).
func (g *game) badTarget(p, id int, acc *accepted) string {
	enemy := 1 - p
	if id >= 0 && id < numSoldiers {
		switch t := &g.soldiers[id]; {
		case t.owner == p:
			return fmt.Sprintf("soldier %d is yours", id)
		case !t.alive():
			return fmt.Sprintf("enemy soldier %d is dead", id)
		}
		return ""
	}
	if g.findTower(p, id) != nil {
		return fmt.Sprintf("tower %d is yours", id)
	}
	t := g.findTower(enemy, id)
	switch {
	case t == nil:
		return fmt.Sprintf("%d is no soldier or standing tower", id)
	case t.base:
		return fmt.Sprintf("tower %d is a base tower and cannot be attacked", id)
	case slices.Contains(acc.suicides[enemy], id):
		return fmt.Sprintf("tower %d is destroyed by its owner this turn", id)
	}
	return ""
}

// validateBuilds handles BUILD in increasing x, then y, of the player's own view (§9.3).
func (g *game) validateBuilds(p int, cmds []command, acc *accepted) {
	var builds []command
	for _, c := range cmds {
		if c.kind == cmdBuild {
			builds = append(builds, c)
		}
	}
	slices.SortStableFunc(builds, func(a, b command) int {
		return cmp.Or(cmp.Compare(a.args[0], b.args[0]), cmp.Compare(a.args[1], b.args[1]))
	})
	startCount := len(g.towers[p]) // suicides of this turn free no slot until the next one
	for i, c := range builds {
		vx, vy := c.args[0], c.args[1]
		if vx < 0 || vx >= mapSize || vy < 0 || vy >= mapSize {
			g.reject(p, c, "tile (%d,%d) is outside the map (0..%d)", vx, vy, mapSize-1)
			continue
		}
		if i > 0 && builds[i-1].args == c.args {
			g.reject(p, c, "a second BUILD on tile (%d,%d) this turn (only the first counts)", vx, vy)
			continue
		}
		x, y := tileToWorld(p, vx, vy)
		switch {
		case startCount+len(acc.builds[p]) >= maxTowers:
			g.reject(p, c, "you would have more than %d towers", maxTowers)
		case !g.land.exclusive(p, x, y):
			g.reject(p, c, "tile (%d,%d) is not exclusively yours", vx, vy)
		case g.towerAt(p, x, y):
			g.reject(p, c, "you already have a tower on tile (%d,%d)", vx, vy)
		case g.money[p] < buildCost:
			g.reject(p, c, "not enough money (%d, need %d)", g.money[p], buildCost)
		default:
			g.money[p] -= buildCost
			acc.builds[p] = append(acc.builds[p], point{x, y})
		}
	}
}

func (g *game) towerAt(p, x, y int) bool {
	for _, t := range g.towers[p] {
		if t.tx == x && t.ty == y {
			return true
		}
	}
	return false
}
