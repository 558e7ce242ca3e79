package queens

import (
	"fmt"
	"strings"
	"time"

	"github.com/arena-games/arena/referee"
)

// Name is the game's name on the command line (--game=queens).
const Name = "queens"

// Version is recorded in replays; bump it whenever a rule changes.
// Version 2: the queen line is trimmed as Kotlin's trim() does (version 1 trimmed NEL,
// U+0085, and kept U+001C..U+001F).
// Version 3: a number outside the 32-bit range is said to be, where version 2 said x and y
// "must be integers" or a site id "is not an integer"; version 2's replays still verify.
const Version = "3"

// sayNotAnInteger is the version whose replays call a number outside the 32-bit range "not an
// integer", as version 2 did; version 3 says it is out of the range. Only that message changed.
const sayNotAnInteger = "2"

const (
	firstTimeout = 1000 * time.Millisecond
	turnTimeout  = 50 * time.Millisecond
)

func init() { referee.Register(Game{}) }

// Game is Code Royale.
type Game struct{}

var options = []referee.Option{{
	Key:     "profile",
	Default: arenaProfile.name,
	Help: "rule set: arena (the live game: 250 turns, knights 25 HP, tower damage from the site centre, " +
		"corner spawn offsets) or repo (the public repository: 200 turns, knights 30 HP, damage from the site edge)",
}}

// Info describes the game.
func (Game) Info() referee.Info {
	return referee.Info{
		Name:    Name,
		Title:   "Code Royale",
		Summary: "Two queens build mines, towers and barracks and train knights, archers and giants to destroy the enemy queen.",
		Style:   referee.StyleTurns,

		MinPlayers:    2,
		MaxPlayers:    2,
		Version:       Version,
		OlderVersions: []string{sayNotAnInteger},
		Options:       options,
		Limits:        "1000 ms for the first answer, 50 ms after; 2 lines per turn",
	}
}

// New sets up a game from the seed (the same seed gives the original's map).
func (g Game) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckVersion(g.Info(), cfg.Version); err != nil {
		return nil, err
	}
	if cfg.Players != 2 {
		return nil, fmt.Errorf("%s: %d players: the game is for exactly 2", Name, cfg.Players)
	}
	if err := referee.CheckOptions(Name, options, cfg.Options); err != nil {
		return nil, err
	}
	prof := arenaProfile
	if v, ok := cfg.Options["profile"]; ok {
		p, err := profileByName(v)
		if err != nil {
			return nil, &referee.OptionError{Game: Name, Key: "profile", Value: v, Reason: err.Error()}
		}
		prof = p
	}
	st := newState(cfg.Seed, prof)
	st.sayNotAnInteger = cfg.Version == sayNotAnInteger
	return &Referee{g: st}, nil
}

// Referee plays one game; it implements referee.TurnBased.
type Referee struct {
	g *state
	// Scratch space Frame reuses from one frame to the next.
	drawBuf  []byte
	drawRefs []referee.TextPiece
}

var _ referee.TurnBased = (*Referee)(nil)

// Turn is the number of the turn to be played next, from 0.
func (r *Referee) Turn() int { return r.g.turn }

// Over reports whether the game has ended.
func (r *Referee) Over() bool { return r.g.over }

// Requests asks every active player, player 0 first, for its two lines. On turn 0 the
// initialisation lines come first, in the same input.
func (r *Referee) Requests() []referee.Request {
	g := r.g
	if g.over {
		return nil
	}
	timeout := turnTimeout
	if g.turn == 0 {
		timeout = firstTimeout
	}
	// About 24 bytes a line (up to 7 numbers), so that the text is made in one allocation.
	size := 24 * (3 + len(g.sites) + len(g.players[0].creeps) + len(g.players[1].creeps) + len(g.players))
	if g.turn == 0 {
		size *= 2
	}
	reqs := make([]referee.Request, 0, len(g.players))
	for p, pl := range g.players {
		if !pl.active {
			continue
		}
		var b strings.Builder
		b.Grow(size)
		if g.turn == 0 {
			g.initInput(&b)
		}
		g.turnInput(&b, p)
		reqs = append(reqs, referee.Request{Player: p, Input: b.String(), Lines: 2, Timeout: timeout})
	}
	return reqs
}

// Play applies one answer per request and advances the game by a turn.
func (r *Referee) Play(answers []referee.Answer) {
	if r.g.over {
		return
	}
	r.g.playTurn(answers)
}

// Result scores each player with its queen's HP (0 if she died), −1 for a player
// eliminated for an invalid command, a timeout or a crash; higher is better, equal is a
// draw.
func (r *Referee) Result() []referee.Outcome {
	out := make([]referee.Outcome, len(r.g.players))
	for i, p := range r.g.players {
		o := referee.Outcome{Score: float64(p.hp), Status: p.status, Message: p.message}
		if p.status != referee.StatusOK {
			o.Score = -1
		} else if p.hp <= 0 {
			o.Message = "queen destroyed"
		}
		out[i] = o
	}
	referee.RankByScore(out)
	return out
}
