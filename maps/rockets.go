package maps

import (
	"bytes"
	"fmt"
	"strconv"
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

// ParseRockets reads and validates a map. Values are integers separated by any whitespace;
// line breaks only matter for error messages. Every problem is a *ParseError.
func ParseRockets(data []byte) (*Rockets, error) {
	s := &scanner{data: data, line: 1, lastLine: 1}
	cities, err := s.int("CityCount", 1, RocketsMaxCities)
	if err != nil {
		return nil, err
	}
	roads, err := s.int("RoadCount", 0, RocketsMaxRoads)
	if err != nil {
		return nil, err
	}
	bases, err := s.int("BaseCount", 1, min(RocketsMaxBases, cities))
	if err != nil {
		return nil, err
	}
	m := &Rockets{Cities: cities, baseCountLine: s.lastLine}

	isBase := make([]bool, cities+1)
	for i := 0; i < bases; i++ {
		id, err := s.int(fmt.Sprintf("BaseLocation %d", i+1), 1, cities)
		if err != nil {
			return nil, err
		}
		if isBase[id] {
			return nil, &ParseError{s.lastLine, fmt.Sprintf("BaseLocation %d: city %d already holds a base", i+1, id)}
		}
		isBase[id] = true
		m.Bases = append(m.Bases, id)
	}
	for c := 1; c <= cities; c++ {
		b, err := s.int(fmt.Sprintf("VisitingBonus of city %d", c), 0, RocketsMaxValue)
		if err != nil {
			return nil, err
		}
		m.Bonus = append(m.Bonus, b)
	}

	seen := make(map[[2]int]int, roads) // city pair → road line, to report duplicates
	for r := 1; r <= roads; r++ {
		what := fmt.Sprintf("road %d", r)
		from, err := s.int(what+" RoadFrom", 1, cities)
		if err != nil {
			return nil, err
		}
		line := s.lastLine
		to, err := s.int(what+" RoadTo", 1, cities)
		if err != nil {
			return nil, err
		}
		cost, err := s.int(what+" BaseCost", 0, RocketsMaxValue)
		if err != nil {
			return nil, err
		}
		if from == to {
			return nil, &ParseError{line, fmt.Sprintf("%s joins city %d to itself", what, from)}
		}
		pair := [2]int{min(from, to), max(from, to)}
		if first, dup := seen[pair]; dup {
			return nil, &ParseError{line, fmt.Sprintf("%s joins cities %d and %d again (already joined on line %d)", what, from, to, first)}
		}
		seen[pair] = line
		m.Roads = append(m.Roads, RocketsRoad{From: from, To: to, Cost: cost})
	}
	if tok, ok := s.next(); ok {
		return nil, &ParseError{s.lastLine, fmt.Sprintf("unexpected value %s after the last road", strconv.Quote(tok))}
	}
	if c := m.unreachable(); c != 0 {
		return nil, &ParseError{0, fmt.Sprintf("the road graph is not connected: no road path from city 1 to city %d", c)}
	}
	return m, nil
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

// scanner splits a map file into whitespace-separated tokens, remembering their lines.
type scanner struct {
	data     []byte
	pos      int
	line     int // line of pos
	lastLine int // line of the last token returned
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

func (s *scanner) next() (string, bool) {
	for s.pos < len(s.data) && isSpace(s.data[s.pos]) {
		if s.data[s.pos] == '\n' {
			s.line++
		}
		s.pos++
	}
	if s.pos == len(s.data) {
		return "", false // lastLine stays on the last value: that is where something is missing
	}
	start := s.pos
	for s.pos < len(s.data) && !isSpace(s.data[s.pos]) {
		s.pos++
	}
	s.lastLine = s.line
	return string(s.data[start:s.pos]), true
}

// int reads the next value, which must be an integer in lo..hi.
func (s *scanner) int(what string, lo, hi int) (int, error) {
	tok, ok := s.next()
	if !ok {
		return 0, &ParseError{s.lastLine, fmt.Sprintf("file ends where %s was expected", what)}
	}
	v, err := strconv.ParseInt(tok, 10, 64)
	if err != nil {
		return 0, &ParseError{s.lastLine, fmt.Sprintf("%s: %s is not an integer", what, quoteToken(tok))}
	}
	if v < int64(lo) || v > int64(hi) {
		return 0, &ParseError{s.lastLine, fmt.Sprintf("%s is %d, want %d..%d", what, v, lo, hi)}
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
