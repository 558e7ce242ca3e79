package agrid

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

// EndTurn resolves the current turn (spec §5.2): DESTROY, PUT, SCORE on one snapshot, MOVE,
// expiry, the idle countdown; then it starts the next turn or ends the season.
func (r *Referee) EndTurn() {
	if r.over {
		return
	}
	now := r.turn
	var events []string // refused commands in seat order, then departures
	for _, t := range r.teams {
		events = append(events, t.refused...)
		if extra := t.failures - len(t.refused); extra > 0 {
			events = append(events, fmt.Sprintf("%c: %s", t.color, referee.Count(extra, "more failed command", "more failed commands")))
		}
		t.failures, t.refused = 0, t.refused[:0]
	}
	for _, t := range r.teams { // departures in seat order, whatever order they came in
		if t.left != "" {
			events = append(events, t.left)
			t.left = ""
		}
	}
	last := lastTurn{gains: make([]float64, len(r.teams)), events: events}

	r.executeDestroys(&last)
	puts := r.executePuts(&last, now)
	r.executeScores(&last)
	for _, t := range r.teams {
		for _, w := range t.workers {
			if w.moving {
				w.post = neighbour(r.p.A, w.post, w.dx, w.dy)
			}
		}
	}
	for i, c := range r.posts {
		if isMarker(c) && r.expiry[i] <= now {
			r.posts[i] = empty
		}
	}

	switch {
	case puts > 0:
		r.countdown = r.p.Idle
	case r.countdown == 0:
		r.over = true
		r.endNote = fmt.Sprintf("no marker was placed for %d turns: the season ends early", r.p.Idle+1)
	default:
		r.countdown--
	}
	if now >= r.p.Turns-1 && !r.over {
		r.over = true
		r.endNote = "the season of " + referee.Count(r.p.Turns, "turn", "turns") + " is over"
	}
	if r.over {
		last.events = append(last.events, r.endNote)
	}

	for seat, t := range r.teams {
		t.score += last.gains[seat]
		t.scores = t.scores[:0]
		t.testUsed = false
		for _, w := range t.workers {
			w.moving, w.putting, w.destroying = false, false, false
		}
	}
	r.last = last
	r.turn++
	r.countCrowds()
}

// executeDestroys removes the own markers of queued DESTROYs, re-checked, in seat order
// then worker id.
func (r *Referee) executeDestroys(last *lastTurn) {
	for _, t := range r.teams {
		for _, w := range t.workers {
			if w.destroying && r.posts[w.post] == t.color && r.crowd[w.post] <= 1 {
				r.posts[w.post] = empty
				last.destroyed = append(last.destroyed, w.post)
			}
		}
	}
}

// executePuts places the markers of queued PUTs, re-checked, in seat order then worker id.
// A marker placed in turn t is removed at the resolution of turn t+F.
func (r *Referee) executePuts(last *lastTurn, now int) int {
	puts := 0
	for _, t := range r.teams {
		for _, w := range t.workers {
			if !w.putting || r.canPut(t, w, w.putColor) != 0 {
				continue
			}
			here := r.posts[w.post]
			if w.putColor != t.color {
				w.storage[r.seatOf(w.putColor)]--
			}
			if isMarker(here) && here != t.color {
				w.storage[r.seatOf(here)]++ // downloaded into the worker's storage
			}
			r.posts[w.post] = w.putColor
			r.expiry[w.post] = now + r.p.F
			last.placed = append(last.placed, placement{post: w.post, color: w.putColor})
			t.placed++
			puts++
		}
	}
	return puts
}

// executeScores evaluates every queued SCORE on the same snapshot (the map after the PUTs),
// credits them and then removes the union of their markers, so that no team's harvest
// depends on the order in which the teams' commands arrived.
func (r *Referee) executeScores(last *lastTurn) {
	type done struct {
		seat, post int
		res        harvestResult
	}
	var harvests []done
	compensations := make([]float64, len(r.teams))
	sc := r.p.scoring()
	for seat, t := range r.teams {
		taken := map[int]bool{} // posts of the components this team harvested this turn
		for _, post := range t.scores {
			if taken[post] {
				continue // the same component twice: only the first counts
			}
			res, code := r.world.harvest(r.p.A, r.posts, post, t.color, sc)
			if code != 0 {
				continue
			}
			for _, p := range res.component {
				taken[p] = true
			}
			harvests = append(harvests, done{seat, post, res})
		}
	}
	for _, h := range harvests {
		t := r.teams[h.seat]
		last.gains[h.seat] += h.res.total
		for _, cc := range h.res.inside {
			if s := r.seatOf(cc.color); s >= 0 {
				paid := float64(float64(cc.count) * r.p.M) // rounded before the sums: no fused multiply-add (see harvest.go)
				last.gains[s] += paid
				compensations[s] += paid
			}
		}
		last.scored = append(last.scored, h.post)
		t.harvests++
		area := 0
		for _, b := range h.res.blobs {
			area += b.q
			t.largestArea = max(t.largestArea, b.q)
			last.harvested = append(last.harvested, harvestArea{seat: h.seat, fields: b.fields, q: b.q, value: b.value})
		}
		last.events = append(last.events, fmt.Sprintf("%c harvested %s at (%s): %s, own area %d, %s",
			t.color, formatReal(h.res.total), r.xyComma(h.post), referee.Count(len(h.res.blobs), "BLOB", "BLOBs"), area,
			referee.Count(len(h.res.removed), "marker removed", "markers removed")))
	}
	for _, h := range harvests {
		for _, p := range h.res.removed {
			r.posts[p] = empty
		}
	}
	for seat, g := range compensations {
		if g > 0 {
			last.events = append(last.events, fmt.Sprintf("%c received %s in compensations", r.teams[seat].color, formatReal(g)))
		}
	}
}

// xyComma prints a post as "X,Y" for events.
func (r *Referee) xyComma(post int) string {
	return fmt.Sprintf("%d,%d", post%r.p.A, post/r.p.A)
}
