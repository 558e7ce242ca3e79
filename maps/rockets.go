package maps

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Rockets is a Rocket Science world map in the Beetlejumper cartographic format (Deadline24
// 2017, rules §7.9): cities 1..Cities, home bases, a visiting bonus per city and undirected
// roads with a base fuel cost.
type Rockets struct {
	Cities int
	// Bases lists the cities holding home bases, in file order: seat i plays from Bases[i].
	Bases []int
	// Bonus[i] is the visiting bonus of city i+1.
	Bonus []int
	// Roads in file order; From/To only fix the order in which the ends are printed.
	Roads []RocketsRoad

	baseCountLine int // line of the BaseCount value, for FitsTeams' message
}

// RocketsRoad is one road of a Rockets map.
type RocketsRoad struct {
	From, To int
	Cost     int
}

// Limits of the format as arena accepts it. Cities and bases are the seed's ranges; the
// others only keep a hostile file from exhausting memory or overflowing revenue arithmetic.
const (
	RocketsMaxCities = 10000
	RocketsMaxBases  = 30
	RocketsMaxRoads  = 200000
	RocketsMaxValue  = 1000000 // largest base cost or visiting bonus
)

// ParseError reports what is wrong with a map file and where. Line is 1-based; 0 means the
// problem concerns the file as a whole (for example a disconnected road graph).
type ParseError struct {
	Line   int
	Reason string
}

func (e *ParseError) Error() string {
	if e.Line == 0 {
		return e.Reason
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Reason)
}

// ParseRockets reads and validates a map. Its values are integers separated by any
// whitespace; line breaks are not significant (spec §3.1), though the seed lays a map out
// as counts, bases, bonuses, then one road per line. Every problem is a *ParseError
// naming the line of the offending value; when the file is laid out in lines and one of
// them holds the wrong number of values, the error says which.
func ParseRockets(data []byte) (*Rockets, error) {
	// A byte-order mark, which some editors write at the start of a UTF-8 file, is not a
	// value (CRLF line ends are whitespace already).
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	m, err := parseRockets(data)
	if pe, ok := err.(*ParseError); ok {
		if line, hint := layoutHint(data); hint != "" && (line < pe.Line || pe.Line == 0) {
			pe.Reason += " (" + hint + ")"
		}
	}
	return m, err
}

func parseRockets(data []byte) (*Rockets, error) {
	ts := &tokenScanner{data: data}
	cities, err := ts.int(1, RocketsMaxCities, "CityCount")
	if err != nil {
		return nil, err
	}
	roads, err := ts.int(0, RocketsMaxRoads, "RoadCount")
	if err != nil {
		return nil, err
	}
	bases, err := ts.int(1, min(RocketsMaxBases, cities), "BaseCount")
	if err != nil {
		return nil, err
	}
	m := &Rockets{Cities: cities, baseCountLine: ts.line}

	isBase := make([]bool, cities+1)
	for i := 1; i <= bases; i++ {
		id, err := ts.int(1, cities, "BaseLocation %d", i)
		if err != nil {
			return nil, err
		}
		if isBase[id] {
			return nil, &ParseError{ts.line, fmt.Sprintf("BaseLocation %d: city %d already holds a base", i, id)}
		}
		isBase[id] = true
		m.Bases = append(m.Bases, id)
	}
	for c := 1; c <= cities; c++ {
		b, err := ts.int(0, RocketsMaxValue, "VisitingBonus of city %d", c)
		if err != nil {
			return nil, err
		}
		m.Bonus = append(m.Bonus, b)
	}

	seen := make(map[[2]int]int, roads) // city pair → line of the road, to report duplicates
	for r := 1; r <= roads; r++ {
		from, err := ts.int(1, cities, "road %d RoadFrom", r)
		if err != nil {
			return nil, err
		}
		to, err := ts.int(1, cities, "road %d RoadTo", r)
		if err != nil {
			return nil, err
		}
		cost, err := ts.int(0, RocketsMaxValue, "road %d BaseCost", r)
		if err != nil {
			return nil, err
		}
		if from == to {
			return nil, &ParseError{ts.line, fmt.Sprintf("road %d joins city %d to itself", r, from)}
		}
		pair := [2]int{min(from, to), max(from, to)}
		if first, dup := seen[pair]; dup {
			return nil, &ParseError{ts.line, fmt.Sprintf("road %d joins cities %d and %d again (already joined on line %d)", r, from, to, first)}
		}
		seen[pair] = ts.line
		m.Roads = append(m.Roads, RocketsRoad{From: from, To: to, Cost: cost})
	}
	if extra, ok := ts.next(); ok {
		return nil, &ParseError{ts.line, fmt.Sprintf("unexpected value after the last road: %s", quoteToken(extra))}
	}
	if c := m.unreachable(); c != 0 {
		return nil, &ParseError{0, fmt.Sprintf("the road graph is not connected: no road path from city 1 to city %d", c)}
	}
	return m, nil
}

// layoutHint finds, in a file laid out in lines as the seed lays a map out, the first line
// that holds the wrong number of values, and says so: with line breaks not significant, a
// value missing there shows only later, where the values after it no longer fit. It
// returns "" if the file is on one line, its counts cannot be read, or every line fits.
func layoutHint(data []byte) (line int, hint string) {
	var lines [][]string
	var at []int // 1-based numbers of the non-blank lines
	for i, raw := range bytes.Split(data, []byte("\n")) {
		if f := strings.FieldsFunc(string(raw), func(r rune) bool { return r < 0x80 && isSpace(byte(r)) }); len(f) > 0 {
			lines, at = append(lines, f), append(at, i+1)
		}
	}
	if len(lines) < 2 {
		return 0, ""
	}
	if n := len(lines[0]); n != 3 {
		return at[0], fmt.Sprintf("laid out as the seed lays a map out, line %d would hold CityCount RoadCount BaseCount but holds %d %s", at[0], n, plural(n, "value"))
	}
	var counts [3]int
	for i, tok := range lines[0] {
		v, err := strconv.Atoi(tok)
		if err != nil || v < 0 {
			return 0, ""
		}
		counts[i] = v
	}
	cities, roads, bases := counts[0], counts[1], counts[2]
	for i, f := range lines[1:] {
		var want int
		var what string
		switch {
		case i == 0:
			want, what = bases, fmt.Sprintf("the %d base locations", bases)
		case i == 1:
			want, what = cities, fmt.Sprintf("the %d visiting bonuses", cities)
		case i-1 <= roads:
			want, what = 3, fmt.Sprintf("road %d (RoadFrom RoadTo BaseCost)", i-1)
		default:
			return 0, ""
		}
		if len(f) != want {
			return at[i+1], fmt.Sprintf("laid out as the seed lays a map out, line %d would hold %s but holds %d %s", at[i+1], what, len(f), plural(len(f), "value"))
		}
	}
	return 0, ""
}

// plural is "1 value" but "2 values": the word for n of them.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// FitsTeams checks that the map has a home base for each of n teams.
func (m *Rockets) FitsTeams(n int) error {
	if len(m.Bases) < n {
		return &ParseError{m.baseCountLine, fmt.Sprintf("BaseCount is %d but the game has %d teams", len(m.Bases), n)}
	}
	return nil
}

// unreachable returns the lowest city that cannot be reached from city 1, or 0.
func (m *Rockets) unreachable() int {
	adj := make([][]int, m.Cities+1)
	for _, r := range m.Roads {
		adj[r.From] = append(adj[r.From], r.To)
		adj[r.To] = append(adj[r.To], r.From)
	}
	seen := make([]bool, m.Cities+1)
	seen[1] = true
	queue := []int{1}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range adj[c] {
			if !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	for c := 1; c <= m.Cities; c++ {
		if !seen[c] {
			return c
		}
	}
	return 0
}

// Format writes the map in the cartographic format, laid out as the seed describes: counts,
// bases, bonuses, then one road per line.
func (m *Rockets) Format() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d %d %d\n", m.Cities, len(m.Roads), len(m.Bases))
	writeInts(&b, m.Bases)
	writeInts(&b, m.Bonus)
	for _, r := range m.Roads {
		fmt.Fprintf(&b, "%d %d %d\n", r.From, r.To, r.Cost)
	}
	return b.Bytes()
}

func writeInts(b *bytes.Buffer, values []int) {
	for i, v := range values {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(v))
	}
	b.WriteByte('\n')
}

// tokenScanner reads a map file value by value, remembering the line it is on.
type tokenScanner struct {
	data []byte
	pos  int
	line int // line of the last value returned (1-based)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// next returns the next value, whatever whitespace comes before it. At the end of the
// file, line stays on the last value's line: that is where something is missing.
func (s *tokenScanner) next() (string, bool) {
	s.line = max(s.line, 1)
	line := s.line
	for s.pos < len(s.data) && (isSpace(s.data[s.pos]) || s.data[s.pos] == '\n') {
		if s.data[s.pos] == '\n' {
			line++
		}
		s.pos++
	}
	start := s.pos
	for s.pos < len(s.data) && !isSpace(s.data[s.pos]) && s.data[s.pos] != '\n' {
		s.pos++
	}
	if s.pos == start {
		return "", false
	}
	s.line = line
	return string(s.data[start:s.pos]), true
}

// int reads the next value as an integer in lo..hi; what (formatted with args) names it
// in errors.
func (s *tokenScanner) int(lo, hi int, what string, args ...any) (int, error) {
	tok, ok := s.next()
	if !ok {
		return 0, &ParseError{s.line, fmt.Sprintf("file ends where %s was expected", fmt.Sprintf(what, args...))}
	}
	v, err := strconv.ParseInt(tok, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		// An integer, only too long for 64 bits: out of range like any other.
		return 0, &ParseError{s.line, fmt.Sprintf("%s is %s, want %d..%d", fmt.Sprintf(what, args...), quoteToken(tok), lo, hi)}
	}
	if err != nil {
		return 0, &ParseError{s.line, fmt.Sprintf("%s: %s is not an integer", fmt.Sprintf(what, args...), quoteToken(tok))}
	}
	if v < int64(lo) || v > int64(hi) {
		return 0, &ParseError{s.line, fmt.Sprintf("%s is %d, want %d..%d", fmt.Sprintf(what, args...), v, lo, hi)}
	}
	return int(v), nil
}

// quoteToken quotes a token from a file, cut short so that a binary file stays readable.
func quoteToken(tok string) string {
	const max = 40
	if len(tok) > max {
		return strconv.Quote(tok[:max]) + "…"
	}
	return strconv.Quote(tok)
}
