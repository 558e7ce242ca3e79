package bestow_test

import (
	"testing"

	"github.com/arena-games/arena/referee"
	game "github.com/arena-games/arena/referee/bestow"
	"github.com/arena-games/arena/referee/refereetest"
)

func TestOneGame(t *testing.T) {
	for seed := int64(1); seed <= 4; seed++ {
		ref, _ := refereetest.PlayInProcess(game.Game{}, referee.Config{Seed: seed, Players: 2}, []refereetest.BotFunc{pythonBot(t, "../../starters/bestow/starter.py"), bot(t, "random")})
		st := ref.Frame().State.(game.FrameState)
		t.Logf("turns %d result %+v", st.Turn, ref.Result())
		for _, p := range st.Players {
			t.Logf("%+v", p)
		}
		ref, _ = refereetest.PlayInProcess(game.Game{}, referee.Config{Seed: seed, Players: 2}, []refereetest.BotFunc{bot(t, "greedy"), bot(t, "random")})
		st = ref.Frame().State.(game.FrameState)
		t.Logf("greedy: turns %d result %+v", st.Turn, ref.Result())
		for _, p := range st.Players {
			t.Logf("%+v", p)
		}
	}
}
