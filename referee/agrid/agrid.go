// Package agrid is the referee of A-grid-culture (Deadline24 2017 finals, seed §6): teams of
// worker bots put coloured markers on the posts of a torus, fence areas in with them and
// harvest the enclosed BLOBs for points.
//
// The game is served in the Deadline24 session style (referee.Session): every command is
// answered at once from the start-of-turn state, actions are queued and resolved at the
// turn boundary (DESTROY → PUT → SCORE → MOVE → expiry), so the order in which concurrent
// teams are served never changes the game. The rules follow /work/shared/specs/agrid.md;
// docs/games/agrid.md is the page bot authors read.
package agrid

import (
	"fmt"
	"time"

	"github.com/arena-games/arena/referee"
)

const gameName = "agrid"

// version is bumped whenever a rule or a world-generation detail changes.
// Version 2: teams 9 to 16 are drawn in colours of their own (version 1 drew them in the
// colours of teams 1 to 8), and refused commands are listed in the frames' events.
// Version 3: with a fractional area exponent D, a BLOB's value Q^D is computed the same on
// every machine (detmath.Pow; math.Pow differs between amd64 and arm64 in the last bits)
// and can differ from version 2's in its last digits. Games with a whole D, such as the
// default 2, are the same as in version 2.
// Version 4: one thing is counted in the singular in the events and tooltips ("1 BLOB",
// "1 marker removed", "1 turn left", "the season of 1 turn", "1 more failed command";
// version 3: "1 BLOB(s)", "1 markers removed", "1 turns left", "1 turns", "1 more failed
// commands"). The rules and the answers are the same.
// Version 5: the lines the session grammar refuses itself (over the command limit, too
// long, WAIT with arguments) are listed and counted with the refused commands; version 4
// left them out. A replay of version 4 is re-simulated as version 4
// (withoutGrammarRefusals), so that it still verifies.
const version = "5"

// withoutGrammarRefusals is the version whose replays are played without the lines the
// session grammar refuses: before version 5 they never reached the referee.
const withoutGrammarRefusals = "4"

// Game is the registered A-grid-culture game.
type Game struct{}

func init() { referee.Register(Game{}) }

// Info describes the game for `arena games` and the runner.
func (Game) Info() referee.Info {
	return referee.Info{
		Name:       gameName,
		Title:      "A-grid-culture",
		Summary:    "Deadline24 2017: workers put markers on a torus, fence areas in and harvest the enclosed BLOBs",
		Style:      referee.StyleSession,
		MinPlayers: 1,
		MaxPlayers: len(teamColors),
		Version:    version,
		Options:    options(),
		Limits:     "turns of I = 1 s (option I), L = 30 commands per team per turn (option L), SHOW_MAP every E = 20 turns, one TEST_SCORE per turn",
		// Version 4 differs only in leaving the grammar's refusals out: its replays verify.
		OlderVersions: []string{withoutGrammarRefusals},
	}
}

// New builds a referee from a seed, a team count and options.
func (g Game) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckVersion(g.Info(), cfg.Version); err != nil {
		return nil, err
	}
	if cfg.Players < 1 || cfg.Players > len(teamColors) {
		return nil, fmt.Errorf("%s: %d players: want 1..%d (2..8 is the contest's range)", gameName, cfg.Players, len(teamColors))
	}
	p, err := parseParams(cfg.Players, cfg.Options)
	if err != nil {
		return nil, err
	}
	w, err := generateWorld(p, cfg.Players, cfg.Seed)
	if err != nil {
		return nil, err
	}
	r := newReferee(p, w)
	r.leaveOutGrammarRefusals = cfg.Version == withoutGrammarRefusals
	return r, nil
}

// Rules gives the session protocol its numbers: L commands per turn, turns of I seconds,
// teams served concurrently (every answer depends on the start-of-turn state only).
func (r *Referee) Rules() referee.SessionRules {
	return referee.SessionRules{CommandLimit: r.p.L, TurnDuration: time.Duration(r.p.I) * time.Second}
}
