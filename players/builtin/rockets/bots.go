// Package rockets holds the built-in bots of Rocket Science: `random` and `greedy`. They
// speak the Deadline24 session protocol on stdin/stdout exactly as a contest client does.
package rockets

import "github.com/arena-games/arena/players/builtin"

func init() {
	builtin.Register("rockets", "random", Random)
	builtin.Register("rockets", "greedy", Greedy)
}
