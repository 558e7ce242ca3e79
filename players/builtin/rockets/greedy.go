package rockets

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
)

// Greedy learns the map from ROADS_STATUS as its cars explore, then drives every car round
// the most profitable cycle of distinct roads it knows (driving the same roads again makes
// them cheaper for the team). With money to spare it founds a launch site next to home on
// that cycle, has the cars carry cash there on every lap, and launches as soon as the
// deposit is enough. It upgrades engines when rich and trunks for the money runs.
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
	clock   countdown // TIME_TO_END as last read, which tells the next game
	cash    int64
	cars    []carPlan
	visited []bool // cities any car of the team has been to

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

func (b *bot) turn() error {
	// TIME_TO_END costs one of the turn's L commands: read when due (see countdown), and
	// every turn once a rocket is up (the end matters then).
	if b.clock.due(b.turnNo) || b.launched > 0 {
		if err := b.c.sameGame(&b.clock, b.turnNo); err != nil {
			return err
		}
	}
	var err error
	if b.cash, err = b.c.cash(); err != nil {
		return err
	}
	cars, err := b.c.cars()
	if err != nil {
		return err
	}
	for len(b.cars) < len(cars) {
		b.cars = append(b.cars, carPlan{used: map[int]bool{}})
	}
	roads, err := b.c.roads()
	if err != nil {
		return err
	}
	b.graph.learn(roads)
	for i, car := range cars {
		b.visited[car.city] = true
		if car.busy > 0 || !b.c.room(1) {
			continue
		}
		if err := b.drive(i, car); err != nil {
			var f *failure
			if !errors.As(err, &f) {
				return err
			}
			b.cars[i].plan = nil // the plan was wrong: think again next time
		}
	}
	if b.site != 0 && b.deposit >= b.world.sr && b.c.room(1) {
		if err := b.c.send("LAUNCH_ROCKET " + strconv.Itoa(b.site)); err == nil {
			b.site, b.deposit = 0, 0
			b.launched++
		} else if !errors.As(err, new(*failure)) {
			return err
		}
	}
	return nil
}

// drive gives orders to one stationary car.
func (b *bot) drive(i int, car carState) error {
	p := &b.cars[i]
	home := b.world.home
	if car.city == home {
		p.used = map[int]bool{}
		p.plan = nil
		if err := b.atHome(i, car); err != nil {
			return err
		}
	} else if !b.c.room(2) {
		// keep the last command of the turn for the MOVE
	} else if car.city == b.site && car.cash > 0 {
		if err := b.c.send(fmt.Sprintf("GIVE %d %d", car.id, car.cash)); err != nil {
			return err
		}
		b.deposit += car.cash
	} else if b.wantSite() && b.nextToHome(car.city) && !b.refused[car.city] {
		if err := b.c.send(fmt.Sprintf("FOUND_ROCKET %d 0 20", car.id)); err != nil {
			b.refused[car.city] = true // someone's home or site: never try there again
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
		next = b.explore(i, car)
	}
	if next == 0 {
		return nil
	}
	id, known := b.graph.road(car.city, next)
	if !known {
		p.plan = nil
		return nil
	}
	if err := b.c.send(fmt.Sprintf("MOVE %d %d", car.id, next)); err != nil {
		return err
	}
	p.used[id] = true
	if len(p.plan) > 0 {
		p.plan = p.plan[1:]
	}
	return nil
}

// atHome upgrades, loads cash for the site and picks the car's next lap.
func (b *bot) atHome(i int, car carState) error {
	w := b.world
	if !car.fast && b.clock.turnsLeft() > 150 && b.cash >= w.sue+b.reserve()+b.siteBudget() && b.c.room(2) {
		if err := b.c.send(fmt.Sprintf("UPGRADE_CAR %d ENGINE", car.id)); err == nil {
			b.cash -= w.sue
		} else if !errors.As(err, new(*failure)) {
			return err
		}
	}
	if !car.big && b.site != 0 && w.umax > w.nmax && b.cash >= w.sut+b.reserve() && b.c.room(2) {
		if err := b.c.send(fmt.Sprintf("UPGRADE_CAR %d TRUNK", car.id)); err == nil {
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
		if amount := min(capacity-car.cash, b.cash-b.reserve()); amount > 0 && b.c.room(2) {
			if err := b.c.send(fmt.Sprintf("TAKE %d %d", car.id, amount)); err == nil {
				b.cash -= amount
			} else if !errors.As(err, new(*failure)) {
				return err
			}
		}
	}
	return nil
}

// siteBudget is the cash kept back for founding a site when one is wanted.
func (b *bot) siteBudget() int64 {
	if b.site == 0 && b.launched == 0 {
		return b.world.sf
	}
	return 0
}

func (b *bot) wantSite() bool {
	return b.site == 0 && b.launched == 0 && b.clock.turnsLeft() > 120 && b.cash >= b.world.sf+b.reserve()
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
