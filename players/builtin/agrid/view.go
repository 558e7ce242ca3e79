package agrid

import (
	"fmt"
	"strconv"
	"strings"
)

// params are the DESCRIBE_WORLD values a bot uses.
type params struct {
	A, B   int
	color  byte
	D      float64
	E, F   int
	G, H   int
	L      int
	lim    int // largest allowed spread of a harvested component: floor((A−1)/2)
	posts  int // A²
	raw    string
	parsed bool
}

func parseParams(line string) (params, error) {
	f := strings.Fields(line)
	if len(f) != 19 || len(f[2]) != 1 {
		return params{}, fmt.Errorf("DESCRIBE_WORLD: want 19 values, got %q", line)
	}
	ints := map[int]*int{}
	var p params
	ints[0], ints[1], ints[4], ints[5], ints[6], ints[7], ints[17] = &p.A, &p.B, &p.E, &p.F, &p.G, &p.H, &p.L
	for i, dst := range ints {
		v, err := strconv.Atoi(f[i])
		if err != nil {
			return params{}, fmt.Errorf("DESCRIBE_WORLD value %d: %w", i+1, err)
		}
		*dst = v
	}
	d, err := strconv.ParseFloat(f[3], 64)
	if err != nil {
		return params{}, fmt.Errorf("DESCRIBE_WORLD D: %w", err)
	}
	p.D, p.color = d, f[2][0]
	p.lim, p.posts, p.raw, p.parsed = (p.A-1)/2, p.A*p.A, line, true
	return p, nil
}

// mine is one of the team's workers as LIST_MY_WORKERS shows it.
type mine struct {
	id, post int
	stored   map[byte]int
	load     int
}

func parseMyWorkers(data []string, a int) ([]mine, error) {
	var out []mine
	for _, line := range data[1:] {
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("LIST_MY_WORKERS: bad line %q", line)
		}
		id, _ := strconv.Atoi(f[0])
		x, _ := strconv.Atoi(f[1])
		y, _ := strconv.Atoi(f[2])
		w := mine{id: id, post: y*a + x, stored: map[byte]int{}}
		for i := 4; i+1 < len(f); i += 2 {
			n, _ := strconv.Atoi(f[i+1])
			w.stored[f[i][0]] = n
			w.load += n
		}
		out = append(out, w)
	}
	return out, nil
}

// parseEnemyWorkers returns how many other teams' workers stand on each post.
func parseEnemyWorkers(data []string, a int) map[int]int {
	out := map[int]int{}
	for _, line := range data[1:] {
		f := strings.Fields(line)
		if len(f) != 3 {
			continue
		}
		x, _ := strconv.Atoi(f[1])
		y, _ := strconv.Atoi(f[2])
		out[y*a+x]++
	}
	return out
}

// knowledge is a team's picture of the map: exact after SHOW_MAP, kept up to date between
// two SHOW_MAPs from SHOW_HISTORY, expiries and the team's own harvests.
type knowledge struct {
	a      int
	board  []byte // '.', '#' or a colour
	expiry []int  // turn at whose resolution the marker goes
}

func newKnowledge(a int) *knowledge {
	k := &knowledge{a: a, board: make([]byte, a*a), expiry: make([]int, a*a)}
	for i := range k.board {
		k.board[i] = '.'
	}
	return k
}

// showMap replaces the picture with a SHOW_MAP answer received in turn t.
func (k *knowledge) showMap(data []string, t int) error {
	if len(data) != 1+2*k.a {
		return fmt.Errorf("SHOW_MAP: %d lines for A = %d", len(data), k.a)
	}
	for y := 0; y < k.a; y++ {
		row := data[1+y]
		life := strings.Fields(data[1+k.a+y])
		if len(row) != k.a || len(life) != k.a {
			return fmt.Errorf("SHOW_MAP: bad row %d", y)
		}
		for x := 0; x < k.a; x++ {
			i := y*k.a + x
			k.board[i] = row[x]
			if n, err := strconv.Atoi(life[x]); err == nil {
				k.expiry[i] = t + n
			}
		}
	}
	return nil
}

// history applies a SHOW_HISTORY answer received in turn t (it describes turn t−1) and
// returns the posts of last turn's harvests.
func (k *knowledge) history(data []string, t, lifespan int) []int {
	if len(data) != 3 {
		return nil
	}
	destroyed := strings.Fields(data[0])
	for i := 1; i+1 < len(destroyed); i += 2 {
		k.set(destroyed[i], destroyed[i+1], '.', 0)
	}
	placed := strings.Fields(data[1])
	for i := 1; i+2 < len(placed); i += 3 {
		k.set(placed[i], placed[i+1], placed[i+2][0], t-1+lifespan)
	}
	var scored []int
	s := strings.Fields(data[2])
	for i := 1; i+1 < len(s); i += 2 {
		x, _ := strconv.Atoi(s[i])
		y, _ := strconv.Atoi(s[i+1])
		scored = append(scored, y*k.a+x)
	}
	return scored
}

func (k *knowledge) set(xs, ys string, c byte, expiry int) {
	x, errX := strconv.Atoi(xs)
	y, errY := strconv.Atoi(ys)
	if errX != nil || errY != nil || x < 0 || y < 0 || x >= k.a || y >= k.a {
		return
	}
	k.board[y*k.a+x] = c
	k.expiry[y*k.a+x] = expiry
}

// expire forgets the markers removed by the resolutions before turn t.
func (k *knowledge) expire(t int) {
	for i, c := range k.board {
		if c != '.' && c != '#' && k.expiry[i] < t {
			k.board[i] = '.'
		}
	}
}

// step returns the post one unit step from post i on the torus.
func step(a, i, dx, dy int) int {
	x, y := i%a, i/a
	return ((y+dy)%a+a)%a*a + ((x+dx)%a+a)%a
}

var unitSteps = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
