package bestow

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/referee"
)

// params are the world parameters of one game: the 17 values DESCRIBE_WORLD prints plus
// the piece-generation knobs of spec §3.
type params struct {
	Ee, Ep, C, Bs, Bo, R int
	I                    float64
	Sp                   int
	H                    float64
	Qmin                 int
	Qgi, Qpi, Ae         float64
	Sr, T, L             int
	K                    float64
	N                    int // "pieces"
	MinCubes, MaxCubes   int
	Extent               int
	Alpha, Flat          float64
}

// variants are the seed's three servers (§5.10); only colours and piece shapes differ.
var variants = map[string]params{
	"vanilla": withShapes(6, 2, 10, 5, 1, 0.2),
	"wicked":  withShapes(3, 5, 20, 7, 0, 0.0),
	"flower":  withShapes(12, 1, 6, 4, 3, 0.5),
}

const defaultVariant = "vanilla"

func withShapes(colours, minCubes, maxCubes, extent int, alpha, flat float64) params {
	return params{
		Ee: 300, Ep: 30, C: colours, Bs: 30, Bo: 11, R: 6, I: 1.3, Sp: 1500, H: 1.0,
		Qmin: 1, Qgi: 0.05, Qpi: 0.1, Ae: 1.5, Sr: 5, T: 1, L: 30, K: 1.0, N: 400,
		MinCubes: minCubes, MaxCubes: maxCubes, Extent: extent, Alpha: alpha, Flat: flat,
	}
}

// param describes one option key: its seed range and where its value lives.
type param struct {
	key      string
	min, max float64
	integer  bool
	help     string
	field    func(p *params) any // *int or *float64
}

// paramTable lists the options in DESCRIBE_WORLD order, then the generation knobs.
var paramTable = []param{
	{"Ee", 100, 5000, true, "end of the effort track (E_e)", func(p *params) any { return &p.Ee }},
	{"Ep", 10, 1000, true, "distance between effort thresholds (E_p)", func(p *params) any { return &p.Ep }},
	{"C", 2, 16, true, "number of colours", func(p *params) any { return &p.C }},
	{"Bs", 20, 40, true, "edge of the shared square (B_s)", func(p *params) any { return &p.Bs }},
	{"Bo", 10, 12, true, "edge of each own cube space (B_o)", func(p *params) any { return &p.Bo }},
	{"R", 1, 40, true, "range of a pointer", func(p *params) any { return &p.R }},
	{"I", 1, 2, false, "solid-cube bonus base", func(p *params) any { return &p.I }},
	{"Sp", 0, 10000, true, "starting cash (S_p)", func(p *params) any { return &p.Sp }},
	{"H", 0.0002, 5000, false, "shared-space coefficient", func(p *params) any { return &p.H }},
	{"Qmin", 0, 5, true, "placement quality threshold (Q_min)", func(p *params) any { return &p.Qmin }},
	{"Qgi", 0.01, 0.1, false, "good-placement factor (Q_gi)", func(p *params) any { return &p.Qgi }},
	{"Qpi", 0.05, 0.2, false, "poor-placement factor (Q_pi)", func(p *params) any { return &p.Qpi }},
	{"Ae", 1.2, 2, false, "shared area exponent (A_e)", func(p *params) any { return &p.Ae }},
	{"Sr", 1, 50, true, "cash recovered by a skip (S_r)", func(p *params) any { return &p.Sr }},
	{"T", 1, 3, true, "turn duration in seconds", func(p *params) any { return &p.T }},
	{"L", 1, 100, true, "commands per turn", func(p *params) any { return &p.L }},
	{"K", 1, 8, false, "score coefficient: final scores are multiplied by it", func(p *params) any { return &p.K }},
	{"pieces", 10, 1000, true, "pieces in the vector (N)", func(p *params) any { return &p.N }},
	{"minCubes", 1, 20, true, "smallest generated piece, in cubes", func(p *params) any { return &p.MinCubes }},
	{"maxCubes", 1, 20, true, "largest generated piece, in cubes", func(p *params) any { return &p.MaxCubes }},
	{"extent", 1, 10, true, "largest bounding-box edge of a generated piece on each axis", func(p *params) any { return &p.Extent }},
	{"alpha", 0, 5, false, "compactness exponent of piece growth (0 = sprawling)", func(p *params) any { return &p.Alpha }},
	{"flat", 0, 1, false, "probability that a generated piece lies in the plane z = 0", func(p *params) any { return &p.Flat }},
}

// options documents every option; parameter defaults are the vanilla variant's.
func options() []referee.Option {
	vanilla := variants[defaultVariant]
	opts := []referee.Option{{Key: "variant", Default: defaultVariant, Help: "server variant: vanilla, wicked or flower (seed §5.10); sets every parameter below unless given"}}
	for _, pr := range paramTable {
		help := fmt.Sprintf("%s; %s..%s", pr.help, trimFloat(pr.min), trimFloat(pr.max))
		if perVariant := variantValues(pr); perVariant != "" {
			help += " (" + perVariant + ")"
		}
		opts = append(opts, referee.Option{Key: pr.key, Default: formatParam(pr.field(&vanilla)), Help: help})
	}
	return opts
}

// variantNames lists the variants in the seed's table order.
var variantNames = []string{"vanilla", "wicked", "flower"}

// variantValues spells a parameter's value in each variant, or "" when they agree.
func variantValues(pr param) string {
	parts := make([]string, len(variantNames))
	differ := false
	var first string
	for i, name := range variantNames {
		v := variants[name]
		text := formatParam(pr.field(&v))
		if i == 0 {
			first = text
		}
		differ = differ || text != first
		parts[i] = name + " " + text
	}
	if !differ {
		return ""
	}
	return strings.Join(parts, ", ")
}

func formatParam(v any) string {
	switch v := v.(type) {
	case *int:
		return strconv.Itoa(*v)
	case *float64:
		return trimFloat(*v)
	}
	return ""
}

func trimFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// parseParams builds the parameters from the variant and the per-key overrides.
func parseParams(opts map[string]string) (params, error) {
	if err := referee.CheckOptions(gameName, options(), opts); err != nil {
		return params{}, err
	}
	name := defaultVariant
	if v, ok := opts["variant"]; ok {
		name = v
	}
	p, ok := variants[name]
	if !ok {
		return params{}, &referee.OptionError{Game: gameName, Key: "variant", Value: name, Reason: "unknown variant (known: vanilla, wicked, flower)"}
	}
	for _, pr := range paramTable {
		text, given := opts[pr.key]
		if !given {
			continue
		}
		if err := setParam(&p, pr, text); err != nil {
			return params{}, err
		}
	}
	// Name the option the user gave: the other may be a variant's value.
	given := func(keys ...string) string {
		for _, k := range keys {
			if _, ok := opts[k]; ok {
				return k
			}
		}
		return keys[0]
	}
	bad := func(key, reason string) error {
		value := opts[key]
		if _, ok := opts[key]; !ok {
			value = formatParam(fieldOf(&p, key))
		}
		return &referee.OptionError{Game: gameName, Key: key, Value: value, Reason: reason}
	}
	if p.MinCubes > p.MaxCubes {
		return params{}, bad(given("minCubes", "maxCubes"), fmt.Sprintf("minCubes (%d) is larger than maxCubes (%d)", p.MinCubes, p.MaxCubes))
	}
	// A piece grows inside a box of edge extent (its z edge 1 when flat): a size the box
	// cannot hold would silently give smaller pieces than minCubes..maxCubes says.
	if fit := pieceCapacity(p); p.MaxCubes > fit {
		box := fmt.Sprintf("%d×%d×%d", p.Extent, p.Extent, p.Extent)
		if p.Flat > 0 {
			box = fmt.Sprintf("%d×%d×1 (flat > 0: some pieces lie in z = 0)", p.Extent, p.Extent)
		}
		return params{}, bad(given("extent", "flat", "maxCubes", "minCubes"), fmt.Sprintf("a piece of maxCubes = %d cubes does not fit in a box of extent %s, which holds %d: raise extent or lower maxCubes", p.MaxCubes, box, fit))
	}
	return p, nil
}

// pieceCapacity is the largest piece the generator can grow within extent: the box's
// volume, or its base when pieces may be flat.
func pieceCapacity(p params) int {
	if p.Flat > 0 {
		return p.Extent * p.Extent
	}
	return p.Extent * p.Extent * p.Extent
}

// fieldOf finds a parameter by its option key.
func fieldOf(p *params, key string) any {
	for _, pr := range paramTable {
		if pr.key == key {
			return pr.field(p)
		}
	}
	return nil
}

func setParam(p *params, pr param, text string) error {
	bad := func(reason string) error {
		return &referee.OptionError{Game: gameName, Key: pr.key, Value: text, Reason: reason}
	}
	// Worded as the other games word their options, with the range arena games shows.
	rangeText := fmt.Sprintf("%s..%s", trimFloat(pr.min), trimFloat(pr.max))
	switch field := pr.field(p).(type) {
	case *int:
		v, err := strconv.Atoi(text)
		if err != nil || float64(v) < pr.min || float64(v) > pr.max {
			return bad("want an integer in " + rangeText)
		}
		*field = v
	case *float64:
		v, err := strconv.ParseFloat(text, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < pr.min || v > pr.max {
			return bad("want a number in " + rangeText)
		}
		*field = v
	}
	return nil
}

// turnDuration is T as a duration.
func (p params) turnDuration() time.Duration { return time.Duration(p.T) * time.Second }

// thresholdsCrossed counts the effort thresholds θ = k·E_p ≤ E_e with from < θ ≤ to and
// opponent < θ: the benefits a move from `from` to `to` earns (spec §6.4 step 2).
func (p params) thresholdsCrossed(from, to, opponent int) int {
	n := 0
	for k := from/p.Ep + 1; k*p.Ep <= to && k*p.Ep <= p.Ee; k++ {
		if opponent < k*p.Ep {
			n++
		}
	}
	return n
}
