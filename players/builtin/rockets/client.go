package rockets

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"

	"github.com/arena-games/arena/players/builtin"
)

// errTurnOver means the turn ended under the bot (forced waiting): start the next turn.
var errTurnOver = protocol.ErrForcedWait

// failure is a FAILED answer other than forced waiting.
type failure = protocol.Refused

// client speaks the Deadline24 session protocol as a contest client does (protocol.Client),
// with the data shapes of the rockets commands.
type client struct{ *protocol.Client }

func newClient(in io.Reader, out io.Writer) *client {
	c := &client{protocol.NewClient(in, out, 1<<20)}
	c.Limit = 1 << 30 // until DESCRIBE_WORLD tells L
	return c
}

// room reports whether n more commands fit in this turn's limit.
func (c *client) room(n int) bool { return c.Left() >= n }

// send sends one command and reads its status line: nil for OK, a *failure, or
// errTurnOver once a forced wait has been read through to the next turn.
func (c *client) send(command string) error { return c.Command(command) }

// query sends a command whose data starts with a count line followed by that many lines.
func (c *client) query(command string) ([][]string, error) {
	if err := c.send(command); err != nil {
		return nil, err
	}
	first, err := c.ReadLine()
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(first)
	if err != nil {
		return nil, fmt.Errorf("%s: count %q: %w", command, first, err)
	}
	lines, err := c.Lines(n)
	if err != nil {
		return nil, err
	}
	rows := make([][]string, n)
	for i, line := range lines {
		rows[i] = strings.Fields(line)
	}
	return rows, nil
}

// line sends a command with exactly one data line.
func (c *client) line(command string) ([]string, error) {
	if err := c.send(command); err != nil {
		return nil, err
	}
	l, err := c.ReadLine()
	return strings.Fields(l), err
}

// wait ends the bot's turn: OK, WAITING x, then OK when the next turn starts. io.EOF means
// the game is over.
func (c *client) wait() error { return c.Wait() }

// world is what DESCRIBE_WORLD and HOME tell a team at the start.
type world struct {
	cities     int
	sr, sf     int64
	sue, sut   int64
	nmax, umax int64
	fuelPrice  int64
	revenue    float64
	limit      int
	homes      []int
	home       int
	cash       int64  // the team's cash as HOME first told it
	seed       uint64 // hash of what was read: the bot's randomness
	described  string // the DESCRIBE_WORLD lines seed is made from
}

// describe learns the world: DESCRIBE_WORLD, then HOME. A refusal or the command limit
// (L may be 1: HOME then waits for the next turn) leaves the rest for the next turn, so a
// bot never leaves the game over it.
func (c *client) describe() (*world, error) {
	var w *world
	for {
		var err error
		if !c.room(1) {
			err = errNoRoom // the next game noticed at the turn's last command, say
		} else if w == nil {
			w, err = c.describeWorld()
		}
		if err == nil && !c.room(1) {
			err = errNoRoom
		}
		if err == nil {
			if err = c.home(w); err == nil {
				return w, nil
			}
		}
		switch {
		case errors.As(err, new(*failure)), errors.Is(err, errNoRoom):
			err = c.wait()
		case errors.Is(err, errTurnOver):
			err = nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// errNoRoom: the turn's L commands are used up.
var errNoRoom = errors.New("no command left this turn")

// describeWorld reads DESCRIBE_WORLD.
func (c *client) describeWorld() (*world, error) {
	if err := c.send("DESCRIBE_WORLD"); err != nil {
		return nil, err
	}
	var lines [3]string
	for i := range lines {
		l, err := c.ReadLine()
		if err != nil {
			return nil, err
		}
		lines[i] = l
	}
	f := strings.Fields(lines[0])
	if len(f) < 16 {
		return nil, fmt.Errorf("DESCRIBE_WORLD: %q", lines[0])
	}
	ints := make([]int64, 15)
	for i := range ints {
		if i == 8 || i == 14 { // R and K are reals
			continue
		}
		ints[i], _ = strconv.ParseInt(f[i], 10, 64)
	}
	w := &world{cities: int(ints[0]), sr: ints[1], sf: ints[2], sue: ints[3], sut: ints[4], nmax: ints[5], umax: ints[6], fuelPrice: ints[7], limit: int(ints[13])}
	w.revenue, _ = strconv.ParseFloat(f[8], 64)
	for _, h := range strings.Fields(lines[2]) {
		id, _ := strconv.Atoi(h)
		w.homes = append(w.homes, id)
	}
	w.described = lines[0] + "|" + lines[2]
	c.Limit = w.limit
	return w, nil
}

// home reads the team's home city (HOME) and seeds the bot's randomness.
func (c *client) home(w *world) error {
	home, err := c.line("HOME")
	if err != nil {
		return err
	}
	w.home, _ = strconv.Atoi(home[0])
	if len(home) > 1 {
		w.cash, _ = strconv.ParseInt(home[1], 10, 64)
	}
	w.seed = fnv(w.described + "|" + home[0])
	return nil
}

func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// carState is one line of CARS.
type carState struct {
	id, city, fuel int
	fast, big      bool
	roads, busy    int
	cash           int64
}

func (c *client) cars() ([]carState, error) {
	rows, err := c.query("CARS")
	if err != nil {
		return nil, err
	}
	out := make([]carState, 0, len(rows))
	for _, f := range rows {
		if len(f) < 9 {
			return nil, fmt.Errorf("CARS line %q", f)
		}
		var cs carState
		cs.id, _ = strconv.Atoi(f[0])
		cs.city, _ = strconv.Atoi(f[1])
		cs.fuel, _ = strconv.Atoi(f[2])
		cs.fast, cs.big = f[3] == "FAST", f[4] == "BIG"
		cs.roads, _ = strconv.Atoi(f[6])
		cs.busy, _ = strconv.Atoi(f[7])
		cs.cash, _ = strconv.ParseInt(f[8], 10, 64)
		out = append(out, cs)
	}
	return out, nil
}

// roadState is one line of ROADS_STATUS.
type roadState struct{ a, b, bonus, cost int }

func (c *client) roads() ([]roadState, error) {
	rows, err := c.query("ROADS_STATUS")
	if err != nil {
		return nil, err
	}
	out := make([]roadState, 0, len(rows))
	for _, f := range rows {
		if len(f) < 4 {
			return nil, fmt.Errorf("ROADS_STATUS line %q", f)
		}
		var r roadState
		r.a, _ = strconv.Atoi(f[0])
		r.b, _ = strconv.Atoi(f[1])
		r.bonus, _ = strconv.Atoi(f[2])
		r.cost, _ = strconv.Atoi(f[3])
		out = append(out, r)
	}
	return out, nil
}

// siteState is one line of ROCKET_INFO.
type siteState struct {
	city            int
	own, total      int64
	launched, owned bool
}

func (c *client) sites() ([]siteState, error) {
	rows, err := c.query("ROCKET_INFO")
	if err != nil {
		return nil, err
	}
	out := make([]siteState, 0, len(rows))
	for _, f := range rows {
		if len(f) < 14 {
			return nil, fmt.Errorf("ROCKET_INFO line %q", f)
		}
		var s siteState
		s.city, _ = strconv.Atoi(f[0])
		s.own, _ = strconv.ParseInt(f[2], 10, 64)
		s.total, _ = strconv.ParseInt(f[3], 10, 64)
		s.launched, s.owned = f[4] == "Y", f[5] == "Y"
		out = append(out, s)
	}
	return out, nil
}

// cash reads the team's home cash (HOME).
func (c *client) cash() (int64, error) {
	f, err := c.line("HOME")
	if err != nil {
		return 0, err
	}
	if len(f) < 2 {
		return 0, fmt.Errorf("HOME line %q", f)
	}
	return strconv.ParseInt(f[1], 10, 64)
}

// turnsLeft reads TIME_TO_END's E.
func (c *client) turnsLeft() (int, error) {
	f, err := c.line("TIME_TO_END")
	if err != nil {
		return 0, err
	}
	if len(f) < 2 {
		return 0, fmt.Errorf("TIME_TO_END line %q", f)
	}
	return strconv.Atoi(f[1])
}

// errNewGame: TIME_TO_END did not count down as a game does, so the session's next game
// has begun (arena serve --games N), which nothing else announces: its world is another.
var errNewGame = errors.New("the next game has begun")

// sameGame reads TIME_TO_END on the bot's turn number turn, and returns errNewGame when the
// count shows the next game. Within a game it goes down by at least the turns since the
// last reading (by more when the bot missed turns); any less is a count that started
// again, whatever the games' length: a game of one turn says 0 on every turn, and a
// game of ten read every tenth turn says 9 on each reading.
func (c *client) sameGame(cd *builtin.Countdown, turn int) error {
	n, err := c.turnsLeft()
	if err != nil {
		return err
	}
	if cd.NewGame(n, turn) {
		return errNewGame
	}
	cd.Set(n, n, turn)
	return nil
}

// gameOver reports whether err just means the game ended (EOF on the input).
func gameOver(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrClosedPipe)
}
