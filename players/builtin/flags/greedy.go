package flags

import (
	"fmt"
	"io"
)

// Greedy plays a simple plan: the minion nearest the opponent's flag fetches it and brings
// it home; when the own flag is taken the nearest other minion chases it and shoots the
// carrier; every minion fires at enemies in its line of sight when that hurts no teammate;
// the rest collect the nearest coin they remember.
func Greedy(in io.Reader, out io.Writer) error {
	return run(in, out, func(w *World) strategy {
		return &greedyStrategy{world: w, dist: map[Cell][]int{}}
	})
}

type greedyStrategy struct {
	world *World
	coins []bool // cells believed to hold a coin
	dist  map[Cell][]int
}

func (s *greedyStrategy) distances(from Cell) []int {
	d, ok := s.dist[from]
	if !ok {
		d = s.world.distances(from)
		s.dist[from] = d
	}
	return d
}

func (s *greedyStrategy) distance(a, b Cell) int {
	d := s.distances(a)[b.R*s.world.W+b.C]
	if d < 0 {
		return 1 << 20
	}
	return d
}

// remember updates the coin map from what is seen this turn.
func (s *greedyStrategy) remember(t *Turn) {
	w := s.world
	if s.coins == nil {
		s.coins = make([]bool, w.H*w.W)
		for r := 0; r < w.H; r++ {
			for c := 0; c < w.W; c++ {
				s.coins[r*w.W+c] = w.Floor(Cell{r, c})
			}
		}
		// Start cells are mirrored between the teams and hold no coin, nor do the bases.
		for _, m := range t.Mine {
			s.coins[m.Pos.R*w.W+m.Pos.C] = false
			s.coins[m.Pos.R*w.W+w.W-1-m.Pos.C] = false
		}
		s.coins[w.MyBase.R*w.W+w.MyBase.C] = false
		s.coins[w.OppBase.R*w.W+w.OppBase.C] = false
	}
	visible := make(map[Cell]bool, len(t.Coins))
	for _, c := range t.Coins {
		visible[c] = true
	}
	for _, m := range t.Mine {
		for _, st := range steps {
			for c := m.Pos; w.Floor(c); c = (Cell{c.R + st.R, c.C + st.C}) {
				s.coins[c.R*w.W+c.C] = visible[c]
			}
		}
	}
	for _, m := range t.Opp {
		s.coins[m.Pos.R*w.W+m.Pos.C] = false
	}
}

func (s *greedyStrategy) play(t *Turn, _ uint64) []string {
	w := s.world
	s.remember(t)
	budget := t.MyScore
	orders := map[int]string{}
	free := func(m Minion) bool { _, done := orders[m.ID]; return !done && m.Timeout == 0 }
	nearest := func(target Cell) (Minion, bool) {
		best, found := Minion{}, false
		for _, m := range t.Mine {
			if free(m) && (!found || s.distance(target, m.Pos) < s.distance(target, best.Pos)) {
				best, found = m, true
			}
		}
		return best, found
	}

	// Shoot first: a FIRE that hits enemies and no teammate, by anyone but the carrier.
	for _, m := range t.Mine {
		if !free(m) || m.ID == t.OppFlag.Carrier || budget < w.PowerUps[0].Price {
			continue
		}
		if s.enemiesInLine(t, m) > 0 && s.friendsInLine(t, m) == 0 {
			orders[m.ID] = fmt.Sprintf("FIRE %d", m.ID)
			budget -= w.PowerUps[0].Price
		}
	}

	// The opponent's flag: bring it home, or fetch it.
	if t.OppFlag.Carrier >= 0 {
		for _, m := range t.Mine {
			if m.ID == t.OppFlag.Carrier && free(m) {
				orders[m.ID] = fmt.Sprintf("MOVE %d %d %d", m.ID, w.MyBase.R, w.MyBase.C)
			}
		}
	} else if m, ok := nearest(t.OppFlag.Pos); ok {
		orders[m.ID] = fmt.Sprintf("MOVE %d %d %d", m.ID, t.OppFlag.Pos.R, t.OppFlag.Pos.C)
	}

	// Our flag: chase it when it has left its base.
	if t.MyFlag.Carrier >= 0 || t.MyFlag.Pos != w.MyBase {
		if m, ok := nearest(t.MyFlag.Pos); ok {
			orders[m.ID] = fmt.Sprintf("MOVE %d %d %d", m.ID, t.MyFlag.Pos.R, t.MyFlag.Pos.C)
			if t.MyFlag.Carrier >= 0 && w.sees(m.Pos, t.MyFlag.Pos) && budget >= w.PowerUps[1].Price && s.friendsInLine(t, m) == 0 {
				orders[m.ID] = fmt.Sprintf("FREEZE %d", m.ID) // a frozen carrier drops the flag
				budget -= w.PowerUps[1].Price
			}
		}
	}

	// Everyone else: the nearest remembered coin nobody else is heading for.
	claimed := map[int]bool{}
	for _, m := range t.Mine {
		if !free(m) {
			continue
		}
		dist := s.distances(m.Pos)
		best := -1
		for i, has := range s.coins {
			if has && !claimed[i] && dist[i] > 0 && (best < 0 || dist[i] < dist[best]) {
				best = i
			}
		}
		target := t.OppFlag.Pos
		if best >= 0 {
			claimed[best] = true
			target = Cell{best / w.W, best % w.W}
		}
		orders[m.ID] = fmt.Sprintf("MOVE %d %d %d", m.ID, target.R, target.C)
	}

	var cmds []string
	for _, m := range t.Mine { // by increasing id: the output does not depend on map order
		if o, ok := orders[m.ID]; ok {
			cmds = append(cmds, o)
		}
	}
	return cmds
}

func (s *greedyStrategy) enemiesInLine(t *Turn, m Minion) int {
	n := 0
	for _, o := range t.Opp {
		if s.world.sees(m.Pos, o.Pos) {
			n++
		}
	}
	return n
}

func (s *greedyStrategy) friendsInLine(t *Turn, m Minion) int {
	n := 0
	for _, f := range t.Mine {
		if f.ID != m.ID && s.world.sees(m.Pos, f.Pos) {
			n++
		}
	}
	return n
}
