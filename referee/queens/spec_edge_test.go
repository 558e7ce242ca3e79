package queens

import "testing"

// Spec §9.4: an archer takes 10 HP off a giant, 2 off any other creep.
func TestSpec9_4ArcherDamage(t *testing.T) {
	for _, tc := range []struct {
		kind creepKind
		want int
	}{{knight, 25 - 2}, {archer, 45 - 2}, {giant, 200 - 10}} {
		g := blankState(arenaProfile, vec{100, 100}, farCorner)
		a := g.addCreep(0, archer, vec{600, 500})
		c := g.addCreep(1, tc.kind, vec{700, 500})
		g.creepAttack(a)
		if c.hp != tc.want {
			t.Errorf("%v: HP %d, want %d", tc.kind, c.hp, tc.want)
		}
	}
}

// Spec §9.4: a giant busts one tower a turn, the first enemy tower in contact by site id,
// even when another one is nearer.
func TestSpec9_4GiantBustsOneTower(t *testing.T) {
	s0 := newSite(0, 500, 500, 60, 200, 2)
	s1 := newSite(1, 700, 500, 60, 200, 2)
	for _, s := range []*site{s0, s1} {
		s.setTower(0)
	}
	g := blankState(arenaProfile, vec{100, 100}, farCorner, s0, s1)
	// 104 from site 0 and 96 from site 1: both under 40 + 60 + 5 = 105.
	c := g.addCreep(1, giant, vec{604, 500})
	g.creepAttack(c)
	if s0.hp != 200-giantBust || s1.hp != 200 {
		t.Errorf("tower HP %d and %d, want %d and 200", s0.hp, s1.hp, 200-giantBust)
	}
}

// Spec §11.2: a tower shoots an enemy creep in range rather than the enemy queen, even a
// nearer queen; with no creep in range it shoots the queen.
func TestSpec11_2TowerPrefersCreeps(t *testing.T) {
	for _, tc := range []struct {
		name             string
		creepAt          vec
		creepHP, queenHP int
	}{
		{"creep in range", vec{700, 500}, 25 - 3, 100},
		{"creep out of range", vec{500, 900}, 25, 100 - 1},
	} {
		s := newSite(0, 500, 500, 60, 200, 2)
		s.setTower(0)
		s.attackRadius = s.towerRadius() // 259 for 200 HP
		g := blankState(arenaProfile, vec{100, 100}, vec{500, 700}, s)
		c := g.addCreep(1, knight, tc.creepAt)
		g.players[1].queen.pos = vec{650, 500} // nearer than the creep, in range
		g.towerAct(s)
		if c.hp != tc.creepHP || g.players[1].hp != tc.queenHP {
			t.Errorf("%s: creep HP %d, queen HP %d; want %d and %d", tc.name, c.hp, g.players[1].hp, tc.creepHP, tc.queenHP)
		}
	}
}

// Spec §6.2 and §15: upgrading a mine at its max rate or a tower at 800 HP changes nothing
// but is allowed.
func TestSpec15UpgradeCaps(t *testing.T) {
	t.Run("mine", func(t *testing.T) {
		s := newSite(0, 500, 500, 70, 200, 2)
		s.setMine(0)
		g := blankState(arenaProfile, vec{595, 500}, farCorner, s)
		play(g, [2]string{"BUILD 0 MINE", "TRAIN"}, idle)
		if s.rate != 2 {
			t.Fatalf("rate %d after one upgrade, want 2", s.rate)
		}
		play(g, [2]string{"BUILD 0 MINE", "TRAIN"}, idle)
		if s.rate != 2 || !g.players[0].active {
			t.Errorf("rate %d at max rate 2 (active %v), want 2", s.rate, g.players[0].active)
		}
	})
	t.Run("tower", func(t *testing.T) {
		s := newSite(0, 500, 500, 70, 200, 2)
		s.setTower(0)
		s.hp = 796
		s.attackRadius = s.towerRadius()
		g := blankState(arenaProfile, vec{595, 500}, farCorner, s)
		play(g, [2]string{"BUILD 0 TOWER", "TRAIN"}, idle)
		if s.hp != towerHPMaximum-towerMelt || !g.players[0].active {
			t.Errorf("HP %d (active %v), want 800 − 4", s.hp, g.players[0].active)
		}
	})
}

// Spec §9.2, §9.3: archers without an enemy creep walk back to their own queen; giants
// walk to the nearest enemy tower (ties: lowest id) and stand still without one.
func TestSpec9_2CreepsWithoutTarget(t *testing.T) {
	t.Run("archer returns to its queen", func(t *testing.T) {
		g := blankState(arenaProfile, vec{300, 500}, vec{1500, 500})
		a := g.addCreep(0, archer, vec{1000, 500})
		g.moveCreep(a)
		if a.pos != (vec{985, 500}) {
			t.Errorf("archer at %v, want (985, 500): 15 toward its own queen", a.pos)
		}
		a.pos = vec{300 + 255, 500} // 25 + 30 + 200 from her: close enough
		g.moveCreep(a)
		if a.pos != (vec{555, 500}) {
			t.Errorf("archer moved to %v from 255 off its queen", a.pos)
		}
	})
	t.Run("giant without enemy tower", func(t *testing.T) {
		s := newSite(0, 500, 500, 60, 200, 2)
		s.setTower(1) // its own tower: no target
		g := blankState(arenaProfile, vec{100, 100}, farCorner, s)
		c := g.addCreep(1, giant, vec{800, 500})
		g.moveCreep(c)
		if c.pos != (vec{800, 500}) {
			t.Errorf("giant moved to %v", c.pos)
		}
	})
	t.Run("giant to the nearest enemy tower", func(t *testing.T) {
		// Both 200 off the giant: the lower id wins.
		s0 := newSite(0, 1000, 500, 60, 200, 2)
		s1 := newSite(1, 600, 500, 60, 200, 2)
		s0.setTower(0)
		s1.setTower(0)
		g := blankState(arenaProfile, vec{100, 100}, farCorner, s0, s1)
		c := g.addCreep(1, giant, vec{800, 500})
		g.moveCreep(c)
		if c.pos != (vec{810, 500}) {
			t.Errorf("giant at %v, want (810, 500): 10 toward site 0", c.pos)
		}
	})
}

// Spec §12.2: touchedSite is −1 when the queen touches two sites at once.
func TestSpec12_2TouchedSiteTwo(t *testing.T) {
	a := newSite(0, 500, 500, 60, 200, 2)
	b := newSite(1, 680, 500, 60, 200, 2)
	g := blankState(arenaProfile, vec{590, 500}, farCorner, a, b) // 90 from both: < 30 + 60 + 5
	if got := g.touchedSite(0); got != -1 {
		t.Errorf("touching both: touchedSite %d, want -1", got)
	}
	g.players[0].queen.pos = vec{570, 500} // 70 and 110: site 0 only
	if got := g.touchedSite(0); got != 0 {
		t.Errorf("touching one: touchedSite %d, want 0", got)
	}
}

// Spec §2 item 8: ties in "nearest" go to the earliest in the list searched.
func TestSpec2Ties(t *testing.T) {
	g := blankState(arenaProfile, vec{100, 100}, farCorner)
	a := g.addCreep(0, archer, vec{600, 500})
	first := g.addCreep(1, knight, vec{600, 600})
	second := g.addCreep(1, knight, vec{600, 400})
	g.creepAttack(a)
	if first.hp != 23 || second.hp != 25 {
		t.Errorf("knight HPs %d, %d; want the first one shot: 23, 25", first.hp, second.hp)
	}
}

// Spec §5.2: BUILD schedules within 30 + r + 5 of the site centre (strict) and walks from
// there on, as the touching threshold of §17.5.
func TestSpec5_2BuildThreshold(t *testing.T) {
	for _, tc := range []struct {
		d     float64
		built bool
	}{{104.9, true}, {105, false}} {
		s := newSite(0, 500, 500, 70, 200, 2)
		g := blankState(arenaProfile, vec{500 + tc.d, 500}, farCorner, s)
		play(g, [2]string{"BUILD 0 TOWER", "TRAIN"}, idle)
		if built := s.kind == towerKind; built != tc.built {
			t.Errorf("distance %v: built %v, want %v (queen at %v)", tc.d, built, tc.built, g.players[0].queen.pos)
		}
	}
}

// Spec §8.1: collisions walk player 0's creeps, queen 0, player 1's creeps, queen 1, then
// the sites (the arena's order, not the 2019 repository's).
func TestSpec8_1CollisionOrder(t *testing.T) {
	s := newSite(0, 960, 500, 60, 200, 2)
	g := blankState(arenaProfile, vec{100, 100}, farCorner, s)
	k0 := g.addCreep(0, knight, vec{300, 300})
	k1 := g.addCreep(1, knight, vec{1500, 700})
	want := []*body{&k0.body, &g.players[0].queen, &k1.body, &g.players[1].queen, &s.body}
	got := g.collisionOrder()
	if len(got) != len(want) {
		t.Fatalf("%d bodies, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("body %d is %+v, want %+v", i, *got[i], *want[i])
		}
	}
}

// Spec §4.4 and §10: once a player is disqualified, its creeps no longer move or attack and
// its queen no longer tears structures down, from that very turn.
func TestSpec4_4DisqualifiedPlayerStops(t *testing.T) {
	s := newSite(0, 500, 500, 70, 200, 2)
	s.setMine(1)
	g := blankState(arenaProfile, vec{595, 500}, vec{1000, 500}, s) // queen 0 touches the mine
	k := g.addCreep(0, knight, vec{1052, 500})                      // in contact with queen 1
	play(g, [2]string{"HELLO", "TRAIN"}, idle)
	if g.players[0].active {
		t.Fatal("HELLO did not disqualify")
	}
	if s.kind != mineKind || s.owner != 1 {
		t.Errorf("site 0 holds %v of %d: the disqualified queen tore the mine down", s.kind, s.owner)
	}
	if g.players[1].hp != 100 || k.hp != 25 {
		t.Errorf("queen 1 HP %d, knight HP %d: the disqualified player's knight acted", g.players[1].hp, k.hp)
	}
}
