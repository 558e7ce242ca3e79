package triangles

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// modelMaps is how many generated maps TestModelMatchesRefereeOnRandomGames plays to the
// end (every other one with random units scattered on it). Each game is about 200 turns
// of random, often invalid, commands; 30 games exercise every kind of event (paths added
// and removed, attacks, spawns, captures, surrounded units, eliminations) in about 1.5 s.
const modelMaps = 30

// modelTriangle is a triangle of the model: its corners in ascending id order, owner,
// eligibility and owner at the start of the turn (spec §2).
type modelTriangle struct {
	c     [3]int
	owner int
	can   [2]bool
	oats  int
}

// model is a second implementation of the game state and of spec §4–§9, kept as plain
// as possible: neighbour lists, unit counts, remaining units, triangles, scores and the
// elimination flags.
type model struct {
	pos    []point
	nb     [][]int // sorted neighbour lists
	units  [][2]int
	rem    [][2]int // remaining units (§8.1)
	tris   []*modelTriangle
	scores [2]int
	out    [2]bool
	endNow bool
}

func modelFrom(b *board) *model {
	s := &model{pos: b.pos}
	for h := range b.pos {
		s.nb = append(s.nb, append([]int(nil), b.nbrs[h]...))
		s.units = append(s.units, b.units[h])
		s.rem = append(s.rem, b.units[h])
	}
	return s
}

func (s *model) isNb(a, b int) bool { return slices.Contains(s.nb[a], b) }

func (s *model) addNb(a, b int) {
	if !s.isNb(a, b) {
		s.nb[a] = append(s.nb[a], b)
		slices.Sort(s.nb[a])
	}
	if !s.isNb(b, a) {
		s.nb[b] = append(s.nb[b], a)
		slices.Sort(s.nb[b])
	}
}

func (s *model) delNb(a, b int) {
	s.nb[a] = slices.DeleteFunc(s.nb[a], func(x int) bool { return x == b })
	s.nb[b] = slices.DeleteFunc(s.nb[b], func(x int) bool { return x == a })
}

// recompute lists the triangles (§4.4: three mutual neighbours with no other house
// strictly inside) in ascending corner order; a triangle that existed before keeps its
// state (§4.5).
func (s *model) recompute() {
	var next []*modelTriangle
	for i := range s.pos {
		for _, j := range s.nb[i] {
			for _, k := range s.nb[j] {
				if !(i < j && j < k && s.isNb(i, k)) {
					continue
				}
				in := false
				for n := range s.pos {
					if n != i && n != j && n != k {
						a, b, c, p := s.pos[i], s.pos[j], s.pos[k], s.pos[n]
						s1, s2, s3 := ccw(p, a, b), ccw(p, b, c), ccw(p, c, a)
						if s1 == s2 && s2 == s3 {
							in = true
						}
					}
				}
				if in {
					continue
				}
				var found *modelTriangle
				for _, t := range s.tris {
					if t.c == [3]int{i, j, k} {
						found = t
					}
				}
				if found == nil {
					found = &modelTriangle{c: [3]int{i, j, k}, owner: -1, can: [2]bool{true, true}, oats: -1}
				}
				next = append(next, found)
			}
		}
	}
	s.tris = next
}

// canConnect is §4.3: at most 400 long and crossing no existing path.
func (s *model) canConnect(a, b int) bool {
	if d2(s.pos[a], s.pos[b]) > 160000 {
		return false
	}
	for i := range s.pos {
		for _, j := range s.nb[i] {
			if i < j && crosses(s.pos, a, b, i, j) {
				return false
			}
		}
	}
	return true
}

// owner is house ownership, §5.
func (s *model) owner(h int) int {
	if len(s.nb[h]) > 0 {
		for p := 0; p < 2; p++ {
			all := true
			for _, n := range s.nb[h] {
				if !(s.units[n][p] > s.units[n][1-p]) {
					all = false
				}
			}
			if all {
				return p
			}
		}
	}
	if s.units[h][0] > s.units[h][1] {
		return 0
	}
	if s.units[h][1] > s.units[h][0] {
		return 1
	}
	return -1
}

// elig is updateEligibility, §7.1.
func (s *model) elig() {
	for _, t := range s.tris {
		for p := 0; p < 2; p++ {
			if t.owner != -1 {
				t.can[p] = t.owner != p
			} else {
				t.can[p] = t.can[p] || (s.units[t.c[0]][p] == 0 && s.units[t.c[1]][p] == 0 && s.units[t.c[2]][p] == 0)
			}
		}
	}
}

// canUse and use are §8.2.
func (s *model) canUse(t *modelTriangle, p, cost int) bool {
	if t.owner != p || t.oats != p {
		return false
	}
	for _, c := range t.c {
		if s.rem[c][p] < cost {
			return false
		}
	}
	return true
}

func (s *model) use(t *modelTriangle, cost int) {
	p := t.owner
	for _, c := range t.c {
		x := min(cost, s.units[c][p])
		s.units[c][p] -= x
		s.rem[c][p] -= x
	}
	t.can[p] = false
	t.owner = -1
}

// resolve is the end-of-turn resolution, §9.5. Remaining units are set from the units
// before the kills and again after them, so a unit killed as surrounded no longer counts
// as remaining: the original re-reads the units at every step of its resolution.
func (s *model) resolve() {
	copy(s.rem, s.units)
	s.elig()
	var adv [][2]bool // §6: the majorities before any kill
	for _, u := range s.units {
		adv = append(adv, [2]bool{u[0] > u[1], u[1] > u[0]})
	}
	for p := 0; p < 2; p++ {
		for h := range s.pos {
			if s.units[h][p] > 0 && len(s.nb[h]) > 0 {
				all := true
				for _, n := range s.nb[h] {
					if !adv[n][1-p] {
						all = false
					}
				}
				if all {
					s.units[h][p] = 0
				}
			}
		}
	}
	copy(s.rem, s.units)
	s.elig()
	for _, t := range s.tris { // the capture pass, §7.2
		if t.can[0] && s.owner(t.c[0]) == 0 && s.owner(t.c[1]) == 0 && s.owner(t.c[2]) == 0 {
			t.owner = 0
		}
		if t.can[1] && s.owner(t.c[0]) == 1 && s.owner(t.c[1]) == 1 && s.owner(t.c[2]) == 1 {
			t.owner = 1
		}
	}
	s.elig()
	s.score()
}

// score is §9.4.
func (s *model) score() {
	for _, t := range s.tris {
		if t.owner != -1 {
			s.scores[t.owner]++
		}
		t.oats = t.owner
	}
}

// checks are the elimination checks at the start of a turn, §9.3.
func (s *model) checks() {
	T := len(s.tris)
	for p := 0; p < 2; p++ {
		u, tr, to := 0, 0, 0
		for _, x := range s.units {
			u += x[p]
		}
		for _, t := range s.tris {
			if t.owner == p {
				tr++
			}
			if t.owner == 1-p {
				to++
			}
		}
		if u == 0 && tr == 0 || u == 1 && tr == 0 && s.scores[p] < s.scores[1-p] || float64(to) >= 0.8*float64(T) {
			if !s.out[p] {
				s.out[p] = true
				s.scores[p] = -1
				s.endNow = true
			}
		}
	}
}

// modelTask is a parsed command of the model, with its triangle resolved at parse time.
type modelTask struct {
	kind     commandKind
	p        int
	tri      *modelTriangle
	from, to int
	amount   int
}

// valid is the strict check of §9.2.
func (s *model) valid(t *modelTask) bool {
	p := t.p
	switch t.kind {
	case cmdMove:
		return t.from != t.to && s.rem[t.from][p] > 0
	case cmdSpawn:
		return s.canUse(t.tri, p, 0)
	case cmdAttack:
		if !s.canUse(t.tri, p, 1) {
			return false
		}
		for _, c := range t.tri.c {
			if c == t.to || s.isNb(c, t.to) {
				return true
			}
		}
		return false
	case cmdAddPath:
		return s.canUse(t.tri, p, 1) && !s.isNb(t.from, t.to) && s.canConnect(t.from, t.to)
	case cmdRemovePath:
		return s.canUse(t.tri, p, 1) && s.isNb(t.from, t.to) && t.tri.c[0] != t.to && t.tri.c[1] != t.to && t.tri.c[2] != t.to
	}
	return false
}

// tasks turns a player's parsed commands into the tasks that pass the parse-time check
// (§9.2): known houses, a positive MOVE amount, an existing triangle, strict validity.
func (s *model) tasks(p int, pcs []piece) []*modelTask {
	var out []*modelTask
	n := len(s.pos)
	for _, pc := range pcs {
		if pc.kind >= cmdLine {
			continue
		}
		bad := false
		lim := len(pc.nums)
		if pc.kind == cmdMove {
			lim = 2
		}
		for _, h := range pc.nums[:lim] {
			if h >= n {
				bad = true
			}
		}
		if bad {
			continue
		}
		t := &modelTask{kind: pc.kind, p: p}
		if pc.kind == cmdMove {
			t.from, t.to, t.amount = pc.nums[0], pc.nums[1], pc.nums[2]
			if t.amount <= 0 {
				continue
			}
		} else {
			for _, tr := range s.tris {
				ok := true
				for _, h := range pc.nums[:3] {
					if tr.c[0] != h && tr.c[1] != h && tr.c[2] != h {
						ok = false
					}
				}
				if ok {
					t.tri = tr
					break
				}
			}
			if t.tri == nil {
				continue
			}
			t.from = pc.nums[0]
			if len(pc.nums) > 3 {
				t.to = pc.nums[3]
			}
		}
		if s.valid(t) {
			out = append(out, t)
		}
	}
	return out
}

// distances are the path distances of every house to house to (unreachable: 1<<30).
func (s *model) distances(to int) []int {
	d := make([]int, len(s.pos))
	for i := range d {
		d[i] = 1 << 30
	}
	d[to] = 0
	q := []int{to}
	for len(q) > 0 {
		c := q[0]
		q = q[1:]
		for _, x := range s.nb[c] {
			if d[x] == 1<<30 {
				d[x] = d[c] + 1
				q = append(q, x)
			}
		}
	}
	return d
}

func tasksOfKind(ts []*modelTask, k commandKind) []*modelTask {
	var o []*modelTask
	for _, t := range ts {
		if t.kind == k {
			o = append(o, t)
		}
	}
	return o
}

// selectTask drops invalid tasks from the head of q and takes the first valid one.
func (s *model) selectTask(q *[]*modelTask) *modelTask {
	for len(*q) > 0 {
		t := (*q)[0]
		*q = (*q)[1:]
		if s.valid(t) {
			return t
		}
	}
	return nil
}

// exec runs the five phases of §9.2.
func (s *model) exec(ts [2][]*modelTask) {
	// Phase 1: ATTACK rounds; both selected tasks apply without a re-check.
	q := [2][]*modelTask{tasksOfKind(ts[0], cmdAttack), tasksOfKind(ts[1], cmdAttack)}
	for len(q[0])+len(q[1]) > 0 {
		a, b := s.selectTask(&q[0]), s.selectTask(&q[1])
		for _, t := range []*modelTask{a, b} {
			if t != nil {
				s.use(t.tri, 1)
				s.units[t.to][1-t.p] = 0
				s.rem[t.to][1-t.p] = 0
			}
		}
	}
	// Phase 2: MOVE, one step toward the target along a shortest path.
	for p := 0; p < 2; p++ {
		for _, t := range tasksOfKind(ts[p], cmdMove) {
			if !s.valid(t) {
				continue
			}
			k := min(t.amount, s.rem[t.from][p])
			d := s.distances(t.to)
			for _, x := range s.nb[t.from] {
				if d[x] < d[t.from] {
					s.units[t.from][p] -= k
					s.rem[t.from][p] -= k
					s.units[x][p] += k
					break
				}
			}
		}
	}
	// Phase 3: SPAWN on the first house written.
	for p := 0; p < 2; p++ {
		for _, t := range tasksOfKind(ts[p], cmdSpawn) {
			if s.valid(t) {
				s.use(t.tri, 0)
				s.units[t.from][p]++
			}
		}
	}
	// Phase 4: ADD_PATH rounds, each player's tasks by ascending length, the shorter of
	// the two selected first; only canConnect is re-checked.
	length := func(t *modelTask) int { return d2(s.pos[t.from], s.pos[t.to]) }
	q = [2][]*modelTask{tasksOfKind(ts[0], cmdAddPath), tasksOfKind(ts[1], cmdAddPath)}
	for p := 0; p < 2; p++ {
		slices.SortStableFunc(q[p], func(a, b *modelTask) int { return length(a) - length(b) })
	}
	for len(q[0])+len(q[1]) > 0 {
		a, b := s.selectTask(&q[0]), s.selectTask(&q[1])
		order := []*modelTask{a, b}
		if a != nil && b != nil && length(b) < length(a) {
			order = []*modelTask{b, a}
		}
		for _, t := range order {
			if t == nil || !s.canConnect(t.from, t.to) {
				continue
			}
			s.use(t.tri, 1)
			s.addNb(t.from, t.to)
			s.recompute()
		}
	}
	// Phase 5: REMOVE_PATH rounds, both selected tasks apply without a re-check.
	q = [2][]*modelTask{tasksOfKind(ts[0], cmdRemovePath), tasksOfKind(ts[1], cmdRemovePath)}
	for len(q[0])+len(q[1]) > 0 {
		a, b := s.selectTask(&q[0]), s.selectTask(&q[1])
		for _, t := range []*modelTask{a, b} {
			if t != nil {
				s.use(t.tri, 1)
				s.delNb(t.from, t.to)
				s.recompute()
			}
		}
	}
}

// randomCommandLine is a random answer for player p: up to 8 commands of every kind,
// mostly on p's own triangles and on nearby houses so that many are valid, with
// invalid ones mixed in (repeated corners, self-paths, negative or zero amounts).
func randomCommandLine(r *rand.Rand, b *board, p int) string {
	n := b.size()
	var cmds []string
	k := r.Intn(9)
	for i := 0; i < k; i++ {
		var c [3]int
		if len(b.triangles) > 0 {
			t := b.triangles[r.Intn(len(b.triangles))]
			var mine []*triangle
			for _, x := range b.triangles {
				if x.owner == p {
					mine = append(mine, x)
				}
			}
			if len(mine) > 0 && r.Intn(10) < 8 {
				t = mine[r.Intn(len(mine))]
			}
			c = t.c
			r.Shuffle(3, func(i, j int) { c[i], c[j] = c[j], c[i] })
			if r.Intn(10) == 0 {
				c[1] = c[0]
			}
		}
		h := r.Intn(n)
		if r.Intn(3) > 0 && len(b.nbrs[c[0]]) > 0 {
			h = b.nbrs[c[0]][r.Intn(len(b.nbrs[c[0]]))]
			if r.Intn(2) == 0 && len(b.nbrs[h]) > 0 {
				h = b.nbrs[h][r.Intn(len(b.nbrs[h]))]
			}
		}
		switch r.Intn(6) {
		case 0, 1:
			from := r.Intn(n)
			for tries := 0; tries < 20 && b.units[from][p] == 0; tries++ {
				from = r.Intn(n)
			}
			to := r.Intn(n)
			if r.Intn(2) == 0 && len(b.nbrs[from]) > 0 {
				to = b.nbrs[from][r.Intn(len(b.nbrs[from]))]
			}
			cmds = append(cmds, fmt.Sprintf("MOVE %d %d %d", from, to, r.Intn(5)-1))
		case 2:
			cmds = append(cmds, fmt.Sprintf("SPAWN %d %d %d", c[0], c[1], c[2]))
		case 3:
			cmds = append(cmds, fmt.Sprintf("ATTACK %d %d %d %d", c[0], c[1], c[2], h))
		case 4:
			if r.Intn(4) > 0 {
				var near []int
				for x := range b.pos {
					if d2(b.pos[x], b.pos[c[0]]) <= 160000 && !b.adj[c[0]][x] {
						near = append(near, x)
					}
				}
				if len(near) > 0 {
					h = near[r.Intn(len(near))]
				}
				if r.Intn(15) == 0 {
					h = c[0]
				}
			}
			cmds = append(cmds, fmt.Sprintf("ADD_PATH %d %d %d %d", c[0], c[1], c[2], h))
		case 5:
			cmds = append(cmds, fmt.Sprintf("REMOVE_PATH %d %d %d %d", c[0], c[1], c[2], h))
		}
	}
	return strings.Join(cmds, ";")
}

// matchesModel compares the referee's state with the model's: units and neighbours of
// every house, the triangle list with owners, eligibility and owners at turn start, the
// scores and the eliminations.
func matchesModel(t *testing.T, what string, m *match, s *model) bool {
	t.Helper()
	b := m.b
	for h := range b.pos {
		if b.units[h] != s.units[h] || !slices.Equal(b.nbrs[h], s.nb[h]) {
			t.Errorf("%s: house %d: units %v, neighbours %v; model %v, %v", what, h, b.units[h], b.nbrs[h], s.units[h], s.nb[h])
			return false
		}
	}
	if len(b.triangles) != len(s.tris) {
		t.Errorf("%s: %d triangles, model %d", what, len(b.triangles), len(s.tris))
		return false
	}
	for i, x := range b.triangles {
		y := s.tris[i]
		if x.c != y.c || x.owner != y.owner || x.canCapture != y.can || x.ownerAtTurnStart != y.oats {
			t.Errorf("%s: triangle %v: %+v, model %+v", what, x.c, *x, *y)
			return false
		}
	}
	if m.scores != s.scores || m.out != s.out {
		t.Errorf("%s: scores %v, out %v; model %v, %v", what, m.scores, m.out, s.scores, s.out)
		return false
	}
	return true
}

// TestModelMatchesRefereeOnRandomGames plays random games on generated maps with the
// referee and the model side by side and compares their states after the initial
// resolution and after every turn: the execution phases (§9.2), eligibility (§7.1),
// captures (§7.2), kills (§6), scoring (§9.4, §9.5) and eliminations (§9.3).
func TestModelMatchesRefereeOnRandomGames(t *testing.T) {
	events := map[string]int{}
	for seed := int64(1); seed <= modelMaps; seed++ {
		r := rand.New(rand.NewSource(seed))
		b0 := generateMap(seed)
		if seed%2 == 0 {
			for h := range b0.units {
				b0.units[h] = [2]int{r.Intn(3) * r.Intn(2), r.Intn(3) * r.Intn(2)}
			}
		}
		s := modelFrom(b0)
		m := newMatch(b0)
		// The initial resolution scores twice (§9.5).
		s.recompute()
		s.resolve()
		s.score()
		s.checks()
		if !matchesModel(t, fmt.Sprintf("seed %d, initial position", seed), m, s) {
			return
		}
		for !m.Over() && !s.endNow {
			lines := [2]string{randomCommandLine(r, m.b, 0), randomCommandLine(r, m.b, 1)}
			ts := [2][]*modelTask{s.tasks(0, parseLine(lines[0], false).pieces), s.tasks(1, parseLine(lines[1], false).pieces)}
			playTurn(t, m, lines[0], lines[1])
			for _, e := range m.frame.Events {
				for _, k := range []string{"added", "removed", "attacked", "spawned", "captured", "surrounded", "eliminated"} {
					if strings.Contains(e, k) {
						events[k]++
					}
				}
			}
			if m.turn >= maxTurns {
				break // the last turn's actions are never resolved (§9.6)
			}
			s.exec(ts)
			s.resolve()
			s.checks()
			if !matchesModel(t, fmt.Sprintf("seed %d, turn %d, lines %q", seed, m.turn, lines), m, s) {
				return
			}
		}
	}
	for _, k := range []string{"added", "removed", "attacked", "spawned", "captured", "surrounded", "eliminated"} {
		if events[k] == 0 {
			t.Errorf("no %q event in %d games (%v): the comparison misses a rule", k, modelMaps, events)
		}
	}
}
