// Package triangles holds the built-in bots of TryAngle-Catch ("triangles"): random and
// greedy. They read the game's input line by line as a contest bot does and answer one line
// of ';'-separated commands per turn.
package triangles

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"
)

// House is one house: its position, the units on it and its neighbours (ascending ids).
type House struct {
	ID, X, Y     int
	Mine, Theirs int
	Neighbours   []int
}

// Triangle is one triangle line: corners, owner (−1 nobody, 0 me, 1 the opponent) and who
// may capture it.
type Triangle struct {
	Corners                     [3]int
	Owner                       int
	MeCanCapture, OppCanCapture bool
}

// Turn is one turn's input, with the map's positions filled in.
type Turn struct {
	MyScore, OppScore int
	Houses            []House
	Paths             [][2]int
	Triangles         []Triangle
	Linkable          [][2]int
}

// Reader reads the game's input. It remembers the map from the first turn and keeps a
// hash of everything read so that bots can seed their randomness from it.
type Reader struct {
	in   *bufio.Reader
	pos  [][2]int
	hash uint64
}

// NewReader reads the input from in.
func NewReader(in io.Reader) *Reader {
	return &Reader{in: bufio.NewReaderSize(in, 64*1024)}
}

// Continue returns a reader of further input that remembers this reader's map and hash
// (for callers that get each turn's input as a separate text).
func (r *Reader) Continue(in io.Reader) *Reader {
	return &Reader{in: bufio.NewReaderSize(in, 64*1024), pos: r.pos, hash: r.hash}
}

// Seed is a hash of the input read so far.
func (r *Reader) Seed() uint64 { return r.hash }

func (r *Reader) line() ([]int, error) {
	text, err := r.in.ReadString('\n')
	if err != nil && (err != io.EOF || text == "") {
		return nil, err
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s", r.hash, text)
	r.hash = h.Sum64()
	fields := strings.Fields(text)
	nums := make([]int, len(fields))
	for i, f := range fields {
		if nums[i], err = strconv.Atoi(f); err != nil {
			return nil, fmt.Errorf("triangles input: %q is not a number", f)
		}
	}
	return nums, nil
}

func (r *Reader) count() (int, error) {
	nums, err := r.line()
	if err != nil {
		return 0, err
	}
	if len(nums) != 1 || nums[0] < 0 {
		return 0, fmt.Errorf("triangles input: want a count, got %v", nums)
	}
	return nums[0], nil
}

func (r *Reader) rows(n, width int) ([][]int, error) {
	out := make([][]int, n)
	for i := range out {
		nums, err := r.line()
		if err != nil {
			return nil, err
		}
		if len(nums) != width {
			return nil, fmt.Errorf("triangles input: want %d numbers, got %v", width, nums)
		}
		out[i] = nums
	}
	return out, nil
}

// Next reads one turn. On the first turn the map block comes first; Next recognises it by
// its single-number first line.
func (r *Reader) Next() (*Turn, error) {
	first, err := r.line()
	if err != nil {
		return nil, err
	}
	if len(first) == 1 {
		rows, err := r.rows(first[0], 3)
		if err != nil {
			return nil, err
		}
		r.pos = make([][2]int, len(rows))
		for _, row := range rows {
			if row[0] < 0 || row[0] >= len(rows) {
				return nil, fmt.Errorf("triangles input: house id %d", row[0])
			}
			r.pos[row[0]] = [2]int{row[1], row[2]}
		}
		if first, err = r.line(); err != nil {
			return nil, err
		}
	}
	if len(first) != 2 {
		return nil, fmt.Errorf("triangles input: want the scores, got %v", first)
	}
	t := &Turn{MyScore: first[0], OppScore: first[1]}
	units, err := r.rows(len(r.pos), 3)
	if err != nil {
		return nil, err
	}
	t.Houses = make([]House, len(r.pos))
	for i, p := range r.pos {
		t.Houses[i] = House{ID: i, X: p[0], Y: p[1]}
	}
	for _, u := range units {
		if u[0] < 0 || u[0] >= len(t.Houses) {
			return nil, fmt.Errorf("triangles input: house id %d", u[0])
		}
		t.Houses[u[0]].Mine, t.Houses[u[0]].Theirs = u[1], u[2]
	}
	if t.Paths, err = r.pairs(len(t.Houses)); err != nil {
		return nil, err
	}
	for _, p := range t.Paths {
		t.Houses[p[0]].Neighbours = append(t.Houses[p[0]].Neighbours, p[1])
		t.Houses[p[1]].Neighbours = append(t.Houses[p[1]].Neighbours, p[0])
	}
	n, err := r.count()
	if err != nil {
		return nil, err
	}
	rows, err := r.rows(n, 6)
	if err != nil {
		return nil, err
	}
	for _, row := range rows {
		t.Triangles = append(t.Triangles, Triangle{Corners: [3]int{row[0], row[1], row[2]}, Owner: row[3], MeCanCapture: row[4] == 1, OppCanCapture: row[5] == 1})
	}
	if t.Linkable, err = r.pairs(len(t.Houses)); err != nil {
		return nil, err
	}
	for i := range t.Houses {
		sortInts(t.Houses[i].Neighbours)
	}
	return t, nil
}

func (r *Reader) pairs(houses int) ([][2]int, error) {
	n, err := r.count()
	if err != nil {
		return nil, err
	}
	rows, err := r.rows(n, 2)
	if err != nil {
		return nil, err
	}
	out := make([][2]int, n)
	for i, row := range rows {
		if row[0] < 0 || row[0] >= houses || row[1] < 0 || row[1] >= houses {
			return nil, fmt.Errorf("triangles input: pair %v names no house", row)
		}
		out[i] = [2]int{row[0], row[1]}
	}
	return out, nil
}

func sortInts(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Distances returns the BFS distance between every pair of houses (len(Houses) when
// unreachable).
func (t *Turn) Distances() [][]int {
	n := len(t.Houses)
	dist := make([][]int, n)
	for s := range dist {
		d := make([]int, n)
		for i := range d {
			d[i] = n
		}
		d[s] = 0
		queue := []int{s}
		for len(queue) > 0 {
			cur := queue[0]
			queue = queue[1:]
			for _, next := range t.Houses[cur].Neighbours {
				if d[next] == n {
					d[next] = d[cur] + 1
					queue = append(queue, next)
				}
			}
		}
		dist[s] = d
	}
	return dist
}

// MyUnits counts my units.
func (t *Turn) MyUnits() int {
	total := 0
	for _, h := range t.Houses {
		total += h.Mine
	}
	return total
}

// play runs a bot: read a turn, answer a line, flush, until the input ends.
func play(in io.Reader, out io.Writer, decide func(r *Reader, t *Turn) string) error {
	r := NewReader(in)
	w := bufio.NewWriter(out)
	for {
		t, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := w.WriteString(decide(r, t) + "\n"); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}
