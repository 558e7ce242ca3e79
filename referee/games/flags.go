package games

import _ "github.com/arena-games/arena/referee/flags"
