package queens

import (
	"fmt"
	"strings"
	"testing"
)

// siteFields is player p's line for site id, split into integers' text.
func siteFields(g *state, p, id int) []string { return strings.Fields(siteLine(g, p, id)) }

// Spec §17.11: a tower's life from its build turn to its collapse.
func TestSpec17_11TowerTimeline(t *testing.T) {
	s := newSite(0, 500, 500, 70, 200, 2)
	// Queen 0 touches the site; queen 1 stands 200 from its centre, inside R(196) but
	// outside R = 0 of the build turn.
	g := blankState(arenaProfile, vec{595, 500}, vec{500, 700}, s)
	play(g, [2]string{"BUILD 0 TOWER", "TRAIN"}, idle) // turn T = 0
	if g.players[1].hp != 100 {
		t.Fatalf("the new tower shot on its build turn (queen 1 HP %d)", g.players[1].hp)
	}
	r196 := fmt.Sprint(s.towerRadius())
	if f := siteFields(g, 0, 0); f[5] != "196" || f[6] != r196 {
		t.Fatalf("T+1 reads %v, want HP 196, radius %s", f, r196)
	}
	play(g, idle, idle) // T+1: the first shot, with R(196)
	if g.players[1].hp != 99 {
		t.Errorf("queen 1 HP %d after T+1, want 99", g.players[1].hp)
	}
	g.players[1].queen.pos = farCorner // stop the shooting
	for k := 2; k <= 49; k++ {
		if f := siteFields(g, 0, 0); f[5] != fmt.Sprint(200-4*k) {
			t.Fatalf("T+%d reads HP %s, want %d", k, f[5], 200-4*k)
		}
		play(g, idle, idle)
	}
	if s.kind != noStructure {
		t.Errorf("tower still standing after its act on T+49 (HP %d)", s.hp)
	}
}

// Spec §17.11: growing a tower adds HP at once but range only after it acts.
func TestSpec17_11TowerGrow(t *testing.T) {
	s := newSite(0, 500, 500, 70, 200, 2)
	s.setTower(0)
	s.hp = 500
	s.attackRadius = s.towerRadius()
	r500 := s.attackRadius
	// Queen 1 between R(500) and R(600) from the centre.
	g := blankState(arenaProfile, vec{595, 500}, vec{500, 500 + float64(r500) + 20}, s)
	play(g, [2]string{"BUILD 0 TOWER", "TRAIN"}, idle)
	if g.players[1].hp != 100 {
		t.Errorf("shot with the grown range on the grow turn")
	}
	if f := siteFields(g, 0, 0); f[5] != "596" || f[6] != fmt.Sprint(s.towerRadius()) || s.attackRadius <= r500+20 {
		t.Errorf("T+1 reads %v, want HP 596 and R(596) > %d", f, r500+20)
	}
	play(g, idle, idle)
	if g.players[1].hp != 99 {
		t.Errorf("queen 1 HP %d on T+1, want 99 (in the new range)", g.players[1].hp)
	}
}

// Spec §17.11: a giant busts a tower before it shoots and melts.
func TestSpec17_11GiantBust(t *testing.T) {
	s := newSite(0, 500, 500, 70, 200, 2)
	s.setTower(0)
	s.hp = 196
	s.attackRadius = s.towerRadius()
	g := blankState(arenaProfile, vec{100, 100}, farCorner, s)
	g.addCreep(1, giant, vec{500 + 70 + 40 + 1, 500})
	play(g, idle, idle)
	if s.hp != 112 {
		t.Errorf("tower HP %d, want 196 − 80 − 4 = 112", s.hp)
	}
}

// Spec §17.11: a mine pays at most what the site has left, then disappears.
func TestSpec17_11MineRunsOut(t *testing.T) {
	s := newSite(0, 500, 500, 70, 5, 3)
	s.setMine(0)
	s.rate = 3
	g := blankState(arenaProfile, vec{100, 100}, farCorner, s)
	play(g, idle, idle)
	if g.players[0].gold != 103 || s.gold != 2 || s.kind != mineKind {
		t.Errorf("after one turn: gold %d, site gold %d, %v; want 103, 2, a mine", g.players[0].gold, s.gold, s.kind)
	}
	play(g, idle, idle)
	if g.players[0].gold != 105 || s.gold != 0 || s.kind != noStructure {
		t.Errorf("after two turns: gold %d, site gold %d, %v; want 105, 0, none", g.players[0].gold, s.gold, s.kind)
	}
}

// Spec §17.11: a new mine pays on its build turn, after training was paid.
func TestSpec17_11MineFirstIncome(t *testing.T) {
	mine := newSite(0, 500, 500, 70, 200, 2)
	b := newSite(1, 900, 500, 70, 200, 2)
	b.setBarracks(0, knight)
	g := blankState(arenaProfile, vec{595, 500}, farCorner, mine, b)
	play(g, [2]string{"BUILD 0 MINE", "TRAIN 1"}, idle)
	if head := input(g, 0)[0]; head != "21 0" {
		t.Errorf("T+1 head %q, want \"21 0\" (100 − 80 + 1)", head)
	}
}

// Spec §17.11: training countdowns, spawn turn and the new creeps' HP.
func TestSpec17_11TrainingTimeline(t *testing.T) {
	tests := []struct {
		prof  profile
		kind  creepKind
		count int
		hp    int
	}{
		{arenaProfile, knight, 4, 25},
		{repoProfile, knight, 4, 30},
		{arenaProfile, archer, 2, 45},
		{arenaProfile, giant, 1, 200},
	}
	for _, tc := range tests {
		t.Run(tc.prof.name+"/"+tc.kind.String(), func(t *testing.T) {
			b := newSite(0, 500, 500, 70, 200, 2)
			b.setBarracks(0, tc.kind)
			g := blankState(tc.prof, vec{100, 100}, farCorner, b)
			g.players[0].gold = 500
			play(g, [2]string{"WAIT", "TRAIN 0"}, idle) // turn T
			time := tc.kind.stats().training
			for k := 1; k < time; k++ {
				if f := siteFields(g, 0, 0); f[5] != fmt.Sprint(time-k) {
					t.Fatalf("T+%d: barracks reads %s turns left, want %d", k, f[5], time-k)
				}
				if n := len(unitLines(g, 0)); n != 2 {
					t.Fatalf("T+%d: %d units before the spawn", k, n)
				}
				play(g, idle, idle)
			}
			if f := siteFields(g, 0, 0); f[5] != "0" {
				t.Errorf("T+%d: barracks reads %s, want 0", time, f[5])
			}
			units := unitLines(g, 0)
			if len(units) != tc.count+2 {
				t.Fatalf("T+%d: units %q, want %d creeps", time, units, tc.count)
			}
			for _, u := range units[:tc.count] {
				if f := strings.Fields(u); f[3] != fmt.Sprint(int(tc.kind)) || f[4] != fmt.Sprint(tc.hp) {
					t.Errorf("T+%d: creep %q, want type %d with HP %d", time, u, tc.kind, tc.hp)
				}
			}
		})
	}
}

// Spec §17.11: a knight ages 1 HP a turn and disappears the turn after it reaches 0.
func TestSpec17_11KnightLifetime(t *testing.T) {
	b := newSite(0, 300, 300, 70, 200, 2)
	b.setBarracks(0, knight)
	g := blankState(arenaProfile, vec{100, 600}, farCorner, b)
	g.players[1].hp = 1000 // the knights hit her; she must outlive them
	play(g, [2]string{"WAIT", "TRAIN 0"}, idle)
	for i := 0; i < 4; i++ {
		play(g, idle, idle)
	}
	// Spawned at the end of T = 4 (0-based: trained on 0), shown from T+1.
	for k := 1; k <= 25; k++ {
		units := unitLines(g, 0)
		if len(units) != 6 {
			t.Fatalf("T+%d: %d units, want 4 knights and 2 queens", k, len(units))
		}
		if f := strings.Fields(units[0]); f[4] != fmt.Sprint(26-k) {
			t.Fatalf("T+%d: knight HP %s, want %d", k, f[4], 26-k)
		}
		play(g, idle, idle)
	}
	if units := unitLines(g, 0); len(units) != 2 {
		t.Errorf("T+26: units %q, want only the queens", units)
	}
}
