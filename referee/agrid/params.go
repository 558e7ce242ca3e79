package agrid

import (
	"fmt"
	"math"
	"strconv"

	"github.com/arena-games/arena/referee"
)

// params are the world parameters of one game: the DESCRIBE_WORLD values (spec §2) plus the
// design parameters the seed leaves open (workers, season length, idle countdown, hills).
type params struct {
	A          int     // posts per side
	B          int     // 1 = mountain model: workers may stand on hills
	D          float64 // area exponent
	E          int     // turns between SHOW_MAP calls
	F          int     // marker lifespan
	G          int     // worker storage capacity
	H          int     // 1 = a harvest purges the inside of its BLOBs
	Z, W, T    float64 // BLOB bonuses
	Sw, Sh, Ss float64 // harvest bonuses (two / three equal areas) and square bonus
	N, M       float64 // per opponent marker inside: to the harvester / to its owner
	I          int     // turn duration, seconds
	L          int     // commands per turn
	K          float64 // final score coefficient
	Workers    int     // workers per team
	Turns      int     // season length (the seed's predetermined number of turns)
	Idle       int     // premature-end countdown Y
	Hills      float64 // fraction of posts that are hills
}

// variants copies the seed's server table (§6.9) with the spec's numbers (§2). A is filled
// in from the player count.
var variants = map[string]params{
	"grid1": {B: 0, D: 2, E: 20, F: 5000, G: 10, H: 1, Z: 0.2, W: 0.2, T: 0.5, Sw: 0.5, Sh: 1, Ss: 1, N: 0.5, M: 0,
		I: 1, L: 30, K: 1, Workers: 4, Turns: 1000, Idle: 100, Hills: 0.06},
	"grid2": {B: 1, D: 2, E: 20, F: 50, G: 10, H: 0, Z: 0.5, W: 0.5, T: 0, Sw: 0, Sh: 1, Ss: 1, N: 0.03, M: 0,
		I: 1, L: 30, K: 1, Workers: 4, Turns: 1000, Idle: 100, Hills: 0.12},
	"grid3": {B: 0, D: 2, E: 20, F: 5000, G: 2, H: 0, Z: 0, W: 0, T: 1, Sw: 1, Sh: 1, Ss: 0.5, N: 1, M: 1,
		I: 1, L: 30, K: 1, Workers: 4, Turns: 1000, Idle: 100, Hills: 0.06},
}

const defaultVariant = "grid1"

// defaultSize is the spec's A for n teams: clamp(16+8n, 32, 96).
func defaultSize(players int) int {
	return min(max(16+8*players, 32), 96)
}

// intParam and realParam describe one overridable parameter: its option key, the seed's
// range and where it lives in params.
type intParam struct {
	key      string
	lo, hi   int
	field    func(*params) *int
	help     string
	sizeAuto bool // A: "auto" means the player-count default
}

type realParam struct {
	key    string
	lo, hi float64
	field  func(*params) *float64
	help   string
}

var intParams = []intParam{
	{key: "A", lo: 5, hi: 500, field: func(p *params) *int { return &p.A }, help: "posts per side of the torus (auto = clamp(16+8N, 32, 96) for N teams)", sizeAuto: true},
	{key: "B", lo: 0, hi: 1, field: func(p *params) *int { return &p.B }, help: "worker model: 0 normal (hills block), 1 mountain (workers may stand on hills)"},
	{key: "E", lo: 1, hi: 50, field: func(p *params) *int { return &p.E }, help: "turns between two SHOW_MAP calls of a team"},
	{key: "F", lo: 0, hi: 5000, field: func(p *params) *int { return &p.F }, help: "marker lifespan in turns"},
	{key: "G", lo: 0, hi: 5000, field: func(p *params) *int { return &p.G }, help: "worker storage capacity (foreign markers)"},
	{key: "H", lo: 0, hi: 1, field: func(p *params) *int { return &p.H }, help: "harvest policy: 1 purges the inside of harvested BLOBs, 0 keeps it"},
	{key: "I", lo: 1, hi: 3, field: func(p *params) *int { return &p.I }, help: "turn duration in seconds"},
	{key: "L", lo: 1, hi: 100, field: func(p *params) *int { return &p.L }, help: "commands per team per turn"},
	{key: "workers", lo: 1, hi: 10, field: func(p *params) *int { return &p.Workers }, help: "workers per team"},
	{key: "turns", lo: 1, hi: 1000000, field: func(p *params) *int { return &p.Turns }, help: "season length in turns"},
	{key: "idle", lo: 1, hi: 1000000, field: func(p *params) *int { return &p.Idle }, help: "premature-end countdown Y: turns without any PUT before the game ends"},
}

var realParams = []realParam{
	{key: "D", lo: 0.5, hi: 10, field: func(p *params) *float64 { return &p.D }, help: "area exponent of a BLOB's value"},
	{key: "Z", lo: 0, hi: 4, field: func(p *params) *float64 { return &p.Z }, help: "BLOB bonus: more opponent than own markers inside"},
	{key: "W", lo: 0, hi: 4, field: func(p *params) *float64 { return &p.W }, help: "BLOB bonus: Z with at least two opponent colours"},
	{key: "T", lo: 0, hi: 4, field: func(p *params) *float64 { return &p.T }, help: "BLOB bonus: inside fully covered with markers"},
	{key: "Sw", lo: 0, hi: 4, field: func(p *params) *float64 { return &p.Sw }, help: "harvest bonus S_w: at least two BLOBs of equal area"},
	{key: "Sh", lo: 0, hi: 4, field: func(p *params) *float64 { return &p.Sh }, help: "harvest bonus S_h: at least three BLOBs of equal area"},
	{key: "Ss", lo: 0, hi: 4, field: func(p *params) *float64 { return &p.Ss }, help: "BLOB bonus S_s: square BLOB"},
	{key: "N", lo: 0, hi: 30, field: func(p *params) *float64 { return &p.N }, help: "per opponent marker inside a harvested BLOB, to the harvester"},
	{key: "M", lo: 0, hi: 30, field: func(p *params) *float64 { return &p.M }, help: "per marker inside another team's harvested BLOB, to its owner"},
	{key: "K", lo: 1, hi: 8, field: func(p *params) *float64 { return &p.K }, help: "score coefficient: final scores are multiplied by K"},
	{key: "hills", lo: 0, hi: 0.4, field: func(p *params) *float64 { return &p.Hills }, help: "fraction of posts that are hills"},
}

// optionOrder is the order of the options in Info: DESCRIBE_WORLD's, then the design ones.
var optionOrder = []string{"A", "B", "D", "E", "F", "G", "H", "Z", "W", "T", "Sw", "Sh", "Ss", "N", "M", "I", "L", "K", "workers", "turns", "idle", "hills"}

// options lists every option for Info, defaults from the default variant; the help of a
// parameter that differs between variants gives each variant's value.
func options() []referee.Option {
	opts := []referee.Option{{Key: "variant", Default: defaultVariant, Help: "server variant of the seed's table: grid1 (normal workers, destroy internal, long-term markers, average storage), grid2 (mountain workers, keep internal, short-lived markers), grid3 (normal workers, keep internal, long-term markers, small storage)"}}
	names := []string{"grid1", "grid2", "grid3"}
	for _, key := range optionOrder {
		var help, def string
		var values []string
		for _, ip := range intParams {
			if ip.key == key {
				help = fmt.Sprintf("%s; %d..%d", ip.help, ip.lo, ip.hi)
				for _, n := range names {
					v := variants[n]
					values = append(values, strconv.Itoa(*ip.field(&v)))
				}
				if ip.sizeAuto {
					values = []string{"auto", "auto", "auto"}
				}
			}
		}
		for _, rp := range realParams {
			if rp.key == key {
				help = fmt.Sprintf("%s; %g..%g", rp.help, rp.lo, rp.hi)
				for _, n := range names {
					v := variants[n]
					values = append(values, strconv.FormatFloat(*rp.field(&v), 'g', -1, 64))
				}
			}
		}
		def = values[0]
		if values[0] != values[1] || values[0] != values[2] {
			help += fmt.Sprintf(" (grid1 %s, grid2 %s, grid3 %s)", values[0], values[1], values[2])
		}
		opts = append(opts, referee.Option{Key: key, Default: def, Help: help})
	}
	return opts
}

// parseParams builds the parameters from the variant and the overriding options.
func parseParams(players int, given map[string]string) (params, error) {
	if err := referee.CheckOptions(gameName, options(), given); err != nil {
		return params{}, err
	}
	name := defaultVariant
	if v, ok := given["variant"]; ok {
		name = v
	}
	p, ok := variants[name]
	if !ok {
		return params{}, &referee.OptionError{Game: gameName, Key: "variant", Value: name, Reason: "unknown variant (known: grid1, grid2, grid3)"}
	}
	p.A = defaultSize(players)
	for _, ip := range intParams {
		v, ok := given[ip.key]
		if !ok || (ip.sizeAuto && v == "auto") {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < ip.lo || n > ip.hi {
			return params{}, &referee.OptionError{Game: gameName, Key: ip.key, Value: v, Reason: fmt.Sprintf("want an integer in %d..%d", ip.lo, ip.hi)}
		}
		*ip.field(&p) = n
	}
	for _, rp := range realParams {
		v, ok := given[rp.key]
		if !ok {
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || x < rp.lo || x > rp.hi {
			return params{}, &referee.OptionError{Game: gameName, Key: rp.key, Value: v, Reason: fmt.Sprintf("want a number in %g..%g", rp.lo, rp.hi)}
		}
		*rp.field(&p) = x
	}
	return p, nil
}

// formatReal prints a real the way the protocol does: six decimals.
func formatReal(x float64) string {
	return strconv.FormatFloat(x, 'f', 6, 64)
}
