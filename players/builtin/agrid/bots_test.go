package agrid_test

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/arena-games/arena/players/builtin/agrid"
	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
	agridref "github.com/arena-games/arena/referee/agrid"
	"github.com/arena-games/arena/referee/refereetest"
)

// playGame plays one game in process and fails the test on any runner error or on a
// status other than ok.
func playGame(t *testing.T, seed int64, options map[string]string, bots ...refereetest.BotFunc) []referee.Outcome {
	t.Helper()
	ref, err := refereetest.PlayInProcess(agridref.Game{}, referee.Config{Seed: seed, Players: len(bots), Options: options}, bots)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	res := ref.Result()
	for i, o := range res {
		if o.Status != referee.StatusOK {
			t.Errorf("seed %d: seat %d ended %s: %s", seed, i, o.Status, o.Message)
		}
	}
	return res
}

// TestGreedyBeatsRandom: greedy must win at least 90% of 50 seeded two-team games, seats
// alternating.
func TestGreedyBeatsRandom(t *testing.T) {
	wins := 0
	for seed := int64(1); seed <= 50; seed++ {
		greedySeat := int(seed % 2)
		bots := []refereetest.BotFunc{agrid.Random, agrid.Random}
		bots[greedySeat] = agrid.Greedy
		res := playGame(t, seed, nil, bots...)
		if referee.Winner(res) == greedySeat {
			wins++
		} else {
			t.Logf("seed %d: greedy (seat %d) %.1f, random %.1f", seed, greedySeat, res[greedySeat].Score, res[1-greedySeat].Score)
		}
		if seed <= 3 {
			t.Logf("seed %d: greedy %.1f, random %.1f", seed, res[greedySeat].Score, res[1-greedySeat].Score)
		}
	}
	t.Logf("greedy won %d of 50 games", wins)
	if wins < 45 {
		t.Errorf("greedy won %d of 50 games, want at least 45", wins)
	}
}

func TestFourTeams(t *testing.T) {
	res := playGame(t, 7, nil, agrid.Greedy, agrid.Random, agrid.Greedy, agrid.Random)
	for _, g := range []int{0, 2} {
		for _, r := range []int{1, 3} {
			if res[g].Score <= res[r].Score {
				t.Errorf("greedy seat %d scored %.1f, not more than random seat %d's %.1f", g, res[g].Score, r, res[r].Score)
			}
		}
	}
}

func TestVariants(t *testing.T) {
	for _, variant := range []string{"grid2", "grid3"} {
		for seed := int64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/seed%d", variant, seed), func(t *testing.T) {
				res := playGame(t, seed, map[string]string{"variant": variant}, agrid.Greedy, agrid.Random)
				if referee.Winner(res) != 0 {
					t.Errorf("greedy %.1f, random %.1f", res[0].Score, res[1].Score)
				}
			})
		}
	}
}

// TestSmallCommandLimit: with few commands a turn (L = 1, 2 and 3; the default is 30) both
// bots keep to the protocol and greedy plays: it reads what it does not need on every turn
// only when due or when commands are to spare, keeps what it learns and does from turn to
// turn, and its workers walk their squares (a PUT or a MOVE a turn at L = 1) and harvest
// them. It wins on every seed, seats alternating, and its PUTs keep the season going to its
// end. It used to read TIME_TO_END, the map or its history and its workers on every turn,
// and never acted: at L = 1 and 2 the idle countdown ended the season at turn 101 at 0-0,
// at L = 3 it lasted to the end at 0-0. (Greedy won all of seeds 1-40 at each of these
// limits, in 300-turn seasons and in 1000-turn ones.) At L = 5 and 8 it wins as well.
func TestSmallCommandLimit(t *testing.T) {
	const turns = 300
	for _, limit := range []string{"1", "2", "3", "5", "8"} {
		for seed := int64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("L=%s/seed%d", limit, seed), func(t *testing.T) {
				greedySeat := int(seed % 2)
				bots := []refereetest.BotFunc{agrid.Random, agrid.Random}
				bots[greedySeat] = agrid.Greedy
				cfg := referee.Config{Seed: seed, Players: 2, Options: map[string]string{"L": limit, "turns": fmt.Sprint(turns)}}
				ref, err := refereetest.PlayInProcess(agridref.Game{}, cfg, bots)
				if err != nil {
					t.Fatal(err)
				}
				res := ref.Result()
				for i, o := range res {
					if o.Status != referee.StatusOK {
						t.Errorf("seat %d ended %s: %s", i, o.Status, o.Message)
					}
				}
				t.Logf("greedy %.1f, random %.1f", res[greedySeat].Score, res[1-greedySeat].Score)
				if referee.Winner(res) != greedySeat {
					t.Errorf("greedy (seat %d) %.1f, random %.1f", greedySeat, res[greedySeat].Score, res[1-greedySeat].Score)
				}
				if !ref.Over() || ref.Turn() != turns {
					t.Errorf("the season ended at turn %d, want %d", ref.Turn(), turns)
				}
			})
		}
	}
}

// TestSmallCommandLimitLateTurnsAndRefusals: at L = 1 and 2 turns end under the bots at
// many places (their count of the turn's commands and of the turns is then wrong) and every
// command of one turn in seven is answered FAILED 5: both stay in the game to its end, and
// greedy still wins.
func TestSmallCommandLimitLateTurnsAndRefusals(t *testing.T) {
	for _, limit := range []string{"1", "2"} {
		t.Run("L="+limit, func(t *testing.T) {
			cfg := referee.Config{Seed: 3, Players: 2, Options: map[string]string{"L": limit, "turns": "500"}}
			ref, refused, err := refereetest.PlayHarried(agridref.Game{}, cfg, []refereetest.BotFunc{agrid.Greedy, agrid.Random})
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
			t.Logf("greedy %.1f, random %.1f", res[0].Score, res[1].Score)
			if referee.Winner(res) != 0 {
				t.Errorf("greedy %.1f, random %.1f", res[0].Score, res[1].Score)
			}
			if !ref.Over() || ref.Turn() != 500 {
				t.Errorf("the season ended at turn %d, want 500", ref.Turn())
			}
		})
	}
}

// TestGreedyStorageRefusedReadsWorkersAgain: at a small L greedy reads LIST_MY_WORKERS only
// when commands are to spare or a refusal told it its picture of them is wrong, and counts
// what its workers carry by itself in between. A wandering worker that unloads a foreign
// marker it does not carry (the count went wrong: a takeover that found the post empty)
// is refused FAILED 109; greedy must then read its workers again, not send the same PUT on
// every turn (it did so 88 and 145 times in these games).
func TestGreedyStorageRefusedReadsWorkersAgain(t *testing.T) {
	for _, seed := range []int64{1, 4} {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			var mu sync.Mutex
			refused := map[int]int{} // FAILED 109 by seat
			g := refereetest.Intercept(agridref.Game{}, func(turn, player int, tokens []string, run func() []string) []string {
				out := run()
				if strings.HasPrefix(out[0], "FAILED 109 ") {
					mu.Lock()
					refused[player]++
					mu.Unlock()
				}
				return out
			})
			cfg := referee.Config{Seed: seed, Players: 4, Options: map[string]string{"L": "3"}}
			playIntercepted(t, g, cfg, agrid.Greedy, agrid.Greedy, agrid.Random, agrid.Greedy)
			for seat, n := range refused {
				if n > 3 {
					t.Errorf("seat %d (greedy) was refused FAILED 109 %d times", seat, n)
				}
			}
		})
	}
}

// playIntercepted plays one game of g (refereetest.Intercept) in process and fails the
// test on any runner error or on a status other than ok.
func playIntercepted(t *testing.T, g referee.Game, cfg referee.Config, bots ...refereetest.BotFunc) {
	t.Helper()
	ref, err := refereetest.PlayInProcess(g, cfg, bots)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range ref.Result() {
		if o.Status != referee.StatusOK {
			t.Errorf("seat %d ended %s: %s", i, o.Status, o.Message)
		}
	}
}

// playCut plays one game in process where cut ends turns before the bots wait (see
// refereetest.PlayInProcessCut), answering through answer (refereetest.Intercept). It fails
// the test on any runner error or on a status other than ok: a built-in bot must never
// leave the game.
func playCut(t *testing.T, seed int64, cut func(turn, player, answered int) bool, answer func(turn, player int, tokens []string, run func() []string) []string, bots ...refereetest.BotFunc) []referee.Outcome {
	t.Helper()
	g := refereetest.Intercept(agridref.Game{}, answer)
	ref, err := refereetest.PlayInProcessCut(g, referee.Config{Seed: seed, Players: len(bots), Options: map[string]string{"turns": "200"}}, bots, cut)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	res := ref.Result()
	t.Logf("seed %d: %d turns, %+v", seed, ref.Turn(), res)
	for i, o := range res {
		if o.Status != referee.StatusOK {
			t.Errorf("seed %d: seat %d ended %s: %s", seed, i, o.Status, o.Message)
		}
	}
	return res
}

// countShowMapRefusals answers every command as the referee does and counts the FAILED 100
// answers (SHOW_MAP fewer than E turns after the last one).
func countShowMapRefusals(n *int) func(turn, player int, tokens []string, run func() []string) []string {
	return func(turn, player int, tokens []string, run func() []string) []string {
		out := run()
		if strings.HasPrefix(out[0], "FAILED 100 ") {
			*n++
		}
		return out
	}
}

// TestGreedyTurnEndsBeforeItWaits: the turn ends under greedy right after its first
// command of turn 20 (TIME_TO_END), so that its SHOW_MAP is answered in turn 21. E turns
// later its next SHOW_MAP must not come a turn early (FAILED 100), and nothing may make it
// leave the game.
func TestGreedyTurnEndsBeforeItWaits(t *testing.T) {
	refused := 0
	cut := func(turn, player, answered int) bool { return player == 0 && turn == 20 && answered == 1 }
	res := playCut(t, 3, cut, countShowMapRefusals(&refused), agrid.Greedy, agrid.Random)
	if refused != 0 {
		t.Errorf("%d SHOW_MAP refused with FAILED 100", refused)
	}
	if referee.Winner(res) != 0 {
		t.Errorf("greedy %.1f, random %.1f", res[0].Score, res[1].Score)
	}
}

// TestBotsWithManyLateTurns: turns end under every bot at many places, as on a busy machine
// with short turns and many teams. The bots stay in the game, greedy never asks for the map
// too early, and it still beats random.
func TestBotsWithManyLateTurns(t *testing.T) {
	refused := 0
	cut := func(turn, player, answered int) bool {
		return (turn*7+player*3)%11 == 0 && answered == (turn+player)%5+1
	}
	res := playCut(t, 5, cut, countShowMapRefusals(&refused), agrid.Greedy, agrid.Random, agrid.Greedy, agrid.Random)
	if refused != 0 {
		t.Errorf("%d SHOW_MAP refused with FAILED 100", refused)
	}
	for _, g := range []int{0, 2} {
		for _, r := range []int{1, 3} {
			if res[g].Score <= res[r].Score {
				t.Errorf("greedy seat %d scored %.1f, not more than random seat %d's %.1f", g, res[g].Score, r, res[r].Score)
			}
		}
	}
}

// TestBotsCarryOnAfterRefusals: a FAILED answer a bot does not expect (here the referee's
// FAILED 5 to every query in one turn of seven) costs it that turn, not the game.
func TestBotsCarryOnAfterRefusals(t *testing.T) {
	queries := map[string]bool{"DESCRIBE_WORLD": true, "TIME_TO_END": true, "SHOW_MAP": true, "SHOW_HISTORY": true, "LIST_MY_WORKERS": true, "LIST_ENEMY_WORKERS": true}
	refused := 0
	answer := func(turn, player int, tokens []string, run func() []string) []string {
		if turn%7 == 3 && queries[tokens[0]] {
			refused++
			return []string{protocol.Failed(protocol.CodeInternal)}
		}
		return run()
	}
	never := func(int, int, int) bool { return false }
	res := playCut(t, 2, never, answer, agrid.Greedy, agrid.Random)
	if refused == 0 {
		t.Fatal("no command refused")
	}
	if referee.Winner(res) != 0 {
		t.Errorf("greedy %.1f, random %.1f", res[0].Score, res[1].Score)
	}
}

// TestGreedyScoresFromMarkersOnTheMap: a SCORE is checked against the map as the turn
// began (spec §5.1), where the markers PUT during the turn are not yet. greedy must start
// a harvest from a marker that was there, not from one it put in the same turn (with ten
// workers it did: a team-mate's PUT closed the border, was refused FAILED 117 and the
// closed square given up). Which posts were put in a turn is read from the SHOW_HISTORY
// of the next.
func TestGreedyScoresFromMarkersOnTheMap(t *testing.T) {
	type at struct{ turn, x, y int }
	for _, seed := range []int64{1, 2, 3, 4, 5, 6} {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			var mu sync.Mutex
			refused := map[at]bool{} // SCOREs refused FAILED 117, by turn and start post
			put := map[at]bool{}     // markers placed by PUT, by turn and post
			scored := 0
			g := refereetest.Intercept(agridref.Game{}, func(turn, player int, tokens []string, run func() []string) []string {
				out := run()
				mu.Lock()
				defer mu.Unlock()
				switch {
				case len(tokens) == 3 && tokens[0] == "SCORE" && strings.HasPrefix(out[0], "FAILED 117 "):
					x, _ := strconv.Atoi(tokens[1])
					y, _ := strconv.Atoi(tokens[2])
					refused[at{turn, x, y}] = true
				case len(tokens) > 0 && tokens[0] == "SCORE" && out[0] == "OK":
					scored++
				case len(tokens) == 1 && tokens[0] == "SHOW_HISTORY" && out[0] == "OK" && len(out) == 4:
					f := strings.Fields(out[2]) // M_c, then x y c for each
					for i := 1; i+2 < len(f); i += 3 {
						x, _ := strconv.Atoi(f[i])
						y, _ := strconv.Atoi(f[i+1])
						put[at{turn - 1, x, y}] = true
					}
				}
				return out
			})
			cfg := referee.Config{Seed: seed, Players: 2, Options: map[string]string{"variant": "grid3", "workers": "10", "turns": "300"}}
			playIntercepted(t, g, cfg, agrid.Greedy, agrid.Greedy)
			if scored == 0 {
				t.Fatal("no SCORE accepted: the game does not test harvests")
			}
			for r := range refused {
				if put[r] {
					t.Errorf("turn %d: SCORE %d %d refused FAILED 117: its marker was put in that turn", r.turn, r.x, r.y)
				}
			}
			t.Logf("%d SCOREs accepted, %d refused FAILED 117", scored, len(refused))
		})
	}
}

// TestGreedyWalksTheBorderAgainWhenAMarkerIsGone: a SCORE refused FAILED 117 says that the
// start's marker is gone (another team's harvest takes it, and SHOW_HISTORY does not say
// what a harvest took). greedy must put it back and harvest the square within a few turns,
// not give the square up. The refusal is made up here: seat 0's first SCORE after turn 20
// is answered FAILED 117 without reaching the referee, so the marker is in fact there and
// the walk back to it is a PUT that renews it.
func TestGreedyWalksTheBorderAgainWhenAMarkerIsGone(t *testing.T) {
	for _, seed := range []int64{1, 2, 3} {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			var mu sync.Mutex
			refusedAt, refusedX, refusedY := -1, 0, 0
			again := false  // a SCORE accepted from a post next to the refused one, soon after
			const size = 32 // A for two teams: clamp(16+8N, 32, 96)
			g := refereetest.Intercept(agridref.Game{}, func(turn, player int, tokens []string, run func() []string) []string {
				mu.Lock()
				defer mu.Unlock()
				if player != 0 || len(tokens) != 3 || tokens[0] != "SCORE" || turn <= 20 {
					return run()
				}
				x, _ := strconv.Atoi(tokens[1])
				y, _ := strconv.Atoi(tokens[2])
				if refusedAt < 0 {
					refusedAt, refusedX, refusedY = turn, x, y
					return []string{"FAILED 117 no marker at specified position"}
				}
				out := run()
				dx, dy := (x-refusedX+size)%size, (y-refusedY+size)%size
				near := (dx == 0 || dx == 1 || dx == size-1) && (dy == 0 || dy == 1 || dy == size-1)
				if out[0] == "OK" && near && turn <= refusedAt+4 {
					again = true
				}
				return out
			})
			cfg := referee.Config{Seed: seed, Players: 2, Options: map[string]string{"turns": "100"}}
			playIntercepted(t, g, cfg, agrid.Greedy, agrid.Greedy)
			if refusedAt < 0 {
				t.Fatal("seat 0 sent no SCORE after turn 20")
			}
			if !again {
				t.Errorf("SCORE %d %d refused in turn %d: the square was not harvested in the next four turns", refusedX, refusedY, refusedAt)
			}
		})
	}
}
