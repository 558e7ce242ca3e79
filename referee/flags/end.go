package flags

import "fmt"

// endByDeactivation ends the game before the turn is resolved (spec §10 rule 1): the other
// player wins; when both were deactivated it is a draw.
func (r *Referee) endByDeactivation() {
	r.over = true
	out := [2]bool{r.status[0] != "", r.status[1] != ""}
	switch {
	case out[0] && out[1]:
		r.winner = -1
		r.event("both players deactivated: draw")
	case out[0]:
		r.finish(1, "player 0 was deactivated ("+string(r.status[0])+")")
	default:
		r.finish(0, "player 1 was deactivated ("+string(r.status[1])+")")
	}
}

// checkEnd applies end rules 2–6 after a resolved turn (spec §10).
func (r *Referee) checkEnd() {
	captured := [2]bool{
		r.flags[1].pos == r.bases[0], // player 0 brought player 1's flag home
		r.flags[0].pos == r.bases[1],
	}
	alive := [2]int{r.teams[0].aliveCount(), r.teams[1].aliveCount()}
	switch {
	case captured[0] && captured[1]:
		w, why := compare(alive, "more alive minions", r.scores(), "higher score")
		r.finish(w, "both flags captured on turn "+fmt.Sprint(r.turn)+why)
	case captured[0] || captured[1]:
		w := 0
		if captured[1] {
			w = 1
		}
		r.finish(w, fmt.Sprintf("player %d captured the flag on turn %d", w, r.turn))
	case alive[0] == 0 && alive[1] == 0:
		w, why := compare(r.scores(), "higher score", [2]int{}, "")
		r.finish(w, "both teams wiped out on turn "+fmt.Sprint(r.turn)+why)
	case alive[0] == 0 || alive[1] == 0:
		w := 0
		if alive[0] == 0 {
			w = 1
		}
		r.finish(w, fmt.Sprintf("all minions of player %d are dead (turn %d)", 1-w, r.turn))
	case r.turn >= maxTurns:
		w, why := r.timeUpWinner()
		r.finish(w, why)
	}
}

// timeUpWinner is rule 6: at turn 200 the original compares alive minions, then score; the
// seed profile compares score, then alive minions. Equal on both: draw.
func (r *Referee) timeUpWinner() (int, string) {
	alive := [2]int{r.teams[0].aliveCount(), r.teams[1].aliveCount()}
	var w int
	var why string
	if r.profile == ProfileSeed {
		w, why = compare(r.scores(), "higher score", alive, "more alive minions")
	} else {
		w, why = compare(alive, "more alive minions", r.scores(), "higher score")
	}
	return w, fmt.Sprintf("turn %d reached%s", r.turn, why)
}

func (r *Referee) scores() [2]int { return [2]int{r.teams[0].score, r.teams[1].score} }

// compare decides by the first key, then the second; −1 is a draw. It also says why.
func compare(first [2]int, firstWhy string, second [2]int, secondWhy string) (int, string) {
	for _, key := range []struct {
		v   [2]int
		why string
	}{{first, firstWhy}, {second, secondWhy}} {
		switch {
		case key.v[0] > key.v[1]:
			return 0, fmt.Sprintf(": player 0 wins with %s (%d vs %d)", key.why, key.v[0], key.v[1])
		case key.v[1] > key.v[0]:
			return 1, fmt.Sprintf(": player 1 wins with %s (%d vs %d)", key.why, key.v[1], key.v[0])
		}
	}
	// A draw: say on what, so that "draw: turn 200 reached" does not read "…: draw" twice.
	if secondWhy == "" {
		return -1, ": neither has " + firstWhy
	}
	return -1, ": neither has " + firstWhy + " nor " + secondWhy
}

// finish ends the game with a winner (−1 for a draw) and tells both players why.
func (r *Referee) finish(winner int, why string) {
	r.over, r.winner = true, winner
	r.event("game over: %s", why)
	for p := range r.messages {
		if r.messages[p] != "" { // a deactivated player keeps its own message
			continue
		}
		switch winner {
		case -1:
			r.messages[p] = "draw: " + why
		case p:
			r.messages[p] = "won: " + why
		default:
			r.messages[p] = "lost: " + why
		}
	}
}
