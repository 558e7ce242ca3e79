package maps

import (
	"bytes"
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

// ParseRockets reads and validates a map. The format is line-based (seed §7.9): the counts,
// then the bases, then the bonuses, then one road per line; values on a line are
// separated by spaces or tabs, and blank lines are ignored. Every problem is a *ParseError
// naming the line where it is.
func ParseRockets(data []byte) (*Rockets, error) {
	ls := &lineScanner{data: data}
	counts, err := ls.values("the counts line (CityCount RoadCount BaseCount)", 3)
	if err != nil {
		return nil, err
	}
	cities, err := ls.check(counts[0], "CityCount", 1, RocketsMaxCities)
	if err != nil {
		return nil, err
	}
	roads, err := ls.check(counts[1], "RoadCount", 0, RocketsMaxRoads)
	if err != nil {
		return nil, err
	}
	bases, err := ls.check(counts[2], "BaseCount", 1, min(RocketsMaxBases, cities))
	if err != nil {
		return nil, err
	}
	m := &Rockets{Cities: cities, baseCountLine: ls.line}

	baseLine, err := ls.values(fmt.Sprintf("the base line (BaseCount = %d BaseLocation values)", bases), bases)
	if err != nil {
		return nil, err
	}
	isBase := make([]bool, cities+1)
	for i, tok := range baseLine {
		id, err := ls.check(tok, fmt.Sprintf("BaseLocation %d", i+1), 1, cities)
		if err != nil {
			return nil, err
		}
		if isBase[id] {
			return nil, &ParseError{ls.line, fmt.Sprintf("BaseLocation %d: city %d already holds a base", i+1, id)}
		}
		isBase[id] = true
		m.Bases = append(m.Bases, id)
	}

	bonusLine, err := ls.values(fmt.Sprintf("the bonus line (CityCount = %d VisitingBonus values)", cities), cities)
	if err != nil {
		return nil, err
	}
	for c, tok := range bonusLine {
		b, err := ls.check(tok, fmt.Sprintf("VisitingBonus of city %d", c+1), 0, RocketsMaxValue)
		if err != nil {
			return nil, err
		}
		m.Bonus = append(m.Bonus, b)
	}

	seen := make(map[[2]int]int, roads) // city pair → road line, to report duplicates
	for r := 1; r <= roads; r++ {
		what := fmt.Sprintf("road %d", r)
		vals, err := ls.values(what+" (RoadFrom RoadTo BaseCost)", 3)
		if err != nil {
			return nil, err
		}
		from, err := ls.check(vals[0], what+" RoadFrom", 1, cities)
		if err != nil {
			return nil, err
		}
		to, err := ls.check(vals[1], what+" RoadTo", 1, cities)
		if err != nil {
			return nil, err
		}
		cost, err := ls.check(vals[2], what+" BaseCost", 0, RocketsMaxValue)
		if err != nil {
			return nil, err
		}
		if from == to {
			return nil, &ParseError{ls.line, fmt.Sprintf("%s joins city %d to itself", what, from)}
		}
		pair := [2]int{min(from, to), max(from, to)}
		if first, dup := seen[pair]; dup {
			return nil, &ParseError{ls.line, fmt.Sprintf("%s joins cities %d and %d again (already joined on line %d)", what, from, to, first)}
		}
		seen[pair] = ls.line
		m.Roads = append(m.Roads, RocketsRoad{From: from, To: to, Cost: cost})
	}
	if extra, ok := ls.nextLine(); ok {
		return nil, &ParseError{ls.line, fmt.Sprintf("unexpected line after the last road: %s", quoteToken(strings.Join(extra, " ")))}
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

// lineScanner reads a map file line by line, remembering which line it is on.
type lineScanner struct {
	data []byte
	pos  int
	line int // line of the last line returned (1-based)
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

// nextLine returns the values of the next non-blank line.
func (s *lineScanner) nextLine() ([]string, bool) {
	for s.pos < len(s.data) {
		end := bytes.IndexByte(s.data[s.pos:], '\n')
		var raw []byte
		if end < 0 {
			raw, s.pos = s.data[s.pos:], len(s.data)
		} else {
			raw, s.pos = s.data[s.pos:s.pos+end], s.pos+end+1
		}
		s.line++
		if f := strings.FieldsFunc(string(raw), func(r rune) bool { return r < 0x80 && isSpace(byte(r)) }); len(f) > 0 {
			return f, true
		}
	}
	return nil, false
}

// values reads the next line, which must hold exactly n values.
func (s *lineScanner) values(what string, n int) ([]string, error) {
	f, ok := s.nextLine()
	switch {
	case !ok:
		return nil, &ParseError{max(s.line, 1), fmt.Sprintf("file ends where %s was expected", what)}
	case len(f) != n:
		return nil, &ParseError{s.line, fmt.Sprintf("%s: %d values, want %d", what, len(f), n)}
	}
	return f, nil
}

// check parses one value of the current line as an integer in lo..hi.
func (s *lineScanner) check(tok, what string, lo, hi int) (int, error) {
	v, err := strconv.ParseInt(tok, 10, 64)
	if err != nil {
		return 0, &ParseError{s.line, fmt.Sprintf("%s: %s is not an integer", what, quoteToken(tok))}
	}
	if v < int64(lo) || v > int64(hi) {
		return 0, &ParseError{s.line, fmt.Sprintf("%s is %d, want %d..%d", what, v, lo, hi)}
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
