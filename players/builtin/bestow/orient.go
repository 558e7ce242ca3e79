package bestow

import "sort"

// vec3 is a cube position.
type vec3 struct{ x, y, z int }

func (v vec3) add(w vec3) vec3 { return vec3{v.x + w.x, v.y + w.y, v.z + w.z} }

// rotate turns v about X, then Y, then Z (the referee's convention, docs/games/bestow.md).
func rotate(v vec3, rx, ry, rz int) vec3 {
	for i := 0; i < rx; i++ {
		v = vec3{v.x, -v.z, v.y}
	}
	for i := 0; i < ry; i++ {
		v = vec3{v.z, v.y, -v.x}
	}
	for i := 0; i < rz; i++ {
		v = vec3{-v.y, v.x, v.z}
	}
	return v
}

// orientation is a piece rotated one way: its cells relative to the origin cube and their
// bounding box.
type orientation struct {
	rx, ry, rz int
	cells      []vec3
	lo, hi     vec3
}

// orientations lists the distinct rotations of a piece (at most 24).
func orientations(cubes []vec3) []orientation {
	var out []orientation
	seen := map[string]bool{}
	for r := 0; r < 64; r++ {
		o := orientation{rx: r & 3, ry: r >> 2 & 3, rz: r >> 4}
		for _, c := range cubes {
			o.cells = append(o.cells, rotate(c, o.rx, o.ry, o.rz))
		}
		key := cellKey(o.cells)
		if seen[key] {
			continue
		}
		seen[key] = true
		o.lo, o.hi = o.cells[0], o.cells[0]
		for _, c := range o.cells {
			o.lo = vec3{min(o.lo.x, c.x), min(o.lo.y, c.y), min(o.lo.z, c.z)}
			o.hi = vec3{max(o.hi.x, c.x), max(o.hi.y, c.y), max(o.hi.z, c.z)}
		}
		out = append(out, o)
	}
	return out
}

func cellKey(cells []vec3) string {
	s := append([]vec3(nil), cells...)
	sort.Slice(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.x != b.x {
			return a.x < b.x
		}
		if a.y != b.y {
			return a.y < b.y
		}
		return a.z < b.z
	})
	b := make([]byte, 0, 3*len(s))
	for _, c := range s {
		b = append(b, byte(c.x+64), byte(c.y+64), byte(c.z+64))
	}
	return string(b)
}

// square is a shared-space cell with a colour.
type square struct{ x, y, colour int }

// projection is a piece rotated one way and dropped along Z: the cube with the smallest z
// of each column gives the square its colour.
type projection struct {
	rx, ry, rz int
	squares    []square
	lo, hi     [2]int
}

// projections lists the distinct coloured projections of a piece.
func projections(pc piece) []projection {
	var out []projection
	seen := map[string]bool{}
	for _, o := range orientations(pc.cubes) {
		depth := map[[2]int]int{}
		colour := map[[2]int]int{}
		var order [][2]int
		for i, c := range o.cells {
			k := [2]int{c.x, c.y}
			d, ok := depth[k]
			if !ok {
				order = append(order, k)
			}
			if !ok || c.z < d {
				depth[k], colour[k] = c.z, pc.colours[i]
			}
		}
		sort.Slice(order, func(i, j int) bool {
			return order[i][0] < order[j][0] || (order[i][0] == order[j][0] && order[i][1] < order[j][1])
		})
		p := projection{rx: o.rx, ry: o.ry, rz: o.rz, lo: order[0], hi: order[0]}
		key := make([]byte, 0, 3*len(order))
		for _, k := range order {
			p.squares = append(p.squares, square{k[0], k[1], colour[k]})
			p.lo = [2]int{min(p.lo[0], k[0]), min(p.lo[1], k[1])}
			p.hi = [2]int{max(p.hi[0], k[0]), max(p.hi[1], k[1])}
			key = append(key, byte(k[0]+64), byte(k[1]+64), byte(colour[k]))
		}
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		out = append(out, p)
	}
	return out
}
