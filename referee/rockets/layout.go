package rockets

import (
	"math"

	"github.com/arena-games/arena/maps"
)

// Map files carry no coordinates, so the viewer's drawing of a file map comes from a small
// deterministic force-directed layout (Fruchterman–Reingold from a circle). Explicit float64
// conversions forbid fused multiply-adds, and positions are rounded, so that every platform
// draws the same picture. Big maps get a plain grid in breadth-first order instead: the
// quadratic layout would cost seconds there.
const (
	layoutIterations = 120
	layoutMaxCities  = 600
)

func layout(m *maps.Rockets) []point {
	n := m.Cities
	pos := make([]point, n+1)
	if n > layoutMaxCities {
		return gridLayout(m)
	}
	for c := 1; c <= n; c++ {
		angle := float64(2 * math.Pi * float64(c-1) / float64(n))
		pos[c] = point{worldSize/2 + float64(400*math.Cos(angle)), worldSize/2 + float64(400*math.Sin(angle))}
	}
	k := math.Sqrt(float64(worldSize*worldSize) / float64(n))
	disp := make([]point, n+1)
	for it := 0; it < layoutIterations; it++ {
		temp := float64(worldSize / 10 * (1 - float64(it)/layoutIterations))
		for c := range disp {
			disp[c] = point{}
		}
		for a := 1; a <= n; a++ {
			for b := a + 1; b <= n; b++ {
				dx, dy := pos[a].x-pos[b].x, pos[a].y-pos[b].y
				d := math.Max(math.Sqrt(float64(dx*dx)+float64(dy*dy)), 0.01)
				f := float64(k * k / d)
				fx, fy := float64(dx/d*f), float64(dy/d*f)
				disp[a].x, disp[a].y = disp[a].x+fx, disp[a].y+fy
				disp[b].x, disp[b].y = disp[b].x-fx, disp[b].y-fy
			}
		}
		for _, r := range m.Roads {
			a, b := r.From, r.To
			dx, dy := pos[a].x-pos[b].x, pos[a].y-pos[b].y
			d := math.Max(math.Sqrt(float64(dx*dx)+float64(dy*dy)), 0.01)
			f := float64(d * d / k)
			fx, fy := float64(dx/d*f), float64(dy/d*f)
			disp[a].x, disp[a].y = disp[a].x-fx, disp[a].y-fy
			disp[b].x, disp[b].y = disp[b].x+fx, disp[b].y+fy
		}
		for c := 1; c <= n; c++ {
			d := math.Max(math.Sqrt(float64(disp[c].x*disp[c].x)+float64(disp[c].y*disp[c].y)), 0.01)
			step := math.Min(d, temp)
			x := pos[c].x + float64(disp[c].x/d*step)
			y := pos[c].y + float64(disp[c].y/d*step)
			pos[c] = point{math.Min(math.Max(x, 0), worldSize), math.Min(math.Max(y, 0), worldSize)}
		}
	}
	for c := 1; c <= n; c++ {
		pos[c] = point{math.Round(pos[c].x), math.Round(pos[c].y)}
	}
	return pos
}

// gridLayout places cities on a square grid in breadth-first order from city 1, so that
// neighbours tend to be close.
func gridLayout(m *maps.Rockets) []point {
	n := m.Cities
	adj := make([][]int, n+1)
	for _, r := range m.Roads {
		adj[r.From] = append(adj[r.From], r.To)
		adj[r.To] = append(adj[r.To], r.From)
	}
	side := int(math.Ceil(math.Sqrt(float64(n))))
	cell := float64(worldSize) / float64(side)
	pos := make([]point, n+1)
	seen := make([]bool, n+1)
	order := []int{1}
	seen[1] = true
	for i := 0; i < len(order); i++ {
		for _, o := range adj[order[i]] {
			if !seen[o] {
				seen[o] = true
				order = append(order, o)
			}
		}
	}
	for i, c := range order {
		row, col := i/side, i%side
		if row%2 == 1 { // snake rows so that consecutive cities stay adjacent
			col = side - 1 - col
		}
		pos[c] = point{math.Round(float64(float64(col)*cell) + float64(cell/2)), math.Round(float64(float64(row)*cell) + float64(cell/2))}
	}
	return pos
}
