package flags

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

func init() { referee.Register(Game{}) }

// Game is the registered game "flags".
type Game struct{}

var options = []referee.Option{{
	Key:     optionProfile,
	Default: defaultProfileName,
	Help: "rule profile: original (the final contest referee: frozen carriers drop the flag, " +
		"mines hit everyone in a radius of 2, alive minions decide at turn 200) or seed " +
		"(the draft statement: carriers keep the flag until death, mines hit only opponents on " +
		"their cell, score decides at turn 200)",
}}

// Info describes the game.
func (Game) Info() referee.Info {
	return referee.Info{
		Name:  gameName,
		Title: "Save the Flag",
		Summary: "Capture the flag on a symmetric maze (BUET CSE Fest 2022): 3–5 minions each, coins, " +
			"FIRE / FREEZE / MINE power-ups, vision along rows and columns, 200 turns.",
		Style:      referee.StyleTurns,
		MinPlayers: 2,
		MaxPlayers: 2,
		Version:    refereeVersion,
		Options:    options,
		Limits:     fmt.Sprintf("%d ms first answer, %d ms after; %d turns", firstTimeout.Milliseconds(), turnTimeout.Milliseconds(), maxTurns),
	}
}

// New builds a game from a seed; the only option is the rule profile.
func (g Game) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckVersion(g.Info(), cfg.Version); err != nil {
		return nil, err
	}
	if cfg.Players != 2 {
		return nil, fmt.Errorf("%s: %d players: the game is for exactly 2", gameName, cfg.Players)
	}
	if err := referee.CheckOptions(gameName, options, cfg.Options); err != nil {
		return nil, err
	}
	profile := ProfileOriginal
	if v, ok := cfg.Options[optionProfile]; ok {
		switch v {
		case profileNameOriginal:
		case profileNameSeed:
			profile = ProfileSeed
		default:
			return nil, &referee.OptionError{Game: gameName, Key: optionProfile, Value: v,
				Reason: "want " + profileNameOriginal + " or " + profileNameSeed}
		}
	}
	return newGame(cfg.Seed, profile)
}
