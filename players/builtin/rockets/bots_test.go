package rockets

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
	"github.com/arena-games/arena/referee/rockets"
)

// teamSummary is the part of a frame's state the tests read.
type teamSummary struct {
	Cycles   int   `json:"cycles"`
	Revenue  int64 `json:"revenue"`
	Launched int   `json:"launched"`
}

// play runs one game in process and checks that every seat played to the end.
func play(t *testing.T, seed int64, opts map[string]string, bots ...refereetest.BotFunc) ([]referee.Outcome, []teamSummary) {
	t.Helper()
	ref, err := refereetest.PlayInProcess(rockets.Game{}, referee.Config{Seed: seed, Players: len(bots), Options: opts}, bots)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	res := ref.Result()
	for i, o := range res {
		if o.Status != referee.StatusOK {
			t.Fatalf("seed %d: seat %d ended %s: %s", seed, i, o.Status, o.Message)
		}
	}
	raw, err := json.Marshal(ref.Frame().State)
	if err != nil {
		t.Fatal(err)
	}
	var st struct {
		Teams []teamSummary `json:"teams"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	return res, st.Teams
}

// Greedy beats random in at least 90% of 50 seeded games, seats alternating, and earns its
// money from cycles it closes (not only from its starting cash).
func TestGreedyBeatsRandom(t *testing.T) {
	const games = 50
	wins, launches := 0, 0
	for seed := int64(1); seed <= games; seed++ {
		bots := []refereetest.BotFunc{Greedy, Random}
		greedy := int(seed % 2)
		if greedy == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		res, teams := play(t, seed, nil, bots...)
		if referee.Winner(res) == greedy {
			wins++
		}
		if teams[greedy].Cycles == 0 || teams[greedy].Revenue <= 1000 {
			t.Errorf("seed %d: greedy closed %d cycles for %d", seed, teams[greedy].Cycles, teams[greedy].Revenue)
		}
		launches += teams[greedy].Launched
	}
	t.Logf("greedy won %d of %d games, launched %d rockets", wins, games, launches)
	if wins < games*9/10 {
		t.Errorf("greedy won %d of %d games, want at least 90%%", wins, games)
	}
}

// Four teams on one map, two of each bot: everyone plays to the end, the greedy seats come
// first and second.
func TestFourTeams(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts map[string]string
	}{
		{"generated rockets1", nil},
		{"small map rockets2", map[string]string{"map": "rockets/small.map", "variant": "rockets2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, _ := play(t, 7, tc.opts, Greedy, Random, Greedy, Random)
			if res[0].Rank > 2 || res[2].Rank > 2 {
				t.Errorf("greedy seats ranked %d and %d: %+v", res[0].Rank, res[2].Rank, res)
			}
		})
	}
}

// The bots respect the command limit and survive forced waiting.
func TestTightCommandLimit(t *testing.T) {
	res, teams := play(t, 3, map[string]string{"L": "6", "turns": "300"}, Greedy, Random)
	if teams[0].Cycles == 0 || res[0].Rank != 1 {
		t.Errorf("greedy with L=6: %+v %+v", res, teams)
	}
}

// With L = 4 greedy has one command a turn to drive with, once it has read its cash, cars
// and roads, and still wins: TIME_TO_END, which tells the session's next game, is read one
// turn in ten only (read every turn, it took that command and greedy lost to random).
func TestGreedyWinsWithFourCommandsATurn(t *testing.T) {
	res, teams := play(t, 5, map[string]string{"L": "4"}, Greedy, Random)
	if teams[0].Cycles == 0 || res[0].Rank != 1 {
		t.Errorf("greedy with L=4: %+v %+v", res, teams)
	}
}

// With few commands a turn (L = 1, 2 and 3; the default is 40) both bots stay within L and
// in the game to its end, and greedy plays: the cars free at the last CARS get their orders
// over as many turns as it takes, ROADS_STATUS and HOME are read when needed, and it wins on
// every seed, seats alternating, mostly with a rocket launched. It used to read HOME, CARS
// and ROADS_STATUS on every turn, was forced to wait at L = 1 and never drove a car at
// L = 1, 2 or 3: it scored nothing. (Greedy won all of seeds 1-40 at each of these limits.)
func TestCommandLimitOne(t *testing.T) {
	for _, limit := range []string{"1", "2", "3"} {
		for seed := int64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("L=%s/seed%d", limit, seed), func(t *testing.T) {
				greedy := int(seed % 2)
				bots := []refereetest.BotFunc{Random, Random}
				bots[greedy] = Greedy
				res, teams := play(t, seed, map[string]string{"L": limit}, bots...)
				t.Logf("greedy %.0f (%d cycles, %d launched), random %.0f", res[greedy].Score, teams[greedy].Cycles, teams[greedy].Launched, res[1-greedy].Score)
				if referee.Winner(res) != greedy || teams[greedy].Cycles == 0 {
					t.Errorf("greedy (seat %d) %.0f with %d cycles, random %.0f", greedy, res[greedy].Score, teams[greedy].Cycles, res[1-greedy].Score)
				}
			})
		}
	}
}

// At L = 1 and 2 turns end under the bots at many places and every command of one turn in
// seven is answered FAILED 5: both stay in the game to its end, and greedy still wins.
func TestCommandLimitOneLateTurnsAndRefusals(t *testing.T) {
	for _, limit := range []string{"1", "2"} {
		t.Run("L="+limit, func(t *testing.T) {
			cfg := referee.Config{Seed: 3, Players: 2, Options: map[string]string{"L": limit}}
			ref, refused, err := refereetest.PlayHarried(rockets.Game{}, cfg, []refereetest.BotFunc{Greedy, Random})
			if err != nil {
				t.Fatal(err)
			}
			if refused == 0 {
				t.Fatal("no command refused")
			}
			res := ref.Result()
			for i, o := range res {
				if o.Status != referee.StatusOK {
					t.Errorf("seat %d ended %s: %s", i, o.Status, o.Message)
				}
			}
			t.Logf("greedy %.0f, random %.0f", res[0].Score, res[1].Score)
			if referee.Winner(res) != 0 {
				t.Errorf("greedy %.0f, random %.0f", res[0].Score, res[1].Score)
			}
		})
	}
}

// Turns end under the bots at many places, as on a busy machine with short turns, and the
// referee answers FAILED 5 to every command in one turn of seven (the first included): a
// refusal costs a bot that turn, never the game, and greedy still wins.
func TestLateTurnsAndRefusals(t *testing.T) {
	ref, refused, err := refereetest.PlayHarried(rockets.Game{}, referee.Config{Seed: 4, Players: 4, Options: map[string]string{"turns": "300"}}, []refereetest.BotFunc{Greedy, Random, Greedy, Random})
	if err != nil {
		t.Fatal(err)
	}
	res := ref.Result()
	for i, o := range res {
		if o.Status != referee.StatusOK {
			t.Errorf("seat %d ended %s: %s", i, o.Status, o.Message)
		}
	}
	if refused == 0 {
		t.Fatal("no command refused")
	}
	if res[0].Rank > 2 || res[2].Rank > 2 {
		t.Errorf("greedy seats ranked %d and %d: %+v", res[0].Rank, res[2].Rank, res)
	}
}
