package rockets

import "container/heap"

// graph is what a team has learnt of the road map from ROADS_STATUS: roads around the
// cities its cars have been to, with the fuel they cost the team when last seen.
type graph struct {
	adj     [][]int // city → known road ids
	roads   []knownRoad
	index   map[[2]int]int
	cities  []int // known cities in the order learnt
	learned int   // number of roads learnt: plans are redone when it grows
}

type knownRoad struct {
	a, b        int
	bonus, cost int // the team's bonus B_r and R_h = C_r + H_r
}

func newGraph(cities int) *graph {
	return &graph{adj: make([][]int, cities+1), index: map[[2]int]int{}}
}

func (g *graph) learn(rs []roadState) {
	for _, r := range rs {
		if r.a < 1 || r.b < 1 || r.a >= len(g.adj) || r.b >= len(g.adj) {
			continue
		}
		key := [2]int{min(r.a, r.b), max(r.a, r.b)}
		if id, ok := g.index[key]; ok {
			g.roads[id].bonus, g.roads[id].cost = r.bonus, r.cost
			continue
		}
		id := len(g.roads)
		g.index[key] = id
		g.roads = append(g.roads, knownRoad{a: r.a, b: r.b, bonus: r.bonus, cost: r.cost})
		for _, c := range []int{r.a, r.b} {
			if len(g.adj[c]) == 0 {
				g.cities = append(g.cities, c)
			}
			g.adj[c] = append(g.adj[c], id)
		}
		g.learned++
	}
}

// fuel is what road id costs the team: F_r = max(3, R_h − B_r).
func (g *graph) fuel(id int) int { return max(3, g.roads[id].cost-g.roads[id].bonus) }

func (g *graph) other(id, city int) int {
	if g.roads[id].a == city {
		return g.roads[id].b
	}
	return g.roads[id].a
}

func (g *graph) road(a, b int) (int, bool) {
	id, ok := g.index[[2]int{min(a, b), max(a, b)}]
	return id, ok
}

// paths is the result of a shortest-path search by fuel.
type paths struct {
	dist []int // −1: unreachable
	via  []int // road used to reach each city, −1 at the start
}

// shortest runs Dijkstra from start over known roads, skipping banned roads and never
// passing through the city `through` (it may be reached, not crossed): a car that passes
// through home ends its cycle there.
func (g *graph) shortest(start int, banned []bool, through int) paths {
	n := len(g.adj)
	p := paths{dist: make([]int, n), via: make([]int, n)}
	for i := range p.dist {
		p.dist[i], p.via[i] = -1, -1
	}
	p.dist[start] = 0
	q := &cityQueue{{city: start}}
	for q.Len() > 0 {
		it := heap.Pop(q).(queued)
		if it.dist > p.dist[it.city] || (it.city == through && it.city != start) {
			continue
		}
		for _, id := range g.adj[it.city] {
			if banned != nil && banned[id] {
				continue
			}
			o := g.other(id, it.city)
			d := it.dist + g.fuel(id)
			if p.dist[o] < 0 || d < p.dist[o] || (d == p.dist[o] && id < p.via[o]) {
				p.dist[o], p.via[o] = d, id
				heap.Push(q, queued{city: o, dist: d})
			}
		}
	}
	return p
}

// route lists the roads from the search's start to city, in driving order.
func (g *graph) route(p paths, city int) []int {
	var ids []int
	for p.via[city] >= 0 {
		id := p.via[city]
		ids = append(ids, id)
		city = g.other(id, city)
	}
	for i, j := 0, len(ids)-1; i < j; i, j = i+1, j-1 {
		ids[i], ids[j] = ids[j], ids[i]
	}
	return ids
}

type queued struct{ city, dist int }

type cityQueue []queued

func (q cityQueue) Len() int { return len(q) }
func (q cityQueue) Less(i, j int) bool {
	return q[i].dist < q[j].dist || (q[i].dist == q[j].dist && q[i].city < q[j].city)
}
func (q cityQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *cityQueue) Push(x any)   { *q = append(*q, x.(queued)) }
func (q *cityQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
