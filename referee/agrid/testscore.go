package agrid

import (
	"strconv"

	"github.com/arena-games/arena/protocol"
)

// Test map limits of the auxiliary tool (seed §6.4).
const (
	minTestSize = 5
	maxTestSize = 21
)

// testScore runs TEST_SCORE S_max S_x S_y MAP (spec §8.1): a harvest on a map of the team's
// own design, with the world's scoring parameters. Every call that reaches the referee
// spends the turn's allowance, including the ones that fail.
func (r *Referee) testScore(t *team, tokens []string) []string {
	spent := t.testUsed
	t.testUsed = true
	a := protocol.NewArgs(tokens, 4, 4)
	size, sx, sy, board := a.Int(0), a.Int(1), a.Int(2), a.String(3)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	if spent {
		return failure(errTestScoreLimit)
	}
	return []string{protocol.OK, r.evaluateTest(size, sx, sy, board)}
}

// evaluateTest returns the second line of a TEST_SCORE answer: "OK <gains>" or
// "ERR <code> <message>", with the checks in the spec's order.
func (r *Referee) evaluateTest(size, sx, sy int64, board string) string {
	if size < minTestSize || size > maxTestSize {
		return testError(errTestSize)
	}
	n := int(size)
	if len(board) != n*n {
		return testError(errTestMap)
	}
	for i := 0; i < len(board); i++ {
		if c := board[i]; c != empty && c != hill && !isColorChar(c) {
			return testError(errTestMap)
		}
	}
	if sx < 0 || sy < 0 || sx >= size || sy >= size {
		return testError(errPosition)
	}
	start := int(sy)*n + int(sx)
	c := board[start]
	if !isMarker(c) {
		return testError(errNoMarker)
	}
	res, code := r.test.harvest(n, []byte(board), start, c, r.p.scoring())
	if code != 0 {
		return testError(code)
	}
	gains := []colorGain{{c, res.total}}
	for _, cc := range res.inside {
		gains = append(gains, colorGain{cc.color, float64(cc.count) * r.p.M})
	}
	return "OK " + formatGains(gains)
}

func testError(code int) string {
	return "ERR " + strconv.Itoa(code) + " " + messages[code]
}
