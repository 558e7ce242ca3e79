package queens

// The frame drawing as first written, kept as the reference the optimised drawing must
// match byte for byte (draw_test.go): a replay verifies by comparing frames.

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

// Frame draws the field after the last completed turn: sites and their structures, tower
// ranges (layer "range"), creeps and queens in owner colours, with tooltips.
func referenceFrame(r *Referee) referee.Frame {
	g := r.g
	shapes := make([]referee.Shape, 0, 4*len(g.sites)+8+len(g.players[0].creeps)+len(g.players[1].creeps))
	for _, s := range g.sites {
		if s.kind == towerKind && s.attackRadius > 0 {
			shapes = append(shapes, referee.Shape{
				Kind: referee.ShapeCircle, X: s.pos.x, Y: s.pos.y, R: float64(s.attackRadius),
				Fill: referee.PlayerColor(s.owner), Stroke: referee.PlayerColor(s.owner), Width: 2, Alpha: 0.12,
				Player: referee.Owner(s.owner), Layer: "range",
				Tip: fmt.Sprintf("tower range of site %d: %d", s.id, s.attackRadius),
			})
		}
	}
	for _, s := range g.sites {
		shapes = referenceAppendSite(shapes, s)
	}
	for i, p := range g.players {
		for _, c := range p.creeps {
			shapes = append(shapes, referee.Shape{
				Kind: referee.ShapeCircle, X: c.pos.x, Y: c.pos.y, R: float64(c.radius),
				Fill: referee.PlayerColor(i), Stroke: creepStroke[c.kind], Width: 3, Player: referee.Owner(i),
				Tip: fmt.Sprintf("%s of player %d · HP %d · (%d, %d)", c.kind, i, c.hp, shown(c.pos.x), shown(c.pos.y)),
			})
		}
	}
	for i, p := range g.players {
		fill := referee.PlayerColor(i)
		if p.hp <= 0 {
			fill = deadColour
		}
		shapes = append(shapes,
			referee.Shape{
				Kind: referee.ShapeCircle, X: p.queen.pos.x, Y: p.queen.pos.y, R: queenRadius,
				Fill: fill, Stroke: "#ffffff", Width: 4, Player: referee.Owner(i),
				Tip: fmt.Sprintf("queen of player %d · HP %d · gold %d · (%d, %d)", i, p.hp, p.gold, shown(p.queen.pos.x), shown(p.queen.pos.y)),
			},
			referee.Shape{Kind: referee.ShapeText, X: p.queen.pos.x - 9, Y: p.queen.pos.y + 8, Text: "Q", Size: 22, Fill: "#ffffff", Player: referee.Owner(i)},
		)
	}
	var events []string
	if len(g.events) > 0 {
		events = append(events, g.events...)
	}
	return referee.Frame{
		View:   &referee.View{Width: worldWidth, Height: worldHeight, Background: background},
		Shapes: shapes,
		State:  referenceSummary(g),
		Events: events,
	}
}

// appendSite draws a site: a grey disc, the structure on top (a gold disc ringed in the
// owner's colour for a mine, a square for a tower, a diamond with the creep letter for a
// barracks) and the site id.
func referenceAppendSite(shapes []referee.Shape, s *site) []referee.Shape {
	x, y, r := s.pos.x, s.pos.y, float64(s.radius)
	shapes = append(shapes, referee.Shape{
		Kind: referee.ShapeCircle, X: x, Y: y, R: r, Fill: siteFill, Stroke: siteStroke, Width: 2,
		Player: referee.Owner(s.owner), Tip: referenceSiteTip(s),
	})
	owner := referee.Owner(s.owner)
	colour := referee.PlayerColor(s.owner)
	switch s.kind {
	case mineKind:
		shapes = append(shapes,
			referee.Shape{Kind: referee.ShapeCircle, X: x, Y: y, R: 0.6 * r, Fill: mineFill, Stroke: colour, Width: 8, Player: owner, Tip: referenceSiteTip(s)},
			referee.Shape{Kind: referee.ShapeText, X: x - 8, Y: y + 9, Text: fmt.Sprintf("+%d", s.rate), Size: 22, Fill: "#000000", Player: owner})
	case towerKind:
		h := float64(0.55 * r)
		shapes = append(shapes,
			referee.Shape{Kind: referee.ShapeRect, X: x - h, Y: y - h, W: 2 * h, H: 2 * h, Fill: colour, Stroke: "#ffffff", Width: 3, Player: owner, Tip: referenceSiteTip(s)},
			referee.Shape{Kind: referee.ShapeText, X: x - 18, Y: y + 8, Text: fmt.Sprint(s.hp), Size: 22, Fill: "#ffffff", Player: owner})
	case barracks:
		h := float64(0.7 * r)
		label := creepLetter[s.creep]
		if s.training {
			label += fmt.Sprint(s.creep.stats().training - s.progress)
		}
		shapes = append(shapes,
			referee.Shape{Kind: referee.ShapePoly, Points: []float64{x, y - h, x + h, y, x, y + h, x - h, y}, Fill: colour, Stroke: "#ffffff", Width: 3, Player: owner, Tip: referenceSiteTip(s)},
			referee.Shape{Kind: referee.ShapeText, X: x - 10, Y: y + 9, Text: label, Size: 24, Fill: "#ffffff", Player: owner})
	}
	return append(shapes, referee.Shape{Kind: referee.ShapeText, X: x - float64(r*0.7), Y: y - float64(r*0.65), Text: fmt.Sprint(s.id), Size: 16, Fill: "#d0d0d0"})
}

func referenceSiteTip(s *site) string {
	base := fmt.Sprintf("site %d · r %d · gold %d · max rate %d", s.id, s.radius, s.gold, s.maxMine)
	switch s.kind {
	case mineKind:
		return fmt.Sprintf("%s\nMINE of player %d · rate %d", base, s.owner, s.rate)
	case towerKind:
		return fmt.Sprintf("%s\nTOWER of player %d · HP %d · range %d", base, s.owner, s.hp, s.attackRadius)
	case barracks:
		if s.training {
			return fmt.Sprintf("%s\nBARRACKS-%s of player %d · training, %d of %d turns done", base, s.creep, s.owner, s.progress, s.creep.stats().training)
		}
		return fmt.Sprintf("%s\nBARRACKS-%s of player %d · idle", base, s.creep, s.owner)
	}
	return base
}

func referenceSummary(g *state) frameState {
	st := frameState{Turn: g.turn, Profile: g.prof.name, Players: make([]playerState, len(g.players))}
	for i, p := range g.players {
		ps := playerState{HP: p.hp, Gold: p.gold, Income: p.income, Status: string(p.status)}
		if p.active && !g.over {
			ps.Status = "playing"
		} else if p.active {
			ps.Status = "ok"
		} else if p.status == referee.StatusOK {
			ps.Status = "queen destroyed"
		}
		for _, c := range p.creeps {
			switch c.kind {
			case knight:
				ps.Knights++
			case archer:
				ps.Archers++
			case giant:
				ps.Giants++
			}
		}
		for _, s := range g.sites {
			if s.owner != i {
				continue
			}
			switch s.kind {
			case mineKind:
				ps.Mines++
			case towerKind:
				ps.Towers++
			case barracks:
				ps.Barracks++
			}
		}
		st.Players[i] = ps
	}
	return st
}
