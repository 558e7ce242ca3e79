package refereetest

import (
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

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

// Refused passes the lines the session grammar refuses on to the game, when it keeps
// account of them (referee.RefusalRecorder): intercepting commands changes nothing there.
func (s interceptedSession) Refused(player int, line string, tooLong bool, answer string) {
	if rr, ok := s.Session.(referee.RefusalRecorder); ok {
		rr.Refused(player, line, tooLong, answer)
	}
}

// PlayHarried plays a session game as a busy machine with short turns would have it: each
// player's turn is cut at varied places (PlayInProcessCut), and every command of one turn in
// seven, turn 0 included, is answered FAILED 5 (Intercept). It returns the referee and how
// many commands were refused, for tests that bots carry on through both.
func PlayHarried(g referee.Game, cfg referee.Config, bots []BotFunc) (referee.Referee, int, error) {
	refused := 0
	harried := Intercept(g, func(turn, player int, tokens []string, run func() []string) []string {
		if turn%7 == 0 {
			refused++
			return []string{protocol.Failed(protocol.CodeInternal)}
		}
		return run()
	})
	cut := func(turn, player, answered int) bool {
		return (turn*7+player*3)%11 == 0 && answered == (turn+player)%5+1
	}
	ref, err := PlayInProcessCut(harried, cfg, bots, cut)
	return ref, refused, err
}
