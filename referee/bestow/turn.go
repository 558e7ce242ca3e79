package bestow

import (
	"fmt"
	"math"

	"github.com/arena-games/arena/referee"
)

// maxBenefits caps each benefit counter (the seed's range for B_mo and B_ms).
const maxBenefits = 20

// turnCap is the safety cap of spec §6.4: the game ends within about 2·E_e turns anyway.
func (p params) turnCap() int { return 4*p.Ee + 10 }

// EndTurn resolves the turn (spec §6.4) and starts the next one.
func (r *Referee) EndTurn() {
	if r.live.over {
		return
	}
	w := &r.live
	seat := w.active
	pl, op := &w.players[seat], &w.players[1-seat]
	var resolution []string

	start := r.snap.players[seat].effort
	if !pl.bought {
		before := pl.effort
		pl.effort = op.effort + 1
		pl.cash += r.p.Sr
		resolution = append(resolution, fmt.Sprintf("%s skipped: effort %d → %d, cash +%d", seatName(seat), before, pl.effort, r.p.Sr))
	}
	if n := r.p.thresholdsCrossed(start, pl.effort, op.effort); n > 0 {
		pl.benefitCubes = min(maxBenefits, pl.benefitCubes+n)
		pl.benefitSquare = min(maxBenefits, pl.benefitSquare+n)
		resolution = append(resolution, fmt.Sprintf("%s reached %s first: +%s and +%s", seatName(seat), referee.Count(n, "effort threshold", "effort thresholds"),
			referee.Count(n, "single cube", "single cubes"), referee.Count(n, "single square", "single squares")))
	}
	r.turn++
	switch {
	case w.players[0].effort >= r.p.Ee && w.players[1].effort >= r.p.Ee:
		w.over = true
	case r.turn >= r.p.turnCap():
		w.over = true
		resolution = append(resolution, fmt.Sprintf("turn cap %d reached", r.p.turnCap()))
	}
	if pl.effort > op.effort {
		w.active = 1 - seat
	}
	for i := range w.players {
		w.players[i].bought = false
	}
	r.score()
	if w.over {
		a, b := finalVictoryPoints(w.players[0].combined, w.players[1].combined, w.acted)
		resolution = append(resolution, fmt.Sprintf("game over: A %.6f, B %.6f victory points", a, b))
	}

	r.frameEvents = append(append(append(r.frameEvents[:0], r.events[0]...), r.events[1]...), resolution...)
	for i := range r.events {
		if extra := r.unlisted[i]; extra > 0 {
			r.frameEvents = append(r.frameEvents, seatName(i)+": "+referee.Count(extra, "more failed command", "more failed commands"))
		}
		r.events[i], r.failures[i], r.unlisted[i] = r.events[i][:0], 0, 0
	}
	w.copyInto(&r.snap)
	for i := range w.players {
		w.players[i].newCubes = w.players[i].newCubes[:0]
		w.players[i].newSquares = w.players[i].newSquares[:0]
	}
}

// score recomputes every score of the live world (spec §7).
func (r *Referee) score() {
	w := &r.live
	r.areas.find(r.p.Bs, w.shared)
	r.areas.colourScores(r.p, r.colourScore)
	for i := range w.players {
		pl := &w.players[i]
		pl.solid, r.solidCorner[i] = solidCube(r.p.Bo, pl.own, r.solidBuf)
		pl.scoreOwn = floorTol(float64(float64(pl.profit) * math.Pow(r.p.I, float64(pl.solid)))) // float64: see score.go
		pl.shared = sharedScore(r.colourScore, pl.mult)
		pl.combined = float64(pl.scoreOwn) + float64(float64(pl.shared)*r.p.H)
	}
	a, b := &w.players[0], &w.players[1]
	a.vp, b.vp = turnVictoryPoints(a.combined, b.combined)
	a.vpSum += a.vp
	b.vpSum += b.vp
}

// finalPoints are both players' victory points if the game ended after the last completed
// turn (spec §11).
func (r *Referee) finalPoints() (float64, float64) {
	return finalVictoryPoints(r.snap.players[0].combined, r.snap.players[1].combined, r.snap.acted)
}

// Result gives each player's victory points × K, ranked; a player that left keeps its
// score and reports why it left.
func (r *Referee) Result() []referee.Outcome {
	a, b := r.finalPoints()
	out := []referee.Outcome{
		{Score: a * r.p.K, Status: r.status[0], Message: r.message[0]},
		{Score: b * r.p.K, Status: r.status[1], Message: r.message[1]},
	}
	referee.RankByScore(out)
	return out
}
