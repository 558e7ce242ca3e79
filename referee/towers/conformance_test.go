package towers

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

func TestConformance(t *testing.T) {
	refereetest.Run(t, Game{}, refereetest.Options{Answer: plausibleAnswer})
}

func TestConformanceOriginalRefund(t *testing.T) {
	refereetest.Run(t, Game{}, refereetest.Options{
		Answer:      plausibleAnswer,
		Seeds:       []int64{4},
		GameOptions: map[string]string{"refund": "original", "turns": "300"},
	})
}

// plausibleAnswer invents a mostly legal answer from the ids alone: moves and attacks for
// a few soldiers, builds near the base, upgrades and suicides, now and then a rule error.
func plausibleAnswer(r *rand.Rand, req referee.Request) []string {
	p := req.Player
	var cmds []string
	for range r.IntN(6) {
		id := strconv.Itoa(p*soldiersEach + r.IntN(soldiersEach))
		switch r.IntN(8) {
		case 0, 1, 2:
			cmds = append(cmds, "MOVE "+id+" "+strconv.Itoa(r.IntN(worldSize+1))+" "+strconv.Itoa(r.IntN(worldSize+1)))
		case 3, 4, 5:
			cmds = append(cmds, "ATTACK "+id+" "+strconv.Itoa((1-p)*soldiersEach+r.IntN(soldiersEach)))
		case 6:
			cmds = append(cmds, "BUILD "+strconv.Itoa(r.IntN(10))+" "+strconv.Itoa(r.IntN(10)))
		default:
			if r.IntN(2) == 0 {
				cmds = append(cmds, "UPGRADE "+strconv.Itoa(firstTowerID+p))
			} else {
				cmds = append(cmds, "SUICIDE "+strconv.Itoa(firstTowerID+2+r.IntN(20)))
			}
		}
	}
	if len(cmds) == 0 {
		return []string{"WAIT"}
	}
	return []string{strings.Join(cmds, ";")}
}
