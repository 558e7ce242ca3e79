package towers

import (
	"fmt"
	"strings"

	"github.com/arena-games/arena/protocol"
)

// commandKind is a keyword of the output protocol (§13.3).
type commandKind uint8

const (
	cmdMove commandKind = iota
	cmdAttack
	cmdBuild
	cmdUpgrade
	cmdSuicide
)

// command is one well-formed command, its arguments still in the player's own view.
type command struct {
	kind commandKind
	args [3]int
	text string // as the player wrote it, for messages
}

var arity = map[string]struct {
	kind commandKind
	args int
}{
	"MOVE":    {cmdMove, 3},
	"ATTACK":  {cmdAttack, 2},
	"BUILD":   {cmdBuild, 2},
	"UPGRADE": {cmdUpgrade, 1},
	"SUICIDE": {cmdSuicide, 1},
}

// malformedError says why an answer is not in the protocol's grammar; the player loses.
type malformedError struct {
	command string // the offending command ("" when the whole line is at fault)
	reason  string
}

func (e *malformedError) Error() string {
	if e.command == "" {
		return e.reason
	}
	return fmt.Sprintf("%s in %s", e.reason, protocol.Quote(e.command, quoteLimit))
}

const quoteLimit = 120

// parseAnswer splits an answer line into commands. Commands are separated by ';' (spaces
// around it allowed); an empty command and WAIT are no-ops. Any unknown keyword, wrong
// argument count or non-integer argument makes the whole answer malformed.
func parseAnswer(line string) ([]command, error) {
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
		spec, ok := arity[tokens[0]]
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
