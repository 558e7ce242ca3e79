package protocol

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
)

// Deadline24 session protocol: the common error codes and their exact messages.
const (
	CodeBadLogin     = 1
	CodeUnknown      = 2
	CodeBadFormat    = 3
	CodeTooManyArgs  = 4
	CodeInternal     = 5
	CodeLimitReached = 6
)

var commonMessages = map[int]string{
	CodeBadLogin:     "bad login or password",
	CodeUnknown:      "unknown command",
	CodeBadFormat:    "bad format",
	CodeTooManyArgs:  "too many arguments",
	CodeInternal:     "internal error, sorry...",
	CodeLimitReached: "commands limit reached, forced waiting activated",
}

// MaxSessionLine is the longest command line accepted, in bytes of its text (LineText);
// longer lines are answered FAILED 3.
const MaxSessionLine = 65536

// Failed renders a FAILED line with one of the common codes (1–6).
func Failed(code int) string {
	return Failure(code, commonMessages[code])
}

// Failure renders a FAILED line with a game-specific code and message.
func Failure(code int, message string) string {
	return "FAILED " + strconv.Itoa(code) + " " + message
}

// OK is the success line.
const OK = "OK"

// LoginPrompts are the server's prompts of the login exchange, in order; a client answers
// each with one line (its login, its password), and a server that accepts them says OK.
var LoginPrompts = [...]string{"LOGIN", "PASS"}

// LoginReceived is all a client that logged in received of the exchange.
const LoginReceived = "LOGIN\nPASS\n" + OK + "\n"

// LimitReached is the answer to a line over the command limit, which forces waiting.
var LimitReached = Failed(CodeLimitReached)

// Waiting renders the WAITING line: seconds left in the turn, six decimals, never negative.
func Waiting(seconds float64) string {
	if seconds < 0 {
		seconds = 0
	}
	return fmt.Sprintf("WAITING %.6f", seconds)
}

// IsWaiting reports whether line is a WAITING line as Waiting renders it, whatever its
// seconds: replay verification leaves those out, since they are measured.
func IsWaiting(line string) bool {
	secs, ok := strings.CutPrefix(line, "WAITING ")
	whole, frac, dot := strings.Cut(secs, ".")
	return ok && dot && whole != "" && len(frac) == 6 && allDigits(whole) && allDigits(frac)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Args checks a command's argument count and parses its arguments. The zero value is not
// useful; use NewArgs.
type Args struct {
	tokens []string
	err    string // first FAILED line, if any
}

// NewArgs checks that tokens (command name first) has between min and max arguments:
// too many is FAILED 4, too few is FAILED 3.
func NewArgs(tokens []string, min, max int) *Args {
	a := &Args{tokens: tokens}
	switch n := len(tokens) - 1; {
	case n > max:
		a.err = Failed(CodeTooManyArgs)
	case n < min:
		a.err = Failed(CodeBadFormat)
	}
	return a
}

// Int parses argument i (from 0) as an int64; a bad value makes Err return FAILED 3.
func (a *Args) Int(i int) int64 {
	if a.err != "" || i+1 >= len(a.tokens) {
		if a.err == "" {
			a.err = Failed(CodeBadFormat)
		}
		return 0
	}
	v, ok := ParseSessionInt(a.tokens[i+1])
	if !ok {
		a.err = Failed(CodeBadFormat)
	}
	return v
}

// String returns argument i verbatim ("" when missing, which makes Err return FAILED 3).
func (a *Args) String(i int) string {
	if i+1 >= len(a.tokens) {
		if a.err == "" {
			a.err = Failed(CodeBadFormat)
		}
		return ""
	}
	return a.tokens[i+1]
}

// Len is the number of arguments given.
func (a *Args) Len() int { return len(a.tokens) - 1 }

// Err returns the FAILED line for the first problem found, or "" when all is well.
func (a *Args) Err() string { return a.err }

// ParseSessionInt parses `-?[0-9]+` fitting in int64 (the Deadline24 integer rule).
func ParseSessionInt(s string) (int64, bool) {
	body := s
	if len(body) > 0 && body[0] == '-' {
		body = body[1:]
	}
	if body == "" || !allDigits(body) {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

// Team is one seat's command counter for the current turn. All connections of a team share
// it (serve mode allows several).
type Team struct {
	Limit int // L
	Used  int
	// Refused, when set, is told of every line the grammar itself answers FAILED, the game
	// never seeing it: a line over the limit (FAILED 6), a line too long (FAILED 3) and a
	// WAIT with arguments (FAILED 4). line is the line as Handle got it (of a line too
	// long, tooLong set, only its start counts: see QuoteLine) and answer the FAILED line.
	// A game told of these lines counts and reports them as the commands it refuses
	// itself; Handle calls it before it returns, so in the order the lines are handled.
	Refused func(line string, tooLong bool, answer string)
	// Panicked, when set, is told of a command whose exec panicked (a bug in the game),
	// with the panic's value and the stack where it happened, before the line is answered
	// FAILED 5: the game goes on, and the runner says why.
	Panicked func(line string, recovered any, stack []byte)
}

// StartTurn resets the counter at a turn boundary.
func (t *Team) StartTurn() { t.Used = 0 }

// LineKind says what a command line did to its session.
type LineKind int

const (
	LineIgnored  LineKind = iota // blank line: no response, not counted
	LineAnswered                 // a command was answered; the session goes on
	LineWaits                    // WAIT or forced waiting: after Response, send WAITING x, then OK at the next turn
)

// Handle applies the session grammar to one received line: blank lines are ignored, a bare
// WAIT waits, a line over the team's limit forces waiting (FAILED 6), anything else is
// counted and handed to exec with its tokens. exec's panics become FAILED 5, so a referee
// bug costs a command, not the game. tooLong marks a line the reader cut: FAILED 3.
func (t *Team) Handle(line string, tooLong bool, exec func(tokens []string) []string) (LineKind, []string) {
	tokens := Fields(line)
	if len(tokens) == 0 && !tooLong {
		return LineIgnored, nil
	}
	if !tooLong && len(tokens) == 1 && tokens[0] == "WAIT" {
		return LineWaits, []string{OK}
	}
	if t.Used >= t.Limit {
		return LineWaits, t.refuse(line, tooLong, CodeLimitReached)
	}
	t.Used++
	if tooLong {
		return LineAnswered, t.refuse(line, tooLong, CodeBadFormat)
	}
	if tokens[0] == "WAIT" {
		return LineAnswered, t.refuse(line, tooLong, CodeTooManyArgs)
	}
	return LineAnswered, t.safeExec(exec, line, tokens)
}

// refuse is the answer to a line the grammar refuses itself, told to Refused.
func (t *Team) refuse(line string, tooLong bool, code int) []string {
	answer := Failed(code)
	if t.Refused != nil {
		t.Refused(line, tooLong, answer)
	}
	return []string{answer}
}

// QuoteLine quotes a command line for a game's messages, at most max bytes of it, as a
// game quotes the tokens of a command it refuses: Quote of the tokens joined by single
// spaces. Of a line too long only the start is quoted (QuoteStart), without the count of
// bytes left out: what a runner passes on of such a line is its start (cut, and recorded
// with "…" after it), so the start is what a live game and its verification both see.
func QuoteLine(line string, tooLong bool, max int) string {
	if tooLong {
		return QuoteStart(line, max)
	}
	return Quote(strings.Join(Fields(line), " "), max)
}

// Respond is Handle with the whole answer a line gets: a line that waits is also sent the
// WAITING line, with the seconds left in the turn that secondsLeft tells (it is asked only
// then). The runners send this answer, and replay verification rebuilds it the same way.
func (t *Team) Respond(line string, tooLong bool, exec func(tokens []string) []string, secondsLeft func() float64) (LineKind, []string) {
	kind, resp := t.Handle(line, tooLong, exec)
	if kind == LineWaits {
		resp = append(resp, Waiting(secondsLeft()))
	}
	return kind, resp
}

// safeExec runs exec on a command's tokens, answering FAILED 5 when it panics (told to
// Panicked) or answers nothing.
func (t *Team) safeExec(exec func([]string) []string, line string, tokens []string) (out []string) {
	defer func() {
		if v := recover(); v != nil {
			if t.Panicked != nil {
				t.Panicked(line, v, debug.Stack())
			}
			out = []string{Failed(CodeInternal)}
		}
	}()
	out = exec(tokens)
	if len(out) == 0 {
		out = []string{Failed(CodeInternal)}
	}
	return out
}
