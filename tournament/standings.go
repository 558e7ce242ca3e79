package tournament

import "fmt"

// standings follow a run game by game for the progress line and the SPRT, in constant time
// per game (the full statistics are computed once, at the end).
type standings struct {
	bots   []string
	pair   *pairTally // two bots only
	points map[string]float64
	games  map[string]int
}

func newStandings(bots []string) *standings {
	s := &standings{bots: bots, points: map[string]float64{}, games: map[string]int{}}
	if len(bots) == 2 {
		s.pair = newPairTally(bots[0], bots[1])
	}
	return s
}

func (s *standings) add(r Record) {
	if s.pair != nil {
		s.pair.add(r)
	}
	for seat, st := range r.Seats {
		s.games[st.Bot]++
		switch placeOf(r.Seats, seat) {
		case 1:
			s.points[st.Bot]++
		case 0:
			s.points[st.Bot] += 0.5
		}
	}
}

// decision is the SPRT's decision so far ("" while undecided or without a test).
func (s *standings) decision(sprt *SPRT) string {
	if sprt == nil || s.pair == nil {
		return ""
	}
	if d := s.pair.sprtState(*sprt).Decision; d != SPRTUndecided {
		return d
	}
	return ""
}

// line summarises the standings in one line.
func (s *standings) line(sprt *SPRT) string {
	if s.pair != nil {
		p := s.pair.result(sprt)
		line := fmt.Sprintf("%s +%d =%d -%d  score %s [%s, %s]", p.A, p.Wins, p.Draws, p.Losses,
			formatPercent(float64(p.Score)), formatPercent(float64(p.ScoreLo)), formatPercent(float64(p.ScoreHi)))
		if p.SPRT != nil {
			// Named as bounds: in brackets after the score's interval they read as another
			// interval, one that a decided test's LLR is outside of.
			line += fmt.Sprintf("  LLR %.2f (bounds %.2f, %.2f)", p.SPRT.LLR, p.SPRT.Lower, p.SPRT.Upper)
		}
		return line
	}
	best, bestRate := "", -1.0
	for _, b := range s.bots {
		if n := s.games[b]; n > 0 && s.points[b]/float64(n) > bestRate {
			best, bestRate = b, s.points[b]/float64(n)
		}
	}
	if best == "" {
		return ""
	}
	// Its score, as the two-bot line says it: a draw counts half a win, so "games won"
	// would be wrong (a tournament of draws has its leader at 50%).
	return fmt.Sprintf("leader %s, score %s", best, formatPercent(bestRate))
}
