package tournament

import "testing"

func TestGamesInWords(t *testing.T) {
	for _, c := range []struct {
		n                    int
		games, are, recorded string
	}{
		{0, "0 games", "0 games are", "0 recorded games are"},
		{1, "1 game", "1 game is", "1 recorded game is"},
		{2, "2 games", "2 games are", "2 recorded games are"},
	} {
		if got := Games(c.n); got != c.games {
			t.Errorf("Games(%d) = %q, want %q", c.n, got, c.games)
		}
		if got := gamesAre(c.n); got != c.are {
			t.Errorf("gamesAre(%d) = %q, want %q", c.n, got, c.are)
		}
		if got := recordedGamesAre(c.n); got != c.recorded {
			t.Errorf("recordedGamesAre(%d) = %q, want %q", c.n, got, c.recorded)
		}
	}
}
