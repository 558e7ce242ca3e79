package referee

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Values from queens spec §17.1 (java.util.Random reproduced bit for bit).
func TestJavaRandom(t *testing.T) {
	r := NewJavaRandom(0)
	if got := []int32{r.NextInt32(), r.NextInt32()}; !cmp.Equal(got, []int32{-1155484576, -723955400}) {
		t.Errorf("Random(0).nextInt() twice = %v", got)
	}
	tests := []struct {
		seed int64
		want []int // nextInt(16), then pair draws nextInt(3), nextInt(51), nextInt(31), nextInt(1920), nextInt(1000)
	}{
		{1, []int{11, 1, 10, 25, 254, 904, 2, 40, 9, 1588, 569}},
		{42, []int{11, 0, 0, 23, 1650, 525, 2, 29, 23, 1613, 182}},
		{-1234567, []int{12, 0, 37, 0, 1391, 698}},
	}
	for _, tc := range tests {
		r := NewJavaRandom(tc.seed)
		got := []int{r.NextInt(16)}
		for len(got) < len(tc.want) {
			got = append(got, r.NextInt(3), r.NextInt(51), r.NextInt(31), r.NextInt(1920), r.NextInt(1000))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("seed %d (-want +got):\n%s", tc.seed, diff)
		}
	}
}

func TestJavaRandomDoubleAndLong(t *testing.T) {
	// java.util.Random(42): nextDouble() = 0.7275636800328681, nextLong() after it = ...
	r := NewJavaRandom(42)
	if got := r.NextDouble(); got != 0.7275636800328681 {
		t.Errorf("Random(42).nextDouble() = %v", got)
	}
	r = NewJavaRandom(42)
	if got := r.NextLong(); got != -5025562857975149833 {
		t.Errorf("Random(42).nextLong() = %v", got)
	}
}

func TestJavaRound(t *testing.T) {
	// queens spec §17.3
	tests := []struct {
		in   float64
		want int
	}{{2.5, 3}, {-2.5, -2}, {2.4999999, 2}, {0.49999999999999994, 0}, {260.4386, 260}, {1659.5614, 1660}}
	for _, tc := range tests {
		if got := JavaRound(tc.in); got != tc.want {
			t.Errorf("JavaRound(%v) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestRankByScoreAndWinner(t *testing.T) {
	o := []Outcome{{Score: 5}, {Score: 9}, {Score: 5}, {Score: -1}}
	RankByScore(o)
	var ranks []int
	for _, x := range o {
		ranks = append(ranks, x.Rank)
	}
	if diff := cmp.Diff([]int{2, 1, 2, 4}, ranks); diff != "" {
		t.Errorf("ranks (-want +got):\n%s", diff)
	}
	if w := Winner(o); w != 1 {
		t.Errorf("winner %d, want 1", w)
	}
	draw := []Outcome{{Score: 3}, {Score: 3}}
	RankByScore(draw)
	if w := Winner(draw); w != -1 {
		t.Errorf("draw: winner %d, want -1", w)
	}
}

func TestCheckOptions(t *testing.T) {
	known := []Option{{Key: "profile", Default: "arena", Help: "x"}}
	if err := CheckOptions("queens", known, map[string]string{"profile": "repo"}); err != nil {
		t.Errorf("known option rejected: %v", err)
	}
	err := CheckOptions("queens", known, map[string]string{"profil": "repo"})
	if err == nil || err.Error() != `queens: option "profil": unknown option (known: profile)` {
		t.Errorf("unknown option: %v", err)
	}
}
