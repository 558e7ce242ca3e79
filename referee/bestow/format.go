package bestow

import "strconv"

// line builds one response line: tokens separated by exactly one space (protocol §2).
type line struct{ b []byte }

func (l *line) int(v int) *line {
	if len(l.b) > 0 {
		l.b = append(l.b, ' ')
	}
	l.b = strconv.AppendInt(l.b, int64(v), 10)
	return l
}

func (l *line) ints(vs ...int) *line {
	for _, v := range vs {
		l.int(v)
	}
	return l
}

// real prints a real with exactly six decimals.
func (l *line) real(v float64) *line {
	if len(l.b) > 0 {
		l.b = append(l.b, ' ')
	}
	l.b = strconv.AppendFloat(l.b, v, 'f', 6, 64)
	return l
}

func (l *line) String() string { return string(l.b) }

// countedList renders "n id1 … idn".
func countedList(ids []int) string {
	var l line
	l.int(len(ids)).ints(ids...)
	return l.String()
}
