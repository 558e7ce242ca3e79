package triangles

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/arena-games/arena/protocol"
)

// The command grammar of the original (§13) is a set of anchored Java regular expressions.
// They are rebuilt here with Java's meaning spelled out: \s is [ \t\n\x0B\f\r], \d is an
// ASCII digit, '.' excludes Java's line terminators, and keywords ignore ASCII case only.
// Go's regexp picks the same submatches a backtracking engine would, so TEXT's message is
// cut the same way.
const (
	javaSpace = `[ \t\n\x0B\f\r]`
	javaDot   = `[^\n\r\x{85}\x{2028}\x{2029}]`
	house     = `([0-9]+)`
	signed    = `(-?[0-9]+)`
)

type commandKind int

const (
	cmdMove commandKind = iota
	cmdSpawn
	cmdAttack
	cmdAddPath
	cmdRemovePath
	cmdLine
	cmdRect
	cmdCircle
	cmdText
)

type grammar struct {
	kind commandKind
	re   *regexp.Regexp
}

var commandGrammar = []grammar{
	{cmdMove, command("MOVE", house, house, signed)},
	{cmdSpawn, command("SPAWN", house, house, house)},
	{cmdAttack, command("ATTACK", house, house, house, house)},
	{cmdAddPath, command("ADD_PATH", house, house, house, house)},
	{cmdRemovePath, command("REMOVE_PATH", house, house, house, house)},
	{cmdLine, command("LINE", signed, signed, signed, signed)},
	{cmdRect, command("RECT", signed, signed, signed, signed)},
	{cmdCircle, command("CIRCLE", signed, signed, signed)},
	{cmdText, command("TEXT", signed, signed, "("+javaDot+"+)")},
}

// usage is how each keyword's command reads, for the message that refuses a piece starting
// with the keyword but not reading as its command (a field missing or extra, a sign on a
// house id, a number that is not a whole one).
var usage = map[string]string{
	"MOVE":        "MOVE takes from, to and amount: MOVE from to amount (house ids unsigned whole numbers, amount a whole number)",
	"SPAWN":       "SPAWN takes a triangle's three houses: SPAWN a b c (house ids unsigned whole numbers)",
	"ATTACK":      "ATTACK takes a triangle's three houses and a target: ATTACK a b c target (house ids unsigned whole numbers)",
	"ADD_PATH":    "ADD_PATH takes a triangle's three houses and a target: ADD_PATH a b c target (house ids unsigned whole numbers)",
	"REMOVE_PATH": "REMOVE_PATH takes a triangle's three houses and a target: REMOVE_PATH a b c target (house ids unsigned whole numbers)",
	"LINE":        "LINE takes four whole numbers: LINE x1 y1 x2 y2",
	"RECT":        "RECT takes four whole numbers: RECT x y width height",
	"CIRCLE":      "CIRCLE takes three whole numbers: CIRCLE x y radius",
	"TEXT":        "TEXT takes two whole numbers and a message: TEXT x y message",
	"WAIT":        "WAIT takes nothing",
}

func command(keyword string, fields ...string) *regexp.Regexp {
	var re strings.Builder
	re.WriteString("^" + javaSpace + "*")
	for _, r := range keyword {
		if r >= 'A' && r <= 'Z' {
			fmt.Fprintf(&re, "[%c%c]", r, r+'a'-'A')
		} else {
			re.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	for _, f := range fields {
		re.WriteString(javaSpace + "+" + f)
	}
	re.WriteString(javaSpace + "*$")
	return regexp.MustCompile(re.String())
}

const (
	maxMessage   = 50 // MSG text, in characters
	maxDebugText = 20 // TEXT text, in characters
	quoteLimit   = 120
)

// piece is one ';'-separated part of a player's line after the grammar matched it.
type piece struct {
	kind commandKind
	text string
	nums []int  // the numeric fields in order
	note string // TEXT's message
}

// lineOrders is what one player's line says, before any rule is applied.
type lineOrders struct {
	pieces   []piece
	message  string
	critical string // the first critical error, empty when none
}

// parseLine splits a line the way the original does (§13): empty pieces and WAIT are
// ignored, "MSG " sets the message, everything else must match the grammar. A piece that
// matches nothing, or a number outside the 32-bit range, is a critical error. With
// unknownForAll (version 2), a piece that matches nothing is an "unknown command" whatever
// its keyword.
func parseLine(line string, unknownForAll bool) lineOrders {
	var out lineOrders
	for _, text := range strings.Split(line, ";") {
		if len(text) >= 4 && asciiEqualFold(text[:4], "MSG ") {
			out.message = cutRunes(strings.TrimFunc(text[4:], javaTrimmed), maxMessage)
			continue
		}
		trimmed := strings.TrimFunc(text, javaTrimmed)
		if trimmed == "" || asciiEqualFold(trimmed, "WAIT") {
			continue
		}
		p, err := matchPiece(text)
		if err == unknownCommand && !unknownForAll {
			err = misread(trimmed)
		}
		if err != "" {
			if out.critical == "" {
				out.critical = fmt.Sprintf("invalid command %s: %s", protocol.Quote(text, quoteLimit), err)
			}
			continue
		}
		out.pieces = append(out.pieces, p)
	}
	return out
}

func matchPiece(text string) (piece, string) {
	for _, g := range commandGrammar {
		m := g.re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		p := piece{kind: g.kind, text: text}
		fields := m[1:]
		if g.kind == cmdText {
			p.note = cutRunes(fields[len(fields)-1], maxDebugText)
			fields = fields[:len(fields)-1]
		}
		for _, f := range fields {
			v, err := protocol.ParseJavaInt(f)
			if err != nil {
				return piece{}, fmt.Sprintf("number %s out of the 32-bit range", f)
			}
			p.nums = append(p.nums, v)
		}
		return p, ""
	}
	return piece{}, unknownCommand
}

const unknownCommand = "unknown command"

// asciiUpper upper-cases ASCII letters only, as the grammar ignores their case only
// (strings.ToUpper would make "ſpawn" SPAWN).
func asciiUpper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// misread says why a piece the grammar refused is refused: by what its keyword's command
// reads as, when it starts with one (case-insensitive, as the grammar), else an unknown
// command.
func misread(trimmed string) string {
	keyword := trimmed
	if i := strings.IndexAny(trimmed, " \t\n\v\f\r"); i >= 0 { // javaSpace
		keyword = trimmed[:i]
	}
	if u, ok := usage[asciiUpper(keyword)]; ok {
		return u
	}
	return unknownCommand
}

// javaTrimmed is what Java's String.trim removes: every character up to U+0020.
func javaTrimmed(r rune) bool { return r <= ' ' }

func asciiEqualFold(s, upper string) bool {
	if len(s) != len(upper) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != upper[i] {
			return false
		}
	}
	return true
}

func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for k := 0; k < n; k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}
