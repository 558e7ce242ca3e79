package flags

import "github.com/arena-games/arena/players/builtin"

func init() {
	builtin.Register("flags", "random", Random)
	builtin.Register("flags", "greedy", Greedy)
}
