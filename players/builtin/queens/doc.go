// Package queens holds the built-in bots of Code Royale (game "queens"): random, which
// plays random legal commands, and greedy, a simple but real strategy (mines on safe
// sites, a knight barracks, towers for defence, knights whenever affordable).
//
// Both read the game's protocol from their input and answer two lines a turn; they are
// deterministic (random seeds itself from the map it reads).
package queens

import "github.com/arena-games/arena/players/builtin"

const gameName = "queens"

func init() {
	builtin.Register(gameName, "random", random)
	builtin.Register(gameName, "greedy", greedy)
}
