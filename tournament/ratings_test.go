package tournament

import (
	"math"
	"testing"
)

func pairGames(a, b int, wins, draws, losses int) []RankedGame {
	var gs []RankedGame
	for range wins {
		gs = append(gs, RankedGame{Items: []int{a, b}, Ranks: []int{1, 2}})
	}
	for range draws {
		gs = append(gs, RankedGame{Items: []int{b, a}, Ranks: []int{1, 1}})
	}
	for range losses {
		gs = append(gs, RankedGame{Items: []int{b, a}, Ranks: []int{1, 2}})
	}
	return gs
}

// Two bots, a negligible prior: Bradley–Terry gives θa − θb = log(W/L) with draws as half
// a win each way, and Var(θa − θb) = 1/(n·p·(1−p)); centring halves both.
func TestBradleyTerryTwoBotsClosedForm(t *testing.T) {
	tests := []struct {
		wins, draws, losses int
		score               float64
	}{
		{30, 0, 10, 0.75},
		{12, 6, 6, 0.625},
		{5, 10, 5, 0.5},
	}
	for _, tc := range tests {
		fit, err := FitPlackettLuce(2, pairGames(0, 1, tc.wins, tc.draws, tc.losses), 1e-9)
		if err != nil {
			t.Fatal(err)
		}
		n := float64(tc.wins + tc.draws + tc.losses)
		wantDiff := math.Log(tc.score / (1 - tc.score))
		if got := fit.Theta[0] - fit.Theta[1]; !near(got, wantDiff, 1e-6) {
			t.Errorf("%+v: θa−θb = %v, want %v", tc, got, wantDiff)
		}
		if got := fit.Elo(0) - fit.Elo(1); !near(got, EloFromScore(tc.score), 1e-4) {
			t.Errorf("%+v: Elo difference %v, want %v", tc, got, EloFromScore(tc.score))
		}
		wantSD := 1 / math.Sqrt(n*tc.score*(1-tc.score)) / 2
		if !near(fit.SD[0], wantSD, 1e-5) || !near(fit.SD[1], wantSD, 1e-5) {
			t.Errorf("%+v: SD %v, want %v", tc, fit.SD, wantSD)
		}
	}
}

func TestBradleyTerryCycleIsEven(t *testing.T) {
	var games []RankedGame
	games = append(games, pairGames(0, 1, 2, 0, 1)...)
	games = append(games, pairGames(1, 2, 2, 0, 1)...)
	games = append(games, pairGames(2, 0, 2, 0, 1)...)
	fit, err := FitPlackettLuce(3, games, DefaultPriorDraws)
	if err != nil {
		t.Fatal(err)
	}
	for i, th := range fit.Theta {
		if !near(th, 0, 1e-9) {
			t.Errorf("θ%d = %v, want 0", i, th)
		}
	}
}

// Mixed two- and four-player games with ties, checked against an independent
// implementation of Hunter's (2004) minorisation–maximisation algorithm for Plackett–Luce
// with the same tie rotations and prior.
func TestPlackettLuceAgainstMM(t *testing.T) {
	games := []RankedGame{
		{[]int{0, 1}, []int{1, 2}}, {[]int{0, 1}, []int{1, 2}}, {[]int{1, 0}, []int{1, 2}},
		{[]int{0, 2}, []int{1, 1}}, {[]int{2, 0}, []int{2, 1}}, {[]int{1, 2}, []int{1, 2}},
		{[]int{2, 1}, []int{1, 2}}, {[]int{2, 1}, []int{2, 1}},
		{[]int{0, 1, 2, 3}, []int{1, 2, 3, 4}}, {[]int{3, 2, 1, 0}, []int{4, 3, 2, 1}},
		{[]int{0, 1, 2, 3}, []int{2, 1, 4, 3}}, {[]int{0, 1, 2, 3}, []int{1, 1, 3, 3}},
		{[]int{0, 3}, []int{2, 1}}, {[]int{1, 3}, []int{1, 2}},
	}
	want := []float64{168.8972706363206, 125.89120165040684, -122.36045975199559, -172.42801253473178}
	fit, err := FitPlackettLuce(4, games, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range want {
		if got := fit.Elo(i); !near(got, w, 1e-6) {
			t.Errorf("Elo %d = %v, want %v", i, got, w)
		}
		if fit.SD[i] <= 0 {
			t.Errorf("SD %d = %v, want positive", i, fit.SD[i])
		}
	}
}

// Bots tied in every game have the same rating, whatever the sizes of the tied groups: in
// a five-player game two bots share first place and three share third. Spread over three
// rotations, the pair was ranked one way in two of them and came out 67 Elo apart.
func TestPlackettLuceTiedGroupsOfDifferentSizesStayEven(t *testing.T) {
	var games []RankedGame
	for r := range 5 {
		// The seats rotate as in a tournament; bots 0 and 1 tie first, 2, 3 and 4 third.
		items := []int{r % 5, (r + 1) % 5, (r + 2) % 5, (r + 3) % 5, (r + 4) % 5}
		ranks := make([]int, 5)
		for s, it := range items {
			ranks[s] = 1
			if it >= 2 {
				ranks[s] = 3
			}
		}
		games = append(games, RankedGame{Items: items, Ranks: ranks})
	}
	fit, err := FitPlackettLuce(5, games, DefaultPriorDraws)
	if err != nil {
		t.Fatal(err)
	}
	if !near(fit.Elo(0), fit.Elo(1), 1e-6) {
		t.Errorf("tied for first in every game: Elo %v and %v, want equal", fit.Elo(0), fit.Elo(1))
	}
	for i := 3; i < 5; i++ {
		if !near(fit.Elo(i), fit.Elo(2), 1e-6) {
			t.Errorf("tied for third in every game: Elo %v of bot %d, %v of bot 2, want equal", fit.Elo(i), i, fit.Elo(2))
		}
	}
	if fit.Elo(0) <= fit.Elo(2) {
		t.Errorf("first place %v rated below third %v", fit.Elo(0), fit.Elo(2))
	}
}

// A bot that wins every game keeps a finite rating thanks to the prior.
func TestPlackettLucePerfectRecordStaysFinite(t *testing.T) {
	fit, err := FitPlackettLuce(2, pairGames(0, 1, 50, 0, 0), DefaultPriorDraws)
	if err != nil {
		t.Fatal(err)
	}
	if e := fit.Elo(0); math.IsInf(e, 0) || math.IsNaN(e) || e < 200 {
		t.Errorf("Elo of a perfect record = %v, want large and finite", e)
	}
}

func TestPlackettLuceRejectsBadInput(t *testing.T) {
	if _, err := FitPlackettLuce(2, []RankedGame{{Items: []int{0, 5}, Ranks: []int{1, 2}}}, 1); err == nil {
		t.Error("item out of range accepted")
	}
	if _, err := FitPlackettLuce(2, nil, 0); err == nil {
		t.Error("zero prior accepted")
	}
}

func BenchmarkPlackettLuce8Bots(b *testing.B) {
	var games []RankedGame
	for i := range 2000 {
		items := []int{i % 8, (i + 3) % 8, (i + 5) % 8, (i + 6) % 8}
		games = append(games, RankedGame{Items: items, Ranks: []int{1 + i%3, 2, 3, 4}})
	}
	for b.Loop() {
		if _, err := FitPlackettLuce(8, games, 1); err != nil {
			b.Fatal(err)
		}
	}
}
