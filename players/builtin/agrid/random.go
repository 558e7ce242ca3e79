package agrid

import (
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/arena-games/arena/players/builtin"
)

// Random walks its workers at random, puts its own markers on about half of the posts it
// visits and now and then harvests from one of them. It is the baseline every other bot
// must beat.
//
// It stays within the command limit L: TIME_TO_END is read when due (see builtin.Countdown) or when
// commands are to spare, its workers are listed on every turn, and the turn ends where its
// commands run out (at L = 1 listing the workers takes them all: it never acts).
func Random(in io.Reader, out io.Writer) error {
	var (
		p      params
		hills  []byte
		rng    *rand.Rand
		placed []int             // posts where it put markers, in order
		clock  builtin.Countdown // TIME_TO_END as last read
		now    = -1              // its own count of its turns
	)
	return play(in, out, func(c *client) error {
		now++
		if clock.Due(now) || c.Limit > 0 && c.left() > 2*4+1 {
			u, v, err := timeToEnd(c)
			if err != nil {
				return err
			}
			if clock.NewGame(u, now) { // the next game of the session: see builtin.Countdown
				p, hills, rng, placed = params{}, nil, nil, nil
			}
			clock.Set(u, v, now)
		}
		if !p.parsed {
			if c.left() < 1 {
				return nil
			}
			data, err := c.call("DESCRIBE_WORLD", 1, false)
			if err != nil {
				return err
			}
			if p, err = parseParams(data[0]); err != nil {
				return err
			}
			c.Limit = p.L
		}
		if hills == nil {
			if c.left() < 1 {
				return nil
			}
			k := newKnowledge(p.A)
			data, err := c.call("SHOW_MAP", 1+2*p.A, false)
			if err != nil {
				return err
			}
			if err := k.showMap(data, 0); err != nil {
				return err
			}
			hills = k.board
		}
		if c.left() < 1 {
			return nil
		}
		data, err := c.call("LIST_MY_WORKERS", 1, true)
		if err != nil {
			return err
		}
		workers, err := parseMyWorkers(data, p.A)
		if err != nil {
			return err
		}
		if rng == nil {
			rng = rand.New(rand.NewPCG(c.seen.Sum64(), 1))
		}
		for _, w := range workers {
			if hills[w.post] != '#' && rng.IntN(2) == 0 {
				if c.left() < 1 {
					return nil
				}
				_, err := c.call(fmt.Sprintf("PUT %d %c", w.id, p.color), 0, false)
				if err = ignoreFailure(err); err != nil {
					return err
				}
				placed = append(placed, w.post)
			}
			var options [][2]int
			for _, s := range unitSteps {
				if p.B == 1 || hills[step(p.A, w.post, s[0], s[1])] != '#' {
					options = append(options, s)
				}
			}
			if len(options) > 0 {
				s := options[rng.IntN(len(options))]
				if c.left() < 1 {
					return nil
				}
				if err := ignoreFailure(callErr(c, fmt.Sprintf("MOVE %d %d %d", w.id, s[0], s[1]))); err != nil {
					return err
				}
			}
		}
		if len(placed) > 0 && rng.IntN(10) == 0 && c.left() > 0 {
			post := placed[rng.IntN(len(placed))]
			if err := ignoreFailure(callErr(c, fmt.Sprintf("SCORE %d %d", post%p.A, post/p.A))); err != nil {
				return err
			}
		}
		if len(placed) > 1000 {
			placed = placed[len(placed)-1000:]
		}
		return nil
	})
}

// callErr sends a command without data and returns only its error.
func callErr(c *client, command string) error {
	_, err := c.call(command, 0, false)
	return err
}

// ignoreFailure drops a FAILED answer: a bot that tries an illegal action just goes on.
func ignoreFailure(err error) error {
	if failCode(err) != 0 {
		return nil
	}
	return err
}
