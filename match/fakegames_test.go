package match

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// countGame is a small turn-based game for runner tests: every turn each active player
// receives "turn N" and must answer the line N+1 (any other line is invalid). It lasts
// `turns` turns; the score is the number of correct answers, −1 for a player who failed.
type countGame struct {
	turns int
	first time.Duration // the first turn's limit; 0: 1000 ms
}

func (g countGame) Info() referee.Info {
	return referee.Info{Name: "count", Title: "Count", Summary: "answer N+1", Style: referee.StyleTurns,
		MinPlayers: 1, MaxPlayers: 4, Version: "1", Limits: "1000 ms first answer, 50 ms after"}
}

func (g countGame) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckOptions("count", nil, cfg.Options); err != nil {
		return nil, err
	}
	return &countRef{turns: g.turns, first: g.first, out: make([]referee.Outcome, cfg.Players)}, nil
}

type countRef struct {
	turn, turns int
	first       time.Duration
	out         []referee.Outcome
	events      []string
}

func (r *countRef) Turn() int  { return r.turn }
func (r *countRef) Over() bool { return r.turn >= r.turns || r.active() == 0 }
func (r *countRef) active() int {
	n := 0
	for _, o := range r.out {
		if o.Status == "" {
			n++
		}
	}
	return n
}
func (r *countRef) Frame() referee.Frame {
	return referee.Frame{View: &referee.View{Width: 100, Height: 100},
		Shapes: []referee.Shape{{Kind: referee.ShapeText, X: 1, Y: 1, Text: fmt.Sprint(r.turn)}},
		State:  map[string]any{"turn": r.turn}, Events: r.events}
}
func (r *countRef) Requests() []referee.Request {
	var reqs []referee.Request
	for p, o := range r.out {
		if o.Status != "" {
			continue
		}
		timeout := 50 * time.Millisecond
		if r.turn == 0 {
			timeout = cmp.Or(r.first, time.Second)
		}
		reqs = append(reqs, referee.Request{Player: p, Input: fmt.Sprintf("turn %d\n", r.turn), Lines: 1, Timeout: timeout})
	}
	return reqs
}
func (r *countRef) Play(answers []referee.Answer) {
	r.events = nil
	for _, a := range answers {
		o := &r.out[a.Player]
		switch {
		case a.Status != referee.StatusOK:
			o.Status, o.Message, o.Score = a.Status, a.Message, -1
		case strings.TrimSpace(a.Lines[0]) != strconv.Itoa(r.turn+1):
			o.Status, o.Score = referee.StatusInvalid, -1
			o.Message = "invalid answer: " + protocol.Quote(a.Lines[0], 60)
		default:
			o.Score++
		}
	}
	r.turn++
}
func (r *countRef) Result() []referee.Outcome {
	res := make([]referee.Outcome, len(r.out))
	copy(res, r.out)
	for i := range res {
		if res[i].Status == "" {
			res[i].Status = referee.StatusOK
		}
	}
	referee.RankByScore(res)
	return res
}

// sumGame is a small session game: `ADD x` adds x to the team's total and answers OK and
// the new total; `TOTAL` answers OK and the total as of the start of the turn; `TAKE` adds
// the next ticket of a counter every seat shares; `BIG` answers OK and bigLines long lines;
// `PANIC` panics, as a referee with a bug would.
// It lasts `turns` turns; the score is the total.
// bigLines is how many lines of 8000 bytes follow BIG's OK: 128 kB, twice a pipe's buffer.
const bigLines = 16

type sumGame struct {
	turns      int
	sequential bool
	arrival    bool // SessionRules.ArrivalOrder
}

func (g sumGame) Info() referee.Info {
	return referee.Info{Name: "sum", Title: "Sum", Summary: "add numbers", Style: referee.StyleSession,
		MinPlayers: 1, MaxPlayers: 8, Version: "1", Limits: "T = 1 s, L = 5"}
}

func (g sumGame) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckOptions("sum", nil, cfg.Options); err != nil {
		return nil, err
	}
	return &sumRef{turns: g.turns, seq: g.sequential, arrival: g.arrival, total: make([]int64, cfg.Players), start: make([]int64, cfg.Players),
		status: make([]referee.Status, cfg.Players), msg: make([]string, cfg.Players)}, nil
}

type sumRef struct {
	turn, turns  int
	seq, arrival bool
	tickets      int64 // TAKE's counter, shared by every seat
	total, start []int64
	status       []referee.Status
	msg          []string
	// refused lists the lines the session grammar refused this turn (Refused); events,
	// those of the last turn, for the frame.
	refused, events []string
}

func (r *sumRef) Turn() int  { return r.turn }
func (r *sumRef) Over() bool { return r.turn >= r.turns }
func (r *sumRef) Frame() referee.Frame {
	return referee.Frame{Shapes: []referee.Shape{}, State: map[string]any{"totals": append([]int64(nil), r.total...)}, Events: slices.Clone(r.events)}
}

// Refused keeps account of the lines the session grammar refuses (referee.RefusalRecorder).
func (r *sumRef) Refused(p int, line string, tooLong bool, answer string) {
	r.refused = append(r.refused, fmt.Sprintf("%d: %s → %s", p, protocol.QuoteLine(line, tooLong, 20), answer))
}
func (r *sumRef) Rules() referee.SessionRules {
	return referee.SessionRules{CommandLimit: 5, TurnDuration: time.Second, Sequential: r.seq, ArrivalOrder: r.arrival}
}
func (r *sumRef) Command(p int, tokens []string) []string {
	switch tokens[0] {
	case "ADD":
		a := protocol.NewArgs(tokens, 1, 1)
		x := a.Int(0)
		if a.Err() != "" {
			return []string{a.Err()}
		}
		r.total[p] += x
		return []string{"OK", strconv.FormatInt(r.total[p], 10)}
	case "TAKE": // the next ticket of a counter all seats share: answers depend on their order
		if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
			return []string{a.Err()}
		}
		r.tickets++
		r.total[p] += r.tickets
		return []string{"OK", strconv.FormatInt(r.tickets, 10)}
	case "TOTAL":
		if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
			return []string{a.Err()}
		}
		return []string{"OK", strconv.FormatInt(r.start[p], 10)}
	case "PANIC":
		panic("sum: PANIC")
	case "BIG": // an answer larger than a pipe's buffer: OK, then bigLines lines
		if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
			return []string{a.Err()}
		}
		lines := []string{"OK"}
		for range bigLines {
			lines = append(lines, strings.Repeat("x", 8000))
		}
		return lines
	}
	return []string{protocol.Failed(protocol.CodeUnknown)}
}
func (r *sumRef) EndTurn() {
	copy(r.start, r.total)
	r.events, r.refused = r.refused, nil
	r.turn++
}
func (r *sumRef) Leave(p int, s referee.Status, m string) { r.status[p], r.msg[p] = s, m }
func (r *sumRef) Result() []referee.Outcome {
	res := make([]referee.Outcome, len(r.total))
	for i := range res {
		res[i] = referee.Outcome{Score: float64(r.total[i]), Status: referee.StatusOK}
		if r.status[i] != "" {
			res[i].Status, res[i].Message = r.status[i], r.msg[i]
		}
	}
	referee.RankByScore(res)
	return res
}
