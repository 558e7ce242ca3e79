package agrid

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

// Referee is one game of A-grid-culture. It implements referee.Session.
type Referee struct {
	p       params
	turn    int
	over    bool
	endNote string // why the game ended, for the last frame

	posts  []byte  // A×A, index y*A+x: '.', '#' or a team colour
	expiry []int   // for a marker: the turn at whose resolution it is removed
	crowd  []uint8 // workers standing on each post (positions change only at turn ends)

	teams     []*team
	countdown int // V: turns left before the premature end

	last lastTurn // what the previous resolution did (SHOW_HISTORY, LAST_SCORE, frame)

	world harvester // scratch space for harvests on the world
	test  harvester // scratch space for TEST_SCORE maps

	// leaveOutGrammarRefusals leaves the lines the session grammar refuses (Refused) out of
	// the refused commands, as version 4 did, to play a replay of version 4.
	leaveOutGrammarRefusals bool
}

// team is one seat.
type team struct {
	color   byte
	workers []*worker // by id−1
	score   float64   // raw total (before K)

	scores      []int // SCORE posts queued this turn, in issue order
	testUsed    bool  // TEST_SCORE allowance of this turn spent
	lastShowMap int   // turn of the last successful SHOW_MAP; −1 for none

	status  referee.Status
	message string

	// Commands refused this turn, for the frame's events: kept per team, since the teams'
	// lines arrive interleaved in any order and the frame must not depend on it.
	failures int
	refused  []string // the first maxFailureEvents, quoted, and any line over the limit
	// left says the team left the game this turn, for the frame's events: kept per team
	// too, since two teams leaving in one turn are seen to in any order.
	left string

	// statistics for the final frame
	harvests, largestArea, placed int
}

// worker is one worker bot with its queued actions for the current turn.
type worker struct {
	id      int
	post    int
	storage []int // foreign markers carried, per seat

	moving     bool
	dx, dy     int
	putting    bool
	putColor   byte
	destroying bool
}

// lastTurn is the report of the last resolution.
type lastTurn struct {
	destroyed []int       // posts whose marker a DESTROY removed
	placed    []placement // PUTs executed, renewals and foreign placements included
	scored    []int       // start posts of the harvests that were executed
	gains     []float64   // per seat: points gained
	harvested []harvestArea
	events    []string
}

type placement struct {
	post  int
	color byte
}

// harvestArea is one BLOB harvested in the last resolution, for the viewer.
type harvestArea struct {
	seat   int
	fields []int // torus field indices (field (i, j) has index j*A+i)
	q      int
	value  float64
}

func newReferee(p params, w world) *Referee {
	r := &Referee{
		p:         p,
		posts:     w.posts,
		expiry:    make([]int, len(w.posts)),
		crowd:     make([]uint8, len(w.posts)),
		countdown: p.Idle,
	}
	players := len(w.workers)
	for seat, posts := range w.workers {
		t := &team{color: teamColors[seat], lastShowMap: -1, status: referee.StatusOK}
		for i, post := range posts {
			t.workers = append(t.workers, &worker{id: i + 1, post: post, storage: make([]int, players)})
		}
		r.teams = append(r.teams, t)
	}
	r.last.gains = make([]float64, players)
	r.countCrowds()
	return r
}

// seatOf returns the seat whose colour is c, or −1.
func (r *Referee) seatOf(c byte) int {
	if c >= 'a' && int(c-'a') < len(r.teams) {
		return int(c - 'a')
	}
	return -1
}

// countCrowds recounts the workers per post after the workers moved.
func (r *Referee) countCrowds() {
	clear(r.crowd)
	for _, t := range r.teams {
		for _, w := range t.workers {
			if r.crowd[w.post] < 255 {
				r.crowd[w.post]++
			}
		}
	}
}

// isMarker reports whether a post content is a marker.
func isMarker(c byte) bool { return c != empty && c != hill }

// Turn is the current turn, from 0.
func (r *Referee) Turn() int { return r.turn }

// Over reports whether the season has ended.
func (r *Referee) Over() bool { return r.over }

// Leave makes a team idle: it keeps its score and its status is reported in the result.
func (r *Referee) Leave(player int, status referee.Status, message string) {
	if player < 0 || player >= len(r.teams) {
		return
	}
	t := r.teams[player]
	if t.status == referee.StatusOK {
		t.status, t.message = status, message
		t.left = fmt.Sprintf("%c left the game (%s: %s); its workers idle", t.color, status, message)
	}
}

// Result scores every team: raw total × K, ranked by score (ties share the better place).
func (r *Referee) Result() []referee.Outcome {
	out := make([]referee.Outcome, len(r.teams))
	for i, t := range r.teams {
		out[i] = referee.Outcome{Score: t.score * r.p.K, Status: t.status, Message: t.message}
		if out[i].Status == "" {
			out[i].Status = referee.StatusOK
		}
		if out[i].Status != referee.StatusOK && out[i].Message == "" {
			out[i].Message = string(out[i].Status)
		}
	}
	referee.RankByScore(out)
	return out
}
