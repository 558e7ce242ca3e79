// Package all imports every game's built-in bots so that they register themselves.
// Adding a game's bots is one file here: `import _ "github.com/arena-games/arena/players/builtin/<game>"`.
package all
