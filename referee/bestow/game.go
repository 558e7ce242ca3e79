// Package bestow is the referee of B.E.S.T.O.W. (Deadline24 2017): two players buy
// polycube pieces from a shared cyclic vector, build a solid cube in their own 3-D space
// and paint single-colour areas in a shared 2-D space, taking turns by an effort track.
// It speaks the Deadline24 session protocol (package protocol); the rules follow
// /work/shared/specs/bestow.md, which the tests quote section by section.
package bestow

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

const gameName = "bestow"

// version is recorded in replays; bump it when the rules, the answers, the events or the
// result change. Version 2: one thing is counted in the singular in the events ("1 cube",
// "1 square", "1 more failed command", "1 effort threshold"; version 1: "1 cubes", "1
// squares", "1 more failed commands", "1 effort threshold(s)"). The rules and the answers
// are the same. Version 3: the lines the session grammar refuses itself (over the command
// limit, too long, WAIT with arguments) are counted and listed with the failed commands;
// version 2 left them out. A replay of version 2 is re-simulated as version 2
// (withoutGrammarRefusals), so that it still verifies.
const version = "3"

// withoutGrammarRefusals is the version whose replays are played without the lines the
// session grammar refuses: before version 3 they never reached the referee.
const withoutGrammarRefusals = "2"

// Game is the registered B.E.S.T.O.W. game.
type Game struct{}

func init() { referee.Register(Game{}) }

// Info describes the game.
func (Game) Info() referee.Info {
	return referee.Info{
		Name:       gameName,
		Title:      "B.E.S.T.O.W.",
		Summary:    "Deadline24 2017: buy polycube pieces by effort, build a solid cube in your own 3-D space and single-colour areas in a shared 2-D space",
		Style:      referee.StyleSession,
		MinPlayers: 2,
		MaxPlayers: 2,
		Version:    version,
		Options:    options(),
		Limits:     "turn T = 1 s, L = 30 commands per turn, GET_ALL_PIECES once per 100 turns",
		// Version 2 differs only in leaving the grammar's refusals out: its replays verify.
		OlderVersions: []string{withoutGrammarRefusals},
	}
}

// New builds a referee for one game.
func (g Game) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckVersion(g.Info(), cfg.Version); err != nil {
		return nil, err
	}
	if cfg.Players != 2 {
		return nil, fmt.Errorf("%s: %d players: the game is for exactly 2", gameName, cfg.Players)
	}
	p, err := parseParams(cfg.Options)
	if err != nil {
		return nil, err
	}
	r := newReferee(cfg.Seed, p)
	r.leaveOutGrammarRefusals = cfg.Version == withoutGrammarRefusals
	return r, nil
}

// Referee is one game of B.E.S.T.O.W.; it implements referee.Session.
type Referee struct {
	p      params
	pieces []piece
	turn   int
	live   world
	snap   world // start of the current turn

	// lastAllPieces is the turn of each player's last successful GET_ALL_PIECES (−1: never).
	lastAllPieces [2]int
	// events are what each player did this turn; kept apart so that the order in which
	// seats are served cannot change the frame.
	events      [2][]string
	failures    [2]int // failed commands this turn
	unlisted    [2]int // those of them past maxFailureEvents, counted in the events
	totalFailed [2]int
	frameEvents []string // the events of the last completed turn
	// leaveOutGrammarRefusals leaves the lines the session grammar refuses (Refused) out of
	// the failed commands, as version 2 did, to play a replay of version 2.
	leaveOutGrammarRefusals bool

	status  [2]referee.Status
	message [2]string

	// scratch for scoring
	solidBuf    []int
	areas       areas
	colourScore []float64
	solidCorner [2]int

	drawing drawScratch // the frame's, kept for its room
}

var _ referee.Session = (*Referee)(nil)

func newReferee(seed int64, p params) *Referee {
	r := &Referee{
		p:             p,
		pieces:        generatePieces(seed, p),
		live:          newWorld(p),
		lastAllPieces: [2]int{-1, -1},
		status:        [2]referee.Status{referee.StatusOK, referee.StatusOK},
		solidBuf:      make([]int, p.Bo*p.Bo*p.Bo),
		colourScore:   make([]float64, p.C+1),
		solidCorner:   [2]int{-1, -1},
	}
	r.snap = newWorld(p)
	r.live.copyInto(&r.snap)
	return r
}

// Turn is the number of the current turn, from 0.
func (r *Referee) Turn() int { return r.turn }

// Over reports whether the game has ended.
func (r *Referee) Over() bool { return r.live.over }

// Rules gives the session numbers: L commands per turn, T seconds per turn, seats served
// concurrently (only the active player changes the state, queries read the snapshot).
func (r *Referee) Rules() referee.SessionRules {
	return referee.SessionRules{CommandLimit: r.p.L, TurnDuration: r.p.turnDuration()}
}

// Leave makes a player idle: it issues no more commands, so when it is active its turns
// are skips; it keeps its score, and its status is reported in the result.
func (r *Referee) Leave(seat int, status referee.Status, message string) {
	if seat < 0 || seat > 1 || r.status[seat] != referee.StatusOK {
		return
	}
	r.status[seat], r.message[seat] = status, message
	r.events[seat] = append(r.events[seat], fmt.Sprintf("%s left the game (%s: %s)", seatName(seat), status, message))
}

func seatName(seat int) string { return string(rune('A' + seat)) }
