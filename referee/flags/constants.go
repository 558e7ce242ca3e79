package flags

import "time"

// refereeVersion is recorded in replays; bump it whenever a rule, the input text or the
// result changes. Version 2: a single alive minion is "1 minion alive" in the result's
// message (version 1 said "1 minions alive"). Version 3: the events and notes say "hitting
// 1 minion" and "frozen (1 more turn)" (version 2: "1 minions", "1 more turns"). The rules
// and the inputs are the same.
const refereeVersion = "3"

// Constants of the final original configuration (spec §2).
const (
	minRows, maxRows = 17, 20
	// Widths are 2·uniform(16,17)+1: 33 or 35.
	minHalfWidth, maxHalfWidth = 16, 17
	minMinions, maxMinions     = 3, 5

	minionHP  = 100
	coinValue = 1

	firePrice, fireDamage           = 7, 24
	freezePrice, freezeTurns        = 12, 4
	minePrice, mineDamage           = 15, 30
	mineArm                         = 2
	maxTurns                        = 200
	firstTimeout                    = 1000 * time.Millisecond
	turnTimeout                     = 50 * time.Millisecond
	maxQuotedAnswer                 = 200 // bytes of a bad answer quoted in messages
	maxMapAttempts                  = 1000
	gameName                        = "flags"
	optionProfile                   = "profile"
	profileNameOriginal             = "original"
	profileNameSeed                 = "seed"
	defaultProfileName              = profileNameOriginal
	rngStreamMap             uint64 = 1 // map size and maze
	rngStreamPlacement       uint64 = 2 // minion count and start cells
)

// Profile selects the rule variant (spec, decision at the top).
type Profile int

const (
	// ProfileOriginal is the final contest referee.
	ProfileOriginal Profile = iota
	// ProfileSeed follows the draft statement's words where they differ.
	ProfileSeed
)

func (p Profile) String() string {
	if p == ProfileSeed {
		return profileNameSeed
	}
	return profileNameOriginal
}
