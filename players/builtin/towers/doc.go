// Package towers holds the built-in bots of the game "towers": random (legal but aimless
// orders) and greedy (focus fire, spawn pressure, territory-maximising builds). Both read
// the full protocol of docs/games/towers.md and take well under a millisecond per turn.
package towers
