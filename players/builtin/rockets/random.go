package rockets

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/arena-games/arena/players/builtin"
)

// Random drives every free car along a random road from where it stands, and does nothing
// else: it earns from the cycles it happens to close and pays for the fuel. It reads CARS
// and ROADS_STATUS on every turn and stays within the command limit L: the turn ends where
// its commands run out (at L = 1 and 2 the reads take them all: it never drives).
func Random(in io.Reader, out io.Writer) error {
	c := newClient(in, out)
	for {
		if err := playRandom(c); !errors.Is(err, errNewGame) {
			return quiet(err)
		}
	}
}

// playRandom plays one game of the session.
func playRandom(c *client) error {
	w, err := c.describe()
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(w.seed, 7))
	var clock builtin.Countdown
	for turn := 0; ; turn++ {
		err := randomTurn(c, rng, turn, &clock)
		switch {
		case err == nil || errors.As(err, new(*failure)):
			err = c.wait()
		case errors.Is(err, errTurnOver):
			err = nil
		}
		if err != nil {
			return err
		}
	}
}

// randomTurn plays one turn; clock is TIME_TO_END as last read, which tells the next game.
// It is read when due only (see builtin.Countdown): it costs one of the turn's L commands.
func randomTurn(c *client, rng *rand.Rand, turn int, clock *builtin.Countdown) error {
	if !c.room(1) {
		return nil
	}
	if clock.Due(turn) {
		if err := c.sameGame(clock, turn); err != nil {
			return err
		}
		if !c.room(1) {
			return nil
		}
	}
	cars, err := c.cars()
	if err != nil {
		return err
	}
	if !c.room(1) {
		return nil
	}
	roads, err := c.roads()
	if err != nil {
		return err
	}
	for _, car := range cars {
		if car.busy > 0 || !c.room(1) {
			continue
		}
		var next []int
		for _, r := range roads {
			switch car.city {
			case r.a:
				next = append(next, r.b)
			case r.b:
				next = append(next, r.a)
			}
		}
		if len(next) == 0 {
			continue
		}
		err := c.send(fmt.Sprintf("MOVE %d %d", car.id, next[rng.IntN(len(next))]))
		if err != nil && !errors.As(err, new(*failure)) {
			return err
		}
	}
	return nil
}
