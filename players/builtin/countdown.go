package builtin

// Countdown is what a Deadline24 bot last read of TIME_TO_END, counted down by the bot
// itself since. TIME_TO_END costs one of the turn's L commands, so a bot short of commands
// reads it when due only: on its first turn, every tenth turn, and on every turn past the
// end the last reading foretold.
//
// It is also how a bot notices the next game of arena serve --games N, which nothing
// announces: within a game the turns left go down by at least the turns the bot counted
// since the last reading (by more when turns ended before it waited), so a count that does
// not is the next game's, even the same number, as in games of one turn, where it is 0 on
// every turn, or of ten read every tenth turn, where it is 9 on each reading. Past the
// foretold end the bot reads it on every turn, so the next game is noticed on its first
// turn, before the bot sends a command meant for the last one.
type Countdown struct {
	left int  // the turns left at the last reading
	end  int  // the turns after which the game may end, at the latest (agrid: the idle countdown too)
	turn int  // the bot's turn number at the last reading
	read bool // false until the first reading
}

// Set takes a reading made on the bot's turn number turn: left turns left in the game,
// which may end after end turns already (end ≤ left; agrid's idle countdown V).
func (c *Countdown) Set(left, end, turn int) {
	*c = Countdown{left: left, end: min(left, end), turn: turn, read: true}
}

// Due says whether TIME_TO_END is needed on the bot's turn number turn.
func (c Countdown) Due(turn int) bool {
	return !c.read || turn%10 == 0 || turn-c.turn > c.end
}

// TurnsLeft is the turns left counted down to the bot's turn number turn; before any
// reading, as many as a game can have.
func (c Countdown) TurnsLeft(turn int) int {
	if !c.read {
		return 1 << 30
	}
	return c.left - (turn - c.turn)
}

// LeftAtReading is the turns left the last reading said; before any, as many as a game
// can have.
func (c Countdown) LeftAtReading() int { return c.TurnsLeft(c.turn) }

// NewGame says whether a count of left turns read on the bot's turn number turn is the next
// game's.
func (c Countdown) NewGame(left, turn int) bool {
	return c.read && left > c.TurnsLeft(turn)
}
