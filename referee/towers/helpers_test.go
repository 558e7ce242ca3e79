package towers

import (
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// newTestGame builds a game with the given options (key=value pairs).
func newTestGame(t *testing.T, opts ...string) *game {
	t.Helper()
	m := map[string]string{}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		m[k] = v
	}
	r, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: m})
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return r.(*game)
}

// playLines plays one turn in which both players answer in time with the given lines.
func playLines(g *game, line0, line1 string) {
	g.Play([]referee.Answer{
		{Player: 0, Lines: []string{line0}, Status: referee.StatusOK},
		{Player: 1, Lines: []string{line1}, Status: referee.StatusOK},
	})
}

// place puts a soldier somewhere with the given hp, state and order (target or noTarget).
func place(g *game, id, x, y, hp int, state soldierState, target int) *soldier {
	s := &g.soldiers[id]
	s.pos, s.hp, s.state, s.target, s.hasDest = point{x, y}, hp, state, target, false
	return s
}

// addTestTower adds a tower with a chosen id for a player.
func addTestTower(g *game, owner, id, tx, ty, level, hp int) *tower {
	g.nextID = id
	g.addTower(owner, tx, ty, false)
	t := g.findTower(owner, id)
	for t.level < level {
		g.land.add(owner, tx, ty, t.level, -1)
		t.level++
		g.land.add(owner, tx, ty, t.level, 1)
	}
	t.hp = hp
	return t
}

// hasEvent reports whether one of the last turn's events contains all the fragments.
func hasEvent(g *game, fragments ...string) bool {
	for _, e := range g.events {
		all := true
		for _, f := range fragments {
			all = all && strings.Contains(e, f)
		}
		if all {
			return true
		}
	}
	return false
}

// inputLine returns the line of player p's next input that starts with prefix.
func inputLine(t *testing.T, g *game, p int, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(g.turnInput(p), "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	t.Fatalf("player %d's input has no line starting with %q:\n%s", p, prefix, g.turnInput(p))
	return ""
}

func itoa(v int) string { return strconv.Itoa(v) }

func contains(s, sub string) bool { return strings.Contains(s, sub) }
