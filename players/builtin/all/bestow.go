package all

import _ "github.com/arena-games/arena/players/builtin/bestow"
