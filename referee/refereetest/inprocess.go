package refereetest

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// BotFunc has the shape of a built-in bot (players/builtin.Bot).
type BotFunc func(in io.Reader, out io.Writer) error

// PlayInProcess plays one game between bots running as goroutines, without time limits:
// the fast way for tests to pit built-in bots against each other (for example "greedy beats
// random in 90% of 50 games"). The real runner (package match) talks to subprocesses with
// the same protocol. It returns the referee once the game is over.
func PlayInProcess(g referee.Game, cfg referee.Config, bots []BotFunc) (referee.Referee, error) {
	return PlayInProcessWatched(g, cfg, bots, func(referee.Referee) {})
}

// PlayInProcessWatched is PlayInProcess that calls watch with the referee before the first
// turn and after each turn, to look at every frame of a game.
func PlayInProcessWatched(g referee.Game, cfg referee.Config, bots []BotFunc, watch func(referee.Referee)) (referee.Referee, error) {
	return playInProcess(g, cfg, bots, watch, func(int, int, int) bool { return false })
}

// PlayInProcessCut is PlayInProcess for the session games where a player's turn may end
// before it waits, as when its turn budget runs out: cut(turn, player, answered) is asked
// after each command line answered in a turn, and true ends that player's turn there. Its
// next lines belong to the next turn, and it gets no OK at the next turn's start, since
// it was not waiting; exactly what the real runner does to a bot that is late.
func PlayInProcessCut(g referee.Game, cfg referee.Config, bots []BotFunc, cut func(turn, player, answered int) bool) (referee.Referee, error) {
	return playInProcess(g, cfg, bots, func(referee.Referee) {}, cut)
}

func playInProcess(g referee.Game, cfg referee.Config, bots []BotFunc, watch func(referee.Referee), cut func(turn, player, answered int) bool) (referee.Referee, error) {
	ref, err := g.New(cfg)
	if err != nil {
		return nil, err
	}
	watch(ref)
	if len(bots) != cfg.Players {
		return nil, fmt.Errorf("%d bots for %d players", len(bots), cfg.Players)
	}
	type seat struct {
		toBot   *io.PipeWriter
		outR    *io.PipeReader
		fromBot *protocol.LineReader
		done    chan error
	}
	seats := make([]*seat, len(bots))
	for i, bot := range bots {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		s := &seat{toBot: inW, outR: outR, fromBot: protocol.NewLineReader(outR, 1<<20), done: make(chan error, 1)}
		go func(bot BotFunc) {
			err := bot(inR, outW)
			outW.CloseWithError(io.EOF)
			inR.Close()
			s.done <- err
		}(bot)
		seats[i] = s
	}
	defer func() {
		for _, s := range seats { // EOF for readers, an error for writers: no bot stays blocked
			s.toBot.Close()
			s.outR.Close()
		}
	}()
	left := make([]bool, len(bots))
	late := make([]bool, len(bots)) // turn cut before the player waited: no OK for the next one
	for turns := 0; !ref.Over(); turns++ {
		if turns > 100000 {
			return ref, fmt.Errorf("game not over after %d turns", turns)
		}
		switch r := ref.(type) {
		case referee.TurnBased:
			reqs := r.Requests()
			answers := make([]referee.Answer, len(reqs))
			for i, req := range reqs {
				s := seats[req.Player]
				a := referee.Answer{Player: req.Player, Status: referee.StatusOK}
				if _, err := io.WriteString(s.toBot, req.Input); err != nil {
					a.Status, a.Message = referee.StatusCrash, "stopped reading its input"
				}
				for len(a.Lines) < req.Lines && a.Status == referee.StatusOK {
					line, err := s.fromBot.ReadLine()
					if err != nil {
						a.Status, a.Message = referee.StatusCrash, fmt.Sprintf("output ended (%v)", botError(s.done, err))
						break
					}
					a.Lines = append(a.Lines, line)
				}
				answers[i] = a
			}
			r.Play(answers)
			watch(ref)
		case referee.Session:
			w := bufio.NewWriter(nil)
			for p, s := range seats {
				if left[p] {
					continue
				}
				team := referee.SessionTeam(r, p)
				w.Reset(s.toBot)
				late[p] = false
				for answered := 0; ; {
					line, err := s.fromBot.ReadLine()
					if err != nil && err != protocol.ErrLineTooLong {
						left[p] = true
						r.Leave(p, referee.StatusCrash, fmt.Sprintf("output ended (%v)", botError(s.done, err)))
						break
					}
					kind, resp := team.Handle(line, err == protocol.ErrLineTooLong, func(tokens []string) []string { return r.Command(p, tokens) })
					for _, l := range resp {
						w.WriteString(l + "\n")
					}
					if kind == protocol.LineWaits {
						w.WriteString(protocol.Waiting(0) + "\n")
					}
					if w.Flush() != nil {
						left[p] = true
						r.Leave(p, referee.StatusCrash, "stopped reading its input")
						break
					}
					if kind == protocol.LineWaits {
						break
					}
					if kind == protocol.LineAnswered {
						answered++
						if cut(ref.Turn(), p, answered) {
							late[p] = true
							break
						}
					}
				}
			}
			r.EndTurn()
			watch(ref)
			if ref.Over() {
				break
			}
			for p, s := range seats {
				if !left[p] && !late[p] {
					if _, err := io.WriteString(s.toBot, protocol.OK+"\n"); err != nil {
						left[p] = true
						r.Leave(p, referee.StatusCrash, "stopped reading its input")
					}
				}
			}
		default:
			return ref, fmt.Errorf("referee %T implements neither TurnBased nor Session", ref)
		}
	}
	return ref, nil
}

func botError(done chan error, readErr error) string {
	select {
	case err := <-done:
		if err != nil {
			return strings.TrimSpace(err.Error())
		}
		return "bot returned"
	default:
		return readErr.Error()
	}
}
