package towers

// The input writing and the answer parsing as first written, kept as the references the
// faster ones must match byte for byte (equivalence_test.go): a bot must read the same
// text, and an answer must give the same commands, or be refused with the same message.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"
)

// referenceTurnInput is the first input writer, with the scores counted tile by tile.
func referenceTurnInput(g *game, p int) string {
	buf := make([]byte, 0, 4096)
	num := func(v int) { buf = strconv.AppendInt(buf, int64(v), 10) }
	sp := func() { buf = append(buf, ' ') }
	nl := func() { buf = append(buf, '\n') }

	num(g.turn + 1)
	sp()
	num(g.money[p])
	sp()
	num(referenceScore(&g.land, p))
	sp()
	num(referenceScore(&g.land, 1-p))
	nl()
	for vy := range mapSize {
		for vx := range mapSize {
			x, y := tileToWorld(p, vx, vy)
			flag := byte('0')
			if g.land.owns(p, x, y) {
				flag++
			}
			if g.land.owns(1-p, x, y) {
				flag += 2
			}
			buf = append(buf, flag)
		}
		nl()
	}
	for _, owner := range [2]int{p, 1 - p} {
		num(soldiersEach)
		nl()
		for i := range soldiersEach {
			s := &g.soldiers[owner*soldiersEach+i]
			pos := toWorld(p, s.pos)
			respawnIn := 0
			if !s.alive() {
				respawnIn = s.respawnTurn - g.turn
			}
			num(s.id)
			sp()
			num(pos.x)
			sp()
			num(pos.y)
			sp()
			num(s.hp)
			sp()
			buf = append(buf, s.state.String()...)
			sp()
			num(s.immune)
			sp()
			num(respawnIn)
			nl()
		}
	}
	for _, owner := range [2]int{p, 1 - p} {
		num(len(g.towers[owner]))
		nl()
		for _, t := range g.towers[owner] {
			tx, ty := tileToWorld(p, t.tx, t.ty)
			num(t.id)
			sp()
			num(tx)
			sp()
			num(ty)
			sp()
			num(t.hp)
			sp()
			num(t.level)
			sp()
			num(boolInt(t.base))
			nl()
		}
	}
	return string(buf)
}

// referenceScore counts the tiles a player owns.
func referenceScore(t *territory, player int) int {
	n := 0
	for y := range mapSize {
		for x := range mapSize {
			if t.count[player][y][x] > 0 {
				n++
			}
		}
	}
	return n
}

var referenceArity = map[string]struct {
	kind commandKind
	args int
}{
	"MOVE":    {cmdMove, 3},
	"ATTACK":  {cmdAttack, 2},
	"BUILD":   {cmdBuild, 2},
	"UPGRADE": {cmdUpgrade, 1},
	"SUICIDE": {cmdSuicide, 1},
}

// referenceParseAnswer is the first parser.
func referenceParseAnswer(line string) ([]command, error) {
	if len(line) > maxAnswerBytes {
		return nil, &malformedError{reason: fmt.Sprintf("answer longer than %d bytes", maxAnswerBytes)}
	}
	var cmds []command
	for part := range strings.SplitSeq(line, ";") {
		tokens := protocol.Fields(part)
		if len(tokens) == 0 {
			continue
		}
		text := strings.Join(tokens, " ")
		if tokens[0] == "WAIT" {
			if len(tokens) != 1 {
				return nil, &malformedError{text, fmt.Sprintf("WAIT takes no arguments, got %d", len(tokens)-1)}
			}
			continue
		}
		spec, ok := referenceArity[tokens[0]]
		if !ok {
			return nil, &malformedError{text, "unknown command " + protocol.Quote(tokens[0], quoteLimit)}
		}
		if len(tokens)-1 != spec.args {
			return nil, &malformedError{text, fmt.Sprintf("%s takes %d argument(s), got %d", tokens[0], spec.args, len(tokens)-1)}
		}
		c := command{kind: spec.kind, text: text}
		for i, tok := range tokens[1:] {
			v, err := protocol.ParseJavaInt(tok)
			if err != nil {
				return nil, &malformedError{text, err.Error()}
			}
			c.args[i] = v
		}
		cmds = append(cmds, c)
	}
	return cmds, nil
}
