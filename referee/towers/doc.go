// Package towers is the referee of "towers": two players, twenty soldiers each and an
// invincible base tower, fight on a 30×30 tile map for territory (Code Character 2018).
//
// Soldiers carry standing MOVE/ATTACK orders, kills earn money, money builds and upgrades
// towers, and a tower controls the square of tiles around it; the score is the number of
// tiles a player controls after 1000 turns. Each player sees itself at the top-left: player
// 1's view and commands are rotated by 180°. Every turn is metered by the runner against a
// soft compute limit (over it the turn's commands are discarded) and a hard one (over it the
// player forfeits).
//
// The rules follow /work/shared/specs/towers.md; section numbers (§) in comments refer to it.
// The referee is pure: the map is fixed and nothing is random, so the seed changes nothing.
package towers
