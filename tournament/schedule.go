package tournament

import (
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
)

// MaxPairings bounds the number of groups a plan may have: with many bots in an N-player
// game the number of groups grows combinatorially, and a smaller --group is the answer.
const MaxPairings = 10000

// MaxGamesPerPairing bounds a plan's games per group: a billion, years of play, and far
// from where counting the schedule's games could overflow.
const MaxGamesPerPairing = 1_000_000_000

// AllOrdersUpTo is the largest group size for which every seat order is played (3! = 6
// games per seed); larger groups play the group's cyclic rotations, in which each bot sits
// in each seat exactly once.
const AllOrdersUpTo = 3

// Plan says which games a tournament plays.
type Plan struct {
	Game string // the game's name
	// Bots are the bots' names, unique, in command-line order.
	Bots []string
	// MinPlayers and MaxPlayers are the game's player counts.
	MinPlayers, MaxPlayers int
	// GroupSize is the number of bots per game; 0 picks the default (see DefaultGroupSize).
	GroupSize int
	// Gauntlet plays the first bot against the others instead of everyone against everyone.
	Gauntlet bool
	// GamesPerPairing is the least number of games each group plays; it is rounded up to a
	// whole number of seeds, every seed being played in every seat order.
	GamesPerPairing int
	MasterSeed      int64
	Shard           Shard
}

// Unit is one seed of one group in every seat order: the observation the statistics count.
type Unit struct {
	Index   int      // position in the whole (unsharded) schedule
	Pairing []string // the group's bots, in command-line order
	Round   int      // which seed of the tournament
	Seed    int64
	Games   []GameID
}

// GameID identifies one game of a tournament; it is what a result line is matched on.
type GameID struct {
	Game    string
	Pairing []string
	Round   int
	Seed    int64
	// Order maps seats to the group: seat s is played by Pairing[Order[s]].
	Order []int
}

// Key is the identity used for resuming and de-duplicating: the game, the group, the seed
// and the seat order (the round is implied by the seed).
func (g GameID) Key() string {
	var b strings.Builder
	b.WriteString(g.Game)
	for _, p := range g.Pairing {
		b.WriteByte(0x1f)
		b.WriteString(p)
	}
	b.WriteByte(0x1e)
	b.WriteString(strconv.FormatInt(g.Seed, 10))
	b.WriteByte(0x1e)
	b.WriteString(intsKey(g.Order))
	return b.String()
}

// UnitKey identifies the unit a game belongs to: the same key without the seat order.
func (g GameID) UnitKey() string {
	id := g
	id.Order = nil
	return id.Key()
}

// Seats lists the bots in seat order.
func (g GameID) Seats() []string {
	out := make([]string, len(g.Order))
	for s, i := range g.Order {
		out[s] = g.Pairing[i]
	}
	return out
}

// DefaultGroupSize is two bots per game for games of two players and everyone (up to the
// game's maximum) for N-player games.
func (p Plan) DefaultGroupSize() int {
	size := min(len(p.Bots), p.MaxPlayers)
	if p.MaxPlayers <= 2 {
		size = 2
	}
	return max(size, p.MinPlayers)
}

// Check validates the plan and fills in the default group size.
func (p *Plan) Check() error {
	if len(p.Bots) < 2 {
		return fmt.Errorf("a tournament needs at least 2 bots, got %d", len(p.Bots))
	}
	seen := map[string]bool{}
	for _, b := range p.Bots {
		if seen[b] {
			return fmt.Errorf("bot %q given twice (names must be unique)", b)
		}
		seen[b] = true
	}
	if p.GroupSize == 0 {
		p.GroupSize = p.DefaultGroupSize()
	}
	if p.GroupSize < p.MinPlayers || p.GroupSize > p.MaxPlayers {
		players := fmt.Sprintf("%d to %d players", p.MinPlayers, p.MaxPlayers)
		if p.MinPlayers == p.MaxPlayers {
			players = fmt.Sprintf("%d players", p.MinPlayers)
		}
		return fmt.Errorf("--group %d: %s is played by %s", p.GroupSize, p.Game, players)
	}
	if p.GroupSize > len(p.Bots) {
		return fmt.Errorf("groups of %d need at least %d bots, got %d", p.GroupSize, p.GroupSize, len(p.Bots))
	}
	if p.GroupSize < 2 {
		return fmt.Errorf("groups of %d: a game needs at least 2 bots to compare them", p.GroupSize)
	}
	if p.GamesPerPairing < 1 || p.GamesPerPairing > MaxGamesPerPairing {
		return fmt.Errorf("games per pairing must be 1 to %d, got %d", MaxGamesPerPairing, p.GamesPerPairing)
	}
	// Pairings stops counting past the bound: their number is not known here.
	if len(p.Pairings()) > MaxPairings {
		return fmt.Errorf("more than %d groups of %d of the %d bots: choose a smaller group size", MaxPairings, p.GroupSize, len(p.Bots))
	}
	return p.Shard.Check()
}

// Pairings lists the groups of bot indices: every combination of GroupSize bots in
// round-robin, or the first bot with every combination of GroupSize−1 others in a gauntlet.
func (p Plan) Pairings() [][]int {
	if p.Gauntlet {
		var out [][]int
		for _, c := range combinations(len(p.Bots)-1, p.GroupSize-1) {
			group := []int{0}
			for _, i := range c {
				group = append(group, i+1)
			}
			out = append(out, group)
		}
		return out
	}
	return combinations(len(p.Bots), p.GroupSize)
}

// combinations lists the k-subsets of {0..n−1} in lexicographic order; it stops early past
// MaxPairings+1 so that Check can refuse a plan without building all of them.
func combinations(n, k int) [][]int {
	var out [][]int
	if k > n || k < 0 {
		return nil
	}
	c := make([]int, k)
	for i := range c {
		c[i] = i
	}
	for len(out) <= MaxPairings {
		out = append(out, append([]int(nil), c...))
		i := k - 1
		for i >= 0 && c[i] == n-k+i {
			i--
		}
		if i < 0 {
			break
		}
		c[i]++
		for j := i + 1; j < k; j++ {
			c[j] = c[j-1] + 1
		}
	}
	return out
}

// SeatOrders lists the seat orders of a group of n: all n! permutations (identity first,
// lexicographic) when n ≤ AllOrdersUpTo, otherwise the n cyclic rotations.
func SeatOrders(n int) [][]int {
	if n <= AllOrdersUpTo {
		return permutations(n)
	}
	out := make([][]int, n)
	for r := range n {
		out[r] = make([]int, n)
		for s := range n {
			out[r][s] = (s + r) % n
		}
	}
	return out
}

func permutations(n int) [][]int {
	var out [][]int
	var rec func(prefix []int, used []bool)
	rec = func(prefix []int, used []bool) {
		if len(prefix) == n {
			out = append(out, append([]int(nil), prefix...))
			return
		}
		for i := range n {
			if used[i] {
				continue
			}
			used[i] = true
			rec(append(prefix, i), used)
			used[i] = false
		}
	}
	rec(nil, make([]bool, n))
	return out
}

// Rounds is the number of seeds each group plays: GamesPerPairing rounded up to whole
// seeds.
func (p Plan) Rounds() int {
	orders := len(SeatOrders(p.GroupSize))
	return (p.GamesPerPairing + orders - 1) / orders
}

// Units lists the units of this plan's shard (see EachUnit). Call Check first.
func (p Plan) Units() []Unit {
	return slices.Collect(p.EachUnit())
}

// EachUnit yields the units of this plan's shard, round by round so that an interrupted run
// has played every group about equally. They are made as they are asked for: a tournament
// whose --games is a cap (an SPRT's) may schedule millions of games and play a few
// thousand. Call Check first.
func (p Plan) EachUnit() iter.Seq[Unit] {
	return func(yield func(Unit) bool) {
		pairings := p.pairingNames()
		orders := SeatOrders(p.GroupSize)
		rounds := p.Rounds()
		for round := range rounds {
			seed := DeriveSeed(p.MasterSeed, round)
			for k, names := range pairings {
				idx := round*len(pairings) + k
				if !p.Shard.Has(idx) {
					continue
				}
				u := Unit{Index: idx, Pairing: names, Round: round, Seed: seed}
				for _, o := range orders {
					u.Games = append(u.Games, GameID{Game: p.Game, Pairing: names, Round: round, Seed: seed, Order: o})
				}
				if !yield(u) {
					return
				}
			}
		}
	}
}

// EachGame yields the games of this plan's shard, unit after unit (see EachUnit).
func (p Plan) EachGame() iter.Seq[GameID] {
	return func(yield func(GameID) bool) {
		for u := range p.EachUnit() {
			for _, g := range u.Games {
				if !yield(g) {
					return
				}
			}
		}
	}
}

// pairingNames is Pairings with the bots' names.
func (p Plan) pairingNames() [][]string {
	var out [][]string
	for _, group := range p.Pairings() {
		names := make([]string, len(group))
		for i, b := range group {
			names[i] = p.Bots[b]
		}
		out = append(out, names)
	}
	return out
}

// Scheduled is the number of games of this plan's shard. Call Check first.
func (p Plan) Scheduled() int {
	units := p.Rounds() * len(p.Pairings())
	if p.Shard.Count > 1 {
		// The indexes ≡ Index−1 modulo Count below units.
		first := p.Shard.Index - 1
		units = max(0, (units-first+p.Shard.Count-1)/p.Shard.Count)
	}
	return units * len(SeatOrders(p.GroupSize))
}

// Schedules returns a membership test for this plan's shard: whether it plays game g (a
// game read from a results file), found without listing the schedule. Call Check first.
func (p Plan) Schedules() func(g GameID) bool {
	pairings := map[string]int{}
	for k, names := range p.pairingNames() {
		pairings[strings.Join(names, "\x1f")] = k
	}
	orders := map[string]bool{}
	for _, o := range SeatOrders(p.GroupSize) {
		orders[intsKey(o)] = true
	}
	rounds := p.Rounds()
	return func(g GameID) bool {
		if g.Game != p.Game || g.Round < 0 || g.Round >= rounds || g.Seed != DeriveSeed(p.MasterSeed, g.Round) || !orders[intsKey(g.Order)] {
			return false
		}
		k, ok := pairings[strings.Join(g.Pairing, "\x1f")]
		return ok && p.Shard.Has(g.Round*len(pairings)+k)
	}
}
