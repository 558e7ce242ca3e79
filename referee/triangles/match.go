package triangles

import (
	"fmt"
	"time"

	"github.com/arena-games/arena/referee"
)

const (
	maxTurns     = 200
	firstTimeout = 1000 * time.Millisecond
	turnTimeout  = 50 * time.Millisecond
	domination   = 0.8
)

// match is one game in progress: the board plus the players' standing and the record of
// the last turn for the frame.
type match struct {
	b       *board
	turn    int // input turns completed (Play calls)
	scores  [2]int
	out     [2]bool // eliminated
	status  [2]referee.Status
	reason  [2]string
	asked   [2]bool // whether the player has had its first input (the map)
	endNow  bool    // someone was eliminated: this turn is the last
	over    bool
	frame   referee.Frame
	events  []string
	debug   debugPool
	message [2]string
	// inputBuf and drawBuf are kept from turn to turn: the input and the frame's texts
	// are written there, then copied out.
	inputBuf, drawBuf []byte
	drawRefs          []referee.TextPiece
	// unknownForAll plays version 2, whose message for any refused piece was "unknown command".
	unknownForAll bool
}

func newMatch(b *board) *match {
	m := &match{b: b}
	m.status = [2]referee.Status{referee.StatusOK, referee.StatusOK}
	// Initial resolution (§9.5): the original resolves once while building the board and
	// once more in its first frame, where only the scoring can still do anything, so
	// triangles owned from the start score twice.
	b.updateTriangles()
	b.resolve(&m.scores, &m.events)
	b.scoreTriangles(&m.scores)
	m.startTurn()
	m.frame = m.draw(nil)
	return m
}

func (m *match) Turn() int            { return m.turn }
func (m *match) Over() bool           { return m.over }
func (m *match) Frame() referee.Frame { return m.frame }
func (m *match) Result() []referee.Outcome {
	res := make([]referee.Outcome, 2)
	for p := range res {
		res[p] = referee.Outcome{Score: float64(m.scores[p]), Status: m.status[p], Message: m.reason[p]}
	}
	referee.RankByScore(res)
	return res
}

// startTurn runs the elimination checks at the start of a turn (§9.3). Both players are
// checked, the first one first, and an elimination sets the score to −1 at once, which the
// second player's checks and input already see.
func (m *match) startTurn() {
	total := len(m.b.triangles)
	for p := 0; p < 2; p++ {
		units, owned, oppOwned := m.b.totalUnits(p), m.b.ownedTriangles(p), m.b.ownedTriangles(1-p)
		switch {
		case units == 0 && owned == 0:
			m.eliminate(p, referee.StatusOK, "no units or triangles left")
		case units == 1 && owned == 0 && m.scores[p] < m.scores[1-p]:
			// Not in the statement, but the original does it (QUIRK §12.2).
			m.eliminate(p, referee.StatusOK, "one unit, no triangle and behind: can't score any more")
		case float64(oppOwned) >= domination*float64(total):
			m.eliminate(p, referee.StatusOK, fmt.Sprintf("the opponent owns %d of %d triangles (at least 80%%)", oppOwned, total))
		}
	}
	if m.out[0] && m.out[1] {
		m.over = true
	}
}

// eliminate deactivates a player with score −1; the game ends after the current turn.
func (m *match) eliminate(p int, status referee.Status, reason string) {
	if m.out[p] {
		return
	}
	m.out[p], m.endNow = true, true
	m.scores[p] = -1
	m.status[p], m.reason[p] = status, reason
	m.events = append(m.events, fmt.Sprintf("P%d eliminated: %s", p, reason))
}

func (m *match) Requests() []referee.Request {
	if m.over {
		return nil
	}
	var reqs []referee.Request
	common := m.b.turnFacts()
	for p := 0; p < 2; p++ {
		if m.out[p] {
			continue
		}
		timeout := turnTimeout
		if !m.asked[p] {
			timeout = firstTimeout
		}
		reqs = append(reqs, referee.Request{Player: p, Input: m.input(p, common), Lines: 1, Timeout: timeout})
	}
	return reqs
}

func (m *match) Play(answers []referee.Answer) {
	if m.over {
		return
	}
	m.events = nil
	var lines [2]lineOrders
	var answered [2]bool
	for _, a := range answers {
		p := a.Player
		if p < 0 || p > 1 || m.out[p] || answered[p] {
			continue
		}
		answered[p] = true
		m.asked[p] = true
		if a.Status != referee.StatusOK && a.Status != "" {
			msg := a.Message
			if msg == "" {
				msg = string(a.Status)
			}
			m.eliminate(p, a.Status, msg)
			continue
		}
		line := ""
		if len(a.Lines) > 0 {
			line = a.Lines[0]
		}
		lines[p] = parseLine(line, m.unknownForAll)
		if lines[p].critical != "" {
			m.eliminate(p, referee.StatusInvalid, lines[p].critical)
		}
	}
	for p := 0; p < 2; p++ {
		if !m.out[p] && !answered[p] {
			m.eliminate(p, referee.StatusCrash, "no answer")
		}
	}
	var tasks [2][]*task
	for p := 0; p < 2; p++ {
		m.message[p] = lines[p].message
		tasks[p] = m.b.buildTasks(p, lines[p].pieces, &m.events)
	}
	shapes := m.debug.shapes(lines)
	m.turn++
	if m.endNow || m.turn >= maxTurns {
		// The original stops right after reading the last turn's answers: nothing after
		// the first batch of actions is applied, and no resolution or scoring (§9.6).
		m.over = true
	} else {
		m.b.execute(tasks, &m.events)
		m.b.resolve(&m.scores, &m.events)
		m.startTurn()
	}
	m.frame = m.draw(shapes)
}
