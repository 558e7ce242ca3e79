package queens

import (
	"testing"

	"github.com/arena-games/arena/referee"
)

// busyState is a mid-game position: both sides with mines, towers and barracks, and a
// crowd of knights, archers and giants fighting in the middle.
func busyState() *state {
	g := newState(404, arenaProfile)
	for i, s := range g.sites {
		owner := i % 2
		switch i % 6 {
		case 0, 1:
			s.setMine(owner)
			s.rate = 2
		case 2, 3:
			s.setTower(owner)
			s.hp = 500
			s.attackRadius = s.towerRadius()
		default:
			s.setBarracks(owner, creepKind(i%3))
		}
	}
	for p := 0; p < 2; p++ {
		for i := 0; i < 8; i++ {
			g.addCreep(p, knight, vec{800 + 40*float64(i) + 100*float64(p), 300 + 20*float64(i)})
		}
		for i := 0; i < 4; i++ {
			g.addCreep(p, archer, vec{700 + 60*float64(i) + 300*float64(p), 600})
		}
		g.addCreep(p, giant, vec{900 + 200*float64(p), 800})
	}
	resolveCollisions(g.collisionOrder())
	for _, p := range g.players {
		p.hp = 100000
		for _, c := range p.creeps {
			c.hp = 100000
		}
	}
	return g
}

// BenchmarkTurn plays one busy mid-game turn: requests, both answers, the whole update.
// Run: go test -bench Turn -benchmem ./referee/queens/
func BenchmarkTurn(b *testing.B) {
	base := busyState()
	answers := []referee.Answer{
		{Player: 0, Lines: []string{"MOVE 900 500", "TRAIN"}, Status: referee.StatusOK},
		{Player: 1, Lines: []string{"BUILD 3 TOWER", "TRAIN"}, Status: referee.StatusOK},
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		g := cloneState(base)
		r := &Referee{g: g}
		b.StartTimer()
		r.Requests()
		r.Play(answers)
	}
}

// cloneState deep-copies a state so that every benchmark iteration plays the same turn.
func cloneState(src *state) *state {
	g := *src
	g.events = nil
	g.bodies = nil
	g.sites = make([]*site, len(src.sites))
	for i, s := range src.sites {
		c := *s
		g.sites[i] = &c
	}
	for i, p := range src.players {
		c := *p
		c.creeps = make([]*creep, len(p.creeps))
		for j, cr := range p.creeps {
			cc := *cr
			c.creeps[j] = &cc
		}
		g.players[i] = &c
	}
	return &g
}
