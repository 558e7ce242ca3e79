package refereetest

import "github.com/arena-games/arena/referee"

// Intercept wraps a session game so that a test can answer commands in the referee's
// place or look at its answers: answer(turn, player, tokens, run) returns the lines sent
// for a command, where run executes it in the referee and returns the referee's own answer
// (not calling run leaves the command without effect).
func Intercept(g referee.Game, answer func(turn, player int, tokens []string, run func() []string) []string) referee.Game {
	return intercepted{g, answer}
}

type intercepted struct {
	referee.Game
	answer func(turn, player int, tokens []string, run func() []string) []string
}

func (g intercepted) New(cfg referee.Config) (referee.Referee, error) {
	ref, err := g.Game.New(cfg)
	if err != nil {
		return nil, err
	}
	if s, ok := ref.(referee.Session); ok {
		return interceptedSession{s, g.answer}, nil
	}
	return ref, nil
}

type interceptedSession struct {
	referee.Session
	answer func(turn, player int, tokens []string, run func() []string) []string
}

func (s interceptedSession) Command(player int, tokens []string) []string {
	return s.answer(s.Turn(), player, tokens, func() []string { return s.Session.Command(player, tokens) })
}
