package triangles

import (
	"errors"
	"fmt"

	"github.com/arena-games/arena/referee"
)

// Name is the game's name on the command line.
const Name = "triangles"

// version is recorded in replays; bump it whenever a rule or the input text changes.
// Version 2: a command that passed the parse-time check but can no longer apply when its
// phase comes is listed in the frame's events (version 1 dropped it silently). The rules
// and the inputs are the same.
// Version 3: a piece that starts with a known keyword but does not read as its command is
// called by what it should read as ("MOVE takes from, to and amount: MOVE from to amount"),
// where version 2 said "unknown command" for every piece the grammar refused. Only that
// message changed; version 2's replays are still played as recorded (unknownForAll).
const version = "3"

// unknownForAll is the version whose replays call every refused piece "unknown command".
const unknownForAll = "2"

var options = []referee.Option{
	{Key: "nodes", Default: "", Help: `fixed map: house positions "x,y_x,y_…" in id order (needs edges and units too; skips generation)`},
	{Key: "edges", Default: "", Help: `fixed map: paths "a,b_a,b_…"`},
	{Key: "units", Default: "", Help: `fixed map: start units "p0,p1_p0,p1_…", one pair per house`},
}

type game struct{}

func init() { referee.Register(game{}) }

func (game) Info() referee.Info {
	return referee.Info{
		Name:          Name,
		Title:         "TryAngle-Catch",
		Summary:       "Capture triangles of houses with your units; use them to spawn, attack and add or remove paths (CodinGame, Bronze+ rules).",
		Style:         referee.StyleTurns,
		MinPlayers:    2,
		MaxPlayers:    2,
		Version:       version,
		OlderVersions: []string{unknownForAll},
		Options:       options,
		Limits:        "1000 ms first answer, 50 ms after; 200 turns",
	}
}

func (g game) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckVersion(g.Info(), cfg.Version); err != nil {
		return nil, err
	}
	if cfg.Players != 2 {
		return nil, fmt.Errorf("%s: %d players, the game is for exactly 2", Name, cfg.Players)
	}
	if err := referee.CheckOptions(Name, options, cfg.Options); err != nil {
		return nil, err
	}
	nodes, edges, units := cfg.Options["nodes"], cfg.Options["edges"], cfg.Options["units"]
	given := 0
	for _, v := range []string{nodes, edges, units} {
		if v != "" {
			given++
		}
	}
	var b *board
	switch given {
	case 0:
		b = generateMap(cfg.Seed)
	case 3:
		var err error
		b, err = parseFixedMap(nodes, edges, units)
		var fe *fixedMapError
		if errors.As(err, &fe) {
			return nil, &referee.OptionError{Game: Name, Key: fe.key, Value: fe.value, Reason: fe.reason}
		}
	default:
		for _, k := range []string{"nodes", "edges", "units"} {
			if cfg.Options[k] == "" {
				return nil, &referee.OptionError{Game: Name, Key: k, Reason: "missing or empty, but a fixed map needs nodes, edges and units together"}
			}
		}
	}
	m := newMatch(b)
	m.unknownForAll = cfg.Version == unknownForAll
	return m, nil
}
