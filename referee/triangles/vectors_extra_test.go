package triangles

import (
	"strings"
	"testing"
)

// Spec §9.3: an eliminated player's score becomes −1 at once, so when P0 is eliminated
// the same turn's checks for P1 already compare against −1: P1, with one unit, no
// triangle and score 0, is not eliminated by rule 2 ("can't score any more").
func TestSpec9_3Rule2ComparesWithMinusOne(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units))
	for h := range m.b.units {
		m.b.units[h] = [2]int{}
	}
	m.b.units[4] = [2]int{0, 1}
	for _, tr := range m.b.triangles {
		tr.owner = none
	}
	m.scores, m.out, m.endNow = [2]int{10, 0}, [2]bool{}, false
	m.startTurn()
	if m.out != [2]bool{true, false} || m.scores != [2]int{-1, 0} {
		t.Errorf("out %v scores %v, want only P0 out, scores -1 0", m.out, m.scores)
	}
}

// Spec §9.3 rule 3: a player is dominated when the opponent owns at least 80 % of the
// triangles; exactly 80 % (4 of 5) counts.
func TestSpec9_3DominationAtExactly80Percent(t *testing.T) {
	m := newTestMatch(t, mapS.with(tv2Units)) // P0 owns 2 of 3
	extra := []*triangle{newTriangle(0, 1, 2), newTriangle(4, 5, 6)}
	extra[0].owner, extra[1].owner = 0, 0
	m.b.triangles = append(m.b.triangles, extra...) // P0 owns 4 of 5
	m.out, m.endNow = [2]bool{}, false
	m.startTurn()
	if m.out != [2]bool{false, true} {
		t.Errorf("out %v, want P1 dominated at exactly 80%%", m.out)
	}
}

// QUIRK §12.9: when both players add (or remove) the same path in one round, both pay
// the cost; the second application is a no-op.
func TestQuirk12_9SamePathBothPay(t *testing.T) {
	units := map[int][2]int{0: {2, 0}, 1: {2, 0}, 2: {2, 0}, 3: {0, 2}, 4: {0, 2}, 5: {0, 2}}
	want := map[int][2]int{0: {1, 0}, 1: {1, 0}, 2: {1, 0}, 3: {0, 1}, 4: {0, 1}, 5: {0, 1}}
	m := newTestMatch(t, mapD.with(units))
	playTurn(t, m, "ADD_PATH 2 0 1 5", "ADD_PATH 5 3 4 2")
	diff(t, "units after both add 2-5", want, unitsOf(m))
	if !m.b.adj[2][5] {
		t.Error("path 2-5 missing")
	}
	m = newTestMatch(t, mapD.with(units, [2]int{2, 5}))
	playTurn(t, m, "REMOVE_PATH 2 0 1 5", "REMOVE_PATH 5 3 4 2")
	diff(t, "units after both remove 2-5", want, unitsOf(m))
	if m.b.adj[2][5] {
		t.Error("path 2-5 still there")
	}
}

// QUIRK §12.10: a REMOVE_PATH of a path that only gets created this turn is checked at
// parse time against the start-of-turn graph and never executed. §9.2 phase 2: a MOVE
// toward an unreachable house moves nothing and is no error.
func TestQuirk12_10RemoveNewPathAndUnreachableMove(t *testing.T) {
	m := newTestMatch(t, mapS.with(map[int][2]int{0: {2, 0}, 1: {2, 0}, 3: {2, 0}, 4: {0, 2}}))
	playTurn(t, m, "ADD_PATH 1 0 3 4;REMOVE_PATH 2 0 3 4", "")
	if !m.b.adj[1][4] || !hasEvent(m, `ignored "REMOVE_PATH 2 0 3 4"`) {
		t.Errorf("path 1-4 %v, events %q; want the path added and the REMOVE_PATH ignored", m.b.adj[1][4], m.frame.Events)
	}
	m = newTestMatch(t, mapS.with(map[int][2]int{0: {2, 0}, 4: {0, 2}}))
	playTurn(t, m, "MOVE 0 4 1", "MOVE 4 0 1")
	diff(t, "units", map[int][2]int{0: {2, 0}, 4: {0, 2}}, unitsOf(m))
}

// Spec §8.1 and §9.5: remaining units are set from the units at the resolution, after the
// surrounded units are killed as well as before (the original re-reads the units at every
// step). P0 keeps triangle 0 1 2 while its unit on corner 2 is surrounded and killed, so
// next turn corner 2 has no remaining unit and "ATTACK 0 1 2 3" (cost 1 on every corner)
// is invalid.
func TestSpec9_5RemainingReflectsSurroundKills(t *testing.T) {
	m := newTestMatch(t, mapE.with(map[int][2]int{0: {1, 0}, 1: {1, 0}, 2: {1, 0}, 3: {0, 1}}))
	tri := m.b.triangles[0]
	if tri.c != [3]int{0, 1, 2} || tri.owner != 0 {
		t.Fatalf("setup: triangle %+v", *tri)
	}
	m.b.units[0], m.b.units[1], m.b.units[3] = [2]int{1, 2}, [2]int{1, 2}, [2]int{0, 1} // the start resolution emptied 3
	var events []string
	m.b.resolve(&m.scores, &events)
	diff(t, "units after the kills", map[int][2]int{0: {1, 2}, 1: {1, 2}}, unitsOf(m))
	if tri.owner != 0 || tri.ownerAtTurnStart != 0 {
		t.Fatalf("triangle %+v, want still P0's", *tri)
	}
	if got := len(m.b.buildTasks(0, parseLine("ATTACK 0 1 2 3", false).pieces, &events)); got != 0 {
		t.Errorf("ATTACK through a corner whose units were surrounded was accepted")
	}
}

// Spec §8.1: an ATTACK empties both the units and the remaining units of the attacked
// player on the target, so that player's MOVE from there in the same turn (checked again
// in the MOVE phase) moves nothing. Map D plus path 2-5, TV-10's units: P0 attacks house
// 5, where P1's two units were about to leave.
func TestSpec8_1AttackedUnitsCannotMove(t *testing.T) {
	m := newTestMatch(t, mapD.with(map[int][2]int{0: {2, 0}, 1: {2, 0}, 2: {2, 0}, 3: {0, 2}, 4: {0, 2}, 5: {0, 2}}, [2]int{2, 5}))
	playTurn(t, m, "ATTACK 0 1 2 5", "MOVE 5 3 2")
	diff(t, "units", map[int][2]int{0: {1, 0}, 1: {1, 0}, 2: {1, 0}, 3: {0, 2}, 4: {0, 2}}, unitsOf(m))
}

// §9.2: a command that passed the check at parse time but can no longer apply when its
// phase comes (its units moved away or were spent, its triangle already used) is dropped
// with an event saying why, as the commands dropped at parse time are.
func TestCommandsThatNoLongerApplySayWhy(t *testing.T) {
	for _, tt := range []struct{ line, event string }{
		// MOVE runs before ADD_PATH: corner 0 has nobody left to pay.
		{"MOVE 0 2 1;ADD_PATH 1 0 3 4", `P0: ignored "ADD_PATH 1 0 3 4": no longer applies: no unit of yours on corner 0 to pay`},
		{"SPAWN 0 1 3;SPAWN 1 0 3", `P0: ignored "SPAWN 1 0 3": no longer applies: triangle 0 1 3 was already used this turn`},
		{"MOVE 0 2 1;MOVE 0 1 1", `P0: ignored "MOVE 0 1 1": no longer applies: no unit of yours on house 0 can move`},
		{"ATTACK 0 1 3 2;ATTACK 1 0 3 2", `P0: ignored "ATTACK 1 0 3 2": no longer applies: triangle 0 1 3 was already used this turn`},
		{"ADD_PATH 1 0 3 4;REMOVE_PATH 0 1 3 2", `P0: ignored "REMOVE_PATH 0 1 3 2": no longer applies: triangle 0 1 3 was already used this turn`},
	} {
		m := newTestMatch(t, mapS.with(tv2Units))
		playTurn(t, m, tt.line, "")
		var got []string
		for _, e := range m.frame.Events {
			if strings.Contains(e, "ignored") {
				got = append(got, e)
			}
		}
		diff(t, tt.line, []string{tt.event}, got)
	}
}
