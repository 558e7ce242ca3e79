package rockets

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/arena-games/arena/maps"
	"github.com/arena-games/arena/referee/refereetest"
)

// plausibleCommands plays every command of the game on rockets/small.map, mostly legally:
// it knows the map and follows where each car is (a car is in its destination as soon as
// it moves), though not exactly when it is free again.
func plausibleCommands(t *testing.T) func(r *rand.Rand, player, turn int) []string {
	data, err := maps.Open("rockets/small.map")
	if err != nil {
		t.Fatal(err)
	}
	m, err := maps.ParseRockets(data)
	if err != nil {
		t.Fatal(err)
	}
	adj := make([][]int, m.Cities+1)
	for _, r := range m.Roads {
		adj[r.From] = append(adj[r.From], r.To)
		adj[r.To] = append(adj[r.To], r.From)
	}
	const cars = 5
	var where [][cars]int // per seat, city of each car
	var free [][cars]int  // per seat, turn each car is expected to be free
	var founded []int     // cities where FOUND_ROCKET was tried: targets for sites' commands
	lastTurn := -1
	siteCity := func(r *rand.Rand) int {
		if len(founded) == 0 || r.IntN(4) == 0 {
			return 1 + r.IntN(m.Cities)
		}
		return founded[r.IntN(len(founded))]
	}
	return func(r *rand.Rand, player, turn int) []string {
		if turn < lastTurn || where == nil { // a new game starts
			where, free, founded = make([][cars]int, 8), make([][cars]int, 8), nil
			for p := range m.Bases {
				for c := range where[p] {
					where[p][c] = m.Bases[p]
				}
			}
		}
		lastTurn = turn
		lines := []string{"CARS"}
		for c := 0; c < cars; c++ {
			city := where[player][c]
			if free[player][c] > turn {
				continue
			}
			switch k := r.IntN(20); {
			case k < 11:
				next := adj[city][r.IntN(len(adj[city]))]
				lines = append(lines, fmt.Sprintf("MOVE %d %d", c+1, next))
				where[player][c], free[player][c] = next, turn+2
			case k < 13:
				lines = append(lines, fmt.Sprintf("TAKE %d %d", c+1, 1+r.IntN(200)))
			case k < 16:
				lines = append(lines, fmt.Sprintf("GIVE %d %d", c+1, 1+r.IntN(200)))
			case k == 16:
				lines = append(lines, fmt.Sprintf("FOUND_ROCKET %d %d %d", c+1, r.IntN(101), r.IntN(21)))
				founded = append(founded, city)
			case k == 17:
				lines = append(lines, fmt.Sprintf("UPGRADE_CAR %d %s", c+1, []string{"ENGINE", "TRUNK"}[r.IntN(2)]))
			case k == 18:
				lines = append(lines, fmt.Sprintf("LAWYER_PAY %d %d", 100+r.IntN(401), siteCity(r)))
			default:
				lines = append(lines, fmt.Sprintf("LAWYER_SUE %d", siteCity(r)), fmt.Sprintf("LAUNCH_ROCKET %d", siteCity(r)))
			}
		}
		extra := []string{"HOME", "ROADS_STATUS", "ROCKET_INFO", "TRANSFERS", "TIME_TO_END", "DESCRIBE_WORLD"}
		return append(lines, extra[r.IntN(len(extra))])
	}
}

func TestConformance(t *testing.T) {
	refereetest.Run(t, Game{}, refereetest.Options{
		Players:     []int{1, 2, 4},
		Commands:    plausibleCommands(t),
		GameOptions: map[string]string{"map": "rockets/small.map", "turns": "200", "money": "20000", "Sr": "150"},
	})
}

func TestConformanceGenerated(t *testing.T) {
	refereetest.Run(t, Game{}, refereetest.Options{
		Players:     []int{2, 8},
		GameOptions: map[string]string{"cities": "20", "turns": "100", "variant": "rockets2"},
	})
}

// The plausible commands do exercise the game: cycles, sites, launches and lawsuits happen.
func TestPlausibleCommandsExerciseTheRules(t *testing.T) {
	gen := plausibleCommands(t)
	g := newTest(t, "rockets/small.map", mustShipped(t, "rockets/small.map"), 4, opts("turns", "200", "money", "20000", "Sr", "150"))
	rng := rand.New(rand.NewPCG(1, 99))
	var suits int
	for !g.Over() {
		for p := range g.teams {
			for _, line := range gen(rng, p, g.turn) {
				do(g, p, line)
			}
		}
		suits += len(g.suits)
		g.EndTurn()
	}
	var cycles int
	for _, tm := range g.teams {
		cycles += tm.stats.Cycles
	}
	if cycles == 0 || len(g.sites) == 0 || g.launches == 0 || suits == 0 {
		t.Errorf("cycles %d, sites %d, launches %d, lawsuit-turns %d: the generator misses rules", cycles, len(g.sites), g.launches, suits)
	}
}

func mustShipped(t *testing.T, name string) string {
	data, err := maps.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
