package towers

import (
	"strconv"
	"time"

	"github.com/arena-games/arena/referee"
)

// Option keys.
const (
	optTurns            = "turns"
	optRefund           = "refund"
	optMeter            = "meter"
	optSoftCPU          = "soft_cpu_ms"
	optHardCPU          = "hard_cpu_ms"
	optInitCPU          = "init_cpu_ms"
	optSoftInstructions = "soft_instructions"
	optHardInstructions = "hard_instructions"
	optInitInstructions = "init_instructions"
	optTimeout          = "timeout_ms"
	optFirstTimeout     = "first_timeout_ms"
)

// Default compute limits (§12.3) and wall-clock safety net (§12.2).
const (
	defaultSoftCPU          = 20 * time.Millisecond
	defaultInitCPU          = 2 * time.Second
	defaultSoftInstructions = 50_000_000
	defaultInitInstructions = 2_000_000_000
	defaultTimeout          = time.Second
	defaultFirstTimeout     = 5 * time.Second
	hardOverSoft            = 3 // the hard limit is 3 × the soft one unless set
)

var options = []referee.Option{
	{Key: optTurns, Default: "1000", Help: "number of turns (1..1000)"},
	{Key: optRefund, Default: "third", Help: "suicide refund: third (⌊spent/3⌋ = 266/533/800 by level, the seed's rule) or original (150/250/400, the 2018 simulator's table)"},
	{Key: optMeter, Default: "cpu", Help: "meter announced on line 9 of the initial input: cpu (cpu_us) or instructions; the runner enforces whichever meter it has, with the limits below"},
	{Key: optSoftCPU, Default: "20", Help: "soft CPU limit per turn in ms: over it the turn's commands are discarded"},
	{Key: optHardCPU, Default: "60", Help: "hard CPU limit per turn in ms: over it the player forfeits (default 3 × soft_cpu_ms)"},
	{Key: optInitCPU, Default: "2000", Help: "CPU budget of the first answer in ms (start-up included): over it the player forfeits"},
	{Key: optSoftInstructions, Default: "50000000", Help: "soft limit per turn in retired user-mode instructions: over it the turn's commands are discarded"},
	{Key: optHardInstructions, Default: "150000000", Help: "hard limit per turn in instructions: over it the player forfeits (default 3 × soft_instructions)"},
	{Key: optInitInstructions, Default: "2000000000", Help: "instruction budget of the first answer (start-up included): over it the player forfeits"},
	{Key: optTimeout, Default: "1000", Help: "wall-clock safety net per answer in ms: missing it is a timeout loss"},
	{Key: optFirstTimeout, Default: "5000", Help: "wall-clock safety net for the first answer in ms"},
}

// settings are the validated options of one game.
type settings struct {
	turns      int
	refundName string
	refund     [maxTowerLevel + 1]int
	meter      string // "cpu" or "instructions"

	softCPU, hardCPU, initCPU                            time.Duration
	softInstructions, hardInstructions, initInstructions int64

	timeout, firstTimeout time.Duration
}

func parseSettings(given map[string]string) (settings, error) {
	s := settings{
		turns:            defaultTurns,
		refundName:       "third",
		meter:            "cpu",
		softCPU:          defaultSoftCPU,
		initCPU:          defaultInitCPU,
		softInstructions: defaultSoftInstructions,
		initInstructions: defaultInitInstructions,
		timeout:          defaultTimeout,
		firstTimeout:     defaultFirstTimeout,
	}
	if err := referee.CheckOptions(gameName, options, given); err != nil {
		return s, err
	}
	bad := func(key, reason string) error {
		return &referee.OptionError{Game: gameName, Key: key, Value: given[key], Reason: reason}
	}
	// positive reads a positive integer option no larger than max, if given.
	positive := func(key string, max int64, into *int64) error {
		v, ok := given[key]
		if !ok {
			return nil
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > max {
			return bad(key, "want an integer in 1.."+strconv.FormatInt(max, 10))
		}
		*into = n
		return nil
	}
	const maxMillis = 3_600_000
	var turns = int64(s.turns)
	softCPU, hardCPU, initCPU := int64(s.softCPU/time.Millisecond), int64(0), int64(s.initCPU/time.Millisecond)
	timeout, firstTimeout := int64(s.timeout/time.Millisecond), int64(s.firstTimeout/time.Millisecond)
	var hardInstructions int64
	for _, p := range []struct {
		key  string
		max  int64
		into *int64
	}{
		{optTurns, defaultTurns, &turns},
		{optSoftCPU, maxMillis, &softCPU},
		{optHardCPU, maxMillis, &hardCPU},
		{optInitCPU, maxMillis, &initCPU},
		{optSoftInstructions, 1e15, &s.softInstructions},
		{optHardInstructions, 1e15, &hardInstructions},
		{optInitInstructions, 1e15, &s.initInstructions},
		{optTimeout, maxMillis, &timeout},
		{optFirstTimeout, maxMillis, &firstTimeout},
	} {
		if err := positive(p.key, p.max, p.into); err != nil {
			return s, err
		}
	}
	if hardCPU == 0 {
		hardCPU = hardOverSoft * softCPU
	}
	if hardInstructions == 0 {
		hardInstructions = hardOverSoft * s.softInstructions
	}
	if hardCPU < softCPU {
		return s, bad(optHardCPU, "below soft_cpu_ms ("+strconv.FormatInt(softCPU, 10)+")")
	}
	if hardInstructions < s.softInstructions {
		return s, bad(optHardInstructions, "below soft_instructions ("+strconv.FormatInt(s.softInstructions, 10)+")")
	}
	s.turns = int(turns)
	s.softCPU = time.Duration(softCPU) * time.Millisecond
	s.hardCPU = time.Duration(hardCPU) * time.Millisecond
	s.initCPU = time.Duration(initCPU) * time.Millisecond
	s.hardInstructions = hardInstructions
	s.timeout = time.Duration(timeout) * time.Millisecond
	s.firstTimeout = time.Duration(firstTimeout) * time.Millisecond

	switch v, ok := given[optRefund]; {
	case !ok || v == "third":
		for l := 1; l <= maxTowerLevel; l++ {
			s.refund[l] = spentOn(l) / 3
		}
	case v == "original":
		s.refundName = v
		s.refund = refundOrigin
	default:
		return s, bad(optRefund, "want third or original")
	}
	switch v, ok := given[optMeter]; {
	case !ok || v == "cpu":
	case v == "instructions":
		s.meter = v
	default:
		return s, bad(optMeter, "want cpu or instructions")
	}
	return s, nil
}

// computeLimit is the budget sent with a request. The first answer includes the bot's
// start-up and has a single budget, init: over it the player forfeits (soft = hard = init).
func (s *settings) computeLimit(first bool) *referee.ComputeLimit {
	if first {
		return &referee.ComputeLimit{
			SoftCPU: s.initCPU, HardCPU: s.initCPU,
			SoftInstructions: s.initInstructions, HardInstructions: s.initInstructions,
		}
	}
	return &referee.ComputeLimit{
		SoftCPU: s.softCPU, HardCPU: s.hardCPU,
		SoftInstructions: s.softInstructions, HardInstructions: s.hardInstructions,
	}
}

// meterLine is line 9 of the initial input: the announced meter and its three limits.
func (s *settings) meterLine() string {
	if s.meter == "instructions" {
		return "instructions " + strconv.FormatInt(s.softInstructions, 10) + " " +
			strconv.FormatInt(s.hardInstructions, 10) + " " + strconv.FormatInt(s.initInstructions, 10)
	}
	us := func(d time.Duration) string { return strconv.FormatInt(int64(d/time.Microsecond), 10) }
	return "cpu_us " + us(s.softCPU) + " " + us(s.hardCPU) + " " + us(s.initCPU)
}
