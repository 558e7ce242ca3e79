package rockets

import "testing"

// TV-R7 (spec §11): a car sent MOVE 1 17 over a 2-turn road can act after two WAITs, and
// not before: after one WAIT it is still on the road and FOUND_ROCKET fails with 101.
func TestSpecTVR7_CarBusyUntilSecondWait(t *testing.T) {
	g := newTest(t, "world1", seventeenMap, 2, map[string]string{"money": "3593"})
	mustOK(t, g, 0, "MOVE 1 17")
	wait(g, 1)
	if got := do(g, 0, "FOUND_ROCKET 1 70 20"); got[0] != "FAILED 101 car is busy" {
		t.Errorf("after one WAIT: %q, want FAILED 101", got)
	}
	wait(g, 1)
	mustOK(t, g, 0, "FOUND_ROCKET 1 70 20")
}
