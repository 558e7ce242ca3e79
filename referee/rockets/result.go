package rockets

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

// rawScore is a team's money (spec §6): home cash, cash in its cars and its deposits in
// sites not launched yet (launched sites hold none); 0 for a team that never completed a
// cycle.
func (g *game) rawScore(team int) int64 {
	t := &g.teams[team]
	if !t.cycled {
		return 0
	}
	return g.money(team)
}

// money is what a team owns, cycle or not (drawn in frames).
func (g *game) money(team int) int64 {
	t := &g.teams[team]
	total := t.cash
	for i := range t.cars {
		total += t.cars[i].cash
	}
	for _, s := range g.sites {
		total += s.deposits[team]
	}
	return total
}

// Result scores every team: raw score × K, ranked by score with ties sharing a place.
func (g *game) Result() []referee.Outcome {
	out := make([]referee.Outcome, len(g.teams))
	for i := range g.teams {
		t := &g.teams[i]
		out[i] = referee.Outcome{Score: float64(g.rawScore(i)) * g.p.K, Status: t.status, Message: t.message}
		if t.status == "" {
			out[i].Status = referee.StatusOK
		}
		if out[i].Status != referee.StatusOK && out[i].Message == "" {
			out[i].Message = fmt.Sprintf("left the game (%s)", out[i].Status)
		}
	}
	referee.RankByScore(out)
	return out
}
