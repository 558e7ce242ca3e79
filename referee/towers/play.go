package towers

import (
	"fmt"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// Play applies both answers and resolves one turn (§6). A player that timed out, crashed,
// went over the hard compute limit or sent a malformed answer forfeits, and the game ends
// before the turn is resolved; an answer over the soft compute limit is discarded.
func (g *game) Play(answers []referee.Answer) {
	if g.over {
		return
	}
	g.events = nil
	turn := g.turn + 1
	var orders [2][]command
	var answered [2]bool
	for _, a := range answers {
		if a.Player < 0 || a.Player > 1 || answered[a.Player] {
			continue
		}
		answered[a.Player] = true
		orders[a.Player] = g.judge(turn, a)
	}
	for p := range 2 {
		if !answered[p] {
			g.forfeit(p, referee.StatusCrash, "no answer")
		}
	}
	if g.status[0] != referee.StatusOK || g.status[1] != referee.StatusOK {
		g.over = true
		return
	}
	g.resolve(turn, orders)
	g.turn = turn
	if turn >= g.set.turns {
		g.over = true
		g.event("game over after turn %d: %d–%d tiles", turn, g.land.score(0), g.land.score(1))
	}
}

// judge turns one answer into the player's commands for the turn, or into a forfeit.
func (g *game) judge(turn int, a referee.Answer) []command {
	p := a.Player
	switch {
	case a.Status != referee.StatusOK:
		msg := a.Message
		if msg == "" {
			msg = fmt.Sprintf("no answer (%s)", a.Status)
		}
		g.forfeit(p, a.Status, msg)
	case a.Compute == referee.VerdictHard:
		limit := g.set.computeLimit(turn == 1)
		g.forfeit(p, referee.StatusLimit, fmt.Sprintf("over the hard compute limit on %s (%s CPU or %d instructions): %s",
			turnName(turn), limit.HardCPU, limit.HardInstructions, usage(a)))
	case a.Compute == referee.VerdictSoft:
		limit := g.set.computeLimit(turn == 1)
		g.event("player %d: commands of %s discarded: over the soft compute limit (%s CPU or %d instructions): %s",
			p, turnName(turn), limit.SoftCPU, limit.SoftInstructions, usage(a))
	default:
		line := ""
		if len(a.Lines) > 0 {
			line = a.Lines[0]
		}
		cmds, err := parseAnswer(line)
		if err != nil {
			g.forfeit(p, referee.StatusInvalid, fmt.Sprintf("invalid command on %s: %v (answer %s)", turnName(turn), err, protocol.Quote(line, quoteLimit)))
			return nil
		}
		return cmds
	}
	return nil
}

// turnName names a turn both ways: arena's turn number (replays, `arena replay show
// --turn`) counts from 0, the turn line of the game's input from 1.
func turnName(inputTurn int) string {
	return fmt.Sprintf("turn %d (input turn %d)", inputTurn-1, inputTurn)
}

// usage is the runner's account of the turn's usage ("used 73 ms of CPU time, …").
func usage(a referee.Answer) string {
	if a.ComputeUsage == "" {
		return "usage not reported"
	}
	return a.ComputeUsage
}

// forfeit ends a player's game with a non-ok status.
func (g *game) forfeit(p int, status referee.Status, message string) {
	g.status[p], g.message[p] = status, message
	g.event("player %d loses: %s: %s", p, status, message)
}

func (g *game) event(format string, args ...any) {
	g.events = append(g.events, fmt.Sprintf(format, args...))
}

// resolve plays one turn whose answers were all accepted (§6 steps 2–5).
func (g *game) resolve(turn int, orders [2][]command) {
	acc := g.validate(orders)
	g.economy(acc)
	g.latePhase(g.soldierPhase(turn))
}
