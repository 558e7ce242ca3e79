package agrid

import (
	"errors"
	"testing"

	"github.com/arena-games/arena/referee"
)

func TestVariants(t *testing.T) {
	for _, tc := range []struct{ variant, want string }{
		{"grid1", "32 0 a 2.000000 20 5000 10 1 0.200000 0.200000 0.500000 0.500000 1.000000 1.000000 0.500000 0.000000 1 30 1.000000"},
		{"grid2", "32 1 a 2.000000 20 50 10 0 0.500000 0.500000 0.000000 0.000000 1.000000 1.000000 0.030000 0.000000 1 30 1.000000"},
		{"grid3", "32 0 a 2.000000 20 5000 2 0 0.000000 0.000000 1.000000 1.000000 1.000000 0.500000 1.000000 1.000000 1 30 1.000000"},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			ref, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{"variant": tc.variant}})
			if err != nil {
				t.Fatal(err)
			}
			f := &fixture{t: t, r: ref.(*Referee)}
			f.want(0, "DESCRIBE_WORLD", "OK", tc.want)
		})
	}
	t.Run("override", func(t *testing.T) {
		ref, err := Game{}.New(referee.Config{Seed: 1, Players: 3, Options: map[string]string{"variant": "grid2", "F": "100", "Sw": "0.25", "A": "auto"}})
		if err != nil {
			t.Fatal(err)
		}
		f := &fixture{t: t, r: ref.(*Referee)}
		f.want(2, "DESCRIBE_WORLD", "OK", "40 1 c 2.000000 20 100 10 0 0.500000 0.500000 0.000000 0.250000 1.000000 1.000000 0.030000 0.000000 1 30 1.000000")
	})
}

func TestDefaultSize(t *testing.T) {
	for players, want := range map[int]int{1: 32, 2: 32, 4: 48, 8: 80, 10: 96, 16: 96} {
		if got := defaultSize(players); got != want {
			t.Errorf("A for %d teams = %d, want %d", players, got, want)
		}
	}
}

func TestBadOptions(t *testing.T) {
	for _, tc := range []struct{ key, value string }{
		{"A", "4"}, {"A", "501"}, {"A", "x"}, {"A", ""}, {"B", "2"}, {"D", "0.4"}, {"D", "NaN"}, {"D", "10.5"},
		{"E", "0"}, {"E", "51"}, {"F", "-1"}, {"G", "5001"}, {"H", "2"}, {"Z", "4.1"}, {"W", "-0.1"},
		{"T", "5"}, {"Sw", "x"}, {"Sh", "4.5"}, {"Ss", "-1"}, {"N", "31"}, {"M", "30.5"}, {"I", "4"},
		{"L", "0"}, {"L", "101"}, {"K", "0.5"}, {"K", "9"}, {"workers", "11"}, {"turns", "0"},
		{"idle", "0"}, {"hills", "0.5"}, {"variant", "grid4"}, {"foo", "1"}, {"handshake", "1"},
	} {
		_, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{tc.key: tc.value}})
		var oe *referee.OptionError
		if !errors.As(err, &oe) || oe.Key != tc.key {
			t.Errorf("%s=%q: got %v, want an option error naming %s", tc.key, tc.value, err, tc.key)
		}
	}
	for _, players := range []int{0, 17} {
		if _, err := (Game{}).New(referee.Config{Seed: 1, Players: players}); err == nil {
			t.Errorf("%d players accepted", players)
		}
	}
}
