package queens

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// quoteMax bounds how much of a player's line a message quotes.
const quoteMax = 120

// invalidCommand is a rule violation that makes the player lose (spec §5, "LOSE").
type invalidCommand struct {
	line, reason string
}

func (e *invalidCommand) Error() string {
	return fmt.Sprintf("invalid command: %s: %s", protocol.Quote(e.line, quoteMax), e.reason)
}

func invalid(line, format string, args ...any) error {
	return &invalidCommand{line: line, reason: fmt.Sprintf(format, args...)}
}

// notSiteID refuses a site id token that ParseJavaInt refused with err: a number too large
// is said to be (but by version 2), anything else is not an integer.
func (g *state) notSiteID(line, token string, err error) error {
	if errors.Is(err, protocol.ErrRange) && !g.sayNotAnInteger {
		return invalid(line, "site id %s is out of the 32-bit range", protocol.Quote(token, 20))
	}
	return invalid(line, "site id %s is not an integer", protocol.Quote(token, 20))
}

// scheduledBuild is a BUILD accepted while touching the site; it executes after both
// players' commands (spec §6).
type scheduledBuild struct {
	player int
	site   *site
	typ    string // the TYPE token, validated only when the build executes
	line   string
}

// train applies the second output line, "TRAIN [id ...]" (spec §5.1). The line is not
// trimmed and is split on single spaces, so doubled or trailing spaces make empty tokens,
// which are not integers. Ownership, duplicates and cost only warn: the whole line is
// then ignored.
func (g *state) train(p int, line string) error {
	var room [8]string
	tokens := splitSpaces(line, room[:0])
	if tokens[0] != "TRAIN" {
		return invalid(line, "the second line must start with TRAIN")
	}
	var idRoom [8]int
	ids := idRoom[:0]
	for _, t := range tokens[1:] {
		id, err := protocol.ParseJavaInt(t)
		if err != nil {
			return g.notSiteID(line, t, err)
		}
		ids = append(ids, id)
	}
	for _, id := range ids {
		if id < 0 || id >= len(g.sites) {
			return invalid(line, "there is no site %d", id)
		}
	}
	for _, id := range ids {
		s := g.sites[id]
		switch {
		case s.kind != barracks:
			g.warn(p, "cannot train at site %d: not a barracks", id)
			return nil
		case s.owner != p:
			g.warn(p, "cannot train at site %d: not your barracks", id)
			return nil
		case s.training:
			g.warn(p, "cannot train at site %d: barracks already training", id)
			return nil
		}
	}
	cost := 0
	for i, id := range ids {
		for _, other := range ids[:i] {
			if other == id {
				g.warn(p, "cannot train at site %d twice in one turn", id)
				return nil
			}
		}
		cost += g.sites[id].creep.stats().cost
	}
	pl := g.players[p]
	if cost > pl.gold {
		g.warn(p, "training costs %d gold, only %d available", cost, pl.gold)
		return nil
	}
	pl.gold -= cost
	for _, id := range ids {
		s := g.sites[id]
		s.training, s.progress = true, 0
	}
	return nil
}

// command applies the first output line, the queen's command (spec §5.2). MOVE and a
// BUILD too far away move the queen at once; a BUILD in contact is only scheduled: it is
// appended to scheduled, which is returned.
func (g *state) command(p int, line string, scheduled []scheduledBuild) ([]scheduledBuild, error) {
	var room [8]string
	tokens := splitSpaces(strings.TrimFunc(line, kotlinWhitespace), room[:0])
	q := &g.players[p].queen
	want := 1
	switch tokens[0] {
	case "WAIT":
	case "MOVE":
		want = 3
		if len(tokens) < 3 {
			return scheduled, invalid(line, "MOVE needs x and y")
		}
		x, errX := protocol.ParseJavaInt(tokens[1])
		y, errY := protocol.ParseJavaInt(tokens[2])
		if errX != nil || errY != nil {
			for _, err := range []error{errX, errY} {
				if errors.Is(err, protocol.ErrRange) && !g.sayNotAnInteger {
					return scheduled, invalid(line, "in MOVE, %v", err)
				}
			}
			return scheduled, invalid(line, "in MOVE, x and y must be integers")
		}
		q.moveTo(towards(q.pos, vec{float64(x), float64(y)}, queenSpeed))
	case "BUILD":
		want = 3
		if len(tokens) < 2 {
			return scheduled, invalid(line, "BUILD needs a site id and a structure type")
		}
		id, err := protocol.ParseJavaInt(tokens[1])
		if err != nil {
			return scheduled, g.notSiteID(line, tokens[1], err)
		}
		if id < 0 || id >= len(g.sites) {
			return scheduled, invalid(line, "there is no site %d", id)
		}
		if len(tokens) < 3 {
			return scheduled, invalid(line, "BUILD needs a structure type")
		}
		s := g.sites[id]
		if !q.touches(&s.body) {
			q.moveTo(towards(q.pos, s.pos, queenSpeed))
			break
		}
		switch {
		case s.owner == g.enemy(p):
			g.warn(p, "cannot build on site %d: owned by the enemy", id)
			return scheduled, nil
		case s.kind == barracks && s.owner == p && s.training:
			g.warn(p, "cannot build on site %d: its barracks is training", id)
			return scheduled, nil
		}
		scheduled = append(scheduled, scheduledBuild{player: p, site: s, typ: tokens[2], line: line})
	default:
		return scheduled, invalid(line, "unknown command %s (want WAIT, MOVE or BUILD)", protocol.Quote(tokens[0], 20))
	}
	if len(tokens) > want {
		return scheduled, invalid(line, "unexpected %s after the command", protocol.Quote(tokens[want], 20))
	}
	return scheduled, nil
}

// build executes a scheduled build (spec §6.2). TYPE is split on '-' and only its first
// one or two parts count, so TOWER-X is a tower.
func (g *state) build(b scheduledBuild) error {
	parts := strings.Split(b.typ, "-")
	s, p := b.site, b.player
	switch parts[0] {
	case "MINE":
		if s.kind == mineKind && s.owner == p {
			s.rate = min(s.rate+1, s.maxMine)
		} else {
			s.setMine(p)
		}
	case "TOWER":
		if s.kind == towerKind && s.owner == p {
			// The radius is not recomputed here: it changes after the tower acts.
			s.hp = min(s.hp+towerHPIncrement, towerHPMaximum)
		} else {
			s.setTower(p)
		}
	case "BARRACKS":
		if len(parts) < 2 {
			return invalid(b.line, "BARRACKS needs a creep type: BARRACKS-KNIGHT, BARRACKS-ARCHER or BARRACKS-GIANT")
		}
		k, ok := creepKindByName(parts[1])
		if !ok {
			return invalid(b.line, "unknown barracks type %s (want KNIGHT, ARCHER or GIANT)", protocol.Quote(parts[1], 20))
		}
		s.setBarracks(p, k)
	default:
		return invalid(b.line, "unknown structure type %s (want MINE, TOWER or BARRACKS-type)", protocol.Quote(parts[0], 20))
	}
	return nil
}

// playerCommands applies the answers of every player asked this turn, player 0 first,
// then resolves concurrent builds and executes the builds that remain (spec §4.2–4.3).
func (g *state) playerCommands(answers []referee.Answer) {
	var room [2]scheduledBuild // one build per player
	scheduled := room[:0]
	for _, a := range answers {
		if a.Player < 0 || a.Player >= len(g.players) || !g.players[a.Player].active {
			continue
		}
		p := a.Player
		if a.Status != referee.StatusOK && a.Status != "" {
			msg := a.Message
			if msg == "" {
				msg = string(a.Status)
			}
			g.eliminate(p, a.Status, msg)
			continue
		}
		if len(a.Lines) < 2 {
			g.eliminate(p, referee.StatusTimeout, fmt.Sprintf("answered %d of the 2 lines a turn needs", len(a.Lines)))
			continue
		}
		if err := g.train(p, a.Lines[1]); err != nil {
			g.eliminate(p, referee.StatusInvalid, err.Error())
			continue
		}
		var err error
		if scheduled, err = g.command(p, a.Lines[0], scheduled); err != nil {
			g.eliminate(p, referee.StatusInvalid, err.Error())
		}
	}
	// Both queens building on the same site: only one build happens, player 1's on even
	// turns and player 0's on odd turns; the other is dropped unexamined.
	if len(scheduled) == 2 && scheduled[0].site == scheduled[1].site {
		drop := 0
		if g.turn%2 == 1 {
			drop = 1
		}
		g.event("site %d: both queens build, player %d's build wins", scheduled[0].site.id, scheduled[1-drop].player)
		scheduled = append(scheduled[:drop], scheduled[drop+1:]...)
	}
	for _, b := range scheduled {
		if err := g.build(b); err != nil {
			g.eliminate(b.player, referee.StatusInvalid, err.Error())
		}
	}
}

// kotlinWhitespace is what the original's trim() of the queen line drops: Kotlin's
// Char.isWhitespace, that is Java's white space or space separators. It is Go's
// unicode.IsSpace but for NEL (U+0085, a control character to Java), plus the
// information separators U+001C..U+001F (white space to Java).
func kotlinWhitespace(r rune) bool {
	if r >= 0x1c && r <= 0x1f {
		return true
	}
	return r != 0x85 && unicode.IsSpace(r)
}

// splitSpaces is strings.Split(s, " "), appended to tokens: a line of a turn has a few
// tokens, so that with room on the stack splitting it allocates nothing.
func splitSpaces(s string, tokens []string) []string {
	for {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return append(tokens, s)
		}
		tokens = append(tokens, s[:i])
		s = s[i+1:]
	}
}

func (g *state) event(format string, args ...any) {
	g.events = append(g.events, fmt.Sprintf(format, args...))
}

func (g *state) warn(p int, format string, args ...any) {
	g.events = append(g.events, fmt.Sprintf("warning: player %d: ", p)+fmt.Sprintf(format, args...))
}

// eliminate deactivates a player for a failure: it scores −1 whatever happens later.
func (g *state) eliminate(p int, status referee.Status, message string) {
	pl := g.players[p]
	if !pl.active {
		return
	}
	pl.active, pl.status, pl.message = false, status, message
	g.event("player %d eliminated (%s): %s", p, status, message)
}
