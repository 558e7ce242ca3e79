package towers

// territory counts, per player and tile, how many of the player's living towers control the
// tile (§5). A tile is owned by a player when its count is positive; the original kept the
// same reference counts.
type territory struct {
	count [2][mapSize][mapSize]int16
	// owned is the number of tiles each player owns, kept as the counts change: both
	// inputs of every turn and every frame give the scores.
	owned [2]int
}

// add adds (delta = 1) or removes (delta = −1) a tower of the given level.
func (t *territory) add(owner, tx, ty, level int, delta int16) {
	r := towerRange[level]
	for y := max(0, ty-r); y <= min(mapSize-1, ty+r); y++ {
		row := &t.count[owner][y]
		for x := max(0, tx-r); x <= min(mapSize-1, tx+r); x++ {
			was := row[x] > 0
			row[x] += delta
			if now := row[x] > 0; now != was {
				if now {
					t.owned[owner]++
				} else {
					t.owned[owner]--
				}
			}
		}
	}
}

func (t *territory) owns(player, x, y int) bool { return t.count[player][y][x] > 0 }

// exclusive reports whether the player owns the tile and the opponent does not.
func (t *territory) exclusive(player, x, y int) bool {
	return t.count[player][y][x] > 0 && t.count[1-player][y][x] == 0
}

// score is the number of tiles the player owns; shared tiles count for both (§5).
func (t *territory) score(player int) int { return t.owned[player] }
