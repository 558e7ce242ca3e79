package tournament

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/arena-games/arena/referee"
)

// numberGame is a small turn-based game for tournament tests: every turn each active player
// receives "seed S turn T" and answers a whole number; the highest total after `turns` turns
// wins. Seat 0 gets one bonus point per turn, a seat advantage that seat swapping must
// cancel. A player whose answer is missing, late or not a number is out with −1 point.
type numberGame struct {
	name       string
	maxPlayers int
	turns      int
}

var (
	duelGame = numberGame{name: "duel", maxPlayers: 2, turns: 3}
	raceGame = numberGame{name: "race", maxPlayers: 8, turns: 3}
)

func init() {
	referee.Register(duelGame)
	referee.Register(raceGame)
}

func (g numberGame) Info() referee.Info {
	return referee.Info{Name: g.name, Title: g.name, Summary: "highest total wins", Style: referee.StyleTurns,
		MinPlayers: 2, MaxPlayers: g.maxPlayers, Version: "1", Limits: "5 s first answer, 500 ms after"}
}

func (g numberGame) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckOptions(g.name, nil, cfg.Options); err != nil {
		return nil, err
	}
	if cfg.Players < 2 || cfg.Players > g.maxPlayers {
		return nil, fmt.Errorf("%s: %d players", g.name, cfg.Players)
	}
	return &numberRef{seed: cfg.Seed, turns: g.turns, out: make([]referee.Outcome, cfg.Players), done: make([]bool, cfg.Players)}, nil
}

type numberRef struct {
	seed        int64
	turn, turns int
	out         []referee.Outcome
	done        []bool
}

func (r *numberRef) Turn() int { return r.turn }
func (r *numberRef) Over() bool {
	for _, d := range r.done {
		if !d {
			return r.turn >= r.turns
		}
	}
	return true
}
func (r *numberRef) Frame() referee.Frame {
	scores := make([]float64, len(r.out))
	for i, o := range r.out {
		scores[i] = o.Score
	}
	return referee.Frame{Shapes: []referee.Shape{}, State: map[string]any{"scores": scores}}
}

func (r *numberRef) Requests() []referee.Request {
	var reqs []referee.Request
	// Generous limits: the tests share the machine with other work, and only the bot that
	// sleeps on purpose should time out.
	timeout := 500 * time.Millisecond
	if r.turn == 0 {
		timeout = 5 * time.Second
	}
	for p := range r.out {
		if !r.done[p] {
			reqs = append(reqs, referee.Request{Player: p, Input: fmt.Sprintf("seed %d turn %d\n", r.seed, r.turn), Lines: 1, Timeout: timeout})
		}
	}
	return reqs
}

func (r *numberRef) Play(answers []referee.Answer) {
	for _, a := range answers {
		o := &r.out[a.Player]
		if a.Status != referee.StatusOK {
			o.Status, o.Message, o.Score, r.done[a.Player] = a.Status, a.Message, -1, true
			continue
		}
		v, err := strconv.Atoi(strings.TrimSpace(a.Lines[0]))
		if err != nil {
			o.Status, o.Message, o.Score, r.done[a.Player] = referee.StatusInvalid, "not a number: "+a.Lines[0], -1, true
			continue
		}
		o.Score += float64(v)
		if a.Player == 0 {
			o.Score++
		}
	}
	r.turn++
}

func (r *numberRef) Result() []referee.Outcome {
	res := append([]referee.Outcome(nil), r.out...)
	for i := range res {
		if res[i].Status == "" {
			res[i].Status = referee.StatusOK
		}
	}
	referee.RankByScore(res)
	return res
}
