package rockets

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"

	"github.com/arena-games/arena/protocol"

	"github.com/arena-games/arena/players/builtin"
)

// Greedy learns the map from ROADS_STATUS as its cars explore, then drives every car round
// the most profitable cycle of distinct roads it knows (driving the same roads again makes
// them cheaper for the team). With money to spare it founds a launch site next to home on
// that cycle, has the cars carry cash there on every lap, and launches as soon as the
// deposit is enough. It upgrades engines when rich and trunks for the money runs.
//
// It plays at any command limit L, down to 1: it counts its commands and keeps what it
// learns and does from turn to turn, so a turn whose commands run out stops where it is and
// the next one goes on from there. The cars free at the last CARS get their orders, as many
// a turn as L allows, before CARS is read again (a free car stays where it is until it is
// moved, and the bot keeps count of what it did to each: upgrades, cash taken or given);
// ROADS_STATUS is read when such a car stands in a city whose roads the bot has not seen,
// HOME when a car at home is to be given orders and its cash was read ten turns ago or more,
// TIME_TO_END when due (see builtin.Countdown), and each also whenever commands are to spare. At the
// default L it reads HOME, CARS and ROADS_STATUS on every turn.
func Greedy(in io.Reader, out io.Writer) error {
	c := newClient(in, out)
	for {
		if err := playGreedy(c); !errors.Is(err, errNewGame) {
			return quiet(err)
		}
	}
}

// playGreedy plays one game, from learning its world to the end of its last turn.
func playGreedy(c *client) error {
	w, err := c.describe()
	if err != nil {
		return err
	}
	b := &bot{c: c, world: w, graph: newGraph(w.cities), rng: rand.New(rand.NewPCG(w.seed, 11)), refused: map[int]bool{}}
	b.visited = make([]bool, w.cities+1)
	b.explored = make([]bool, w.cities+1)
	b.cash, b.cashRead = w.cash, 0
	for {
		err := b.turn()
		switch {
		case err == nil || errors.As(err, new(*failure)):
			err = c.wait()
		case errors.Is(err, errTurnOver):
			err = nil
		}
		if err != nil {
			return err
		}
		b.turnNo++
	}
}

// quiet turns the end of the game into a clean exit.
func quiet(err error) error {
	if gameOver(err) {
		return nil
	}
	return err
}

type bot struct {
	c       *client
	world   *world
	graph   *graph
	rng     *rand.Rand
	turnNo  int
	clock   builtin.Countdown // TIME_TO_END as last read, which tells the next game
	cash    int64
	cars    []carPlan
	visited []bool // cities any car of the team has been to

	cashRead  int        // the turn HOME last told the cash
	fleet     []carState // CARS as last read, with the bot's own doings since (nil: to read again)
	handled   []bool     // the cars of fleet given their orders since
	roadsRead bool       // ROADS_STATUS read since that CARS
	explored  []bool     // cities whose roads ROADS_STATUS has listed
	launchNow bool       // the deposit was enough but the last turn's commands ran out first

	best      tour
	bestFirst int
	bestAt    int // turn and knowledge the cached best tour was computed with
	bestKnown int
	haveBest  bool

	site     int   // city of the team's launch site being funded, 0 = none
	deposit  int64 // what the team gave to it
	refused  map[int]bool
	launched int
}

// carPlan is what the bot intends for one car.
type carPlan struct {
	plan      []int        // next cities to drive to
	used      map[int]bool // roads driven since leaving home
	exploring bool
}

func (b *bot) reserve() int64 {
	return max(int64(len(b.cars))*100*b.world.fuelPrice, 100)
}

// errBudget stops a turn whose commands have run out: the next turn goes on from there.
var errBudget = errors.New("command budget used up")

// spare says whether a read that is not needed on every turn fits in what is left of the
// turn, with a command for every car and one more kept back.
func (b *bot) spare() bool {
	fleet := len(b.fleet)
	if fleet == 0 {
		fleet = 5
	}
	return b.c.Left() > fleet+1
}

func (b *bot) turn() error {
	err := b.play()
	if errors.Is(err, errBudget) {
		return nil // the rest waits for the next turn
	}
	return err
}

func (b *bot) play() error {
	// TIME_TO_END costs one of the turn's L commands: read when due (see builtin.Countdown), and
	// every turn once a rocket is up (the end matters then).
	if b.clock.Due(b.turnNo) || b.launched > 0 {
		if !b.c.room(1) {
			return errBudget
		}
		if err := b.c.sameGame(&b.clock, b.turnNo); err != nil {
			return err
		}
	}
	if b.spare() {
		if err := b.readCash(); err != nil {
			return err
		}
	}
	if b.fleet == nil {
		if !b.c.room(1) {
			return errBudget
		}
		cars, err := b.c.cars()
		if err != nil {
			return err
		}
		b.fleet, b.handled, b.roadsRead = cars, make([]bool, len(cars)), false
		for len(b.cars) < len(cars) {
			b.cars = append(b.cars, carPlan{used: map[int]bool{}})
		}
	}
	if b.turnNo-b.cashRead >= 10 && b.freeAtHome() {
		if err := b.readCash(); err != nil {
			return err
		}
	}
	if !b.roadsRead && (b.spare() || b.stranger()) {
		if !b.c.room(1) {
			return errBudget
		}
		roads, err := b.c.roads()
		if err != nil {
			return err
		}
		b.graph.learn(roads)
		b.roadsRead = true
		// ROADS_STATUS lists every road of the cities where the cars are (a moving car is
		// already in its destination).
		for _, car := range b.fleet {
			b.explored[car.city] = true
		}
	}
	if b.launchNow {
		if err := b.launch(); err != nil {
			return err
		}
	}
	for i := range b.fleet {
		if b.handled[i] {
			continue
		}
		car := b.fleet[i]
		b.visited[car.city] = true
		if car.busy > 0 {
			b.handled[i] = true
			continue
		}
		if !b.c.room(1) {
			b.launchNow = b.launchReady()
			return errBudget
		}
		if err := b.drive(i, &b.fleet[i]); err != nil {
			if errors.Is(err, errBudget) {
				b.launchNow = b.launchReady()
				return err
			}
			var f *failure
			if !errors.As(err, &f) {
				return err
			}
			b.cars[i].plan = nil // the plan was wrong: think again next time
		}
		b.handled[i] = true
	}
	b.fleet = nil // every car has had its orders: read them again next turn
	return b.launch()
}

// readCash reads the team's cash (HOME).
func (b *bot) readCash() error {
	if !b.c.room(1) {
		return errBudget
	}
	cash, err := b.c.cash()
	if err != nil {
		return err
	}
	b.cash, b.cashRead = cash, b.turnNo
	return nil
}

// freeAtHome says whether a car of the last CARS still to be given orders is at home and
// free.
func (b *bot) freeAtHome() bool {
	for i, car := range b.fleet {
		if !b.handled[i] && car.busy == 0 && car.city == b.world.home {
			return true
		}
	}
	return false
}

// stranger says whether a car of the last CARS still to be given orders is free in a city
// whose roads the bot has not seen.
func (b *bot) stranger() bool {
	for i, car := range b.fleet {
		if !b.handled[i] && car.busy == 0 && !b.explored[car.city] {
			return true
		}
	}
	return false
}

// launchReady says whether the team's site has the deposit it needs for a launch.
func (b *bot) launchReady() bool {
	return b.site != 0 && b.deposit >= b.world.sr
}

// launch launches the team's rocket once the deposit is enough, commands allowing.
func (b *bot) launch() error {
	if !b.launchReady() || !b.c.room(1) {
		return nil
	}
	b.launchNow = false
	if err := b.c.send("LAUNCH_ROCKET " + strconv.Itoa(b.site)); err == nil {
		b.site, b.deposit = 0, 0
		b.launched++
	} else if !errors.As(err, new(*failure)) {
		return err
	}
	return nil
}

// order sends one command for a car, within the turn's budget.
func (b *bot) order(format string, args ...any) error {
	if !b.c.room(1) {
		return errBudget
	}
	return b.c.send(fmt.Sprintf(format, args...))
}

// drive gives orders to one stationary car, as CARS showed it with the bot's own doings
// since, which it keeps up to date. It returns errBudget when the turn's commands run out
// before the car's MOVE: the car is still free in the next turn, and drive goes on from
// what it did.
func (b *bot) drive(i int, car *carState) error {
	p := &b.cars[i]
	home := b.world.home
	if car.city == home {
		p.used = map[int]bool{}
		p.plan = nil
		if err := b.atHome(i, car); err != nil {
			return err
		}
	} else if car.city == b.site && car.cash > 0 {
		if err := b.order("GIVE %d %d", car.id, car.cash); err != nil {
			return err
		}
		b.deposit += car.cash
		car.cash = 0
	} else if b.wantSite() && b.nextToHome(car.city) && !b.refused[car.city] {
		if err := b.order("FOUND_ROCKET %d 0 20", car.id); err != nil {
			if protocol.RefusedCode(err) == codeOccupied {
				b.refused[car.city] = true // someone's home or site: never try there again
			}
			return err
		}
		b.site, b.deposit = car.city, 0
		b.cash -= b.world.sf
		b.haveBest = false
	}
	next := 0
	if len(p.plan) > 0 {
		next = p.plan[0]
	} else {
		next = b.explore(i, *car)
	}
	if next == 0 {
		return nil
	}
	id, known := b.graph.road(car.city, next)
	if !known {
		p.plan = nil
		return nil
	}
	if err := b.order("MOVE %d %d", car.id, next); err != nil {
		return err
	}
	car.city, car.busy = next, 1
	p.used[id] = true
	if len(p.plan) > 0 {
		p.plan = p.plan[1:]
	}
	return nil
}

// atHome upgrades, loads cash for the site and picks the car's next lap.
func (b *bot) atHome(i int, car *carState) error {
	w := b.world
	if !car.fast && b.fastPays() && b.clock.LeftAtReading() > 150 && b.cash >= w.sue+b.reserve()+b.siteBudget() {
		if err := b.order("UPGRADE_CAR %d ENGINE", car.id); err == nil {
			b.cash -= w.sue
			car.fast = true
		} else if !errors.As(err, new(*failure)) {
			return err
		}
	}
	if !car.big && b.site != 0 && w.umax > w.nmax && b.cash >= w.sut+b.reserve() {
		if err := b.order("UPGRADE_CAR %d TRUNK", car.id); err == nil {
			b.cash -= w.sut
			car.big = true
		} else if !errors.As(err, new(*failure)) {
			return err
		}
	}
	t, ok := b.tour(car.fuel)
	p := &b.cars[i]
	p.plan, p.exploring = nil, true
	if ok && t.value > 0 {
		p.plan, p.exploring = append([]int(nil), t.cities...), false
	}
	if b.site != 0 && len(p.plan) > 0 && p.plan[0] == b.site {
		capacity := w.nmax
		if car.big {
			capacity = w.umax
		}
		if amount := min(capacity-car.cash, b.cash-b.reserve()); amount > 0 {
			if err := b.order("TAKE %d %d", car.id, amount); err == nil {
				b.cash -= amount
				car.cash += amount
			} else if !errors.As(err, new(*failure)) {
				return err
			}
		}
	}
	return nil
}

// codeOccupied is the referee's answer to FOUND_ROCKET in a home city or one with a site.
const codeOccupied = 107

// fastPays says whether a FAST engine is worth its price: when the turn's L commands are
// enough to move every car as soon as it arrives (a MOVE a car every turn, with the reads).
// With fewer, the cars wait for their orders longer than they drive.
func (b *bot) fastPays() bool {
	return b.world.limit >= 2*len(b.cars)+4
}

// siteBudget is the cash kept back for founding a site when one is wanted.
func (b *bot) siteBudget() int64 {
	if b.site == 0 && b.launched == 0 {
		return b.world.sf
	}
	return 0
}

func (b *bot) wantSite() bool {
	return b.site == 0 && b.launched == 0 && b.clock.LeftAtReading() > 120 && b.cash >= b.world.sf+b.reserve()
}

func (b *bot) nextToHome(city int) bool {
	_, ok := b.graph.road(b.world.home, city)
	for _, h := range b.world.homes {
		if h == city {
			return false
		}
	}
	return ok
}

// tour returns the best known cycle for a car with the given fuel, recomputed when the
// team has learnt roads or every 20 turns (costs drift as roads wear).
func (b *bot) tour(fuel int) (tour, bool) {
	first := b.site
	if !b.haveBest || b.bestFirst != first || b.bestKnown != b.graph.learned || b.turnNo-b.bestAt >= 20 {
		b.best, b.haveBest = b.bestTour(first, tankBudget)
		if !b.haveBest && first != 0 {
			b.best, b.haveBest = b.bestTour(0, tankBudget)
		}
		b.bestFirst, b.bestAt, b.bestKnown = first, b.turnNo, b.graph.learned
	}
	if !b.haveBest || b.best.fuel > fuel {
		return tour{}, false
	}
	return b.best, true
}

// explore picks the next city of a car that has no plan: a road it has not taken on this
// trip, towards cities the team has not seen, as long as the fuel left can bring it home;
// otherwise the way home.
func (b *bot) explore(i int, car carState) int {
	g, home := b.graph, b.world.home
	p := &b.cars[i]
	back := g.shortest(home, nil, -1) // fuel from each city back home
	best, bestScore := 0, -1e9
	if car.roads < 14 {
		for _, id := range g.adj[car.city] {
			o := g.other(id, car.city)
			if p.used[id] || back.dist[o] < 0 || (o == home && car.roads < 2) {
				continue
			}
			if car.fuel-g.fuel(id) < back.dist[o]+6 && o != home {
				continue
			}
			score := -float64(g.fuel(id)) + float64(b.rng.Float64()*3)
			if !b.visited[o] {
				score += 12
			}
			if o == home {
				score -= 8
			}
			if score > bestScore {
				best, bestScore = o, score
			}
		}
	}
	if best != 0 {
		return best
	}
	// Home, by roads not taken on this trip if possible.
	banned := make([]bool, len(g.roads))
	for id := range banned {
		banned[id] = p.used[id]
	}
	way := g.shortest(car.city, banned, home)
	if way.dist[home] < 0 {
		way = g.shortest(car.city, nil, home)
	}
	if way.dist[home] < 0 {
		return 0
	}
	p.plan = b.citiesOf(car.city, g.route(way, home))
	return p.plan[0]
}
