// Package flags holds the built-in bots of the capture-the-flag game "flags": random and
// greedy. They read the game's input exactly as a contest bot does (whitespace-separated
// tokens) and answer one line per turn.
package flags

import (
	"bufio"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"io"
	"strconv"
)

// Cell is (row, column).
type Cell struct{ R, C int }

// Minion is one line of the minion lists.
type Minion struct {
	ID      int
	Pos     Cell
	HP      int
	Timeout int
}

// Flag is a flag's position and the id of the minion carrying it (−1 when none).
type Flag struct {
	Pos     Cell
	Carrier int
}

// PowerUp is one of the three power-up lines of the initialization.
type PowerUp struct {
	Name          string
	Price, Effect int
}

// World is what the initialization says.
type World struct {
	H, W     int
	Rows     []string
	MyBase   Cell
	OppBase  Cell
	PowerUps [3]PowerUp // FIRE, FREEZE, MINE
}

// Floor reports whether a cell is inside the map and not a wall.
func (w *World) Floor(c Cell) bool {
	return c.R >= 0 && c.R < w.H && c.C >= 0 && c.C < w.W && w.Rows[c.R][c.C] == '.'
}

// Turn is one turn's input.
type Turn struct {
	MyScore, OppScore int
	MyFlag, OppFlag   Flag // MyFlag.Carrier is an opponent id, OppFlag.Carrier one of mine
	Mine, Opp         []Minion
	Coins             []Cell
}

// reader reads whitespace-separated tokens and keeps a hash of everything read, so that a
// bot can seed its randomness from its input and stay deterministic.
type reader struct {
	sc   *bufio.Scanner
	hash hash.Hash64
}

func newReader(in io.Reader) *reader {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	sc.Split(bufio.ScanWords)
	return &reader{sc: sc, hash: fnv.New64a()}
}

func (r *reader) token() (string, error) {
	if !r.sc.Scan() {
		if err := r.sc.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	t := r.sc.Bytes()
	r.hash.Write(t)
	r.hash.Write([]byte{' '})
	return string(t), nil
}

func (r *reader) int() (int, error) {
	t, err := r.token()
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(t)
	if err != nil {
		return 0, fmt.Errorf("flags bot: want a number, got %q", t)
	}
	return v, nil
}

func (r *reader) ints(dst ...*int) error {
	for _, d := range dst {
		v, err := r.int()
		if err != nil {
			return err
		}
		*d = v
	}
	return nil
}

func (r *reader) world() (*World, error) {
	w := &World{}
	if err := r.ints(&w.H, &w.W); err != nil {
		return nil, err
	}
	for i := 0; i < w.H; i++ {
		row, err := r.token()
		if err != nil {
			return nil, err
		}
		if len(row) != w.W {
			return nil, fmt.Errorf("flags bot: map row %d has %d cells, want %d", i, len(row), w.W)
		}
		w.Rows = append(w.Rows, row)
	}
	if err := r.ints(&w.MyBase.R, &w.MyBase.C, &w.OppBase.R, &w.OppBase.C); err != nil {
		return nil, err
	}
	for i := range w.PowerUps {
		name, err := r.token()
		if err != nil {
			return nil, err
		}
		w.PowerUps[i].Name = name
		if err := r.ints(&w.PowerUps[i].Price, &w.PowerUps[i].Effect); err != nil {
			return nil, err
		}
	}
	return w, nil
}

func (r *reader) minions() ([]Minion, error) {
	n, err := r.int()
	if err != nil {
		return nil, err
	}
	out := make([]Minion, n)
	for i := range out {
		m := &out[i]
		if err := r.ints(&m.ID, &m.Pos.R, &m.Pos.C, &m.HP, &m.Timeout); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (r *reader) turn() (*Turn, error) {
	t := &Turn{}
	if err := r.ints(&t.MyScore, &t.OppScore,
		&t.MyFlag.Pos.R, &t.MyFlag.Pos.C, &t.MyFlag.Carrier,
		&t.OppFlag.Pos.R, &t.OppFlag.Pos.C, &t.OppFlag.Carrier); err != nil {
		return nil, err
	}
	var err error
	if t.Mine, err = r.minions(); err != nil {
		return nil, err
	}
	if t.Opp, err = r.minions(); err != nil {
		return nil, err
	}
	n, err := r.int()
	if err != nil {
		return nil, err
	}
	t.Coins = make([]Cell, n)
	for i := range t.Coins {
		if err := r.ints(&t.Coins[i].R, &t.Coins[i].C); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// strategy answers one turn with the commands to send.
type strategy interface {
	play(t *Turn, seed uint64) []string
}

// run is the loop every built-in bot shares: read the initialization, then answer every
// turn with one line, flushing it at once, until the input ends.
func run(in io.Reader, out io.Writer, newStrategy func(*World) strategy) error {
	r := newReader(in)
	w, err := r.world()
	if errors.Is(err, io.EOF) {
		return nil
	}
	if err != nil {
		return err
	}
	s := newStrategy(w)
	bw := bufio.NewWriter(out)
	for {
		t, err := r.turn()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		cmds := s.play(t, r.hash.Sum64())
		for i, c := range cmds {
			if i > 0 {
				bw.WriteString(" | ")
			}
			bw.WriteString(c)
		}
		bw.WriteByte('\n')
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("flags bot: write: %w", err)
		}
	}
}
