// Package agrid holds the built-in bots of A-grid-culture (referee/agrid). They speak the
// Deadline24 session protocol on stdin/stdout exactly as a contest client does, and seed
// any randomness from what they have read (but the time left that WAITING tells), so a game
// plays and replays identically.
package agrid

import "github.com/arena-games/arena/players/builtin"

func init() {
	builtin.Register("agrid", "random", Random)
	builtin.Register("agrid", "greedy", Greedy)
}
