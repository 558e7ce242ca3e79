package agrid

import (
	"fmt"
	"testing"
)

// Hand-derived harvests beyond the spec's vectors, through TEST_SCORE (which runs the same
// algorithm as SCORE). Parameters: the §13 ones unless the case says otherwise.
func TestHarvestCases(t *testing.T) {
	for _, tc := range []struct {
		name  string
		opts  map[string]string
		size  int
		start string
		rows  []string
		want  string
	}{
		{
			// Two loops touching at one corner post: two BLOBs of 2×2, scored separately,
			// equal areas: (4·2 + 4·2)·1.5 = 24.
			name: "corner-touching loops are two BLOBs",
			opts: with(areaOnly(), "Ss", "1", "Sw", "0.5"), size: 9, start: "0 0",
			rows: []string{"aaa", "a.a", "aaaaa", "..a.a", "..aaa"},
			want: "OK 1 a 24.000000",
		},
		{
			// 3×3 fields, two opponent colours inside: Z and W and square;
			// 81·(1 + 0.2 + 0.2 + 1) + 2·0.5 = 195.4; b and c get 2.0 each.
			name: "W bonus with two opponent colours", opts: vectorParams(), size: 7, start: "1 1",
			rows: []string{".......", ".aaaa..", ".ab.a..", ".a.ca..", ".aaaa.."},
			want: "OK 3 a 195.400000 b 2.000000 c 2.000000",
		},
		{
			// A 5×5 loop around a 1-field b loop: Q = 25 − 1 = 24, Z (4 > 0), square on all
			// of b; 24·(1 + 0.2 + 1) + 4·0.5 = 54.8; b gets 4·2 = 8.
			name: "competitor enclosure is not ours", opts: with(vectorParams(), "D", "1"), size: 11, start: "0 0",
			rows: []string{"aaaaaa", "a....a", "a.bb.a", "a.bb.a", "a....a", "aaaaaa"},
			want: "OK 2 a 54.800000 b 8.000000",
		},
		{
			// Three 1-field loops on one bridge: three equal areas, S_w and S_h:
			// 3·(1·2)·(1 + 0.5 + 1) = 15.
			name: "three equal BLOBs", opts: with(areaOnly(), "Ss", "1", "Sw", "0.5", "Sh", "1"), size: 16, start: "0 0",
			rows: []string{"aa.aa.aa", "aaaaaaaa"},
			want: "OK 1 a 15.000000",
		},
		{
			// A chord does not split a BLOB: 2 fields, not square, no inside post: 2² = 4.
			name: "chord", opts: vectorParams(), size: 5, start: "0 0",
			rows: []string{"aaa", "aaa"},
			want: "OK 1 a 4.000000",
		},
		{
			// A hill inside does not count against T: 3 b markers cover the 3 other inside
			// posts. 9·(1 + 0.2 + 0.5 + 1) + 3·0.5 = 25.8; b gets 6.
			name: "hill inside and T", opts: with(vectorParams(), "D", "1"), size: 7, start: "0 0",
			rows: []string{"aaaa", "a#ba", "abba", "aaaa"},
			want: "OK 2 a 25.800000 b 6.000000",
		},
		{
			// A separate own loop inside is part of the BLOB (no competitor): 36·(1+1) = 72.
			name: "own loop inside", opts: with(areaOnly(), "Ss", "1"), size: 15, start: "0 0",
			rows: []string{"aaaaaaa", "a.....a", "a.aaa.a", "a.a.a.a", "a.aaa.a", "a.....a", "aaaaaaa"},
			want: "OK 1 a 72.000000",
		},
		{
			name: "inner own loop alone", opts: with(areaOnly(), "Ss", "1"), size: 15, start: "2 2",
			rows: []string{"aaaaaaa", "a.....a", "a.aaa.a", "a.a.a.a", "a.aaa.a", "a.....a", "aaaaaaa"},
			want: "OK 1 a 8.000000",
		},
		{
			// Separate own markers inside outnumber the opponent's: no Z.
			// 36·(1+1) + 1·0.5 = 72.5.
			name: "own markers outnumber", opts: with(vectorParams(), "D", "1"), size: 15, start: "0 0",
			rows: []string{"aaaaaaa", "a.....a", "a.a.a.a", "a..b..a", "a..a..a", "a.....a", "aaaaaaa"},
			want: "OK 2 a 72.500000 b 2.000000",
		},
		{
			// Own markers joined to the ring are chords (part of S), not "own inside":
			// 1 opponent > 0 own gives Z. 16·(1 + 0.2 + 1) + 0.5 = 35.7.
			name: "chord tails are not own markers inside", opts: with(vectorParams(), "D", "1"), size: 9, start: "0 0",
			rows: []string{"aaaaa", "a.a.a", "a.b.a", "a.a.a", "aaaaa"},
			want: "OK 2 a 35.700000 b 2.000000",
		},
		{
			name: "a line encloses nothing", opts: vectorParams(), size: 9, start: "0 0",
			rows: []string{"aaaaa"},
			want: "OK 0",
		},
		{
			name: "a full row wraps around the torus", opts: vectorParams(), size: 5, start: "0 0",
			rows: []string{"aaaaa"},
			want: "ERR 118 too large territory",
		},
		{
			// A 3×3 ring on a 5×5 torus spreads 2 = floor(4/2): allowed.
			name: "spread at the limit", opts: with(areaOnly(), "Ss", "1"), size: 5, start: "0 0",
			rows: []string{"aaa", "a.a", "aaa"},
			want: "OK 1 a 8.000000",
		},
		{
			name: "spread over the limit", opts: with(areaOnly(), "Ss", "1"), size: 5, start: "0 0",
			rows: []string{"aaaa", "a..a", "aaaa"},
			want: "ERR 118 too large territory",
		},
		{
			name: "ring across both edges", opts: with(areaOnly(), "Ss", "1"), size: 6, start: "0 0",
			rows: []string{"aa...a", "......", "......", "......", "aa...a", ".a...a"},
			want: "OK 1 a 8.000000",
		},
		{
			name: "hill as start", opts: vectorParams(), size: 5, start: "0 0",
			rows: []string{"#aa", "aaa"},
			want: "ERR 117 no marker at specified position",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, 3, with(tc.opts, "A", "32"), nil)
			f.want(0, fmt.Sprintf("TEST_SCORE %d %s %s", tc.size, tc.start, flat(embed(tc.size, tc.rows...)...)), "OK", tc.want)
		})
	}
}

// TestHarvestRemovals checks which markers a harvest removes: the delineating posts, and
// with H = 1 the inside too; a bridge and an outward tail stay.
func TestHarvestRemovals(t *testing.T) {
	rows := []string{
		"aaa.....",
		"aba.....",
		"aaaaa...",
		"........",
	}
	for _, tc := range []struct {
		h    string
		want []string
	}{
		{"0", []string{"........", ".b......", "...aa...", "........"}},
		{"1", []string{"........", "........", "...aa...", "........"}},
	} {
		t.Run("H="+tc.h, func(t *testing.T) {
			f := newFixture(t, 2, with(vectorParams(), "A", "16", "H", tc.h), rows)
			f.want(0, "SCORE 4 2", "OK")
			f.r.EndTurn()
			got := f.rows(8, 4)
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("row %d = %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}
