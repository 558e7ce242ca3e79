package match

import (
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// handshakeOption is the runner's own option of the session games, described as the games
// describe theirs.
var handshakeOption = referee.Option{
	Key:     replays.HandshakeOption,
	Default: "0",
	Help:    "1: arena run first has each bot log in on its pipes (LOGIN, PASS, then OK, as a client of arena serve does), so one bot plays both; 0: no login (arena serve's clients always log in)",
}

// Options lists every option a game takes, as arena games shows them and an unknown key's
// error names them: the game's own, then the runner's (the session games' handshake).
func Options(info referee.Info) []referee.Option {
	opts := append([]referee.Option(nil), info.Options...)
	if info.Style == referee.StyleSession {
		opts = append(opts, handshakeOption)
	}
	return opts
}

// refereeConfig is what the referee is given: the options but the runner's own (the session
// games' handshake, which it reports). A key that is neither the game's nor the runner's is
// refused here, naming both kinds.
func refereeConfig(info referee.Info, seed int64, players int, options map[string]string, files map[string][]byte) (referee.Config, bool, error) {
	cfg := referee.Config{Seed: seed, Players: players, Options: map[string]string{}, Files: files}
	if err := referee.CheckOptions(info.Name, Options(info), options); err != nil {
		return cfg, false, err
	}
	handshake := false
	for k, v := range options {
		if k == replays.HandshakeOption && info.Style == referee.StyleSession {
			switch v {
			case "0", "1":
				handshake = v == "1"
			default:
				return cfg, false, &referee.OptionError{Game: info.Name, Key: k, Value: v, Reason: "want 0 or 1"}
			}
			continue
		}
		cfg.Options[k] = v
	}
	return cfg, handshake, nil
}

// RefereeConfig is the referee configuration of a game played with these options, the
// runner's checked and left out, for what builds a game without playing it (arena map).
func RefereeConfig(g referee.Game, seed int64, players int, options map[string]string, files map[string][]byte) (referee.Config, error) {
	cfg, _, err := refereeConfig(g.Info(), seed, players, options, files)
	return cfg, err
}

// CheckGame reports whether a game can be set up with these options and files for this many
// players, as Run would set it up, without starting anything: a tournament checks before
// its first game.
func CheckGame(g referee.Game, players int, options map[string]string, files map[string][]byte) error {
	cfg, _, err := refereeConfig(g.Info(), 1, players, options, files)
	if err != nil {
		return err
	}
	_, err = g.New(cfg)
	return err
}

// serveConfig is refereeConfig for arena serve, whose clients always log in:
// handshake=1 says what it does anyway, and handshake=0 cannot be had.
func serveConfig(info referee.Info, seed int64, players int, options map[string]string, files map[string][]byte) (referee.Config, error) {
	cfg, handshake, err := refereeConfig(info, seed, players, options, files)
	if v, given := options[replays.HandshakeOption]; err == nil && given && !handshake {
		err = &referee.OptionError{Game: info.Name, Key: replays.HandshakeOption, Value: v, Reason: "arena serve's clients always log in (LOGIN/PASS); 0 is for arena run"}
	}
	return cfg, err
}

// CheckServe reports whether Serve can set up its first game with these options and files
// for this many teams, without listening: arena serve checks before it says it serves.
func CheckServe(g referee.Game, seed int64, teams int, options map[string]string, files map[string][]byte) error {
	cfg, err := serveConfig(g.Info(), seed, teams, options, files)
	if err != nil {
		return err
	}
	_, err = g.New(cfg)
	return err
}
