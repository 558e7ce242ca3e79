package flags

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-games/arena/referee"
)

// Referee is one game of flags. It implements referee.TurnBased.
type Referee struct {
	profile Profile
	grid    *Grid
	bases   [2]Cell // bases[p] is player p's flag base
	k       int     // minions per player
	teams   [2]team
	flags   [2]flag // flags[p] is player p's flag
	coins   []bool  // by cell index
	mines   []mine
	turn    int // completed turns
	path    *pathfinder

	over     bool
	winner   int // −1: draw (or not over)
	status   [2]referee.Status
	messages [2]string
	log      turnLog // what happened in the last turn, for the frame

	wallShapes []referee.Shape // the static walls, drawn once
}

// turnLog records one turn's events and effects for the viewer.
type turnLog struct {
	events   []string
	fire     []Cell
	freeze   []Cell
	blast    []Cell
	exploded []mine
}

var _ referee.TurnBased = (*Referee)(nil)

// Turn is the number of completed turns.
func (r *Referee) Turn() int { return r.turn }

// Over reports whether the game has ended.
func (r *Referee) Over() bool { return r.over }

// Requests asks both players, player 0 first, for their line of commands.
func (r *Referee) Requests() []referee.Request {
	if r.over {
		return nil
	}
	timeout := turnTimeout
	if r.turn == 0 {
		timeout = firstTimeout
	}
	reqs := make([]referee.Request, 2)
	for p := range reqs {
		var b strings.Builder
		if r.turn == 0 {
			r.writeInitialInput(&b, p)
		}
		r.writeTurnInput(&b, p)
		reqs[p] = referee.Request{Player: p, Input: b.String(), Lines: 1, Timeout: timeout}
	}
	return reqs
}

// writeInitialInput writes the initialization lines (spec §9.1).
func (r *Referee) writeInitialInput(b *strings.Builder, p int) {
	fmt.Fprintf(b, "%d %d\n", r.grid.H, r.grid.W)
	for _, row := range r.grid.Rows() {
		b.WriteString(row)
		b.WriteByte('\n')
	}
	fmt.Fprintf(b, "%d %d\n", r.bases[p].R, r.bases[p].C)
	fmt.Fprintf(b, "%d %d\n", r.bases[1-p].R, r.bases[1-p].C)
	fmt.Fprintf(b, "FIRE %d %d\n", firePrice, fireDamage)
	fmt.Fprintf(b, "FREEZE %d %d\n", freezePrice, freezeTurns)
	fmt.Fprintf(b, "MINE %d %d\n", minePrice, mineDamage)
}

// writeTurnInput writes one turn's lines for player p (spec §9.1).
func (r *Referee) writeTurnInput(b *strings.Builder, p int) {
	opp := 1 - p
	line := func(nums ...int) {
		for i, n := range nums {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(n))
		}
		b.WriteByte('\n')
	}
	line(r.teams[p].score, r.teams[opp].score)
	line(r.flags[p].pos.R, r.flags[p].pos.C, r.flags[p].carrier)
	line(r.flags[opp].pos.R, r.flags[opp].pos.C, r.flags[opp].carrier)

	mine := r.teams[p].minions
	line(r.teams[p].aliveCount())
	for i := range mine {
		if m := &mine[i]; m.alive() {
			line(m.id, m.pos.R, m.pos.C, m.hp, m.timeout)
		}
	}

	seen := r.visibleCells(p)
	theirs := r.teams[opp].minions
	visible := 0
	for i := range theirs {
		if theirs[i].alive() && seen[r.grid.index(theirs[i].pos)] {
			visible++
		}
	}
	line(visible)
	for i := range theirs {
		if m := &theirs[i]; m.alive() && seen[r.grid.index(m.pos)] {
			line(m.id, m.pos.R, m.pos.C, m.hp, m.timeout)
		}
	}

	coins := 0
	for i, has := range r.coins {
		if has && seen[i] {
			coins++
		}
	}
	line(coins)
	for i, has := range r.coins { // increasing (r, c): a canonical order [D]
		if has && seen[i] {
			line(i/r.grid.W, i%r.grid.W)
		}
	}
}

// visibleCells marks every cell seen by at least one of player p's alive minions (spec §5).
func (r *Referee) visibleCells(p int) []bool {
	seen := make([]bool, r.grid.H*r.grid.W)
	for i := range r.teams[p].minions {
		m := &r.teams[p].minions[i]
		if !m.alive() {
			continue
		}
		ray := r.grid.rays[r.grid.index(m.pos)]
		seen[r.grid.index(m.pos)] = true
		for d, dir := range directions {
			for n := 1; n <= ray[d]; n++ {
				seen[r.grid.index(Cell{m.pos.R + dir.R*n, m.pos.C + dir.C*n})] = true
			}
		}
	}
	return seen
}

// Result gives both outcomes: the ranking of the end rule that applied, or, for a game not
// over yet, the ranking the turn-200 rule would give now; the message of a player still in
// the game ends with its alive minions.
func (r *Referee) Result() []referee.Outcome {
	out := make([]referee.Outcome, 2)
	winner, reason := r.winner, ""
	if !r.over {
		winner, reason = r.timeUpWinner()
		reason = "game not finished; " + reason
	}
	for p := range out {
		out[p] = referee.Outcome{Score: float64(r.teams[p].score), Status: r.status[p], Message: r.messages[p]}
		if out[p].Status == "" {
			out[p].Status = referee.StatusOK
		}
		switch winner {
		case -1:
			out[p].Rank = 1
		case p:
			out[p].Rank = 1
		default:
			out[p].Rank = 2
		}
		if out[p].Message == "" && reason != "" {
			out[p].Message = reason
		}
		// Spec §10: the result reports each player's alive minions with its score (a
		// deactivated player keeps the runner's message: that is its reason).
		if out[p].Status == referee.StatusOK {
			n := r.teams[p].aliveCount()
			alive := referee.Count(n, "minion", "minions") + " alive"
			if out[p].Message == "" {
				out[p].Message = alive
			} else {
				out[p].Message += "; " + alive
			}
		}
	}
	return out
}
