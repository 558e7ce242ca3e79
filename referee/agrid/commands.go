package agrid

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"
)

// Game error codes and their exact messages (seed §6.8, spec §9).
const (
	errShowMapLimit   = 100
	errWorkerID       = 101
	errMoveScheduled  = 102
	errMoveOffset     = 103
	errCannotMove     = 104
	errPutScheduled   = 105
	errCannotPut      = 106
	errColor          = 107
	errPutCrowd       = 108
	errNotCarried     = 109
	errDestroySched   = 110
	errCannotDestroy  = 111
	errDestroyCrowd   = 112
	errPosition       = 113
	errTestScoreLimit = 114
	errTestSize       = 115
	errTestMap        = 116
)

var messages = map[int]string{
	errShowMapLimit:   "show map command limit reached",
	errWorkerID:       "invalid worker id",
	errMoveScheduled:  "worker already has move scheduled",
	errMoveOffset:     "invalid move offset",
	errCannotMove:     "cannot move here",
	errPutScheduled:   "worker already has put scheduled",
	errCannotPut:      "cannot put here",
	errColor:          "invalid color",
	errPutCrowd:       "cannot put in crowd",
	errNotCarried:     "worker does not carry specified marker",
	errDestroySched:   "worker already has destroy scheduled",
	errCannotDestroy:  "cannot destroy here",
	errDestroyCrowd:   "cannot destroy in crowd",
	errPosition:       "invalid position",
	errTestScoreLimit: "test score command limit reached",
	errTestSize:       "invalid test map size",
	errTestMap:        "invalid test map description",
	errNoMarker:       "no marker at specified position",
	errTooLarge:       "too large territory",
}

// failure renders the FAILED line of a game error.
func failure(code int) []string {
	return []string{protocol.Failure(code, messages[code])}
}

// accepted is the answer of a queued action: OK with no data. A fresh slice each time, so
// that no caller can change another's answer.
func accepted() []string { return []string{protocol.OK} }

// maxFailureEvents bounds the refused commands a frame lists per team and turn.
const maxFailureEvents = 5

// Command executes one command line of a team (spec §8). Every answer depends only on the
// start-of-turn state and the team's own queued actions. A refused command is listed in
// the next frame's events (the first maxFailureEvents of a team per turn, then a count),
// as bestow and rockets list theirs: what a bot author looks for in the viewer.
func (r *Referee) Command(player int, tokens []string) []string {
	answer := r.execute(player, tokens)
	if strings.HasPrefix(answer[0], "FAILED") && player >= 0 && player < len(r.teams) {
		r.teams[player].refuse(protocol.Quote(strings.Join(tokens, " "), 80), answer[0])
	}
	return answer
}

// Refused lists a line the session grammar answered FAILED itself (over the command limit,
// too long, WAIT with arguments) with the refused commands (referee.RefusalRecorder).
func (r *Referee) Refused(player int, line string, tooLong bool, answer string) {
	if !r.leaveOutGrammarRefusals && player >= 0 && player < len(r.teams) {
		r.teams[player].refuse(protocol.QuoteLine(line, tooLong, 80), answer)
	}
}

// refuse counts a refused command, quoted, for the next frame's events: the first
// maxFailureEvents of the team, and always the line that met the command limit (why the
// team's turn ended); the frame says how many more.
func (t *team) refuse(quoted, answer string) {
	if t.failures++; t.failures <= maxFailureEvents || answer == protocol.LimitReached {
		t.refused = append(t.refused, fmt.Sprintf("%c: %s → %s", t.color, quoted, answer))
	}
}

func (r *Referee) execute(player int, tokens []string) []string {
	if player < 0 || player >= len(r.teams) || len(tokens) == 0 {
		return []string{protocol.Failed(protocol.CodeInternal)}
	}
	t := r.teams[player]
	switch tokens[0] {
	case "DESCRIBE_WORLD":
		return r.noArgs(tokens, func() []string { return r.describeWorld(t) })
	case "TIME_TO_END":
		return r.noArgs(tokens, r.timeToEnd)
	case "LIST_MY_WORKERS":
		return r.noArgs(tokens, func() []string { return r.listMyWorkers(t) })
	case "LIST_ENEMY_WORKERS":
		return r.noArgs(tokens, func() []string { return r.listEnemyWorkers(player) })
	case "SHOW_MAP":
		return r.noArgs(tokens, func() []string { return r.showMap(t) })
	case "SHOW_HISTORY":
		return r.noArgs(tokens, r.showHistory)
	case "LAST_SCORE":
		return r.noArgs(tokens, func() []string { return []string{protocol.OK, r.lastScore()} })
	case "TEST_SCORE":
		return r.testScore(t, tokens)
	case "MOVE":
		return r.move(t, tokens)
	case "DESTROY":
		return r.destroy(t, tokens)
	case "PUT":
		return r.put(t, tokens)
	case "SCORE":
		return r.score(t, tokens)
	}
	return []string{protocol.Failed(protocol.CodeUnknown)}
}

func (r *Referee) noArgs(tokens []string, run func() []string) []string {
	if a := protocol.NewArgs(tokens, 0, 0); a.Err() != "" {
		return []string{a.Err()}
	}
	return run()
}

func (r *Referee) describeWorld(t *team) []string {
	p := r.p
	f := formatReal
	fields := []string{
		strconv.Itoa(p.A), strconv.Itoa(p.B), string(t.color), f(p.D), strconv.Itoa(p.E), strconv.Itoa(p.F),
		strconv.Itoa(p.G), strconv.Itoa(p.H), f(p.Z), f(p.W), f(p.T), f(p.Sw), f(p.Sh), f(p.Ss), f(p.N), f(p.M),
		strconv.Itoa(p.I), strconv.Itoa(p.L), f(p.K),
	}
	return []string{protocol.OK, strings.Join(fields, " ")}
}

func (r *Referee) timeToEnd() []string {
	return []string{protocol.OK, strconv.Itoa(r.p.Turns-1-r.turn) + " " + strconv.Itoa(r.countdown)}
}

func (r *Referee) listMyWorkers(t *team) []string {
	out := []string{protocol.OK, strconv.Itoa(len(t.workers))}
	for _, w := range t.workers {
		var b strings.Builder
		b.WriteString(strconv.Itoa(w.id) + " " + r.xy(w.post))
		colours := 0
		for _, k := range w.storage {
			if k > 0 {
				colours++
			}
		}
		b.WriteString(" " + strconv.Itoa(colours))
		for seat, k := range w.storage { // seat order is ASCII order of the colours
			if k > 0 {
				b.WriteString(" " + string(teamColors[seat]) + " " + strconv.Itoa(k))
			}
		}
		out = append(out, b.String())
	}
	return out
}

func (r *Referee) listEnemyWorkers(player int) []string {
	var lines []string
	for seat, t := range r.teams {
		if seat == player {
			continue
		}
		for _, w := range t.workers {
			lines = append(lines, string(t.color)+" "+r.xy(w.post))
		}
	}
	return append([]string{protocol.OK, strconv.Itoa(len(lines))}, lines...)
}

// showMap prints the start-of-turn map and the markers' remaining turns (spec §8).
func (r *Referee) showMap(t *team) []string {
	if t.lastShowMap >= 0 && r.turn < t.lastShowMap+r.p.E {
		return failure(errShowMapLimit)
	}
	t.lastShowMap = r.turn
	a := r.p.A
	out := make([]string, 0, 2+2*a)
	out = append(out, protocol.OK, strconv.Itoa(a))
	for y := 0; y < a; y++ {
		out = append(out, string(r.posts[y*a:(y+1)*a]))
	}
	var b strings.Builder
	for y := 0; y < a; y++ {
		b.Reset()
		for x := 0; x < a; x++ {
			if x > 0 {
				b.WriteByte(' ')
			}
			i := y*a + x
			if isMarker(r.posts[i]) {
				b.WriteString(strconv.Itoa(r.expiry[i] - r.turn))
			} else {
				b.WriteByte('-')
			}
		}
		out = append(out, b.String())
	}
	return out
}

// showHistory prints the previous resolution's destroyed markers, placed markers and
// executed harvests.
func (r *Referee) showHistory() []string {
	var d, p, s strings.Builder
	d.WriteString(strconv.Itoa(len(r.last.destroyed)))
	for _, post := range r.last.destroyed {
		d.WriteString(" " + r.xy(post))
	}
	p.WriteString(strconv.Itoa(len(r.last.placed)))
	for _, pl := range r.last.placed {
		p.WriteString(" " + r.xy(pl.post) + " " + string(pl.color))
	}
	s.WriteString(strconv.Itoa(len(r.last.scored)))
	for _, post := range r.last.scored {
		s.WriteString(" " + r.xy(post))
	}
	return []string{protocol.OK, d.String(), p.String(), s.String()}
}

// lastScore is the LAST_SCORE data line: the colours that gained points in the previous
// resolution, in ASCII order, with their gains.
func (r *Referee) lastScore() string {
	var gains []colorGain
	for seat, g := range r.last.gains {
		gains = append(gains, colorGain{teamColors[seat], g})
	}
	return formatGains(gains)
}

type colorGain struct {
	color byte
	value float64
}

// formatGains renders "S_last C_1 S_1 …" keeping only positive gains, sorted by colour.
func formatGains(gains []colorGain) string {
	kept := gains[:0:0]
	for _, g := range gains {
		if g.value > 0 {
			kept = append(kept, g)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].color < kept[j].color })
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(kept)))
	for _, g := range kept {
		b.WriteString(" " + string(g.color) + " " + formatReal(g.value))
	}
	return b.String()
}

// xy prints a post as "X Y".
func (r *Referee) xy(post int) string {
	return strconv.Itoa(post%r.p.A) + " " + strconv.Itoa(post/r.p.A)
}
