package triangles

import (
	"fmt"
	"slices"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// task is a game command that survived parsing and the parse-time check (§9.2). Houses and
// the triangle are resolved when the line is read; the triangle is held by pointer so that
// it keeps working if it is destroyed later in the turn (QUIRK §12.5).
type task struct {
	kind   commandKind
	player int
	text   string
	tri    *triangle
	from   int // MOVE: origin; SPAWN: spawn house; ADD_PATH/REMOVE_PATH: first corner
	to     int // MOVE: destination; ATTACK, ADD_PATH, REMOVE_PATH: target
	amount int
}

// buildTasks turns a player's pieces into tasks, dropping (with an event) the ones that
// name no house or triangle or fail the strict check now.
func (b *board) buildTasks(p int, pieces []piece, events *[]string) []*task {
	var tasks []*task
	for _, pc := range pieces {
		if pc.kind >= cmdLine { // debug drawing: no effect on the game
			continue
		}
		t, reason := b.resolveTask(p, pc)
		if reason == "" && !b.strictlyValid(t) {
			reason = "can't be applied: " + b.whyInvalid(t)
		}
		if reason != "" {
			*events = append(*events, fmt.Sprintf("P%d: ignored %s: %s", p, protocol.Quote(pc.text, quoteLimit), reason))
			continue
		}
		tasks = append(tasks, t)
	}
	return tasks
}

func (b *board) resolveTask(p int, pc piece) (*task, string) {
	houses := pc.nums
	if pc.kind == cmdMove {
		houses = houses[:2] // the third number is the amount
	}
	for _, h := range houses {
		if h >= b.size() { // ids never carry a sign
			return nil, fmt.Sprintf("house %d does not exist", h)
		}
	}
	t := &task{kind: pc.kind, player: p, text: pc.text}
	if pc.kind == cmdMove {
		t.from, t.to, t.amount = pc.nums[0], pc.nums[1], pc.nums[2]
		if t.amount <= 0 {
			return nil, "the amount must be positive"
		}
		return t, ""
	}
	ids := [3]int{pc.nums[0], pc.nums[1], pc.nums[2]}
	t.tri = b.lookupTriangle(ids)
	if t.tri == nil {
		return nil, fmt.Sprintf("%d %d %d is not a triangle", ids[0], ids[1], ids[2])
	}
	t.from = ids[0]
	if len(pc.nums) > 3 {
		t.to = pc.nums[3]
	}
	return t, ""
}

// strictlyValid is the strict check of each command type (§9.2). Validity can only be
// lost during a turn, so checking again before applying equals checking once at its turn.
func (b *board) strictlyValid(t *task) bool {
	p := t.player
	switch t.kind {
	case cmdMove:
		return t.from != t.to && b.remaining[t.from][p] > 0
	case cmdSpawn:
		return b.canUse(t.tri, p, 0)
	case cmdAttack:
		return b.canUse(t.tri, p, 1) && b.touchesTriangle(t.tri, t.to)
	case cmdAddPath:
		return b.canUse(t.tri, p, 1) && !b.adj[t.from][t.to] && b.canConnect(t.from, t.to)
	case cmdRemovePath:
		return b.canUse(t.tri, p, 1) && b.adj[t.from][t.to] && !t.tri.hasCorner(t.to)
	}
	return false
}

// whyInvalid says which part of strictlyValid's check a task fails, for the event that
// reports it as ignored.
func (b *board) whyInvalid(t *task) string {
	p := t.player
	if t.kind == cmdMove {
		if t.from == t.to {
			return fmt.Sprintf("house %d is both the origin and the destination", t.from)
		}
		return fmt.Sprintf("no unit of yours on house %d can move", t.from)
	}
	cost := 1
	if t.kind == cmdSpawn {
		cost = 0
	}
	if t.tri.ownerAtTurnStart == p && t.tri.owner != p { // only after the check at parse time
		return fmt.Sprintf("triangle %d %d %d was already used this turn", t.tri.c[0], t.tri.c[1], t.tri.c[2])
	}
	if t.tri.owner != p || t.tri.ownerAtTurnStart != p {
		return fmt.Sprintf("triangle %d %d %d is not yours", t.tri.c[0], t.tri.c[1], t.tri.c[2])
	}
	for _, c := range t.tri.c {
		if b.remaining[c][p] < cost {
			return fmt.Sprintf("no unit of yours on corner %d to pay", c)
		}
	}
	switch t.kind {
	case cmdAttack:
		return fmt.Sprintf("house %d is neither a corner nor next to one", t.to)
	case cmdAddPath:
		switch {
		case b.adj[t.from][t.to]:
			return fmt.Sprintf("path %d-%d already exists", t.from, t.to)
		case d2(b.pos[t.from], b.pos[t.to]) > maxPathD2:
			return fmt.Sprintf("path %d-%d would be longer than 400", t.from, t.to)
		}
		return fmt.Sprintf("path %d-%d would cross a path", t.from, t.to)
	case cmdRemovePath:
		if !b.adj[t.from][t.to] {
			return fmt.Sprintf("there is no path %d-%d", t.from, t.to)
		}
		return fmt.Sprintf("house %d is a corner of the triangle", t.to)
	}
	return "not allowed now"
}

// touchesTriangle: the target is a corner or a neighbour of a corner.
func (b *board) touchesTriangle(t *triangle, h int) bool {
	if t.hasCorner(h) {
		return true
	}
	for _, c := range t.c {
		if b.adj[c][h] {
			return true
		}
	}
	return false
}

// ofKind returns a player's tasks of one kind, in output order.
func ofKind(tasks []*task, kind commandKind) []*task {
	var out []*task
	for _, t := range tasks {
		if t.kind == kind {
			out = append(out, t)
		}
	}
	return out
}

// selectValid pops tasks until the first strictly valid one, which it returns (nil if
// none is left); the ones it drops are reported.
func (b *board) selectValid(queue *[]*task, events *[]string) *task {
	for len(*queue) > 0 {
		t := (*queue)[0]
		*queue = (*queue)[1:]
		if b.stillValid(t, events) {
			return t
		}
	}
	return nil
}

// stillValid checks a task again just before it applies. A task that passed the check at
// parse time but lost its units or its triangle earlier in the turn (a MOVE off a corner
// runs before SPAWN and the paths, a triangle is used once) is dropped with an event, so
// that a bot author sees why the command did nothing.
func (b *board) stillValid(t *task, events *[]string) bool {
	if b.strictlyValid(t) {
		return true
	}
	*events = append(*events, fmt.Sprintf("P%d: ignored %s: no longer applies: %s", t.player, protocol.Quote(t.text, quoteLimit), b.whyInvalid(t)))
	return false
}

// execute runs the five phases of a turn (§9.2) for both players' tasks.
func (b *board) execute(tasks [2][]*task, events *[]string) {
	b.attackPhase(tasks, events)
	b.movePhase(tasks, events)
	b.spawnPhase(tasks, events)
	b.addPathPhase(tasks, events)
	b.removePathPhase(tasks, events)
}

// attackPhase: rounds of at most one attack per player, both selected before either is
// applied, applied without a second check.
func (b *board) attackPhase(tasks [2][]*task, events *[]string) {
	queues := [2][]*task{ofKind(tasks[0], cmdAttack), ofKind(tasks[1], cmdAttack)}
	for len(queues[0])+len(queues[1]) > 0 {
		selected := [2]*task{b.selectValid(&queues[0], events), b.selectValid(&queues[1], events)}
		for _, t := range selected {
			if t == nil {
				continue
			}
			opp := 1 - t.player
			killed := b.units[t.to][opp]
			b.use(t.tri, 1)
			b.units[t.to][opp], b.remaining[t.to][opp] = 0, 0
			*events = append(*events, fmt.Sprintf("P%d attacked house %d, killing %s", t.player, t.to, referee.Count(killed, "unit", "units")))
		}
	}
}

// movePhase: every move of the first player, then every move of the second, each checked
// just before it is applied; units step to the first neighbour (by id) closer to the target.
func (b *board) movePhase(tasks [2][]*task, events *[]string) {
	dist := make([]int, b.size())
	queue := make([]int, 0, b.size())
	for p := 0; p < 2; p++ {
		for _, t := range tasks[p] {
			if t.kind != cmdMove || !b.stillValid(t, events) {
				continue
			}
			k := min(t.amount, b.remaining[t.from][p])
			dist = b.distancesTo(t.to, dist, queue)
			for _, next := range b.nbrs[t.from] {
				if dist[next] < dist[t.from] {
					b.units[t.from][p] -= k
					b.remaining[t.from][p] -= k
					b.units[next][p] += k
					break
				}
			}
		}
	}
}

// spawnPhase: every spawn of the first player, then of the second; a triangle spawns once.
func (b *board) spawnPhase(tasks [2][]*task, events *[]string) {
	for p := 0; p < 2; p++ {
		for _, t := range tasks[p] {
			if t.kind != cmdSpawn || !b.stillValid(t, events) {
				continue
			}
			b.use(t.tri, 0)
			b.units[t.from][p]++
			*events = append(*events, fmt.Sprintf("P%d spawned a unit on house %d", p, t.from))
		}
	}
}

// addPathPhase: each player's additions are tried shortest first; in each round the
// selected additions of both players are applied shortest first (the first player wins a
// tie), and one that now crosses a path is dropped without using its triangle.
func (b *board) addPathPhase(tasks [2][]*task, events *[]string) {
	length := func(t *task) int { return d2(b.pos[t.from], b.pos[t.to]) }
	var queues [2][]*task
	for p := 0; p < 2; p++ {
		queues[p] = ofKind(tasks[p], cmdAddPath)
		slices.SortStableFunc(queues[p], func(s, t *task) int { return length(s) - length(t) })
	}
	for len(queues[0])+len(queues[1]) > 0 {
		selected := []*task{b.selectValid(&queues[0], events), b.selectValid(&queues[1], events)}
		if selected[0] != nil && selected[1] != nil && length(selected[1]) < length(selected[0]) {
			selected[0], selected[1] = selected[1], selected[0]
		}
		for _, t := range selected {
			if t == nil {
				continue
			}
			if !b.canConnect(t.from, t.to) {
				*events = append(*events, fmt.Sprintf("P%d: path %d-%d blocked by a shorter new path", t.player, t.from, t.to))
				continue
			}
			b.use(t.tri, 1)
			b.connect(t.from, t.to)
			*events = append(*events, fmt.Sprintf("P%d added path %d-%d", t.player, t.from, t.to))
		}
	}
}

// removePathPhase: rounds of at most one removal per player, applied without a second check.
func (b *board) removePathPhase(tasks [2][]*task, events *[]string) {
	queues := [2][]*task{ofKind(tasks[0], cmdRemovePath), ofKind(tasks[1], cmdRemovePath)}
	for len(queues[0])+len(queues[1]) > 0 {
		selected := [2]*task{b.selectValid(&queues[0], events), b.selectValid(&queues[1], events)}
		for _, t := range selected {
			if t == nil {
				continue
			}
			b.use(t.tri, 1)
			b.disconnect(t.from, t.to)
			*events = append(*events, fmt.Sprintf("P%d removed path %d-%d", t.player, t.from, t.to))
		}
	}
}
