package rockets

import (
	"math"
	"strconv"
	"strings"

	"github.com/arena-games/arena/referee"
)

// params are the world parameters of one game: DESCRIBE_WORLD's values and the design
// choices the spec exposes as options (spec §2).
type params struct {
	Sr, Sf, Sue, Sut, Nmax, Umax, Sfuel int64
	R                                   float64
	Q, Slmin, Slmax                     int64
	T, L                                int
	K                                   float64
	lawyers                             bool
	cities, cars                        int
	money                               int64
	turns                               int
	hstep, bstep                        int
	parallel                            bool // lockstep: serve seats at once, in arrival order
}

// Fixed rules (spec §2, "Fixed").
const (
	tankSize        = 100
	normalTravel    = 2   // turns per road with a normal engine
	fastTravel      = 1   // turns per road with a fast engine
	quickPushes     = 5   // pushes since home that take pushTravel
	pushTravel      = 10  // turns for one of the first quickPushes pushes
	tiredPushTravel = 180 // turns for every later push
	lawyerMemory    = 30  // turns a lawyer remembers payments; contract extension
	suitDuration    = 10  // turns until a lawsuit is resolved
	launchesToEnd   = 3   // the game ends once this many rockets have launched
	turnsAfterFirst = 30  // the game ends this many turns after the first launch
	transferMemory  = 10  // TRANSFERS lists lawsuits resolved in the last 10 turns
	maxSuingRatio   = 10  // a site may sue one holding at most 10× its total deposit
)

// variants are the seed's server table (§7.12): identical worlds, with or without lawyers.
var variants = map[string]bool{"rockets1": true, "rockets2": false}

func defaultParams(lawyers bool) params {
	return params{
		Sr: 10000, Sf: 1000, Sue: 2000, Sut: 500, Nmax: 200, Umax: 500, Sfuel: 1,
		R: 5.0, Q: 15, Slmin: 100, Slmax: 500, T: 1, L: 40, K: 1.0,
		lawyers: lawyers, cities: 400, cars: 5, money: 1000, turns: 1500, hstep: 1, bstep: 2,
	}
}

// intOption describes an integer parameter: its key, range and where it is stored.
type intOption struct {
	key, help string
	lo, hi    int64
	get       func(*params) *int64
}

// The seed's ranges (§7.10) for the DESCRIBE_WORLD symbols; ours for the design choices.
// Money and turn counts are bounded only to keep arithmetic far from overflow.
var intOptions = []intOption{
	{"Sr", "S_r: total deposit needed before a launch", 0, 500000, func(p *params) *int64 { return &p.Sr }},
	{"Sf", "S_f: founding taxes, paid and lost", 0, 500000, func(p *params) *int64 { return &p.Sf }},
	{"Sue", "S_ue: engine upgrade price", 0, 50000, func(p *params) *int64 { return &p.Sue }},
	{"Sut", "S_ut: trunk upgrade price", 0, 50000, func(p *params) *int64 { return &p.Sut }},
	{"Nmax", "N_max: cash a normal car may carry", 0, 50000, func(p *params) *int64 { return &p.Nmax }},
	{"Umax", "U_max: cash a car with a big trunk may carry", 0, 50000, func(p *params) *int64 { return &p.Umax }},
	{"Sg", "S_g: price of one fuel unit", 0, 50000, func(p *params) *int64 { return &p.Sfuel }},
	{"Q", "Q: launch payout multiplier", 0, 100, func(p *params) *int64 { return &p.Q }},
	{"Slmin", "S_lmin: smallest lawyer payment", 0, 5000, func(p *params) *int64 { return &p.Slmin }},
	{"Slmax", "S_lmax: largest lawyer payment", 0, 5000, func(p *params) *int64 { return &p.Slmax }},
	{"money", "starting cash per team", 0, 1000000000, func(p *params) *int64 { return &p.money }},
}

// smallIntOption is an integer parameter stored as an int.
type smallIntOption struct {
	key, help string
	lo, hi    int
	get       func(*params) *int
}

var smallIntOptions = []smallIntOption{
	{"T", "T: turn duration in seconds", 1, 3, func(p *params) *int { return &p.T }},
	{"L", "L: commands per team per turn", 1, 100, func(p *params) *int { return &p.L }},
	{"cities", "cities of a generated map (ignored with map)", 10, 10000, func(p *params) *int { return &p.cities }},
	{"cars", "cars per team", 1, 20, func(p *params) *int { return &p.cars }},
	{"turns", "game length G in turns", 1, 1000000, func(p *params) *int { return &p.turns }},
	{"hstep", "road handicap added per traversal", 0, 1000, func(p *params) *int { return &p.hstep }},
	{"bstep", "team road bonus added per own traversal", 0, 1000, func(p *params) *int { return &p.bstep }},
}

type floatOption struct {
	key, help string
	lo, hi    float64
	get       func(*params) *float64
}

var floatOptions = []floatOption{
	{"R", "R: revenue per road of a cycle", 0, 50000, func(p *params) *float64 { return &p.R }},
	{"K", "K: score coefficient", 1, 8, func(p *params) *float64 { return &p.K }},
}

// options lists every option for Info, defaults as in rockets1.
func options() []referee.Option {
	d := defaultParams(true)
	opts := []referee.Option{
		{Key: "variant", Default: "rockets1", Help: "server variant: rockets1 (lawyers) or rockets2 (no lawyers)"},
		{Key: "map", Default: "", Help: "map file in the cartographic format (a path or a shipped map such as rockets/small.map); empty: generated from the seed", File: true},
		{Key: "lawyers", Default: "1", Help: "1: lawyers available, 0: not (default from the variant)"},
		{Key: "parallel", Default: "0", Help: "1: arena run serves the seats of a turn at once, lines in arrival order (faster, not reproducible); 0: one after another"},
	}
	// Each help ends with the accepted range, as the other games' do.
	for _, o := range intOptions {
		opts = append(opts, referee.Option{Key: o.key, Default: strconv.FormatInt(*o.get(&d), 10), Help: o.help + "; " + strconv.FormatInt(o.lo, 10) + ".." + strconv.FormatInt(o.hi, 10)})
	}
	for _, o := range smallIntOptions {
		opts = append(opts, referee.Option{Key: o.key, Default: strconv.Itoa(*o.get(&d)), Help: o.help + "; " + strconv.Itoa(o.lo) + ".." + strconv.Itoa(o.hi)})
	}
	for _, o := range floatOptions {
		opts = append(opts, referee.Option{Key: o.key, Default: realText(*o.get(&d)), Help: o.help + " (a real number); " + realText(o.lo) + ".." + realText(o.hi)})
	}
	return opts
}

// realText writes a real-valued option as the game's page does, with a decimal point even
// when whole (5.0), so that it reads as a value that takes decimals.
func realText(v float64) string {
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// parseParams applies the options to the variant's defaults. Values outside their range
// are an *referee.OptionError naming key, value and range.
func parseParams(opts map[string]string) (params, error) {
	if err := referee.CheckOptions(gameName, options(), opts); err != nil {
		return params{}, err
	}
	bad := func(key, reason string) error {
		return &referee.OptionError{Game: gameName, Key: key, Value: opts[key], Reason: reason}
	}
	variant := "rockets1"
	if v, ok := opts["variant"]; ok {
		variant = v
	}
	lawyers, ok := variants[variant]
	if !ok {
		return params{}, bad("variant", "want rockets1 or rockets2")
	}
	p := defaultParams(lawyers)
	if v, ok := opts["lawyers"]; ok {
		switch v {
		case "0":
			p.lawyers = false
		case "1":
			p.lawyers = true
		default:
			return params{}, bad("lawyers", "want 0 or 1")
		}
	}
	switch opts["parallel"] {
	case "", "0":
	case "1":
		p.parallel = true
	default:
		return params{}, bad("parallel", "want 0 or 1")
	}
	for _, o := range intOptions {
		if v, ok := opts[o.key]; ok {
			n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
			if err != nil || n < o.lo || n > o.hi {
				return params{}, bad(o.key, rangeReason(strconv.FormatInt(o.lo, 10), strconv.FormatInt(o.hi, 10), "an integer"))
			}
			*o.get(&p) = n
		}
	}
	for _, o := range smallIntOptions {
		if v, ok := opts[o.key]; ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < o.lo || n > o.hi {
				return params{}, bad(o.key, rangeReason(strconv.Itoa(o.lo), strconv.Itoa(o.hi), "an integer"))
			}
			*o.get(&p) = n
		}
	}
	for _, o := range floatOptions {
		if v, ok := opts[o.key]; ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || math.IsNaN(f) || f < o.lo || f > o.hi {
				return params{}, bad(o.key, rangeReason(realText(o.lo), realText(o.hi), "a number"))
			}
			*o.get(&p) = f
		}
	}
	if p.Slmin > p.Slmax {
		key := "Slmin" // name the option the user gave
		if _, given := opts[key]; !given {
			key = "Slmax"
		}
		return params{}, bad(key, "Slmin ("+strconv.FormatInt(p.Slmin, 10)+") must not exceed Slmax ("+strconv.FormatInt(p.Slmax, 10)+"): no lawyer payment would be valid")
	}
	return p, nil
}

func rangeReason(lo, hi, kind string) string {
	return "want " + kind + " in " + lo + ".." + hi
}
