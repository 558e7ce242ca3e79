package games

import _ "arena/referee/towers"
