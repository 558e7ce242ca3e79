package towers

// Player 1 sees the world rotated by 180° (§3) so that both players see themselves at the
// top-left. The mapping is an involution, so the same functions convert world to view and
// view to world.

// toWorld maps a position of a player's view to the world (and back).
func toWorld(player int, p point) point {
	if player == 0 {
		return p
	}
	return point{worldSize - p.x, worldSize - p.y}
}

// tileToWorld maps a tile of a player's view to the world (and back).
func tileToWorld(player, x, y int) (int, int) {
	if player == 0 {
		return x, y
	}
	return mapSize - 1 - x, mapSize - 1 - y
}
