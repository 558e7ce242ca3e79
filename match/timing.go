package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/referee"
)

// Clocks a response time can be measured with.
const (
	ClockWall = "wall" // elapsed real time, like CodinGame
	ClockCPU  = "cpu"  // the bot's own CPU time, all threads and children: fair on a busy machine
)

// Timing says what happens when a bot goes over its limit.
type Timing struct {
	// Kind is "strict" (over the limit loses), "strikes" (over the limit is a strike; the
	// third strike, or going over the limit by more than StrikeGrace, loses) or "bank" (time
	// over the limit is taken from a per-game bank; an empty bank loses).
	Kind string
	Bank time.Duration
}

// StrikeGrace is how far over the limit a strike may go before it loses at once.
const StrikeGrace = 50 * time.Millisecond

// MaxStrikes is the strike that loses.
const MaxStrikes = 3

// ParseTiming reads --timing: strict, strikes, or bank:MS.
func ParseTiming(s string) (Timing, error) {
	switch {
	case s == "" || s == "strict":
		return Timing{Kind: "strict"}, nil
	case s == "strikes":
		return Timing{Kind: "strikes"}, nil
	case strings.HasPrefix(s, "bank:"):
		ms, err := strconv.Atoi(strings.TrimPrefix(s, "bank:"))
		if err != nil || ms < 0 {
			return Timing{}, fmt.Errorf("--timing %q: want bank:MS with MS a whole number of milliseconds", s)
		}
		return Timing{Kind: "bank", Bank: time.Duration(ms) * time.Millisecond}, nil
	}
	return Timing{}, fmt.Errorf("--timing %q: want strict, strikes or bank:MS", s)
}

func (t Timing) String() string {
	if t.Kind == "bank" {
		return fmt.Sprintf("bank:%d", t.Bank.Milliseconds())
	}
	if t.Kind == "" {
		return "strict"
	}
	return t.Kind
}

// clockState is one seat's timing state across a game.
type clockState struct {
	strikes  int
	bankLeft time.Duration
	last     players.Sample // counters at the end of the previous answer
}

// hardLimit is the most the clock may show before the answer is certainly late.
func (c *clockState) hardLimit(t Timing, limit time.Duration) time.Duration {
	switch t.Kind {
	case "strikes":
		return limit + StrikeGrace
	case "bank":
		return limit + c.bankLeft
	}
	return limit
}

// judge applies the timing regime to one answer's time: ok (perhaps with a note such as
// "strike 1 of 3"), or the reason it is a timeout.
func (c *clockState) judge(t Timing, clockName string, took, limit time.Duration) (late bool, note string) {
	if limit <= 0 || took <= limit {
		return false, ""
	}
	over := fmt.Sprintf("answered in %s of %s time, over the %s limit", formatMS(took), clockName, formatMS(limit))
	switch t.Kind {
	case "strikes":
		c.strikes++
		switch {
		case took > limit+StrikeGrace:
			return true, over + fmt.Sprintf(" by more than %s", formatMS(StrikeGrace))
		case c.strikes >= MaxStrikes:
			return true, over + fmt.Sprintf(" (strike %d of %d)", c.strikes, MaxStrikes)
		}
		return false, over + fmt.Sprintf(" (strike %d of %d)", c.strikes, MaxStrikes)
	case "bank":
		extra := took - limit
		if extra > c.bankLeft {
			left := c.bankLeft
			c.bankLeft = 0
			return true, over + fmt.Sprintf(", and the time bank had %s left", formatMS(left))
		}
		c.bankLeft -= extra
		return false, over + fmt.Sprintf(" (%s taken from the bank, %s left)", formatMS(extra), formatMS(c.bankLeft))
	}
	return true, over
}

// nearLimit tells whether a time (ms) came near its limit: over 80% of it. Without a limit
// (0: --no-timeout) nothing is near.
func nearLimit(took, limit float64) bool { return limit > 0 && took > 0.8*limit }

// computeVerdict judges a turn's usage against a per-turn compute limit, with the best
// meter available: instructions where counted, else CPU time, else wall time.
// answered is false for a bot stopped as it crossed the hard limit, before its answer.
// near tells a usage within the soft limit but over 80% of it: such an answer counts as
// near its limit, as one close to the time limit does (the time limit of a game with a
// compute limit is a safety net far above it).
func computeVerdict(lim *referee.ComputeLimit, u players.Usage, wall time.Duration, scale float64, answered bool) (verdict referee.Verdict, message string, near bool) {
	if lim == nil {
		return referee.VerdictOK, "", false
	}
	scaleD := func(d time.Duration) time.Duration { return time.Duration(float64(d) * scale) }
	// A scaled limit says what it was scaled from: the referee's message beside it quotes
	// the game's own limits.
	limitText := func(d time.Duration) string {
		if scale == 1 {
			return formatMS(scaleD(d))
		}
		return fmt.Sprintf("%s (%s × --time-scale %s)", formatMS(scaleD(d)), formatMS(d), strconv.FormatFloat(scale, 'g', -1, 64))
	}
	var used, soft, hard string
	var overSoft, overHard bool
	switch {
	case u.InstrOK && lim.SoftInstructions > 0:
		used = fmt.Sprintf("%d instructions", u.Instructions)
		soft, hard = fmt.Sprint(lim.SoftInstructions), fmt.Sprint(lim.HardInstructions)
		overSoft, overHard = u.Instructions > lim.SoftInstructions, lim.HardInstructions > 0 && u.Instructions > lim.HardInstructions
		near = nearLimit(float64(u.Instructions), float64(lim.SoftInstructions))
	case u.CPUOK:
		used = fmt.Sprintf("%s of CPU time", formatMS(u.CPU))
		soft, hard = limitText(lim.SoftCPU), limitText(lim.HardCPU)
		overSoft, overHard = u.CPU > scaleD(lim.SoftCPU), lim.HardCPU > 0 && u.CPU > scaleD(lim.HardCPU)
		near = nearLimit(ms(u.CPU), ms(scaleD(lim.SoftCPU)))
	default:
		used = fmt.Sprintf("%s of wall time (no CPU meter)", formatMS(wall))
		soft, hard = limitText(lim.SoftCPU), limitText(lim.HardCPU)
		overSoft, overHard = wall > scaleD(lim.SoftCPU), lim.HardCPU > 0 && wall > scaleD(lim.HardCPU)
		near = nearLimit(ms(wall), ms(scaleD(lim.SoftCPU)))
	}
	if !answered {
		used += " without answering"
	}
	switch {
	case overHard:
		return referee.VerdictHard, fmt.Sprintf("used %s, over the hard limit of %s", used, hard), false
	case overSoft:
		return referee.VerdictSoft, fmt.Sprintf("used %s, over the soft limit of %s", used, soft), false
	}
	return referee.VerdictOK, "used " + used, near
}

// delayed tells whether the machine, not the bot, made an answer slow: much more wall time
// than CPU time, spent waiting for a CPU. The wait is read only for an answer that slow
// (reading it costs a system call).
func delayed(wall time.Duration, u players.Usage, limit time.Duration, runqueue func() (time.Duration, bool)) bool {
	if !u.CPUOK {
		return false
	}
	idle := wall - u.CPU
	if idle <= max(5*time.Millisecond, limit/2) {
		return false
	}
	rq, ok := runqueue()
	return ok && rq > idle/2
}
