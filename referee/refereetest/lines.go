package refereetest

import (
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// PlayLines hands a seat's lines to a session referee through the session grammar, as the
// runners do (a line too long cut as they cut it, the grammar's refusals told to the
// referee), until one waits; it returns the answers.
func PlayLines(r referee.Session, player int, lines ...string) []string {
	team := referee.SessionTeam(r, player)
	var answers []string
	for _, raw := range lines {
		text, tooLong := protocol.LineText(raw, false, protocol.MaxSessionLine)
		kind, resp := team.Handle(text, tooLong, func(tokens []string) []string { return r.Command(player, tokens) })
		answers = append(answers, resp...)
		if kind == protocol.LineWaits {
			break
		}
	}
	return answers
}
