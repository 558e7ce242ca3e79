package queens

import (
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/google/go-cmp/cmp"
)

func ranks(res []referee.Outcome) []int { return []int{res[0].Rank, res[1].Rank} }

func scores(res []referee.Outcome) []float64 { return []float64{res[0].Score, res[1].Score} }

// Spec §17.13: the last turn, simultaneous deaths, disqualification.
func TestSpec17_13EndOfGame(t *testing.T) {
	t.Run("turn limit, equal HP: draw", func(t *testing.T) {
		g := blankState(arenaProfile, vec{100, 100}, farCorner)
		g.turn = 249
		g.players[0].hp, g.players[1].hp = 40, 40
		play(g, idle, idle)
		r := &Referee{g: g}
		if !r.Over() || !cmp.Equal(ranks(r.Result()), []int{1, 1}) {
			t.Errorf("over %v, result %+v", r.Over(), r.Result())
		}
	})
	t.Run("turn limit, more HP wins", func(t *testing.T) {
		g := blankState(arenaProfile, vec{100, 100}, farCorner)
		g.turn = 249
		g.players[0].hp, g.players[1].hp = 41, 40
		play(g, idle, idle)
		r := &Referee{g: g}
		if !r.Over() || !cmp.Equal(ranks(r.Result()), []int{1, 2}) || !cmp.Equal(scores(r.Result()), []float64{41, 40}) {
			t.Errorf("over %v, result %+v", r.Over(), r.Result())
		}
	})
	t.Run("repo profile ends after turn 199", func(t *testing.T) {
		g := blankState(repoProfile, vec{100, 100}, farCorner)
		g.turn = 198
		play(g, idle, idle)
		if g.over {
			t.Fatal("over after turn 198")
		}
		play(g, idle, idle)
		if !g.over {
			t.Fatal("not over after turn 199")
		}
	})
	t.Run("both queens die on the same turn: draw 0:0", func(t *testing.T) {
		g := blankState(arenaProfile, vec{500, 500}, vec{1400, 500})
		g.players[0].hp, g.players[1].hp = 1, 1
		g.addCreep(0, knight, vec{1400 - 52, 500})
		g.addCreep(1, knight, vec{500 + 52, 500})
		play(g, idle, idle)
		r := &Referee{g: g}
		res := r.Result()
		if !r.Over() || !cmp.Equal(ranks(res), []int{1, 1}) || !cmp.Equal(scores(res), []float64{0, 0}) {
			t.Errorf("over %v, result %+v", r.Over(), res)
		}
		if res[0].Status != referee.StatusOK || res[0].Message == "" {
			t.Errorf("a destroyed queen: %+v, want status ok with a message", res[0])
		}
	})
	t.Run("HELLO loses even if the other queen dies that turn", func(t *testing.T) {
		s := newSite(0, 500, 500, 70, 200, 2)
		s.setTower(0)
		s.hp = 400
		s.attackRadius = s.towerRadius()
		g := blankState(arenaProfile, vec{100, 100}, vec{700, 500}, s)
		g.players[1].hp = 1
		play(g, [2]string{"HELLO", "TRAIN"}, idle)
		r := &Referee{g: g}
		res := r.Result()
		if !r.Over() || g.players[1].hp != 0 || !cmp.Equal(scores(res), []float64{-1, 0}) || !cmp.Equal(ranks(res), []int{2, 1}) {
			t.Errorf("over %v, queen 1 HP %d, result %+v", r.Over(), g.players[1].hp, res)
		}
	})
}
