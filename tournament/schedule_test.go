package tournament

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSeatOrders(t *testing.T) {
	tests := []struct {
		n    int
		want [][]int
	}{
		{2, [][]int{{0, 1}, {1, 0}}},
		{3, [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}},
		{4, [][]int{{0, 1, 2, 3}, {1, 2, 3, 0}, {2, 3, 0, 1}, {3, 0, 1, 2}}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, SeatOrders(tc.n)); diff != "" {
			t.Errorf("SeatOrders(%d) (-want +got):\n%s", tc.n, diff)
		}
	}
	// Rotations put every bot in every seat exactly once.
	for _, n := range []int{4, 5, 8} {
		seen := map[[2]int]int{}
		for _, o := range SeatOrders(n) {
			for seat, bot := range o {
				seen[[2]int{seat, bot}]++
			}
		}
		if len(seen) != n*n {
			t.Errorf("n=%d: %d (seat, bot) combinations, want %d", n, len(seen), n*n)
		}
	}
}

func TestPairings(t *testing.T) {
	bots := []string{"a", "b", "c", "d"}
	tests := []struct {
		name string
		plan Plan
		want [][]int
	}{
		{"round robin, 2 players", Plan{Bots: bots, MinPlayers: 2, MaxPlayers: 2}, [][]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}},
		{"gauntlet, 2 players", Plan{Bots: bots, MinPlayers: 2, MaxPlayers: 2, Gauntlet: true}, [][]int{{0, 1}, {0, 2}, {0, 3}}},
		{"N players: everyone", Plan{Bots: bots, MinPlayers: 2, MaxPlayers: 8}, [][]int{{0, 1, 2, 3}}},
		{"N players, groups of 3", Plan{Bots: bots, MinPlayers: 2, MaxPlayers: 8, GroupSize: 3}, [][]int{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}},
		{"N players, gauntlet of 3", Plan{Bots: bots, MinPlayers: 2, MaxPlayers: 8, GroupSize: 3, Gauntlet: true}, [][]int{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}}},
		{"N players, max 3", Plan{Bots: bots, MinPlayers: 2, MaxPlayers: 3}, [][]int{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.plan
			p.Game, p.GamesPerPairing = "g", 2
			if err := p.Check(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, p.Pairings()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestPlanCheckRejects(t *testing.T) {
	tests := []struct {
		name string
		plan Plan
	}{
		{"one bot", Plan{Bots: []string{"a"}, MinPlayers: 2, MaxPlayers: 2, GamesPerPairing: 2}},
		{"duplicate", Plan{Bots: []string{"a", "a"}, MinPlayers: 2, MaxPlayers: 2, GamesPerPairing: 2}},
		{"group too big", Plan{Bots: []string{"a", "b", "c"}, MinPlayers: 2, MaxPlayers: 2, GroupSize: 3, GamesPerPairing: 2}},
		{"game needs 3", Plan{Bots: []string{"a", "b"}, MinPlayers: 3, MaxPlayers: 4, GamesPerPairing: 2}},
		{"no games", Plan{Bots: []string{"a", "b"}, MinPlayers: 2, MaxPlayers: 2}},
		{"bad shard", Plan{Bots: []string{"a", "b"}, MinPlayers: 2, MaxPlayers: 2, GamesPerPairing: 2, Shard: Shard{Index: 3, Count: 2}}},
	}
	for _, tc := range tests {
		p := tc.plan
		if err := p.Check(); err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
	}
}

// A plan with too many groups is refused without building them all, so the error must not
// quote their count as if it had counted them (it said "10001 groups" for 125 970).
func TestPlanCheckTooManyGroups(t *testing.T) {
	p := Plan{MinPlayers: 1, MaxPlayers: 8, GroupSize: 8, GamesPerPairing: 1}
	for i := range 20 {
		p.Bots = append(p.Bots, fmt.Sprintf("bot%d", i))
	}
	err := p.Check()
	want := "more than 10000 groups of 8 of the 20 bots: choose a smaller group size"
	if err == nil || err.Error() != want {
		t.Errorf("Check: %v; want %q", err, want)
	}
}

func TestUnitsAndRounding(t *testing.T) {
	p := Plan{Game: "g", Bots: []string{"a", "b", "c"}, MinPlayers: 2, MaxPlayers: 2, GamesPerPairing: 5, MasterSeed: 7}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	if p.Rounds() != 3 {
		t.Errorf("5 games in 2 seat orders: %d rounds, want 3", p.Rounds())
	}
	units := p.Units()
	if len(units) != 9 {
		t.Fatalf("%d units, want 3 pairings × 3 rounds", len(units))
	}
	keys := map[string]bool{}
	for i, u := range units {
		if u.Index != i || u.Round != i/3 || u.Seed != DeriveSeed(7, u.Round) || len(u.Games) != 2 {
			t.Errorf("unit %d: %+v", i, u)
		}
		for _, g := range u.Games {
			if keys[g.Key()] {
				t.Errorf("duplicate game %v", g)
			}
			keys[g.Key()] = true
			if g.UnitKey() != u.Games[0].UnitKey() {
				t.Errorf("unit key differs inside a unit")
			}
		}
	}
	// Every pairing plays the same seeds.
	if units[0].Seed != units[1].Seed || units[0].Seed == units[3].Seed {
		t.Errorf("seeds: %d %d %d", units[0].Seed, units[1].Seed, units[3].Seed)
	}
}

func TestDeriveSeed(t *testing.T) {
	// Fixed values: a change here changes every tournament's maps.
	want := []int64{1592498451, 343404953, 598291371} // SplitMix64, checked with an independent implementation
	for r, w := range want {
		if got := DeriveSeed(42, r); got != w {
			t.Errorf("DeriveSeed(42, %d) = %d, want %d", r, got, w)
		}
	}
	seen := map[int64]bool{}
	for r := range 1000 {
		s := DeriveSeed(-5, r)
		if s < 0 || s >= 1<<31 || seen[s] {
			t.Fatalf("DeriveSeed(-5, %d) = %d: negative, too big or repeated", r, s)
		}
		seen[s] = true
	}
}

func TestShardsPartitionTheSchedule(t *testing.T) {
	base := Plan{Game: "g", Bots: []string{"a", "b", "c", "d"}, MinPlayers: 2, MaxPlayers: 2, GamesPerPairing: 10, MasterSeed: 1}
	all := base
	if err := all.Check(); err != nil {
		t.Fatal(err)
	}
	count := map[int]int{}
	for i := 1; i <= 3; i++ {
		p := base
		p.Shard = Shard{Index: i, Count: 3}
		if err := p.Check(); err != nil {
			t.Fatal(err)
		}
		for _, u := range p.Units() {
			count[u.Index]++
		}
	}
	if len(count) != len(all.Units()) {
		t.Errorf("shards cover %d units of %d", len(count), len(all.Units()))
	}
	for idx, n := range count {
		if n != 1 {
			t.Errorf("unit %d is in %d shards", idx, n)
		}
	}
}

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/4"); err != nil || s != (Shard{2, 4}) {
		t.Errorf("ParseShard(2/4) = %v, %v", s, err)
	}
	for _, bad := range []string{"2", "0/4", "5/4", "a/b", "1/0", "0/0"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

// The schedule is counted and looked up without being listed: Scheduled and Schedules agree
// with the games EachGame lists, for every shard, group size and gauntlet.
func TestScheduleCountedAndLookedUpWithoutListing(t *testing.T) {
	bots := []string{"a", "b", "c", "d", "e"}
	for _, p := range []Plan{
		{Game: "g", Bots: bots, MinPlayers: 2, MaxPlayers: 2, GamesPerPairing: 7, MasterSeed: 3},
		{Game: "g", Bots: bots, MinPlayers: 2, MaxPlayers: 2, GamesPerPairing: 4, MasterSeed: 3, Gauntlet: true},
		{Game: "g", Bots: bots, MinPlayers: 2, MaxPlayers: 4, GroupSize: 3, GamesPerPairing: 6, MasterSeed: 3},
		{Game: "g", Bots: bots, MinPlayers: 2, MaxPlayers: 8, GroupSize: 4, GamesPerPairing: 5, MasterSeed: 3},
	} {
		whole := p
		if err := whole.Check(); err != nil {
			t.Fatal(err)
		}
		all := slices.Collect(whole.EachGame())
		for _, shard := range []Shard{{}, {1, 1}, {1, 3}, {2, 3}, {3, 3}, {5, 7}, {7, 7}, {40, 40}} {
			p := whole
			p.Shard = shard
			var want []GameID
			for _, g := range all {
				k := slices.IndexFunc(p.pairingNames(), func(n []string) bool { return slices.Equal(n, g.Pairing) })
				if shard.Has(g.Round*len(p.Pairings()) + k) {
					want = append(want, g)
				}
			}
			got := slices.Collect(p.EachGame())
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("group %d, shard %v: games (-want +got):\n%s", p.GroupSize, shard, d)
			}
			if p.Scheduled() != len(want) {
				t.Errorf("group %d, shard %v: Scheduled() = %d, want %d", p.GroupSize, shard, p.Scheduled(), len(want))
			}
			in := p.Schedules()
			for _, g := range all {
				if in(g) != slices.ContainsFunc(want, func(w GameID) bool { return w.Key() == g.Key() }) {
					t.Errorf("group %d, shard %v: Schedules(%v) = %v", p.GroupSize, shard, g, in(g))
				}
			}
			// Nor does it take a game of another game, seed, round, order or group.
			g := all[0]
			for _, other := range []GameID{
				{Game: "h", Pairing: g.Pairing, Round: g.Round, Seed: g.Seed, Order: g.Order},
				{Game: g.Game, Pairing: g.Pairing, Round: g.Round, Seed: g.Seed + 1, Order: g.Order},
				{Game: g.Game, Pairing: g.Pairing, Round: p.Rounds(), Seed: DeriveSeed(3, p.Rounds()), Order: g.Order},
				{Game: g.Game, Pairing: g.Pairing, Round: g.Round, Seed: g.Seed, Order: []int{0}},
				{Game: g.Game, Pairing: []string{"a", "zz"}, Round: g.Round, Seed: g.Seed, Order: g.Order},
			} {
				if in(other) {
					t.Errorf("group %d, shard %v: Schedules(%v) = true", p.GroupSize, shard, other)
				}
			}
		}
	}
}

// A cap of a billion games (an SPRT's) is counted at once, and its first games are listed
// without the rest: the schedule is not built whole (it took 630 MB for a million games).
func TestHugeScheduleIsNotBuilt(t *testing.T) {
	p := Plan{Game: "g", Bots: []string{"a", "b", "c"}, MinPlayers: 2, MaxPlayers: 2, GamesPerPairing: MaxGamesPerPairing, MasterSeed: 1}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	if want := 3 * MaxGamesPerPairing; p.Scheduled() != want {
		t.Errorf("Scheduled() = %d, want %d", p.Scheduled(), want)
	}
	n := 0
	allocs := testing.AllocsPerRun(1, func() {
		n = 0
		for range p.EachGame() {
			if n++; n == 1000 {
				break
			}
		}
	})
	if n != 1000 || allocs > 10000 {
		t.Errorf("the first 1000 games: %d listed, %.0f allocations", n, allocs)
	}
	p.GamesPerPairing++
	if err := p.Check(); err == nil {
		t.Errorf("%d games per pairing accepted", p.GamesPerPairing)
	}
}
