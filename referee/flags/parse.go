package flags

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// The answer grammar reproduces the original referee's Java regular expressions exactly
// (spec §9.2–§9.3), so that every line the contest accepted is accepted here and every line
// it rejected is rejected: Java's \s is [ \t\n\x0B\f\r], its '.' excludes line terminators,
// and CASE_INSENSITIVE folds ASCII letters only.
const (
	javaSpace = `[ \t\n\x0B\f\r]`
	javaAny   = `[^\n\r\x{85}\x{2028}\x{2029}]`
	message   = `(?:` + javaSpace + `+` + javaAny + `+)?$`
)

func asciiFold(word string) string {
	var b strings.Builder
	for _, ch := range word {
		fmt.Fprintf(&b, "[%c%c]", ch, ch+'a'-'A')
	}
	return b.String()
}

var (
	// actionPattern finds the keyword and the minion id, whatever follows.
	actionPattern = regexp.MustCompile(`^(` + asciiFold("WAIT") + `|` + asciiFold("MOVE") + `|` +
		asciiFold("FIRE") + `|` + asciiFold("FREEZE") + `|` + asciiFold("MINE") + `)` +
		javaSpace + `+([0-9]+)` + javaAny + `*$`)
	withTarget = func(word string) *regexp.Regexp {
		return regexp.MustCompile(`^` + asciiFold(word) + javaSpace + `+([0-9]+)` + javaSpace + `+(-?[0-9]+)` +
			javaSpace + `+(-?[0-9]+)` + message)
	}
	idOnly = func(word string) *regexp.Regexp {
		return regexp.MustCompile(`^` + asciiFold(word) + javaSpace + `+([0-9]+)` + message)
	}
	commandPatterns = map[string]*regexp.Regexp{
		"MOVE":   withTarget("MOVE"),
		"MINE":   withTarget("MINE"),
		"WAIT":   idOnly("WAIT"),
		"FIRE":   idOnly("FIRE"),
		"FREEZE": idOnly("FREEZE"),
	}
	keywordActions = map[string]action{"MOVE": actMove, "WAIT": actWait, "FIRE": actFire, "FREEZE": actFreeze, "MINE": actMine}
)

const expected = "MOVE <id> <r> <c>, WAIT <id>, FIRE <id>, FREEZE <id> or MINE <id> <r> <c>"

// javaTrim is Java's String.trim: it removes every character up to ' ' at both ends.
func javaTrim(s string) string {
	start, end := 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	return s[start:end]
}

// parseAnswer turns one answer line into orders for a team of minions. Commands to dead or
// frozen minions are ignored without penalty and reported as notes. Any other fault is an
// error: the player loses (spec §9.3). The checks run in the original's order: keyword and
// id, minion exists, not commanded twice, dead or frozen, then the rest of the command.
func parseAnswer(line string, minions []minion, g *Grid) ([]order, []string, error) {
	orders := make([]order, len(minions))
	var notes []string
	for _, piece := range strings.Split(line, "|") {
		text := javaTrim(piece)
		if text == "" {
			continue
		}
		head := actionPattern.FindStringSubmatch(text)
		if head == nil {
			return nil, nil, fmt.Errorf("expected %s, got %s", expected, quote(text))
		}
		id, err := protocol.ParseJavaInt(head[2])
		if err != nil {
			return nil, nil, fmt.Errorf("%s: bad minion id: %v", quote(text), err)
		}
		if id >= len(minions) {
			return nil, nil, fmt.Errorf("%s: minion %d does not exist (ids 0..%d)", quote(text), id, len(minions)-1)
		}
		if orders[id].act != actNone {
			return nil, nil, fmt.Errorf("%s: minion %d cannot be commanded twice in one turn", quote(text), id)
		}
		m := &minions[id]
		if !m.alive() {
			notes = append(notes, fmt.Sprintf("minion %d is dead: %s ignored", id, quote(text)))
			continue
		}
		if m.frozen() {
			notes = append(notes, fmt.Sprintf("minion %d is frozen (%s): %s ignored", id, referee.Count(m.timeout, "more turn", "more turns"), quote(text)))
			continue
		}
		keyword := strings.ToUpper(head[1])
		args := commandPatterns[keyword].FindStringSubmatch(text)
		if args == nil {
			return nil, nil, fmt.Errorf("expected %s, got %s", expected, quote(text))
		}
		o := order{act: keywordActions[keyword]}
		if o.act == actMove || o.act == actMine {
			r, errR := protocol.ParseJavaInt(args[2])
			c, errC := protocol.ParseJavaInt(args[3])
			if errR != nil || errC != nil {
				return nil, nil, fmt.Errorf("%s: coordinates out of range", quote(text))
			}
			o.target = Cell{r, c}
			if !g.Inside(o.target) {
				return nil, nil, fmt.Errorf("%s: %v is outside the %d×%d grid (rows 0..%d, columns 0..%d)",
					quote(text), o.target, g.H, g.W, g.H-1, g.W-1)
			}
		}
		orders[id] = o
	}
	return orders, notes, nil
}

func quote(s string) string { return protocol.Quote(s, maxQuotedAnswer) }
