package agrid

import "testing"

// TV-A3 (spec §13): "`SCORE 6 5` (B, inner ring): Q = 6, a 3×2 rectangle (no S_s)". With
// S_s = 1 a square BLOB would score double; the 3×2 rectangle must stay at 6 (spec §6
// step 5: Sq_b needs the fields of b to form exactly a k×k square).
func TestTVA3NestedRectangleGetsNoSquareBonus(t *testing.T) {
	f := newFixture(t, 2, with(areaOnly(), "A", "32", "Ss", "1"), tva3Map)
	f.want(1, "SCORE 6 5", "OK")
	f.r.EndTurn()
	f.want(0, "LAST_SCORE", "OK", "1 b 6.000000")
}
