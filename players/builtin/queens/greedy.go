package queens

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// greedy is a simple economic strategy: mines on the sites of its own half (upgraded to
// their maximum rate), a knight barracks early, towers at home, knights whenever it can
// afford them, a first tower as soon as the enemy can send knights, and a retreat to its
// towers when enemy knights come close.
func greedy(in io.Reader, out io.Writer) error {
	b := &greedyBot{}
	return play(in, out, b.decide)
}

type greedyBot struct {
	started      bool
	homeX, homeY int // where the queen started
	foeX, foeY   int // where the enemy queen started
}

const (
	dangerRange  = 320 // enemy knights this close send the queen to her towers
	fieldCentreX = 960
	fieldCentreY = 500
)

func (b *greedyBot) decide(_ *reader, t *turn) (string, string) {
	if !b.started {
		b.started = true
		b.homeX, b.homeY = t.queen.x, t.queen.y
		b.foeX, b.foeY = t.foe.x, t.foe.y
	}
	return b.command(t), b.training(t)
}

// count is how many structures of a kind (and, for barracks, creep type; −1 any) I own.
func count(t *turn, kind, creep int) int {
	n := 0
	for _, s := range t.sites {
		if s.owner == me && s.kind == kind && (creep < 0 || s.param2 == creep) {
			n++
		}
	}
	return n
}

// safe reports whether a site is on my side of the field and out of enemy towers' reach.
func (b *greedyBot) safe(t *turn, s site) bool {
	if distSq(s.x, s.y, b.homeX, b.homeY) >= distSq(s.x, s.y, b.foeX, b.foeY) {
		return false
	}
	for _, e := range t.sites {
		if e.kind == tower && e.owner == enemy && distSq(s.x, s.y, e.x, e.y) < (e.param2+s.radius)*(e.param2+s.radius) {
			return false
		}
	}
	return true
}

// knightsNear counts enemy knights within r of the point.
func knightsNear(t *turn, x, y, r int) int {
	n := 0
	for _, u := range t.units {
		if u.owner == enemy && u.kind == knightType && distSq(u.x, u.y, x, y) < r*r {
			n++
		}
	}
	return n
}

// knightThreat reports whether the enemy has knights or a knight barracks.
func knightThreat(t *turn) bool {
	for _, s := range t.sites {
		if s.owner == enemy && s.kind == barracks && s.param2 == knightType {
			return true
		}
	}
	for _, u := range t.units {
		if u.owner == enemy && u.kind == knightType {
			return true
		}
	}
	return false
}

// want is the structure the plan needs next on a free site.
func (b *greedyBot) want(t *turn, s site) string {
	mines, towers := count(t, mine, -1), count(t, tower, -1)
	knightBarracks := count(t, barracks, knightType)
	mineWorth := s.gold < 0 || s.gold > 40
	switch {
	case mines < 2 && mineWorth:
		return "MINE"
	case towers < 1 && knightThreat(t):
		return "TOWER"
	case knightBarracks < 1:
		return "BARRACKS-KNIGHT"
	case mines < 4 && mineWorth:
		return "MINE"
	case towers < 2:
		return "TOWER"
	case mines < 6 && mineWorth:
		return "MINE"
	case towers < 3:
		return "TOWER"
	case mineWorth:
		return "MINE"
	}
	return "TOWER"
}

// upgradable reports whether my mine on s can mine faster.
func upgradable(s site) bool {
	return s.kind == mine && s.owner == me && s.param1 < s.maxMine && s.gold > 30
}

func (b *greedyBot) command(t *turn) string {
	q := t.queen
	// Defence: knights coming, grow or build a tower where she stands, else run to the
	// nearest own tower (growing it on arrival).
	if knightsNear(t, q.x, q.y, dangerRange) > 0 {
		if t.touched >= 0 {
			s := t.sites[t.touched]
			if s.owner == nobody || (s.kind == tower && s.owner == me && s.param1 < 700) {
				return fmt.Sprintf("BUILD %d TOWER", s.id)
			}
		}
		if id := nearest(t, q, func(s site) bool { return s.kind == tower && s.owner == me }); id >= 0 {
			return fmt.Sprintf("BUILD %d TOWER", id)
		}
		if id := nearest(t, q, func(s site) bool { return s.owner == nobody && b.safe(t, s) }); id >= 0 {
			return fmt.Sprintf("BUILD %d TOWER", id)
		}
	}
	if t.touched >= 0 {
		s := t.sites[t.touched]
		switch {
		case upgradable(s):
			return fmt.Sprintf("BUILD %d MINE", s.id)
		case s.owner == nobody && b.safe(t, s):
			return fmt.Sprintf("BUILD %d %s", s.id, b.want(t, s))
		case s.kind == tower && s.owner == me && s.param1 < 400:
			return fmt.Sprintf("BUILD %d TOWER", s.id)
		}
	}
	// Walk to the nearest site worth building on.
	if id := nearest(t, q, func(s site) bool { return upgradable(s) || (s.owner == nobody && b.safe(t, s)) }); id >= 0 {
		s := t.sites[id]
		if upgradable(s) {
			return fmt.Sprintf("BUILD %d MINE", id)
		}
		return fmt.Sprintf("BUILD %d %s", id, b.want(t, s))
	}
	// Nothing left to build: keep the weakest tower grown.
	weakest, hp := -1, 1<<30
	for _, s := range t.sites {
		if s.kind == tower && s.owner == me && s.param1 < hp {
			weakest, hp = s.id, s.param1
		}
	}
	if weakest >= 0 {
		return fmt.Sprintf("BUILD %d TOWER", weakest)
	}
	return fmt.Sprintf("MOVE %d %d", b.homeX, b.homeY)
}

// nearest is the id of the site nearest to the queen that satisfies ok, −1 if none.
func nearest(t *turn, q unit, ok func(site) bool) int {
	best, bestD := -1, 0
	for _, s := range t.sites {
		if !ok(s) {
			continue
		}
		if d := distSq(s.x, s.y, q.x, q.y); best < 0 || d < bestD {
			best, bestD = s.id, d
		}
	}
	return best
}

// training trains knights at every idle knight barracks it can pay for, the barracks
// nearest the enemy queen first.
func (b *greedyBot) training(t *turn) string {
	var idle []site
	for _, s := range t.sites {
		if s.kind == barracks && s.owner == me && s.param1 == 0 && s.param2 == knightType {
			idle = append(idle, s)
		}
	}
	sort.SliceStable(idle, func(i, j int) bool {
		return distSq(idle[i].x, idle[i].y, t.foe.x, t.foe.y) < distSq(idle[j].x, idle[j].y, t.foe.x, t.foe.y)
	})
	ids := []string{"TRAIN"}
	gold := t.gold
	for _, s := range idle {
		if gold >= creepCost[knightType] {
			gold -= creepCost[knightType]
			ids = append(ids, fmt.Sprint(s.id))
		}
	}
	return strings.Join(ids, " ")
}
