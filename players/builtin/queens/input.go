package queens

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Structure types, owners and unit types as the protocol numbers them.
const (
	noStructure = -1
	mine        = 0
	tower       = 1
	barracks    = 2

	nobody = -1
	me     = 0
	enemy  = 1

	queenType  = -1
	knightType = 0
	archerType = 1
	giantType  = 2
)

// creepCost is the price of a batch, by barracks type.
var creepCost = [3]int{knightType: 80, archerType: 100, giantType: 140}

// site is a building site: the fixed part from the initialisation lines and this
// turn's state.
type site struct {
	id, x, y, radius int
	gold, maxMine    int // −1 when unknown (out of sight)
	kind, owner      int
	param1, param2   int
}

// unit is a queen or a creep.
type unit struct {
	x, y, owner, kind, hp int
}

// turn is one turn's input.
type turn struct {
	gold, touched int
	sites         []site
	units         []unit
	queen, foe    unit // my queen and the enemy's
}

// maxRaw bounds how much input the reader keeps for seeding (the first turn fits).
const maxRaw = 4096

// reader parses the protocol; raw keeps the start of the input so that bots can seed
// their randomness from it.
type reader struct {
	r     *bufio.Reader
	sites []site
	raw   []byte
}

func newReader(in io.Reader) *reader { return &reader{r: bufio.NewReader(in)} }

// errDone reports the end of the input: the game is over.
var errDone = errors.New("end of input")

func (rd *reader) ints(n int) ([]int, error) {
	line, err := rd.r.ReadString('\n')
	if err != nil && (err != io.EOF || line == "") {
		if err == io.EOF {
			return nil, errDone
		}
		return nil, err
	}
	if len(rd.raw) < maxRaw {
		rd.raw = append(rd.raw, line...)
	}
	f := strings.Fields(line)
	if len(f) < n {
		return nil, fmt.Errorf("line %q: numbers: %d, want %d", strings.TrimSpace(line), len(f), n)
	}
	out := make([]int, n)
	for i := range out {
		if out[i], err = strconv.Atoi(f[i]); err != nil {
			return nil, fmt.Errorf("line %q: %q is not a whole number", strings.TrimSpace(line), f[i])
		}
	}
	return out, nil
}

// init reads the initialisation lines: the number of sites, then "id x y radius".
func (rd *reader) init() error {
	n, err := rd.ints(1)
	if err != nil {
		return err
	}
	rd.sites = make([]site, n[0])
	for range rd.sites {
		v, err := rd.ints(4)
		if err != nil {
			return err
		}
		if v[0] < 0 || v[0] >= len(rd.sites) {
			return fmt.Errorf("site id %d out of range", v[0])
		}
		rd.sites[v[0]] = site{id: v[0], x: v[1], y: v[2], radius: v[3]}
	}
	return nil
}

// turn reads one turn's input.
func (rd *reader) turn() (*turn, error) {
	head, err := rd.ints(2)
	if err != nil {
		return nil, err
	}
	t := &turn{gold: head[0], touched: head[1], sites: append([]site(nil), rd.sites...)}
	for range rd.sites {
		v, err := rd.ints(7)
		if err != nil {
			return nil, err
		}
		if v[0] < 0 || v[0] >= len(t.sites) {
			return nil, fmt.Errorf("site id %d out of range", v[0])
		}
		s := &t.sites[v[0]]
		s.gold, s.maxMine, s.kind, s.owner, s.param1, s.param2 = v[1], v[2], v[3], v[4], v[5], v[6]
	}
	n, err := rd.ints(1)
	if err != nil {
		return nil, err
	}
	t.units = make([]unit, n[0])
	for i := range t.units {
		v, err := rd.ints(5)
		if err != nil {
			return nil, err
		}
		u := unit{x: v[0], y: v[1], owner: v[2], kind: v[3], hp: v[4]}
		t.units[i] = u
		if u.kind == queenType {
			if u.owner == me {
				t.queen = u
			} else {
				t.foe = u
			}
		}
	}
	return t, nil
}

// play runs a bot: it reads the initialisation, then answers every turn with the two
// lines decide returns, flushing each time, until the input ends.
func play(in io.Reader, out io.Writer, decide func(rd *reader, t *turn) (string, string)) error {
	rd := newReader(in)
	w := bufio.NewWriter(out)
	if err := rd.init(); err != nil {
		if err == errDone {
			return nil
		}
		return fmt.Errorf("queens bot: initialisation: %w", err)
	}
	for {
		t, err := rd.turn()
		if err == errDone {
			return nil
		}
		if err != nil {
			return fmt.Errorf("queens bot: %w", err)
		}
		first, second := decide(rd, t)
		if _, err := fmt.Fprintf(w, "%s\n%s\n", first, second); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

func distSq(ax, ay, bx, by int) int { return (ax-bx)*(ax-bx) + (ay-by)*(ay-by) }
