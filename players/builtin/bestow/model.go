package bestow

import (
	"fmt"
	"strconv"
	"strings"
)

// world holds the 17 DESCRIBE_WORLD values.
type world struct {
	Ee, Ep, C, Bs, Bo, R int
	I                    float64
	Sp                   int
	H                    float64
	Qmin                 int
	Qgi, Qpi, Ae         float64
	Sr, T, L             int
	K                    float64
}

// fields parses a line of numbers: each target is an *int or a *float64.
func fields(line string, targets ...any) error {
	f := strings.Fields(line)
	if len(f) != len(targets) {
		return fmt.Errorf("%d fields in %q, want %d", len(f), line, len(targets))
	}
	for i, t := range targets {
		var err error
		switch t := t.(type) {
		case *int:
			*t, err = strconv.Atoi(f[i])
		case *float64:
			*t, err = strconv.ParseFloat(f[i], 64)
		}
		if err != nil {
			return fmt.Errorf("field %d of %q: %w", i+1, line, err)
		}
	}
	return nil
}

func parseWorld(line string) (world, error) {
	var w world
	err := fields(line, &w.Ee, &w.Ep, &w.C, &w.Bs, &w.Bo, &w.R, &w.I, &w.Sp, &w.H, &w.Qmin, &w.Qgi, &w.Qpi, &w.Ae, &w.Sr, &w.T, &w.L, &w.K)
	return w, err
}

// piece is one GET_ALL_PIECES line.
type piece struct {
	id                   int
	cubes                []vec3
	colours              []int
	price, value, effort int
}

func parsePiece(line string) (piece, error) {
	nums, err := ints(line)
	if err != nil || len(nums) < 2 {
		return piece{}, fmt.Errorf("piece line %q: %v", line, err)
	}
	n := nums[1]
	if len(nums) != 2+4*n+3 {
		return piece{}, fmt.Errorf("piece line %q: %d numbers for %d cubes", line, len(nums), n)
	}
	pc := piece{id: nums[0], cubes: make([]vec3, n), colours: nums[2+3*n : 2+4*n]}
	for i := range pc.cubes {
		pc.cubes[i] = vec3{nums[2+3*i], nums[3+3*i], nums[4+3*i]}
	}
	pc.price, pc.value, pc.effort = nums[2+4*n], nums[3+4*n], nums[4+4*n]
	return pc, nil
}

func ints(line string) ([]int, error) {
	f := strings.Fields(line)
	out := make([]int, len(f))
	for i, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// side is one player line of GET_MATCH_INFO.
type side struct {
	vp                                 float64
	own, shared, power, profit, effort int
	mult                               []int // index 1..C
	singleCubes, singleSquares         int
}

func parseSide(line string, colours int) (side, error) {
	f := strings.Fields(line)
	if len(f) != 8+colours {
		return side{}, fmt.Errorf("match info line %q: %d fields, want %d", line, len(f), 8+colours)
	}
	var s side
	vp, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return side{}, fmt.Errorf("match info line %q: %w", line, err)
	}
	nums, err := ints(strings.Join(f[1:], " "))
	if err != nil {
		return side{}, fmt.Errorf("match info line %q: %w", line, err)
	}
	s.vp = vp
	s.own, s.shared, s.power, s.profit, s.effort = nums[0], nums[1], nums[2], nums[3], nums[4]
	s.mult = append([]int{0}, nums[5:5+colours]...)
	s.singleCubes, s.singleSquares = nums[5+colours], nums[6+colours]
	return s, nil
}

// matchInfo is GET_MATCH_INFO: me, the opponent, and who is active (Me, Opponent, None).
type matchInfo struct {
	me, opp side
	active  string
}

// cash is the part of the purchasing power that is not own-space profit.
func (s side) cash() int { return s.power - s.profit }
