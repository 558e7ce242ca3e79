package rockets

import "strconv"

// line builds a response line of space-separated values without fmt: the status commands
// print many numbers every turn for every team.
type line []byte

func (l line) sep() line {
	if len(l) > 0 {
		return append(l, ' ')
	}
	return l
}

func (l line) int(v int64) line { return strconv.AppendInt(l.sep(), v, 10) }

func (l line) str(s string) line { return append(l.sep(), s...) }

func (l line) String() string { return string(l) }
