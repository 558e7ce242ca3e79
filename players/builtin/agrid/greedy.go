package agrid

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/arena-games/arena/internal/detmath"

	"github.com/arena-games/arena/players/builtin"
)

// Greedy gives every worker a square of its own: the worker walks the square's border,
// putting a marker on each post as it goes (PUT and MOVE in the same turn), and harvests
// the square as soon as its border is closed. Squares are chosen for the best value per
// turn (area^D over the turns the border takes), avoid hills, each other and the posts the
// worker cannot take over, and fit the marker lifespan and the spread limit.
//
// It plays at any command limit L, down to 1: it counts its commands and keeps all it
// learns and does from turn to turn (the world, the map, where its workers stand and what
// they carry, their squares), so a turn whose commands run out stops where it is and the
// next one goes on from there. What is not needed every turn is read when due
// (TIME_TO_END: see builtin.Countdown; SHOW_MAP every E turns) or when commands are to spare
// (SHOW_HISTORY, LIST_MY_WORKERS, LIST_ENEMY_WORKERS). Workers are served in order: the
// first ones walk at a PUT and a MOVE a turn, the next at what the turn leaves them, and
// those it leaves nothing stay where they are (at L = 1 one worker walks, a PUT or a MOVE
// a turn); squares are sized for that pace. At the default L everything is read on every
// turn.
func Greedy(in io.Reader, out io.Writer) error {
	g := newGreedy()
	return play(in, out, g.turn)
}

func newGreedy() *greedy {
	return &greedy{plans: map[int]*square{}, refused: map[[3]int]bool{}, wandered: map[int]int{}, unloaded: map[int]byte{}, fresh: map[int]bool{}, parked: map[int]int{}, enemiesRead: -1 << 30, lastShowMap: -1, now: -1}
}

type greedy struct {
	p           params
	k           *knowledge
	rng         *rand.Rand
	now         int               // the bot's own count of its turns (a turn that ended before it waited is missed)
	clock       builtin.Countdown // TIME_TO_END as last read
	firstU      int               // TIME_TO_END's U in the first turn seen: turns are counted from there
	t           int
	turnsLeft   int
	lastShowMap int             // the latest turn the last SHOW_MAP may have been answered in
	showMapSent bool            // SHOW_MAP answered in the bot's last turn: lastShowMap is still to be set
	workers     []mine          // LIST_MY_WORKERS as last read, moved and loaded by the bot's own commands since
	stale       bool            // a command was refused that the picture of the workers said was fine: read them again
	plans       map[int]*square // by worker id
	harvested   []*square       // squares harvested last turn, to clear from the picture
	unloaded    map[int]byte    // foreign markers put from storage this turn, by post, to add to the picture
	fresh       map[int]bool    // posts given a marker of the team's this turn where the map had none
	enemiesRead int             // the turn of the last LIST_ENEMY_WORKERS
	enemyPosts  map[int]int     // where other teams' workers stood then (how many)
	parked      map[int]int     // posts where a PUT met workers the bot did not know of, in the end: the turn
	refused     map[[3]int]bool // squares (x0, y0, side) whose harvest the referee refused
	wandered    map[int]int     // by worker id: turns spent looking for room
}

// square is one worker's plan: the border posts in walking order.
type square struct {
	x0, y0, side int
	border       []int
	at           int  // index in border of the worker's post
	blocked      int  // turns spent waiting for a crowd to leave
	put          bool // the worker's PUT on its post was accepted (its MOVE may wait for the next turn)
	lost         int  // harvests refused for a marker of the border the picture had wrong
}

// team is the number of the team's workers (4 until LIST_MY_WORKERS tells).
func (g *greedy) team() int {
	if len(g.workers) == 0 {
		return 4
	}
	return len(g.workers)
}

// room says whether a read fits in what is left of the turn with n commands kept back for
// the workers. The reads that are not needed on every turn are made when the turn leaves
// room for them: SHOW_HISTORY, which keeps the picture of the map right between two
// SHOW_MAPs, and LIST_MY_WORKERS, which corrects what the bot counts of its workers, first,
// as long as a command a worker is left; then LIST_ENEMY_WORKERS as long as a PUT and a MOVE
// a worker are left; TIME_TO_END, when not due, only when all of them fit as well. Before L
// is known (the first turn) there is no room: L may be 1.
func (g *greedy) room(c *client, n int) bool {
	return c.Limit > 0 && c.left() > n
}

// reads is about how many commands a turn's reads take at the limit L: the reads that fit
// (see room), and TIME_TO_END and SHOW_MAP when due, about one command in five turns.
func (g *greedy) reads() float64 {
	w, l := g.team(), g.p.L
	r := 0.2
	for _, fits := range []bool{l > w+1, l-1 > w+1, l-2 > 2*w, l > 2*w+4} {
		if fits {
			r++
		}
	}
	return r
}

// query sends a read within the turn's budget.
func (g *greedy) query(c *client, command string, fixed int, counted bool) ([]string, error) {
	if c.left() < 1 {
		return nil, errBudget
	}
	return c.call(command, fixed, counted)
}

func (g *greedy) turn(c *client) error {
	err := g.play(c)
	if errors.Is(err, errBudget) {
		return nil // the rest waits for the next turn
	}
	return err
}

func (g *greedy) play(c *client) error {
	g.now++
	clear(g.fresh)
	if g.clock.Due(g.now) || g.room(c, 2*g.team()+4) {
		u, v, err := timeToEnd(c)
		if err != nil {
			return err
		}
		if g.p.parsed && g.clock.NewGame(u, g.now) {
			// The next game: learn its world afresh (its L is taken to be the last game's
			// until DESCRIBE_WORLD tells).
			now := g.now
			*g = *newGreedy()
			g.now = now
		}
		if !g.p.parsed {
			g.firstU = u
		}
		g.clock.Set(u, v, g.now)
	}
	if !g.p.parsed {
		// In the first game L is not known yet: at L = 1 this is the command that meets
		// the limit, and DESCRIBE_WORLD waits for the next turn.
		data, err := g.query(c, "DESCRIBE_WORLD", 1, false)
		if err != nil {
			return err
		}
		if g.p, err = parseParams(data[0]); err != nil {
			return err
		}
		g.k = newKnowledge(g.p.A)
		c.Limit = g.p.L
	}
	g.turnsLeft = g.clock.TurnsLeft(g.now)
	g.t = g.firstU - g.turnsLeft
	if g.showMapSent {
		// A turn may end before the bot waits, unannounced: the rest of its commands are
		// answered in the next turn. So the last SHOW_MAP was answered in the turn it was
		// sent in or later, but before this one, and the referee counts E from there.
		g.lastShowMap, g.showMapSent = g.t-1, false
	}

	if err := g.refresh(c); err != nil {
		return err
	}
	if g.workers == nil || g.stale || g.room(c, g.team()+1) {
		data, err := g.query(c, "LIST_MY_WORKERS", 1, true)
		if err != nil {
			return err
		}
		if g.workers, err = parseMyWorkers(data, g.p.A); err != nil {
			return err
		}
		g.stale = false
	}
	enemies := map[int]int{}
	// Worth knowing only when the turn's budget allows acting; with few commands a turn,
	// now and then for a worker that is to choose a square (the other teams may have
	// workers that stay where they are, short of commands themselves).
	if c.left() > 2*len(g.workers) || g.tight() && g.choosing() && g.t-g.enemiesRead >= 10 {
		data, err := g.query(c, "LIST_ENEMY_WORKERS", 1, true)
		if err != nil {
			return err
		}
		enemies = parseEnemyWorkers(data, g.p.A)
		g.enemiesRead, g.enemyPosts = g.t, enemies
	}
	if g.rng == nil {
		g.rng = rand.New(rand.NewPCG(c.seen.Sum64(), 2))
	}
	workers := append([]mine(nil), g.workers...) // where they stand as the turn begins
	own := map[int]int{}
	for _, w := range workers {
		own[w.post]++
	}
	for i, w := range workers {
		pace := g.pace(i)
		if pace == 0 {
			break // the turn's commands do not reach this worker, nor the next ones
		}
		if c.left() < 1 {
			return errBudget
		}
		if err := g.act(c, i, w, pace, enemies[w.post]+own[w.post] > 1); err != nil {
			return err
		}
	}
	return nil
}

// pace is the turns the worker served i-th takes per post of its border: 1 when the turn's
// L commands leave it a PUT and a MOVE after the reads, more when they leave it only one now
// and then, 0 when they leave it none.
func (g *greedy) pace(i int) float64 {
	share := float64(g.p.L) - g.reads() - float64(2*i)
	switch {
	case share >= 2:
		return 1
	case share <= 0:
		return 0
	}
	return 2 / share
}

// choosing says whether the first worker served has no square.
func (g *greedy) choosing() bool {
	return len(g.workers) > 0 && g.plans[g.workers[0].id] == nil
}

// tight says whether some workers walk slower than a post a turn, or not at all.
func (g *greedy) tight() bool {
	return g.pace(max(len(g.workers), 1)-1) != 1
}

// The referee's answers to a PUT where more than one worker stands, to one on a hill or
// one whose storage would overflow, and to one of a colour the worker does not carry.
const (
	codePutCrowd   = 108
	codeCannotPut  = 106
	codeNotCarried = 109 // a PUT of a foreign colour the worker does not carry
	codeNoMarker   = 117 // a SCORE from a post without the team's marker
)

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
// turn's history (when commands are to spare), expiries and the team's own harvests.
func (g *greedy) refresh(c *client) error {
	for post, colour := range g.unloaded {
		g.k.board[post], g.k.expiry[post] = colour, g.t-1+g.p.F
		delete(g.unloaded, post)
	}
	if g.lastShowMap < 0 || g.t-g.lastShowMap >= g.p.E {
		data, err := g.query(c, "SHOW_MAP", 1+2*g.p.A, false)
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
	if g.room(c, g.team()+1) {
		data, err := c.call("SHOW_HISTORY", 3, false)
		if err != nil {
			return err
		}
		g.k.history(data, g.t, g.p.F)
	}
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

// act plays worker w, served i-th at the given pace: follow its square, harvest it when
// closed, or find a new one.
func (g *greedy) act(c *client, i int, w mine, pace float64, crowded bool) error {
	sq := g.plans[w.id]
	if sq != nil && sq.border[sq.at] != w.post {
		sq.at, sq.put = indexOf(sq.border, w.post), false
		if sq.at < 0 {
			delete(g.plans, w.id)
			sq = nil
		}
	}
	if sq == nil {
		sq = g.choose(w, pace)
		// A small square is a poor use of a worker: look for room for a bigger one first,
		// and empty the storage on the way, for a while.
		small := sq != nil && sq.side < min(4, g.maxSide(pace))
		if sq == nil || (small || g.mustUnload(w)) && g.wandered[w.id] < 8 {
			g.wandered[w.id]++
			return g.wander(c, i, w, crowded)
		}
		g.wandered[w.id] = 0
		g.plans[w.id] = sq
	}
	here := w.post
	board := g.k.board
	if (board[here] != g.p.color || float64(g.k.expiry[here]-g.t) < float64(4*sq.side+8)*pace) && !sq.put {
		foreign := board[here] != '.' && board[here] != '#' && board[here] != g.p.color
		switch {
		case crowded:
			sq.blocked++
			if sq.blocked <= 3 {
				return nil // wait for the other worker to leave
			}
		case foreign && w.load >= g.p.G:
			delete(g.plans, w.id) // cannot take this post over
			return g.wander(c, i, w, crowded)
		default:
			err := g.send(c, "PUT %d %c", w.id, g.p.color)
			if failCode(err) == 0 && err != nil {
				return err
			}
			if failCode(err) == codePutCrowd {
				// A worker the bot did not know of stands here (at a small L the other
				// teams' workers are not listed on every turn): try again next turn, and give
				// the square up if it stays, as a worker left without commands does.
				sq.blocked++
				if sq.blocked <= 3 {
					return nil
				}
				g.parked[here] = g.t
				delete(g.plans, w.id)
				return nil
			}
			if failCode(err) == codeCannotPut {
				// The storage is full: the post held a foreign marker the picture missed,
				// or the worker carries more than the bot counted (neither SHOW_HISTORY nor
				// LIST_MY_WORKERS is read on every turn at a small L).
				g.stale = true
				delete(g.plans, w.id)
				return nil
			}
			if err == nil {
				if foreign {
					g.carry(i, board[here], 1) // the foreign marker goes into the storage
				}
				if board[here] != g.p.color {
					g.fresh[here] = true
				}
				board[here], g.k.expiry[here] = g.p.color, g.t+g.p.F
				sq.put = true
			}
		}
	}
	sq.blocked = 0
	if g.closed(sq) {
		start := g.scoreStart(sq)
		if start < 0 {
			return nil // every marker of the border is this turn's: harvest in the next
		}
		err := g.send(c, "SCORE %d %d", start%g.p.A, start/g.p.A)
		if failCode(err) == 0 && err != nil {
			return err
		}
		switch failCode(err) {
		case 0:
			delete(g.plans, w.id)
			g.harvested = append(g.harvested, sq)
		case codeNoMarker:
			// The picture was wrong about the start: its marker is gone, most likely in a
			// harvest of another team's, which SHOW_HISTORY tells only by where it
			// started. Walk the border again, putting back what is missing, a few times
			// at most.
			board[start] = '.'
			sq.lost++
			if sq.lost == 3 {
				g.giveUp(w.id, sq)
			}
		default:
			g.giveUp(w.id, sq) // the border joins other markers of ours
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
		sq.at, sq.put = (sq.at+1)%len(sq.border), false
		g.workers[i].post = next
	} else {
		g.stale = true
	}
	return nil
}

// giveUp drops a worker's square, whose harvest the referee refused, for good.
func (g *greedy) giveUp(id int, sq *square) {
	delete(g.plans, id)
	g.refused[[3]int{sq.x0, sq.y0, sq.side}] = true
}

// carry counts n more markers of colour in the storage of the worker served i-th, as a PUT
// of the bot's own has it once the turn is over (LIST_MY_WORKERS is not read on every turn).
func (g *greedy) carry(i int, colour byte, n int) {
	w := &g.workers[i]
	stored := make(map[byte]int, len(w.stored)+1)
	for col, k := range w.stored {
		stored[col] = k
	}
	if stored[colour] += n; stored[colour] <= 0 {
		delete(stored, colour)
	}
	w.stored, w.load = stored, w.load+n
}

// scoreStart is the border post a harvest of sq starts from: the first after the worker's
// post whose marker was on the map as the turn began, since a SCORE is checked against
// that map (spec §5.1) and a marker PUT in the turn, by this worker or a team-mate, is
// placed only at its end; −1 when there is none.
func (g *greedy) scoreStart(sq *square) int {
	for k := 1; k <= len(sq.border); k++ {
		if post := sq.border[(sq.at+k)%len(sq.border)]; !g.fresh[post] {
			return post
		}
	}
	return -1
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

// choose finds the best square having the worker's post as a corner, or nil, for a worker
// walking at the given pace.
func (g *greedy) choose(w mine, pace float64) *square {
	a := g.p.A
	maxSide := g.maxSide(pace)
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

// maxSide is the largest square worth starting for a worker walking at the given pace:
// within the spread limit (with a margin), closed before its first marker expires and
// before the season ends.
func (g *greedy) maxSide(pace float64) int {
	turnsLeft, lifespan := int(float64(g.turnsLeft)/pace), int(float64(g.p.F)/pace)
	side := min(g.p.lim-1, 12, (turnsLeft-2)/4)
	if lifespan < 4*side+4 {
		side = min(side, (lifespan-4)/4)
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
	// Where the worker's mates stand no marker can be put while they stay (a crowd), and
	// with few commands a turn some of them stay for long; so may other teams' workers,
	// short of commands themselves: those seen lately, and those a PUT met.
	mates := map[int]bool{}
	if g.tight() {
		for _, m := range g.workers {
			if m.id != w.id {
				mates[m.post] = true
			}
		}
		if g.t-g.enemiesRead < 50 {
			for post := range g.enemyPosts {
				mates[post] = true
			}
		}
		for post, t := range g.parked {
			if g.t-t < 200 {
				mates[post] = true
			}
		}
	}
	foreign, cost := 0, 0
	onBorder := map[int]bool{}
	for _, post := range sq.border {
		onBorder[post] = true
		switch c := g.k.board[post]; {
		case c == '#' || mates[post]:
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

// wander moves worker w, served i-th, without a square one step, away from the other
// squares when it can, and unloads a foreign marker on a free post when its storage is
// getting full.
func (g *greedy) wander(c *client, i int, w mine, crowded bool) error {
	a := g.p.A
	if g.mustUnload(w) && !crowded && g.k.board[w.post] == '.' && !g.planned(w.post) && g.unloaded[w.post] == 0 {
		colour, most := byte(0), 0
		for col, n := range w.stored {
			if n > most || n == most && col < colour {
				colour, most = col, n
			}
		}
		err := g.send(c, "PUT %d %c", w.id, colour)
		switch failCode(err) {
		case 0:
			if err == nil {
				g.carry(i, colour, -1)
				// The picture shows the marker from the next turn on (SHOW_HISTORY would
				// tell it then): a turn cut short by the command limit must not unload here
				// again.
				g.unloaded[w.post] = colour
			}
		case codeNotCarried, codeCannotPut:
			// The storage is not what the bot counted (a PUT it took for a takeover found
			// the post empty, say): read the workers again rather than be refused on
			// every turn.
			g.stale = true
		}
		if err := ignoreFailure(err); err != nil {
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
	err := g.send(c, "MOVE %d %d %d", w.id, s[0], s[1])
	if err == nil {
		g.workers[i].post = step(a, w.post, s[0], s[1])
	} else if failCode(err) != 0 {
		g.stale = true
	}
	return ignoreFailure(err)
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
