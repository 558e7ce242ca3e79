package rockets

import (
	"fmt"
	"strconv"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// EndTurn resolves the current turn (spec §5.2) and starts the next one, or ends the game.
func (g *game) EndTurn() {
	if g.over {
		return
	}
	g.arrivals()
	g.refuel()
	g.advanceSuits()
	for t := range g.teams {
		tm := &g.teams[t]
		tm.paid = false
		if tm.failed > 0 {
			g.event("team %d: %s failed, last %s: %s", t+1, referee.Count(tm.failed, "command", "commands"), tm.lastFailed, tm.lastFailure)
			tm.failed, tm.lastFailed, tm.lastFailure = 0, "", ""
		}
	}
	switch {
	case g.launches >= launchesToEnd:
		g.endGame(fmt.Sprintf("%d rockets have launched", g.launches))
	case g.firstLaunch >= 0 && g.turn >= g.firstLaunch+turnsAfterFirst:
		g.endGame(fmt.Sprintf("%d turns have passed since the first launch", turnsAfterFirst))
	case g.turn >= g.p.turns-1:
		g.endGame("the last turn (" + referee.Count(g.p.turns, "turn", "turns") + ") is over")
	}
	g.turn++
	g.forget()
	g.lastEvents, g.events = g.events, nil
}

func (g *game) endGame(reason string) {
	g.over = true
	g.event("game over: %s", reason)
}

// forget drops lawyer payments and transfers no command can show any more, so that long
// games do not grow without bound.
func (g *game) forget() {
	for t := range g.teams {
		l := &g.teams[t].lawyer
		keep := l.payments[:0]
		for _, p := range l.payments {
			if p.turn > g.turn-lawyerMemory {
				keep = append(keep, p)
			}
		}
		l.payments = keep
	}
	keep := g.transfers[:0]
	for _, tr := range g.transfers {
		if tr.turn >= g.turn-transferMemory {
			keep = append(keep, tr)
		}
	}
	g.transfers = keep
}

// transfersList answers TRANSFERS: the lawsuits resolved in turns t−10..t−1, oldest first.
func (g *game) transfersList(team int, tokens []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	var lines []string
	for _, tr := range g.transfers {
		if tr.turn >= g.turn-transferMemory && tr.turn < g.turn {
			receiver := "COURT"
			if tr.receiver != 0 {
				receiver = strconv.Itoa(tr.receiver)
			}
			lines = append(lines, fmt.Sprintf("%d %s %d", tr.payer, receiver, tr.amount))
		}
	}
	return append(okWith(strconv.Itoa(len(lines))), lines...)
}
