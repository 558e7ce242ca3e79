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
	g.turn = 100 // mid-game: no initialisation lines, the 50 ms limit
	for _, p := range g.players {
		p.hp = 100000
		for _, c := range p.creeps {
			c.hp = 100000
		}
	}
	return g
}

// BenchmarkTurn plays one busy mid-game turn as the runner drives it: both requests (the
// input text of each player) and both answers applied, the whole update. The state copies
// it plays on are made outside the timing, a batch at a time, with what a game carries
// from turn to turn (the sites found static, and their grid).
//
//	go test ./referee/queens -run '^$' -bench . -benchmem
func BenchmarkTurn(b *testing.B) {
	base := busyState()
	// Mid-game, passes have run: the sites' grid is made.
	base.collide()
	answers := busyAnswers()
	batch := make([]*state, 64)
	for i := range batch {
		batch[i] = cloneState(base)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(batch)
		if k == 0 && i > 0 {
			b.StopTimer()
			for j := range batch {
				cloneInto(batch[j], base)
			}
			b.StartTimer()
		}
		r := &Referee{g: batch[k]}
		r.Requests()
		r.Play(answers)
	}
}

// BenchmarkFrame draws the busy mid-game position, as the runner does after every turn.
func BenchmarkFrame(b *testing.B) {
	r := &Referee{g: busyState()}
	b.ReportAllocs()
	for b.Loop() {
		r.Frame()
	}
}

// busyAnswers are a move for player 0 and a tower upgrade for player 1.
func busyAnswers() []referee.Answer {
	return []referee.Answer{
		{Player: 0, Lines: []string{"MOVE 900 500", "TRAIN"}, Status: referee.StatusOK},
		{Player: 1, Lines: []string{"BUILD 3 TOWER", "TRAIN"}, Status: referee.StatusOK},
	}
}

// cloneState deep-copies a state so that every benchmark iteration plays the same turn.
func cloneState(src *state) *state {
	g := &state{}
	cloneInto(g, src)
	return g
}

// cloneInto makes dst a deep copy of src, reusing dst's memory.
func cloneInto(dst, src *state) {
	sites, players, events, bodies, acting, field, checked := dst.sites, dst.players, dst.events, dst.bodies, dst.acting, dst.field, dst.sitesChecked
	*dst = *src
	dst.events, dst.bodies, dst.acting, dst.field = events[:0], bodies[:0], acting[:0], field
	// What the game carries from turn to turn: the sites found static, and their grid
	// (never changed once made, so the copies share it).
	dst.sitesChecked = src.sitesChecked
	dst.sitesChecked.bodies = append(checked.bodies[:0], src.sitesChecked.bodies...)
	dst.sites = sites[:0]
	for i, s := range src.sites {
		if i < len(sites) && sites[i] != nil {
			*sites[i] = *s
			dst.sites = append(dst.sites, sites[i])
		} else {
			c := *s
			dst.sites = append(dst.sites, &c)
		}
	}
	for i, p := range src.players {
		c := players[i]
		if c == nil {
			c = &player{}
		}
		creeps := c.creeps[:0]
		*c = *p
		for j, cr := range p.creeps {
			if j < cap(creeps) && creeps[:j+1][j] != nil {
				creeps = creeps[:j+1]
				*creeps[j] = *cr
			} else {
				cc := *cr
				creeps = append(creeps, &cc)
			}
		}
		c.creeps = creeps
		dst.players[i] = c
	}
}
