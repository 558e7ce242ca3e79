package towers

// territory counts, per player and tile, how many of the player's living towers control the
// tile (§5). A tile is owned by a player when its count is positive; the original kept the
// same reference counts.
type territory [2][mapSize][mapSize]int16

// add adds (delta = 1) or removes (delta = −1) a tower of the given level.
func (t *territory) add(owner, tx, ty, level int, delta int16) {
	r := towerRange[level]
	for y := max(0, ty-r); y <= min(mapSize-1, ty+r); y++ {
		row := &t[owner][y]
		for x := max(0, tx-r); x <= min(mapSize-1, tx+r); x++ {
			row[x] += delta
		}
	}
}

func (t *territory) owns(player, x, y int) bool { return t[player][y][x] > 0 }

// exclusive reports whether the player owns the tile and the opponent does not.
func (t *territory) exclusive(player, x, y int) bool {
	return t[player][y][x] > 0 && t[1-player][y][x] == 0
}

// score is the number of tiles the player owns; shared tiles count for both (§5).
func (t *territory) score(player int) int {
	n := 0
	for y := range mapSize {
		for x := range mapSize {
			if t[player][y][x] > 0 {
				n++
			}
		}
	}
	return n
}
