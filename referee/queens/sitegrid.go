package queens

// siteGrid tells, for any point, which static sites a unit there could overlap: a grid of
// square cells over the field, each with the set of sites (a bit per site, by id) whose
// reach — the site's radius and the largest unit radius — comes within a unit of the cell.
// A point outside the field is looked up where the clamp puts it: that point is no farther
// from any site, all of them inside the field.
//
// Why: a unit overlaps at most a site or two, yet the rules look at every unit against all
// 24 sites, and each site against every unit, in every pass. The sites of a generated map
// never move, so the grid is made once a game, and a lookup needs no anchors or slack.
type siteGrid struct {
	cells      [gridRows * gridCols]uint64
	sites      int     // how many
	unitRadius float64 // the largest unit radius the cells allow for
}

const (
	cellShift = 5 // cells of 32 units: a power of two, so that a point's cell is exact
	cellSize  = 1 << cellShift
	gridCols  = (worldWidth + cellSize - 1) / cellSize
	gridRows  = (worldHeight + cellSize - 1) / cellSize
)

// maxUnitRadius is the largest radius of a queen or a creep.
var maxUnitRadius = func() int {
	r := queenRadius
	for _, st := range creepTable {
		r = max(r, st.radius)
	}
	return r
}()

// newSiteGrid makes the grid of sites, nil for more than 64. Each site marks the cells of
// its bounding square that come within its reach.
func newSiteGrid(sites []body) *siteGrid {
	if len(sites) > 64 {
		return nil
	}
	g := &siteGrid{sites: len(sites), unitRadius: float64(maxUnitRadius)}
	for k, s := range sites {
		// A whole unit of margin: the rules' float computation is off by far less.
		reach := float64(s.radius) + g.unitRadius + 1
		x0, x1 := cellOf(s.pos.x-reach, gridCols), cellOf(s.pos.x+reach, gridCols)
		y0, y1 := cellOf(s.pos.y-reach, gridRows), cellOf(s.pos.y+reach, gridRows)
		for cy := y0; cy <= y1; cy++ {
			for cx := x0; cx <= x1; cx++ {
				// The distance from the site's centre to the cell's nearest point.
				dx := max(float64(cx*cellSize)-s.pos.x, s.pos.x-float64((cx+1)*cellSize), 0)
				dy := max(float64(cy*cellSize)-s.pos.y, s.pos.y-float64((cy+1)*cellSize), 0)
				// float64(…) rounds each square: Go may otherwise fuse them into a multiply-add on arm64.
				if float64(dx*dx)+float64(dy*dy) < reach*reach {
					g.cells[cy*gridCols+cx] |= 1 << k
				}
			}
		}
	}
	return g
}

// farOut bounds the units' coordinates at the start of a pass that uses the grid, so that
// they convert to int: a push moves a unit by less than 200, and no pass has anywhere near
// enough pairs to push one out of the int range from there.
const farOut = 1e9

// near is the set of sites a unit at (x, y) could overlap, for coordinates that convert to
// int (see farOut).
func (g *siteGrid) near(x, y float64) uint64 {
	return g.cells[cellOf(y, gridRows)*gridCols+cellOf(x, gridCols)]
}

// cellOf is the column (or row) of coordinate v, for n of them: the nearest one for a
// coordinate outside the field. v is truncated toward zero: a v in (−1, 0) is in the first
// cell, where its clamp to the field is.
func cellOf(v float64, n int) int {
	return min(max(int(v)>>cellShift, 0), n-1)
}
