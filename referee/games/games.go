// Package games imports every game so that they register themselves with package referee.
// Adding a game is one file here: `import _ "github.com/arena-games/arena/referee/<game>"`.
package games
