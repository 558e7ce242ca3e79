package tournament

import (
	"math"
)

// pairTally accumulates the head-to-head of bot a against bot b game by game, so that a
// long run can re-evaluate its SPRT after every game without going over all the games
// again. A unit (one seed in both seat orders) is counted when its second game arrives.
type pairTally struct {
	a, b  string
	stats PairStats
	open  map[string]float64 // unit key → a's points in the unit's first game
	// Sums over complete units of a's mean points per game, for the unit variance.
	sum, sum2 float64
}

func newPairTally(a, b string) *pairTally {
	return &pairTally{a: a, b: b, stats: PairStats{A: a, B: b}, open: map[string]float64{}}
}

// add counts one game; games without both bots, or with more than two seats, are skipped.
func (t *pairTally) add(r Record) {
	if len(r.Seats) != 2 {
		return
	}
	seatA := -1
	for s, st := range r.Seats {
		if st.Bot == t.a {
			seatA = s
		}
	}
	if seatA < 0 || r.Seats[1-seatA].Bot != t.b {
		return
	}
	p := &t.stats
	p.Games++
	var pts float64
	switch placeOf(r.Seats, seatA) {
	case 1:
		p.Wins++
		pts = 1
	case 0:
		p.Draws++
		pts = 0.5
	default:
		p.Losses++
	}
	key := r.ID().UnitKey()
	first, ok := t.open[key]
	if !ok {
		t.open[key] = pts
		return
	}
	delete(t.open, key)
	p.Units++
	p.Pentanomial[int(math.Round(2*(first+pts)))]++
	// Products (and halvings, which the compiler makes products) are rounded on their own
	// before they are added: Go fuses x*y + z into one rounding on arm64, and the
	// statistics of a results file must have the same bits on every machine.
	mean := float64((first + pts) / 2)
	t.sum += mean
	t.sum2 += float64(mean * mean)
}

// sprtState evaluates the test on the complete units so far.
func (t *pairTally) sprtState(sprt SPRT) SPRTState {
	return sprt.State(t.stats.pentanomialFloats())
}

// result computes the statistics: A's score with its interval (pentanomial when the seed
// pairs vary, Wilson on the seed pairs otherwise, or on games when no pair is complete),
// Elo, LOS and the SPRT when given.
func (t *pairTally) result(sprt *SPRT) *PairStats {
	p := t.stats // a copy: the tally goes on
	if sprt != nil {
		st := t.sprtState(*sprt)
		p.SPRT = &st
	}
	if p.Games == 0 {
		p.Score, p.ScoreLo, p.ScoreHi = Number(math.NaN()), 0, 1
		p.Elo, p.EloLo, p.EloHi = Number(math.NaN()), Number(math.Inf(-1)), Number(math.Inf(1))
		p.LOS = 0.5
		return &p
	}
	points := float64(p.Wins) + float64(float64(p.Draws)/2)
	score := points / float64(p.Games)
	z := zFor(Confidence)
	// Without a spread of seed pairs to measure (fewer than two, or all alike), the
	// interval is Wilson's, with the seed pairs as its trials as soon as there is one: the
	// two games of a pair are not two independent trials when the map decides both
	// (counted on games, two bots of equal strength, each winning on half the maps, were
	// called different in half of their 4-game tournaments). A game without its pair (an
	// interrupted run) is a trial of its own; the interval is the score's, over that many
	// trials, as the pentanomial one is the score's over the pairs.
	lo, hi := Wilson(points, float64(p.Games), z)
	p.Interval = "wilson"
	p.LOS = LOS(float64(p.Wins), float64(p.Losses))
	if p.Units > 0 {
		won, lost := p.Pentanomial[3]+p.Pentanomial[4], p.Pentanomial[0]+p.Pentanomial[1]
		for _, pts := range t.open {
			switch {
			case pts > 0.5:
				won++
			case pts < 0.5:
				lost++
			}
		}
		trials := float64(p.Units + len(t.open))
		lo, hi = Wilson(float64(score*trials), trials, z)
		p.Interval = "wilson-pairs"
		p.LOS = LOS(float64(won), float64(lost))
	}
	if n := float64(p.Units); n >= 2 {
		variance := (t.sum2 - float64(t.sum*t.sum)/n) / (n - 1)
		if sd := math.Sqrt(math.Max(variance, 0)); sd > 1e-12 {
			// The pentanomial interval: the variance of whole seed pairs, which removes
			// the part of the noise that a seat advantage puts into single games, and
			// counts the part a map puts into both games of a pair once. The spread is
			// estimated from the pairs themselves, hence Student's t rather than z. The LOS
			// comes from the same model: counted on games it disagreed with the interval.
			lo, hi = NormalInterval(score, sd, n, tFor(Confidence, n))
			p.Interval = "pentanomial"
			p.LOS = PairLOS(score, sd, n)
		}
	}
	p.Score, p.ScoreLo, p.ScoreHi = Number(score), Number(lo), Number(hi)
	p.Elo, p.EloLo, p.EloHi = Number(EloFromScore(score)), Number(EloFromScore(lo)), Number(EloFromScore(hi))
	return &p
}

func (p *PairStats) pentanomialFloats() [5]float64 {
	var out [5]float64
	for i, c := range p.Pentanomial {
		out[i] = float64(c)
	}
	return out
}

// pairStats is the head-to-head of a and b over some records.
func pairStats(a, b string, recs []Record, sprt *SPRT) *PairStats {
	t := newPairTally(a, b)
	for _, r := range recs {
		t.add(r)
	}
	return t.result(sprt)
}
