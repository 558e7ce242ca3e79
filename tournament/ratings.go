package tournament

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/arena-games/arena/internal/detmath"
)

// RankedGame is one game for the rating fit: the rated items that took part (indices into
// the list of bots) and their ranks, 1 = best, equal ranks for a tie.
type RankedGame struct {
	Items []int
	Ranks []int
}

// Fit is a maximum-likelihood Plackett–Luce fit: each item i has a strength θ_i, and in a
// game the probability that i finishes first among the remaining items R is
// e^θ_i / Σ_{j∈R} e^θ_j, stage after stage down the ranking. With two players per game this
// is the Bradley–Terry model, the one behind Elo.
type Fit struct {
	// Theta holds the strengths in natural-log units, centred on their mean.
	Theta []float64
	// SD holds the standard deviation of each θ_i − mean(θ), from the inverse of the
	// Fisher information.
	SD []float64
}

// Elo converts item i's strength to logistic Elo relative to the field's mean.
func (f Fit) Elo(i int) float64 { return f.Theta[i] * 400 / math.Ln10 }

// EloInterval is item i's Elo interval at the given z.
func (f Fit) EloInterval(i int, z float64) (lo, hi float64) {
	half := z * f.SD[i] * 400 / math.Ln10
	return f.Elo(i) - half, f.Elo(i) + half
}

// DefaultPriorDraws is how many virtual draws against an average opponent each bot gets
// before any real game, as BayesElo does: without them a bot that won (or lost) every game
// would have an infinite rating. Their weight vanishes as real games accumulate.
const DefaultPriorDraws = 1.0

// FitPlackettLuce fits strengths for `items` items from ranked games. priorDraws virtual
// draws per item against a fixed opponent of strength 0 keep the fit finite and the Fisher
// information invertible; it must be positive.
func FitPlackettLuce(items int, games []RankedGame, priorDraws float64) (Fit, error) {
	if items <= 0 {
		return Fit{}, errors.New("rating fit: no items")
	}
	if priorDraws <= 0 {
		return Fit{}, errors.New("rating fit: the prior must be positive")
	}
	orders, err := expandRankings(items, games, priorDraws)
	if err != nil {
		return Fit{}, err
	}
	theta := make([]float64, items+1) // the last one is the fixed opponent of the prior
	ll, grad, info := plackettLuceTerms(items, orders, theta)
	for iter := 0; iter < 200; iter++ {
		step, err := solve(info, grad)
		if err != nil {
			return Fit{}, fmt.Errorf("rating fit: %w", err)
		}
		// Newton's step, halved until the likelihood does not fall (it is concave, so a
		// short enough step always improves it).
		var next []float64
		var nextLL float64
		var nextGrad []float64
		var nextInfo [][]float64
		scale := 1.0
		for halvings := 0; ; halvings++ {
			next = append([]float64(nil), theta...)
			for i := range items {
				next[i] += float64(scale * step[i])
			}
			nextLL, nextGrad, nextInfo = plackettLuceTerms(items, orders, next)
			if nextLL >= ll-float64(1e-12*math.Abs(ll)) || halvings > 40 {
				break
			}
			scale /= 2
		}
		theta, ll, grad, info = next, nextLL, nextGrad, nextInfo
		if maxAbs(step)*scale < 1e-10 {
			break
		}
	}
	return centred(items, theta[:items], info)
}

// centred re-expresses the strengths relative to their mean, with the standard deviation
// of each θ_i − mean(θ): Var = (P C Pᵀ)_ii for the covariance C = info⁻¹ and the centring
// projection P = I − J/k.
func centred(items int, theta []float64, info [][]float64) (Fit, error) {
	l, ok := cholesky(info)
	if !ok {
		return Fit{}, errors.New("rating fit: the Fisher information is not positive definite")
	}
	cov := make([][]float64, items) // column j of info⁻¹ solves info·c = e_j
	for j := range items {
		e := make([]float64, items)
		e[j] = 1
		cov[j] = choleskySolve(l, e)
	}
	k := float64(items)
	var mean float64
	for _, t := range theta {
		mean += t
	}
	mean /= k
	var total float64 // Σ_jl C_jl
	rowSums := make([]float64, items)
	for j := range items {
		for l := range items {
			rowSums[j] += cov[j][l]
		}
		total += rowSums[j]
	}
	fit := Fit{Theta: make([]float64, items), SD: make([]float64, items)}
	for i := range items {
		fit.Theta[i] = theta[i] - mean
		v := cov[i][i] - 2*rowSums[i]/k + total/(k*k)
		fit.SD[i] = math.Sqrt(math.Max(v, 0))
	}
	return fit, nil
}

// weightedOrder is one full ranking (best first) with a weight.
type weightedOrder struct {
	order  []int
	weight float64
}

// expandRankings turns games with ties into weighted full rankings and adds the prior.
// A tie is spread evenly over rotations of the tied group (for two players: half a win
// each way, the usual draw = ½ point); identical rankings are merged, which keeps the fit
// fast for thousands of games between a handful of bots. With several tied groups the
// game is spread over a common multiple of their sizes, so that every group goes through
// its rotations equally often: over max(sizes) rotations, a pair tied beside a trio would
// be ranked one way two times out of three.
func expandRankings(items int, games []RankedGame, priorDraws float64) ([]weightedOrder, error) {
	merged := map[string]*weightedOrder{}
	var keys []string
	add := func(order []int, w float64) {
		key := intsKey(order)
		if o, ok := merged[key]; ok {
			o.weight += w
			return
		}
		merged[key] = &weightedOrder{order: order, weight: w}
		keys = append(keys, key)
	}
	for gi, g := range games {
		if len(g.Items) != len(g.Ranks) {
			return nil, fmt.Errorf("rating fit: game %d: %d items but %d ranks", gi, len(g.Items), len(g.Ranks))
		}
		if len(g.Items) < 2 {
			continue
		}
		for _, it := range g.Items {
			if it < 0 || it >= items {
				return nil, fmt.Errorf("rating fit: game %d: item %d out of range", gi, it)
			}
		}
		groups := tieGroups(g)
		rotations := 1
		for _, grp := range groups {
			rotations = lcm(rotations, len(grp))
		}
		for r := range rotations {
			var order []int
			for _, grp := range groups {
				for k := range grp {
					order = append(order, grp[(k+r)%len(grp)])
				}
			}
			add(order, 1/float64(rotations))
		}
	}
	ghost := items
	for i := range items {
		// Rounded on its own: the compiler makes x/2 into x*0.5, which it would fuse with
		// the addition in add on arm64 (exact here, but the check for fused instructions
		// cannot know that).
		half := float64(priorDraws / 2)
		add([]int{i, ghost}, half)
		add([]int{ghost, i}, half)
	}
	sort.Strings(keys) // a fixed order of summation: the same input gives the same bits
	out := make([]weightedOrder, len(keys))
	for i, k := range keys {
		out[i] = *merged[k]
	}
	return out, nil
}

// tieGroups lists a game's items by rank, best first, items of equal rank together.
func tieGroups(g RankedGame) [][]int {
	idx := make([]int, len(g.Items))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return g.Ranks[idx[a]] < g.Ranks[idx[b]] })
	var groups [][]int
	for pos, i := range idx {
		if pos > 0 && g.Ranks[i] == g.Ranks[idx[pos-1]] {
			groups[len(groups)-1] = append(groups[len(groups)-1], g.Items[i])
			continue
		}
		groups = append(groups, []int{g.Items[i]})
	}
	return groups
}

// plackettLuceTerms returns the log-likelihood, its gradient and the Fisher information
// (minus the Hessian) with respect to the first `items` strengths; theta[items] is fixed.
// Every product added to something is rounded on its own, float64(x*y), and e^θ and the
// logarithm come from detmath, so that the fit has the same bits on every machine.
func plackettLuceTerms(items int, orders []weightedOrder, theta []float64) (float64, []float64, [][]float64) {
	var ll float64
	grad := make([]float64, items)
	info := make([][]float64, items)
	for i := range info {
		info[i] = make([]float64, items)
	}
	expTheta := make([]float64, len(theta))
	for i, th := range theta {
		expTheta[i] = detmath.Exp(th)
	}
	for _, o := range orders {
		m := len(o.order)
		// Suffix sums of e^θ: the denominators of every stage.
		exp := make([]float64, m)
		for t, it := range o.order {
			exp[t] = expTheta[it]
		}
		suffix := make([]float64, m+1)
		for t := m - 1; t >= 0; t-- {
			suffix[t] = suffix[t+1] + exp[t]
		}
		for s := 0; s < m-1; s++ {
			chosen := o.order[s]
			ll += float64(o.weight * (theta[chosen] - detmath.Log(suffix[s])))
			if chosen < items {
				grad[chosen] += o.weight
			}
			for a := s; a < m; a++ {
				ia := o.order[a]
				if ia >= items {
					continue
				}
				pa := exp[a] / suffix[s]
				grad[ia] -= float64(o.weight * pa)
				info[ia][ia] += float64(o.weight * pa)
				for b := s; b < m; b++ {
					ib := o.order[b]
					if ib >= items || ib < ia {
						continue
					}
					pb := exp[b] / suffix[s]
					info[ia][ib] -= float64(float64(o.weight*pa) * pb)
					info[ib][ia] = info[ia][ib]
				}
			}
		}
	}
	return ll, grad, info
}

func solve(info [][]float64, grad []float64) ([]float64, error) {
	l, ok := cholesky(info)
	if !ok {
		return nil, errors.New("the Fisher information is not positive definite")
	}
	return choleskySolve(l, grad), nil
}

// cholesky factorises a symmetric matrix as L·Lᵀ, L lower triangular; ok is false when the
// matrix is not positive definite. It is written out here, products rounded on their own
// and sums in a fixed order, so that the ratings have the same bits on every machine (a
// library's factorisation is compiled with fused multiply-adds on arm64).
func cholesky(a [][]float64) (l [][]float64, ok bool) {
	n := len(a)
	l = make([][]float64, n)
	for i := range l {
		l[i] = make([]float64, n)
	}
	for j := range n {
		d := a[j][j]
		for k := range j {
			d -= float64(l[j][k] * l[j][k])
		}
		if !(d > 0) {
			return nil, false
		}
		l[j][j] = math.Sqrt(d)
		for i := j + 1; i < n; i++ {
			s := a[i][j]
			for k := range j {
				s -= float64(l[i][k] * l[j][k])
			}
			l[i][j] = s / l[j][j]
		}
	}
	return l, true
}

// choleskySolve solves L·Lᵀ·x = b: L·y = b forwards, then Lᵀ·x = y backwards.
func choleskySolve(l [][]float64, b []float64) []float64 {
	n := len(b)
	x := append([]float64(nil), b...)
	for i := range n {
		for k := range i {
			x[i] -= float64(l[i][k] * x[k])
		}
		x[i] /= l[i][i]
	}
	for i := n - 1; i >= 0; i-- {
		for k := i + 1; k < n; k++ {
			x[i] -= float64(l[k][i] * x[k])
		}
		x[i] /= l[i][i]
	}
	return x
}

// lcm is the least common multiple of two positive integers. The sizes of the tied groups
// of a game add up to its players (16 at most), which keeps it at 140 at most.
func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	return a / x * b
}

func maxAbs(v []float64) float64 {
	var m float64
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

func intsKey(v []int) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ",")
}
