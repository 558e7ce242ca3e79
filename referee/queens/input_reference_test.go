package queens

import (
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// referenceTurnInput is the turn input as first written, a line at a time with strconv and
// nothing kept between turns: the reference the kept site lines must reproduce.
func referenceTurnInput(g *state, p int) string {
	var b strings.Builder
	line := func(values ...int) {
		for i, v := range values {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(v))
		}
		b.WriteByte('\n')
	}
	me := g.players[p]
	line(me.gold, g.touchedSite(p))
	for _, s := range g.sites {
		visible := s.owner == p || within(me.queen.pos, s.pos, queenVision)
		gold, maxMine := -1, -1
		if visible {
			gold, maxMine = s.gold, s.maxMine
		}
		param1, param2 := -1, -1
		switch s.kind {
		case mineKind:
			if visible {
				param1 = s.rate
			}
		case towerKind:
			param1, param2 = s.hp, s.attackRadius
		case barracks:
			param1, param2 = 0, int(s.creep)
			if s.training {
				param1 = s.creep.stats().training - s.progress
			}
		}
		line(s.id, gold, maxMine, int(s.kind), g.relativeOwner(s.owner, p), param1, param2)
	}
	units := 0
	for _, pl := range g.players {
		units += len(pl.creeps) + 1
	}
	line(units)
	for i, pl := range g.players {
		owner := g.relativeOwner(i, p)
		for _, c := range pl.creeps {
			line(shown(c.pos.x), shown(c.pos.y), owner, int(c.kind), c.hp)
		}
		line(shown(pl.queen.pos.x), shown(pl.queen.pos.y), owner, -1, pl.hp)
	}
	return b.String()
}

// Every turn's input of whole games is, byte for byte, what the reference writes: the site
// lines kept from one turn to the next are rewritten whenever a number in them changes.
func TestTurnInputMatchesReference(t *testing.T) {
	for _, gm := range equivalenceGames {
		turns := 0
		eachTurn(t, gm.seed, gm.prof, gm.bots, func(r *Referee, reqs []referee.Request) {
			for _, req := range reqs {
				want := referenceTurnInput(r.g, req.Player)
				if r.Turn() == 0 {
					var b strings.Builder
					r.g.initInput(&b)
					want = b.String() + want
				}
				if req.Input != want {
					t.Fatalf("seed %d, turn %d, player %d: input differs from the reference\ngot:\n%s\nwant:\n%s", gm.seed, r.Turn(), req.Player, req.Input, want)
				}
			}
			turns++
		})
		t.Logf("seed %d: %d turns of inputs identical", gm.seed, turns)
	}
}
