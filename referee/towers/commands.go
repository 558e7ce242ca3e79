package towers

import (
	"fmt"
	"strings"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
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

// arity gives a keyword's command and its number of arguments.
func arity(keyword string) (kind commandKind, args int, ok bool) {
	switch keyword {
	case "MOVE":
		return cmdMove, 3, true
	case "ATTACK":
		return cmdAttack, 2, true
	case "BUILD":
		return cmdBuild, 2, true
	case "UPGRADE":
		return cmdUpgrade, 1, true
	case "SUICIDE":
		return cmdSuicide, 1, true
	}
	return 0, 0, false
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
//
// Every turn brings each player's answer, often a command per soldier and tower, so it is
// read without allocating but for the list of commands (splitCommand).
func parseAnswer(line string) ([]command, error) {
	if len(line) > maxAnswerBytes {
		return nil, &malformedError{reason: fmt.Sprintf("answer longer than %d bytes", maxAnswerBytes)}
	}
	var cmds []command
	for rest, more := line, true; more; {
		var part string
		part, rest, more = strings.Cut(rest, ";")
		tokens, n, text := splitCommand(part)
		if n == 0 {
			continue
		}
		if tokens[0] == "WAIT" {
			if n != 1 {
				return nil, &malformedError{text, fmt.Sprintf("WAIT takes no arguments, got %d", n-1)}
			}
			continue
		}
		kind, args, ok := arity(tokens[0])
		if !ok {
			return nil, &malformedError{text, "unknown command " + protocol.Quote(tokens[0], quoteLimit)}
		}
		if n-1 != args {
			return nil, &malformedError{text, fmt.Sprintf("%s takes %s, got %d", tokens[0], referee.Count(args, "argument", "arguments"), n-1)}
		}
		c := command{kind: kind, text: text}
		for i, tok := range tokens[1:n] {
			v, err := protocol.ParseJavaInt(tok)
			if err != nil {
				return nil, &malformedError{text, err.Error()}
			}
			c.args[i] = v
		}
		if cmds == nil { // room for a command per soldier and tower, whatever else the line holds
			cmds = make([]command, 0, min(strings.Count(line, ";")+1, 64))
		}
		cmds = append(cmds, c)
	}
	return cmds, nil
}

// splitCommand splits a command into its tokens, separated by runs of spaces, tabs and
// carriage returns (protocol.Fields): the first four (a keyword and at most three
// arguments), how many there are, and the command's text, its tokens joined by single
// spaces. That text is the command itself, trimmed, unless its tokens are apart by
// anything but one space.
func splitCommand(part string) (tokens [4]string, n int, text string) {
	first, end := 0, 0 // the text's bounds in part
	joined := true     // tokens apart by single spaces
	for i := 0; i < len(part); {
		if isSpace(part[i]) {
			i++
			continue
		}
		j := i
		for j < len(part) && !isSpace(part[j]) {
			j++
		}
		if n == 0 {
			first = i
		} else if i-end != 1 || part[end] != ' ' {
			joined = false
		}
		if n < len(tokens) {
			tokens[n] = part[i:j]
		}
		n++
		end, i = j, j
	}
	switch {
	case n == 0:
		return tokens, 0, ""
	case joined:
		return tokens, n, part[first:end]
	}
	return tokens, n, strings.Join(protocol.Fields(part), " ")
}

// isSpace is protocol.Fields' separator: those bytes are never part of a longer UTF-8
// sequence, so a line can be split on them byte by byte.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }
