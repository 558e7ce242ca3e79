package queens

import (
	"testing"

	"github.com/arena-games/arena/referee"
)

// turnAnswers are the two players' answers of one turn (first line, TRAIN line), for
// running the phases of a turn one at a time.
func turnAnswers(p0, p1 [2]string) []referee.Answer {
	return []referee.Answer{
		{Player: 0, Lines: p0[:], Status: referee.StatusOK},
		{Player: 1, Lines: p1[:], Status: referee.StatusOK},
	}
}

// Spec §17.8 (repo profile, seed 404): player 0's knight barracks on site 20, trained on
// turn 1, reads 4, 3, 2, 1, then 0 in param1; player 1's queen, walking for "BUILD 21 TOWER"
// on turn 5, is at exactly (1614.3958717187686, 701.3849477701169) after the pushes, before
// the end-of-turn rounding.
func TestSpec17_8QueenExactPositionAndCountdown(t *testing.T) {
	g := newState(404, repoProfile)
	commands := game404Commands[:5]
	wantCountdown := []string{"", "", "4", "3", "2", "1"} // param1 of site 20 at the start of turns 0..5
	for turn, c := range commands {
		if w := wantCountdown[turn]; w != "" {
			if f := siteFields(g, 0, 20); f[5] != w {
				t.Errorf("turn %d: site 20 param1 %s, want %s", turn, f[5], w)
			}
		}
		play(g, c[0], c[1])
	}
	if f := siteFields(g, 0, 20); f[5] != "1" {
		t.Errorf("turn 5: site 20 param1 %s, want 1", f[5])
	}
	g.playerCommands(turnAnswers(idle, [2]string{"BUILD 21 TOWER", "TRAIN"}))
	g.creepPhase()
	if q := g.players[1].queen.pos; q != (vec{1614.3958717187686, 701.3849477701169}) {
		t.Errorf("queen 1 after turn 5's pushes at %v, want exactly (1614.3958717187686, 701.3849477701169)", q)
	}
	g.structuresAct()
	g.roundPositions()
	g.turn++
	if f := siteFields(g, 0, 20); f[5] != "0" {
		t.Errorf("turn 6: site 20 param1 %s, want 0", f[5])
	}
}

// Spec §17.11: "One giant touching a tower shown at 196: giant attack → 116, tower shoots,
// melts → 112." Each step on its own: the giant's attack takes 80, then the tower shoots
// the giant and melts by 4.
func TestSpec17_11GiantBustStepByStep(t *testing.T) {
	s := newSite(0, 500, 500, 70, 200, 2)
	s.setTower(0)
	s.hp = 196
	s.attackRadius = s.towerRadius()
	g := blankState(arenaProfile, vec{100, 100}, farCorner, s)
	c := g.addCreep(1, giant, vec{500 + 70 + 40 + 1, 500})
	g.creepAttack(c)
	if s.hp != 116 {
		t.Errorf("after the giant's attack: tower HP %d, want 116", s.hp)
	}
	g.towerAct(s)
	if s.hp != 112 || c.hp >= 200 {
		t.Errorf("after the tower acts: tower HP %d (want 112), giant HP %d (want < 200: it was shot)", s.hp, c.hp)
	}
}

// Spec §9.7 and §17.11: a knight with 1 HP at the start of a turn still moves and attacks
// that turn, ages to 0, and is gone the turn after.
func TestSpec9_7KnightHitsOnItsLastTurn(t *testing.T) {
	g := blankState(arenaProfile, vec{700, 500}, farCorner)
	k := g.addCreep(1, knight, vec{752, 500}) // in contact: 52 < 55
	k.hp = 1
	play(g, idle, idle)
	if g.players[0].hp != 99 {
		t.Errorf("queen 0 HP %d, want 99: a 1-HP knight still attacks on its last turn", g.players[0].hp)
	}
	if len(g.players[1].creeps) != 0 {
		t.Errorf("the knight is still listed at HP %d after aging to 0", g.players[1].creeps[0].hp)
	}
}

// Spec §7 quirk: a queen's position is never set to exactly (0, 0). MOVE 0 0 from (40, 40),
// within 60 of the corner, would land on (0, 0): the assignment is ignored and she stays at
// (40, 40) (the clamp leaves her there). From (100, 100), 141 away, it is a normal 60-step.
func TestSpec7MoveToOriginIsIgnored(t *testing.T) {
	g := blankState(arenaProfile, vec{40, 40}, farCorner)
	play(g, [2]string{"MOVE 0 0", "TRAIN"}, idle)
	if q := g.players[0].queen.pos; q != (vec{40, 40}) {
		t.Errorf("queen at %v after MOVE 0 0 from (40, 40), want (40, 40)", q)
	}
	g = blankState(arenaProfile, vec{100, 100}, farCorner)
	play(g, [2]string{"MOVE 0 0", "TRAIN"}, idle)
	if q := g.players[0].queen.pos; q != (vec{58, 58}) {
		t.Errorf("queen at %v after MOVE 0 0 from (100, 100), want (58, 58)", q)
	}
}
