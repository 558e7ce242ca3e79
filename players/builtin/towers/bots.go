package towers

import "github.com/arena-games/arena/players/builtin"

const gameName = "towers"

func init() {
	builtin.Register(gameName, "random", newRandom(0))
	builtin.Register(gameName, "greedy", greedy)
}
