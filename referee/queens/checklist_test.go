package queens

import "testing"

// Rules of the spec stated outside its test vectors: the edge-case checklist of §15 and a
// few of §6 and §11, each set up directly and played through a turn.

// §15: building a mine on a site the enemy queen touches: destroyed the same turn.
func TestChecklist15_EnemyQueenTearsDownANewMine(t *testing.T) {
	s := newSite(0, 960, 500, 60, 200, 2)
	g := blankState(arenaProfile, vec{960 - 94, 500}, vec{960 + 94, 500}, s)
	play(g, [2]string{"BUILD 0 MINE", "TRAIN"}, idle)
	if s.kind != noStructure {
		t.Errorf("site holds %v of %d, want nothing", s.kind, s.owner)
	}
	if g.players[0].gold != 100 {
		t.Errorf("gold %d, want 100 (no income)", g.players[0].gold)
	}
}

// §15: a mine built where an enemy creep touches the site: destroyed, no income.
func TestChecklist15_EnemyCreepTearsDownANewMine(t *testing.T) {
	s := newSite(0, 960, 500, 60, 200, 2)
	g := blankState(arenaProfile, vec{960 - 94, 500}, farCorner, s)
	// giant (no enemy tower → stands still) touching the site: 40+60+5=105
	g.addCreep(1, giant, vec{960 + 100, 500})
	play(g, [2]string{"BUILD 0 MINE", "TRAIN"}, idle)
	if s.kind != noStructure || g.players[0].gold != 100 {
		t.Errorf("site %v of %d, gold %d; want nothing, 100", s.kind, s.owner, g.players[0].gold)
	}
}

// §15: TRAIN then BUILD on the same site in one turn: BUILD refused.
func TestChecklist15_TrainAndBuildOnOneSite(t *testing.T) {
	s := newSite(0, 960, 500, 60, 200, 2)
	s.setBarracks(0, knight)
	g := blankState(arenaProfile, vec{960 - 94, 500}, farCorner, s)
	play(g, [2]string{"BUILD 0 TOWER", "TRAIN 0"}, idle)
	if s.kind != barracks || !s.training || g.players[0].gold != 20 || !g.players[0].active {
		t.Errorf("site %v training %v gold %d active %v", s.kind, s.training, g.players[0].gold, g.players[0].active)
	}
	// BUILD BARRACKS and TRAIN it the same turn: TRAIN refused.
	s2 := newSite(0, 960, 500, 60, 200, 2)
	g2 := blankState(arenaProfile, vec{960 - 94, 500}, farCorner, s2)
	play(g2, [2]string{"BUILD 0 BARRACKS-KNIGHT", "TRAIN 0"}, idle)
	if s2.kind != barracks || s2.training || g2.players[0].gold != 100 || !g2.players[0].active {
		t.Errorf("site %v training %v gold %d active %v", s2.kind, s2.training, g2.players[0].gold, g2.players[0].active)
	}
}

// §15 / §10: a training barracks destroyed by the enemy queen: gold lost, no creeps.
func TestChecklist15_TrainingBarracksTornDown(t *testing.T) {
	s := newSite(0, 960, 500, 60, 200, 2)
	s.setBarracks(0, knight)
	g := blankState(arenaProfile, farCorner, vec{960 + 94, 500}, s)
	g.players[0].queen.pos = vec{100, 100}
	play(g, [2]string{"WAIT", "TRAIN 0"}, idle)
	if s.kind != noStructure || g.players[0].gold != 20 {
		t.Errorf("site %v gold %d; want none, 20", s.kind, g.players[0].gold)
	}
	for i := 0; i < 6; i++ {
		play(g, idle, idle)
	}
	if len(g.players[0].creeps) != 0 {
		t.Errorf("%d creeps spawned", len(g.players[0].creeps))
	}
}

// §15: towers may target a creep already at 0 HP this turn (wasting the shot).
func TestChecklist15_TowerWastesItsShotOnADeadCreep(t *testing.T) {
	s := newSite(0, 500, 500, 60, 200, 2)
	s.setTower(0)
	s.attackRadius = s.towerRadius()
	g := blankState(arenaProfile, vec{100, 100}, vec{500, 700}, s)
	dead := g.addCreep(1, knight, vec{600, 500})
	dead.hp = 0
	live := g.addCreep(1, knight, vec{700, 500})
	g.towerAct(s)
	if live.hp != 25 || g.players[1].hp != 100 {
		t.Errorf("live knight %d, queen %d; the tower should have shot the dead knight", live.hp, g.players[1].hp)
	}
}

// §15/§9.6: newly spawned creeps can be shot the same turn by an enemy tower with a higher site id.
func TestChecklist15_SpawnedCreepsShotByAHigherTower(t *testing.T) {
	b := newSite(0, 500, 500, 60, 200, 2)
	b.setBarracks(1, knight)
	b.training, b.progress = true, 4
	tw := newSite(1, 700, 500, 60, 200, 2)
	tw.setTower(0)
	tw.hp = 400
	tw.attackRadius = tw.towerRadius()
	g := blankState(arenaProfile, vec{300, 500}, farCorner, b, tw)
	play(g, idle, idle)
	if len(g.players[1].creeps) != 4 {
		t.Fatalf("%d creeps", len(g.players[1].creeps))
	}
	hit := 0
	for _, c := range g.players[1].creeps {
		if c.hp < 25 {
			hit++
		}
	}
	if hit != 1 {
		t.Errorf("%d spawned knights hit, want 1", hit)
	}
}

// §15: knights target the enemy queen's post-command position.
func TestChecklist15_KnightsChaseTheMovedQueen(t *testing.T) {
	g := blankState(arenaProfile, vec{700, 500}, farCorner)
	k := g.addCreep(1, knight, vec{1000, 500})
	play(g, [2]string{"MOVE 700 800", "TRAIN"}, idle)
	// queen now at (700,560): the knight heads that way, so y > 500
	if k.pos.y <= 500 {
		t.Errorf("knight at %v: did not aim at the moved queen", k.pos)
	}
}

// §11.1: a mine built on a site with 0 gold pays nothing and disappears in the same act.
func TestSpec11_1_MineOnASiteWithoutGold(t *testing.T) {
	s := newSite(0, 960, 500, 60, 0, 2)
	g := blankState(arenaProfile, vec{960 - 94, 500}, farCorner, s)
	play(g, [2]string{"BUILD 0 MINE", "TRAIN"}, idle)
	if s.kind != noStructure || g.players[0].gold != 100 {
		t.Errorf("site %v gold %d", s.kind, g.players[0].gold)
	}
}

// §6.2: MINE on an own tower replaces it with a rate-1 mine; site gold is not reset.
func TestSpec6_2_MineReplacesOwnTower(t *testing.T) {
	s := newSite(0, 960, 500, 60, 150, 3)
	s.setTower(0)
	s.hp = 500
	g := blankState(arenaProfile, vec{960 - 94, 500}, farCorner, s)
	play(g, [2]string{"BUILD 0 MINE", "TRAIN"}, idle)
	if s.kind != mineKind || s.rate != 1 || s.gold != 149 || g.players[0].gold != 101 {
		t.Errorf("site %v rate %d gold %d player gold %d", s.kind, s.rate, s.gold, g.players[0].gold)
	}
}

// §11.3: trained on T, a knight batch spawns at end of T+4; the barracks can train again on T+5.
func TestSpec11_3_TrainAgainAfterTheSpawn(t *testing.T) {
	s := newSite(0, 500, 500, 60, 200, 2)
	s.setBarracks(0, knight)
	g := blankState(arenaProfile, vec{100, 800}, farCorner, s)
	g.players[0].gold = 500
	play(g, [2]string{"WAIT", "TRAIN 0"}, idle) // T
	for i := 1; i <= 4; i++ {
		play(g, [2]string{"WAIT", "TRAIN 0"}, idle) // T+1..T+4: warn, still training
	}
	if len(g.players[0].creeps) != 4 || g.players[0].gold != 420 {
		t.Fatalf("creeps %d gold %d after T+4", len(g.players[0].creeps), g.players[0].gold)
	}
	play(g, [2]string{"WAIT", "TRAIN 0"}, idle) // T+5
	if !s.training || g.players[0].gold != 340 {
		t.Errorf("T+5: training %v gold %d", s.training, g.players[0].gold)
	}
}
