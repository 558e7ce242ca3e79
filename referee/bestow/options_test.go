package bestow

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

func TestSpec2_Variants(t *testing.T) {
	tests := []struct {
		variant                     string
		colours, minCubes, maxCubes int
		extent                      int
		alpha, flat                 float64
	}{
		{"vanilla", 6, 2, 10, 5, 1, 0.2},
		{"wicked", 3, 5, 20, 7, 0, 0},
		{"flower", 12, 1, 6, 4, 3, 0.5},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			p, err := parseParams(map[string]string{"variant": tt.variant})
			if err != nil {
				t.Fatal(err)
			}
			got := []float64{float64(p.C), float64(p.MinCubes), float64(p.MaxCubes), float64(p.Extent), p.Alpha, p.Flat, float64(p.Ee), float64(p.N)}
			want := []float64{float64(tt.colours), float64(tt.minCubes), float64(tt.maxCubes), float64(tt.extent), tt.alpha, tt.flat, 300, 400}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("C, minCubes, maxCubes, extent, alpha, flat, Ee, N (-want +got):\n%s", diff)
			}
		})
	}
	p, err := parseParams(nil)
	if err != nil || p.C != 6 {
		t.Errorf("default variant: C = %d, %v; want vanilla's 6", p.C, err)
	}
	p, err = parseParams(map[string]string{"variant": "wicked", "C": "9", "I": "2", "pieces": "1000"})
	if err != nil || p.C != 9 || p.I != 2 || p.N != 1000 || p.MaxCubes != 20 {
		t.Errorf("overrides on wicked: %+v, %v", p, err)
	}
}

func TestSpec2_OptionErrors(t *testing.T) {
	tests := []struct {
		opts map[string]string
		key  string
	}{
		{map[string]string{"variant": "sweet"}, "variant"},
		{map[string]string{"Ee": "99"}, "Ee"},
		{map[string]string{"Ee": "5001"}, "Ee"},
		{map[string]string{"Ep": "9"}, "Ep"},
		{map[string]string{"C": "1"}, "C"},
		{map[string]string{"C": "17"}, "C"},
		{map[string]string{"Bs": "41"}, "Bs"},
		{map[string]string{"Bo": "9"}, "Bo"},
		{map[string]string{"Bo": "13"}, "Bo"},
		{map[string]string{"R": "0"}, "R"},
		{map[string]string{"I": "0.99"}, "I"},
		{map[string]string{"I": "NaN"}, "I"},
		{map[string]string{"Sp": "-1"}, "Sp"},
		{map[string]string{"H": "0.0001"}, "H"},
		{map[string]string{"Qmin": "6"}, "Qmin"},
		{map[string]string{"Qgi": "0.2"}, "Qgi"},
		{map[string]string{"Qpi": "0.01"}, "Qpi"},
		{map[string]string{"Ae": "2.5"}, "Ae"},
		{map[string]string{"Sr": "0"}, "Sr"},
		{map[string]string{"T": "4"}, "T"},
		{map[string]string{"T": "1.5"}, "T"},
		{map[string]string{"L": "101"}, "L"},
		{map[string]string{"K": "9"}, "K"},
		{map[string]string{"pieces": "9"}, "pieces"},
		{map[string]string{"minCubes": "0"}, "minCubes"},
		{map[string]string{"maxCubes": "21"}, "maxCubes"},
		{map[string]string{"minCubes": "8", "maxCubes": "7"}, "minCubes"},
		{map[string]string{"extent": "11"}, "extent"},
		{map[string]string{"alpha": "-1"}, "alpha"},
		{map[string]string{"flat": "1.5"}, "flat"},
		{map[string]string{"flat": "x"}, "flat"},
		{map[string]string{"e": "1"}, "e"},
		{map[string]string{"variant": "wicked", "maxCubes": "4"}, "maxCubes"},
		{map[string]string{"minCubes": "8", "extent": "1"}, "extent"},
		{map[string]string{"extent": "3"}, "extent"},
		{map[string]string{"variant": "flower", "maxCubes": "20"}, "maxCubes"},
		{map[string]string{"variant": "wicked", "extent": "4", "flat": "0.1"}, "extent"},
	}
	for _, tt := range tests {
		_, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: tt.opts})
		var oe *referee.OptionError
		if !errors.As(err, &oe) || oe.Key != tt.key || oe.Reason == "" {
			t.Errorf("%v: got %v, want an option error naming %q", tt.opts, err, tt.key)
		}
	}
}

// Every piece the generator draws has minCubes..maxCubes cubes: sizes the extent box
// cannot hold are refused rather than silently cut.
func TestSpec3_PieceSizesFitExtent(t *testing.T) {
	for _, opts := range []map[string]string{
		{"minCubes": "4", "maxCubes": "4", "extent": "2"},
		{"minCubes": "8", "maxCubes": "8", "extent": "2", "flat": "0"},
		{"variant": "wicked", "minCubes": "20", "extent": "3"},
		{"variant": "flower"},
		{},
	} {
		p, err := parseParams(opts)
		if err != nil {
			t.Fatalf("%v: %v", opts, err)
		}
		p.N = 200
		for _, pc := range generatePieces(1, p) {
			if n := len(pc.cubes); n < p.MinCubes || n > p.MaxCubes {
				t.Fatalf("%v: piece %d has %d cubes, want %d..%d", opts, pc.id, n, p.MinCubes, p.MaxCubes)
			}
		}
	}
	_, err := parseParams(map[string]string{"minCubes": "8", "extent": "1"})
	if err == nil || !strings.Contains(err.Error(), `extent="1"`) || !strings.Contains(err.Error(), "does not fit") {
		t.Fatalf("minCubes=8 extent=1: got %v", err)
	}
}

func TestSpec1_TwoPlayers(t *testing.T) {
	for _, n := range []int{1, 3} {
		if _, err := (Game{}).New(referee.Config{Seed: 1, Players: n}); err == nil {
			t.Errorf("%d players accepted", n)
		}
	}
}
