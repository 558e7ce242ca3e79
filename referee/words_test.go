package referee

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0 minions"},
		{1, "1 minion"},
		{2, "2 minions"},
		{-1, "-1 minions"},
		{1000000, "1000000 minions"},
	} {
		if got := Count(c.n, "minion", "minions"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
