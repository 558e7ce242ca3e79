package towers

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// setup is the initial input (the lines the bots use; the rest is read and ignored).
type setup struct {
	myID                                   int
	mapSize, tileSize, soldiers, maxTowers int
	turns                                  int
	buildCost, upgradeCost2, upgradeCost3  int
	range1, range2, range3                 int
}

// unit is a soldier as the input lists it, in the reader's own view.
type unit struct {
	id, x, y, hp int
	state        string
	immune       int
	respawnIn    int
}

func (u unit) alive() bool { return u.hp > 0 }

// building is a tower as the input lists it (tile coordinates, own view).
type building struct {
	id, tx, ty, hp, level int
	base                  bool
}

// turnState is one turn's input.
type turnState struct {
	turn, money, myScore, enemyScore int
	grid                             []string // grid[y][x]: '0' nobody, '1' me, '2' enemy, '3' both
	mine, enemies                    []unit
	myTowers, enemyTowers            []building
	raw                              []byte // the input text, for seeding randomness
}

// reader parses the protocol line by line.
type reader struct {
	r   *bufio.Reader
	raw []byte
}

func (rd *reader) line() (string, error) {
	s, err := rd.r.ReadString('\n')
	if err != nil && (err != io.EOF || s == "") {
		return "", err
	}
	rd.raw = append(rd.raw, s...)
	return strings.TrimRight(s, "\r\n"), nil
}

func (rd *reader) ints(n int) ([]int, error) {
	l, err := rd.line()
	if err != nil {
		return nil, err
	}
	f := strings.Fields(l)
	if len(f) < n {
		return nil, fmt.Errorf("line %q: numbers: %d, want %d", l, len(f), n)
	}
	out := make([]int, n)
	for i := range out {
		if out[i], err = strconv.Atoi(f[i]); err != nil {
			return nil, fmt.Errorf("line %q: %q is not a whole number", l, f[i])
		}
	}
	return out, nil
}

// unit parses a soldier line: id x y hp state immune respawnIn.
func (rd *reader) unit() (unit, error) {
	l, err := rd.line()
	if err != nil {
		return unit{}, err
	}
	f := strings.Fields(l)
	if len(f) != 7 {
		return unit{}, fmt.Errorf("soldier line %q: want 7 fields", l)
	}
	var v [7]int
	for i, tok := range f {
		if i == 4 {
			continue
		}
		if v[i], err = strconv.Atoi(tok); err != nil {
			return unit{}, fmt.Errorf("soldier line %q: %q is not a whole number", l, tok)
		}
	}
	return unit{id: v[0], x: v[1], y: v[2], hp: v[3], state: f[4], immune: v[5], respawnIn: v[6]}, nil
}

func (rd *reader) readSetup() (setup, error) {
	var s setup
	var lines [9][]int
	for i, n := range []int{1, 5, 6, 3, 3, 3, 4, 3, 0} {
		v, err := rd.ints(n)
		if err != nil {
			return s, fmt.Errorf("initial input line %d: %w", i+1, err)
		}
		lines[i] = v
	}
	s.myID = lines[0][0]
	s.mapSize, s.tileSize, s.soldiers, s.maxTowers, s.turns = lines[1][0], lines[1][1], lines[1][2], lines[1][3], lines[1][4]
	s.buildCost, s.upgradeCost2, s.upgradeCost3 = lines[4][0], lines[4][1], lines[4][2]
	s.range1, s.range2, s.range3 = lines[5][0], lines[5][1], lines[5][2]
	return s, nil
}

func (rd *reader) readTurn(mapSize int) (*turnState, error) {
	rd.raw = rd.raw[:0]
	head, err := rd.ints(4)
	if err != nil {
		return nil, err
	}
	st := &turnState{turn: head[0], money: head[1], myScore: head[2], enemyScore: head[3]}
	for range mapSize {
		row, err := rd.line()
		if err != nil {
			return nil, err
		}
		st.grid = append(st.grid, row)
	}
	for _, into := range []*[]unit{&st.mine, &st.enemies} {
		n, err := rd.ints(1)
		if err != nil {
			return nil, err
		}
		for range n[0] {
			u, err := rd.unit()
			if err != nil {
				return nil, err
			}
			*into = append(*into, u)
		}
	}
	for _, into := range []*[]building{&st.myTowers, &st.enemyTowers} {
		n, err := rd.ints(1)
		if err != nil {
			return nil, err
		}
		for range n[0] {
			v, err := rd.ints(6)
			if err != nil {
				return nil, err
			}
			*into = append(*into, building{id: v[0], tx: v[1], ty: v[2], hp: v[3], level: v[4], base: v[5] == 1})
		}
	}
	st.raw = rd.raw
	return st, nil
}

// play runs a bot: it reads the initial input, then answers every turn with decide's line
// and flushes, until the input ends.
func play(in io.Reader, out io.Writer, decide func(*setup, *turnState) string) error {
	rd := &reader{r: bufio.NewReader(in)}
	w := bufio.NewWriter(out)
	s, err := rd.readSetup()
	if errors.Is(err, io.EOF) {
		return nil // the input ended before the game began: nothing to answer, as in a turn
	}
	if err != nil {
		return fmt.Errorf("towers bot: %w", err)
	}
	for {
		st, err := rd.readTurn(s.mapSize)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("towers bot: turn input: %w", err)
		}
		if _, err := w.WriteString(decide(&s, st) + "\n"); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}
