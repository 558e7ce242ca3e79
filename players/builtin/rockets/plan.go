package rockets

import "math"

// tour is a planned cycle from home back home over distinct roads.
type tour struct {
	cities []int // cities to drive to, in order; the last is home
	fuel   int
	value  float64 // expected profit per road driven
}

// tankBudget is the most fuel a planned cycle may need: a little under a full tank, since
// other teams' traffic makes roads dearer while the car drives.
const tankBudget = 92

// bestTour looks for the most profitable cycle the team knows of: for every known city v,
// the cheapest way out to v and the cheapest way back on other roads. With first ≠ 0 the
// cycle must start with the road home → first (the team's launch site).
func (b *bot) bestTour(first, budget int) (tour, bool) {
	g, home := b.graph, b.world.home
	var lead []int // roads forced at the start
	start := home
	banned := make([]bool, len(g.roads))
	if first != 0 {
		id, ok := g.road(home, first)
		if !ok {
			return tour{}, false
		}
		lead, start = []int{id}, first
		banned[id] = true
	}
	out := g.shortest(start, banned, home)
	var best tour
	found := false
	for _, v := range g.cities {
		if v == home || out.dist[v] < 0 {
			continue
		}
		there := append(append([]int(nil), lead...), g.route(out, v)...)
		for _, id := range there {
			banned[id] = true
		}
		back := g.shortest(v, banned, home)
		for _, id := range there {
			banned[id] = first != 0 && id == lead[0]
		}
		if back.dist[home] < 0 {
			continue
		}
		roads := append(there, g.route(back, home)...)
		fuel := 0
		for _, id := range roads {
			fuel += g.fuel(id)
		}
		if fuel > budget || len(roads) < 3 {
			continue
		}
		n := float64(len(roads))
		value := (float64(n*b.world.revenue*math.Pow(1.04, n)) - float64(float64(fuel)*float64(b.world.fuelPrice))) / n
		if !found || value > best.value {
			best = tour{cities: b.citiesOf(home, roads), fuel: fuel, value: value}
			found = true
		}
	}
	return best, found
}

// citiesOf turns a list of roads driven from start into the cities reached.
func (b *bot) citiesOf(start int, roads []int) []int {
	cities := make([]int, len(roads))
	at := start
	for i, id := range roads {
		at = b.graph.other(id, at)
		cities[i] = at
	}
	return cities
}
