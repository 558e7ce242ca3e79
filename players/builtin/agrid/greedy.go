package agrid

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/arena-games/arena/internal/detmath"
)

// Greedy gives every worker a square of its own: the worker walks the square's border,
// putting a marker on each post as it goes (PUT and MOVE in the same turn), and harvests
// the square as soon as its border is closed. Squares are chosen for the best value per
// turn (area^D over the turns the border takes), avoid hills, each other and the posts the
// worker cannot take over, and fit the marker lifespan and the spread limit.
func Greedy(in io.Reader, out io.Writer) error {
	g := newGreedy()
	return play(in, out, g.turn)
}

func newGreedy() *greedy {
	return &greedy{plans: map[int]*square{}, refused: map[[3]int]bool{}, wandered: map[int]int{}, lastShowMap: -1}
}

type greedy struct {
	p           params
	k           *knowledge
	rng         *rand.Rand
	firstU      int // TIME_TO_END's U in the first turn seen: turns are counted from there
	t           int
	turnsLeft   int
	lastShowMap int             // the latest turn the last SHOW_MAP may have been answered in
	showMapSent bool            // SHOW_MAP answered since the last TIME_TO_END: lastShowMap is still to be set
	plans       map[int]*square // by worker id
	harvested   []*square       // squares harvested last turn, to clear from the picture
	refused     map[[3]int]bool // squares (x0, y0, side) whose harvest the referee refused
	wandered    map[int]int     // by worker id: turns spent looking for room
}

// square is one worker's plan: the border posts in walking order.
type square struct {
	x0, y0, side int
	border       []int
	at           int // index in border of the worker's post
	blocked      int // turns spent waiting for a crowd to leave
}

func (g *greedy) turn(c *client) error {
	data, err := c.call("TIME_TO_END", 1, false)
	if err != nil {
		return err
	}
	u, _ := strconv.Atoi(strings.Fields(data[0])[0])
	// Within a game U goes down on every turn (this is called once a turn): one that does
	// not is the next game of the session (arena serve --games), even one of a single turn.
	if g.p.parsed && u >= g.turnsLeft {
		*g = *newGreedy()
		c.Limit = 0
	}
	if !g.p.parsed {
		g.firstU = u
		data, err := c.call("DESCRIBE_WORLD", 1, false)
		if err != nil {
			return err
		}
		if g.p, err = parseParams(data[0]); err != nil {
			return err
		}
		g.k = newKnowledge(g.p.A)
		c.Limit = g.p.L
	}
	g.t, g.turnsLeft = g.firstU-u, u
	if g.showMapSent {
		// A turn may end before the bot waits, unannounced: the rest of its commands are
		// answered in the next turn. So the last SHOW_MAP was answered in the turn it was
		// sent in or later, but before this one, and the referee counts E from there.
		g.lastShowMap, g.showMapSent = g.t-1, false
	}

	if err := g.refresh(c); err != nil {
		return err
	}
	data, err = c.call("LIST_MY_WORKERS", 1, true)
	if err != nil {
		return err
	}
	workers, err := parseMyWorkers(data, g.p.A)
	if err != nil {
		return err
	}
	enemies := map[int]int{}
	if c.left() > 2*len(workers) { // worth knowing only when the turn's budget allows acting
		data, err = c.call("LIST_ENEMY_WORKERS", 1, true)
		if err != nil {
			return err
		}
		enemies = parseEnemyWorkers(data, g.p.A)
	}
	if g.rng == nil {
		g.rng = rand.New(rand.NewPCG(c.seen.Sum64(), 2))
	}
	own := map[int]int{}
	for _, w := range workers {
		own[w.post]++
	}
	for _, w := range workers {
		if err := g.act(c, w, enemies[w.post]+own[w.post] > 1); err != nil {
			if errors.Is(err, errBudget) {
				return nil // the rest waits for the next turn
			}
			return err
		}
	}
	return nil
}

// errBudget stops a turn when the command limit L is used up, before the referee forces
// the team to wait.
var errBudget = errors.New("command budget used up")

// send sends an action command within the turn's budget; a FAILED answer is returned as
// such, for the caller to look at.
func (g *greedy) send(c *client, format string, args ...any) error {
	if c.left() < 1 {
		return errBudget
	}
	return callErr(c, fmt.Sprintf(format, args...))
}

// refresh updates the picture of the map: the whole map every E turns, otherwise last
// turn's history, expiries and the team's own harvests.
func (g *greedy) refresh(c *client) error {
	if g.lastShowMap < 0 || g.t-g.lastShowMap >= g.p.E {
		data, err := c.call("SHOW_MAP", 1+2*g.p.A, false)
		if err == nil {
			g.showMapSent = true
			g.harvested = nil
			return g.k.showMap(data, g.t)
		}
		if failCode(err) == 0 {
			return err
		}
		// Refused all the same (a referee's FAILED 5, say): keep the picture up to date
		// from the history and ask again next turn.
	}
	data, err := c.call("SHOW_HISTORY", 3, false)
	if err != nil {
		return err
	}
	g.k.history(data, g.t, g.p.F)
	g.k.expire(g.t)
	for _, sq := range g.harvested {
		for _, post := range sq.border {
			g.k.board[post] = '.'
		}
		if g.p.H == 1 {
			for _, post := range sq.interior(g.p.A) {
				if g.k.board[post] != '#' {
					g.k.board[post] = '.'
				}
			}
		}
	}
	g.harvested = nil
	return nil
}

// act plays one worker: follow its square, harvest it when closed, or find a new one.
func (g *greedy) act(c *client, w mine, crowded bool) error {
	sq := g.plans[w.id]
	if sq != nil && sq.border[sq.at] != w.post {
		sq.at = indexOf(sq.border, w.post)
		if sq.at < 0 {
			delete(g.plans, w.id)
			sq = nil
		}
	}
	if sq == nil {
		sq = g.choose(w)
		// A small square is a poor use of a worker: look for room for a bigger one first,
		// and empty the storage on the way, for a while.
		small := sq != nil && sq.side < min(4, g.maxSide())
		if sq == nil || (small || g.mustUnload(w)) && g.wandered[w.id] < 8 {
			g.wandered[w.id]++
			return g.wander(c, w, crowded)
		}
		g.wandered[w.id] = 0
		g.plans[w.id] = sq
	}
	here := w.post
	board := g.k.board
	if board[here] != g.p.color || g.k.expiry[here]-g.t < 4*sq.side+8 {
		foreign := board[here] != '.' && board[here] != '#' && board[here] != g.p.color
		switch {
		case crowded:
			sq.blocked++
			if sq.blocked <= 3 {
				return nil // wait for the other worker to leave
			}
		case foreign && w.load >= g.p.G:
			delete(g.plans, w.id) // cannot take this post over
			return g.wander(c, w, crowded)
		default:
			err := g.send(c, "PUT %d %c", w.id, g.p.color)
			if failCode(err) == 0 && err != nil {
				return err
			}
			if err == nil {
				board[here], g.k.expiry[here] = g.p.color, g.t+g.p.F
			}
		}
	}
	sq.blocked = 0
	if g.closed(sq) {
		start := sq.border[(sq.at+1)%len(sq.border)]
		err := g.send(c, "SCORE %d %d", start%g.p.A, start/g.p.A)
		if failCode(err) == 0 && err != nil {
			return err
		}
		delete(g.plans, w.id)
		if err == nil {
			g.harvested = append(g.harvested, sq)
		} else {
			// The picture was wrong (the border joins other markers of ours, or lost one):
			// never try this square again.
			g.refused[[3]int{sq.x0, sq.y0, sq.side}] = true
		}
		return nil
	}
	next := sq.border[(sq.at+1)%len(sq.border)]
	dx, dy := direction(g.p.A, here, next)
	err := g.send(c, "MOVE %d %d %d", w.id, dx, dy)
	if failCode(err) == 0 && err != nil {
		return err
	}
	if err == nil {
		sq.at = (sq.at + 1) % len(sq.border)
	}
	return nil
}

// closed reports whether every border post holds the team's marker.
func (g *greedy) closed(sq *square) bool {
	for _, post := range sq.border {
		if g.k.board[post] != g.p.color {
			return false
		}
	}
	return true
}

// choose finds the best square having the worker's post as a corner, or nil.
func (g *greedy) choose(w mine) *square {
	a := g.p.A
	maxSide := g.maxSide()
	var best *square
	bestValue := 0.0
	x, y := w.post%a, w.post/a
	for side := 1; side <= maxSide; side++ {
		for _, corner := range [4][2]int{{0, 0}, {-1, 0}, {0, -1}, {-1, -1}} {
			sq := newSquare(a, x+corner[0]*side, y+corner[1]*side, side, w.post)
			cost, ok := g.cost(sq, w)
			if !ok {
				continue
			}
			value := detmath.Pow(float64(side*side), g.p.D) / float64(4*side+cost)
			if value > bestValue {
				best, bestValue = sq, value
			}
		}
	}
	return best
}

// maxSide is the largest square worth starting: within the spread limit (with a margin),
// closed before its first marker expires and before the season ends.
func (g *greedy) maxSide() int {
	side := min(g.p.lim-1, 12, (g.turnsLeft-2)/4)
	if g.p.F < 4*side+4 {
		side = min(side, (g.p.F-4)/4)
	}
	return side
}

// mustUnload reports whether a worker carries so many foreign markers that it could not take
// over the posts of a big square.
func (g *greedy) mustUnload(w mine) bool {
	return w.load > 0 && w.load >= (g.p.G+1)/2
}

// cost is the number of extra turns a square is likely to take, or false when it cannot
// be built: a hill on the border, another plan too close, not enough storage.
func (g *greedy) cost(sq *square, w mine) (int, bool) {
	a := g.p.A
	if g.refused[[3]int{sq.x0, sq.y0, sq.side}] {
		return 0, false
	}
	for id, other := range g.plans {
		if id != w.id && other.near(sq, a) {
			return 0, false
		}
	}
	foreign, cost := 0, 0
	onBorder := map[int]bool{}
	for _, post := range sq.border {
		onBorder[post] = true
		switch c := g.k.board[post]; {
		case c == '#':
			return 0, false
		case c == g.p.color:
			cost--
		case c != '.':
			foreign++
		}
	}
	if foreign > g.p.G-w.load {
		return 0, false
	}
	// Own markers touching the border would join the component, which might then spread
	// too far to be harvested.
	for _, post := range sq.border {
		for _, s := range unitSteps {
			n := step(a, post, s[0], s[1])
			if !onBorder[n] && g.k.board[n] == g.p.color {
				return 0, false
			}
		}
	}
	return max(cost+2*foreign, -2*sq.side), true
}

// wander moves a worker without a square one step, away from the other squares when it
// can, and unloads a foreign marker on a free post when its storage is getting full.
func (g *greedy) wander(c *client, w mine, crowded bool) error {
	a := g.p.A
	if g.mustUnload(w) && !crowded && g.k.board[w.post] == '.' && !g.planned(w.post) {
		colour, most := byte(0), 0
		for col, n := range w.stored {
			if n > most || n == most && col < colour {
				colour, most = col, n
			}
		}
		if err := ignoreFailure(g.send(c, "PUT %d %c", w.id, colour)); err != nil {
			return err
		}
	}
	var free, away [][2]int
	for _, s := range unitSteps {
		n := step(a, w.post, s[0], s[1])
		if g.p.B == 0 && g.k.board[n] == '#' {
			continue
		}
		free = append(free, s)
		if !g.planned(n) {
			away = append(away, s)
		}
	}
	if len(away) > 0 {
		free = away
	}
	if len(free) == 0 {
		return nil
	}
	s := free[g.rng.IntN(len(free))]
	return ignoreFailure(g.send(c, "MOVE %d %d %d", w.id, s[0], s[1]))
}

// planned reports whether a post lies in or next to one of the team's squares.
func (g *greedy) planned(post int) bool {
	probe := &square{x0: post % g.p.A, y0: post / g.p.A, side: 0}
	for _, sq := range g.plans {
		if sq.near(probe, g.p.A) {
			return true
		}
	}
	return false
}

// newSquare builds the square with top-left corner (x0, y0) and the given side; its border
// is walked clockwise starting from the post start.
func newSquare(a, x0, y0, side, start int) *square {
	x0, y0 = (x0%a+a)%a, (y0%a+a)%a
	sq := &square{x0: x0, y0: y0, side: side}
	at := func(dx, dy int) int { return ((y0+dy)%a)*a + (x0+dx)%a }
	for i := 0; i < side; i++ {
		sq.border = append(sq.border, at(i, 0))
	}
	for i := 0; i < side; i++ {
		sq.border = append(sq.border, at(side, i))
	}
	for i := side; i > 0; i-- {
		sq.border = append(sq.border, at(i, side))
	}
	for i := side; i > 0; i-- {
		sq.border = append(sq.border, at(0, i))
	}
	sq.at = max(indexOf(sq.border, start), 0)
	return sq
}

// interior lists the posts strictly inside the square.
func (sq *square) interior(a int) []int {
	var out []int
	for dy := 1; dy < sq.side; dy++ {
		for dx := 1; dx < sq.side; dx++ {
			out = append(out, ((sq.y0+dy)%a)*a+(sq.x0+dx)%a)
		}
	}
	return out
}

// near reports whether other's posts come within one post of this square's (on the torus).
func (sq *square) near(other *square, a int) bool {
	return spansMeet(sq.x0-1, sq.side+3, other.x0, other.side+1, a) && spansMeet(sq.y0-1, sq.side+3, other.y0, other.side+1, a)
}

// spansMeet reports whether the circular intervals [s1, s1+n1) and [s2, s2+n2) mod a meet.
func spansMeet(s1, n1, s2, n2, a int) bool {
	if n1 >= a || n2 >= a {
		return true
	}
	d := ((s2-s1)%a + a) % a // start of the second relative to the first
	return d < n1 || d+n2 > a
}

func indexOf(posts []int, post int) int {
	for i, p := range posts {
		if p == post {
			return i
		}
	}
	return -1
}

// direction returns the unit step from post from to its neighbour to.
func direction(a, from, to int) (int, int) {
	for _, s := range unitSteps {
		if step(a, from, s[0], s[1]) == to {
			return s[0], s[1]
		}
	}
	return 0, 0
}
