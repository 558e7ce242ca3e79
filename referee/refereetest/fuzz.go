package refereetest

import (
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// Fuzz says how CheckOutput plays a game for a fuzz target.
type Fuzz struct {
	// Config builds the game (a fixed seed, so that every input plays the same map).
	Config referee.Config
	// Turns is how many turns the fuzzed text is played for (default 3).
	Turns int
	// Idle is the answer of the other players of a turn-based game: a legal do-nothing
	// answer, so that whatever happens comes from the fuzzed text.
	Idle func(req referee.Request) []string
	// FailedInEvents says the game lists refused session commands in its frame events
	// (quoted): each turn in which seat 0 was answered FAILED by the referee, the frame must
	// quote one of the refused lines.
	FailedInEvents bool
}

// CheckOutput plays text as the output of seat 0 for a few turns, twice, and checks what
// the referee contract promises whatever a bot says: no panic, the same game both times,
// and, when the text is refused, the refusal shows the offending text.
//
// Turn-based games get the text's lines as seat 0's answers, req.Lines at a time (starting
// over at the end of the text), as the runner delivers them: without a CR before the line
// end and with invalid UTF-8 replaced. Seat 0 leaving the game with status invalid must
// be explained by a message or event quoting some of what it said. Session games get
// every line of the text in each turn through the session grammar, then WAIT.
func CheckOutput(t *testing.T, g referee.Game, fz Fuzz, text string) {
	t.Helper()
	if fz.Turns == 0 {
		fz.Turns = 3
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = protocol.ValidText(strings.TrimSuffix(l, "\r"))
	}
	first := playOutput(t, g, fz, lines)
	second := playOutput(t, g, fz, lines)
	if first != second {
		t.Fatalf("the same output played twice gave different games:\nfirst:  %.500s\nsecond: %.500s", first, second)
	}
}

func playOutput(t *testing.T, g referee.Game, fz Fuzz, lines []string) string {
	t.Helper()
	ref, err := g.New(fz.Config)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	var digest strings.Builder
	write := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("turn %d: does not encode to JSON: %v", ref.Turn(), err)
		}
		digest.Write(b)
		digest.WriteByte('\n')
	}
	write(ref.Frame())
	next := 0 // the next of lines to answer (turn-based)
	for turn := 0; turn < fz.Turns && !ref.Over(); turn++ {
		switch r := ref.(type) {
		case referee.TurnBased:
			reqs := r.Requests()
			write(reqs)
			answers := make([]referee.Answer, len(reqs))
			var said []string
			for i, req := range reqs {
				a := referee.Answer{Player: req.Player, Status: referee.StatusOK}
				if req.Player == 0 {
					for range req.Lines {
						a.Lines = append(a.Lines, lines[next%len(lines)])
						next++
					}
					said = a.Lines
				} else {
					a.Lines = fz.Idle(req)
				}
				answers[i] = a
			}
			before := ref.Result()[0].Status
			r.Play(answers)
			frame := ref.Frame()
			write(frame)
			if out := ref.Result()[0]; out.Status == referee.StatusInvalid && before != referee.StatusInvalid {
				if !quotesSome(append([]string{out.Message}, frame.Events...), said) {
					t.Fatalf("turn %d: seat 0 is out as invalid, but neither its message %q nor the events %q quote what it said %q", turn, out.Message, frame.Events, said)
				}
			}
		case referee.Session:
			team := referee.SessionTeam(r, 0)
			var refused []string // lines answered FAILED, by the referee or by the grammar
			if told := team.Refused; told != nil {
				// The grammar's own refusals reach a referee that keeps account of them:
				// those are then quoted in its events too.
				team.Refused = func(line string, tooLong bool, answer string) {
					refused = append(refused, line)
					told(line, tooLong, answer)
				}
			}
			for _, line := range append(lines, "WAIT") {
				var panicked string
				// Too long by its text, as the runners judge it (protocol.LineText).
				kind, resp := team.Handle(line, len(line) > protocol.MaxSessionLine, func(tokens []string) []string {
					// Handle turns a panic into FAILED 5 so that a live game goes on; here
					// it is the bug to report.
					defer func() {
						if v := recover(); v != nil {
							panicked = fmt.Sprintf("%v\n%s", v, debug.Stack())
							panic(v)
						}
					}()
					resp := r.Command(0, tokens)
					if len(resp) > 0 && strings.HasPrefix(resp[0], "FAILED ") {
						refused = append(refused, line)
					}
					return resp
				})
				if panicked != "" {
					t.Fatalf("turn %d, line %q: the referee panicked: %s", turn, line, panicked)
				}
				if kind != protocol.LineIgnored && (len(resp) == 0 || !(resp[0] == protocol.OK || strings.HasPrefix(resp[0], "FAILED "))) {
					t.Fatalf("turn %d, line %q: response %q starts with neither OK nor FAILED", turn, line, resp)
				}
				write(resp)
				if kind == protocol.LineWaits {
					break
				}
			}
			r.EndTurn()
			frame := ref.Frame()
			write(frame)
			if fz.FailedInEvents && len(refused) > 0 && !quotesSome(frame.Events, refused) {
				t.Fatalf("turn %d: the referee refused %q but the events %q quote none of it", turn, refused, frame.Events)
			}
		default:
			t.Fatalf("referee %T implements neither TurnBased nor Session", ref)
		}
	}
	write(ref.Result())
	return digest.String()
}

// quotesSome reports whether one of texts holds a Go-quoted string (as protocol.Quote
// writes it) that is part of one of said, as sent or with its tokens joined by single
// spaces (as session games quote a command).
func quotesSome(texts, said []string) bool {
	for _, text := range texts {
		for i := strings.IndexByte(text, '"'); i >= 0; {
			q, err := strconv.QuotedPrefix(text[i:])
			if err == nil {
				s, _ := strconv.Unquote(q)
				for _, l := range said {
					if s == "" && strings.TrimSpace(l) != "" {
						continue // "" quotes only an empty answer
					}
					if strings.Contains(l, s) || strings.Contains(strings.Join(protocol.Fields(l), " "), s) {
						return true
					}
				}
				i += len(q)
			} else {
				i++
			}
			j := strings.IndexByte(text[i:], '"')
			if j < 0 {
				break
			}
			i += j
		}
	}
	return false
}
