package tournament

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard selects a deterministic part of a schedule: shard I of N (1 ≤ I ≤ N) plays the
// units whose index is I−1 modulo N. Units never straddle shards, so every shard's results
// hold whole units, and the N shards together play exactly the unsharded schedule. The zero
// value plays everything.
type Shard struct {
	Index, Count int
}

// ParseShard reads "I/N".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("--shard %q: want I/N, e.g. 2/4", s)
	}
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("--shard %q: want I/N with whole numbers, e.g. 2/4", s)
	}
	sh := Shard{Index: i, Count: n}
	if sh == (Shard{}) {
		// Check takes the zero value for "no --shard", which "0/0" is not: it would play
		// the whole schedule as if --shard had not been given.
		return Shard{}, fmt.Errorf("--shard %d/%d: want 1 ≤ I ≤ N", i, n)
	}
	return sh, sh.Check()
}

// Check rejects an impossible shard.
func (s Shard) Check() error {
	if s == (Shard{}) {
		return nil
	}
	if s.Count < 1 || s.Index < 1 || s.Index > s.Count {
		return fmt.Errorf("--shard %d/%d: want 1 ≤ I ≤ N", s.Index, s.Count)
	}
	return nil
}

// Has reports whether the unit with this schedule index belongs to the shard.
func (s Shard) Has(unitIndex int) bool {
	if s.Count <= 1 {
		return true
	}
	return unitIndex%s.Count == s.Index-1
}

func (s Shard) String() string {
	if s.Count == 0 {
		return "all"
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}
