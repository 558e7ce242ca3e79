// Package bestow holds the built-in bots of B.E.S.T.O.W.: random (legal random moves) and
// greedy (dense own-space building toward a solid cube, multiplier colours in the shared
// space). Both speak the Deadline24 session protocol on stdin/stdout, like a contest client.
package bestow

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"strconv"

	"github.com/arena-games/arena/players/builtin"
)

func init() {
	builtin.Register("bestow", "random", func(in io.Reader, out io.Writer) error {
		return run(in, out, func() player { return &randomPlayer{} })
	})
	builtin.Register("bestow", "greedy", func(in io.Reader, out io.Writer) error {
		return run(in, out, func() player { return &greedyPlayer{} })
	})
}

// player is a strategy: it plays one active turn. It may run out of budget (errBudget) or
// be forced to wait (errForcedWait); both simply end the turn. A strategy may keep what it
// learns during a game: each game gets a new one.
type player interface {
	play(b *bot, info matchInfo) error
}

// bot is what every strategy knows: the world, the pieces, its own space (tracked from
// its own successful placements) and a random source seeded from what it has read.
type bot struct {
	c        *client
	strategy player
	fresh    func() player // a strategy for a new game
	w        world
	known    bool
	pieces   []piece // index id−1
	own      []bool  // index (z·B_o + y)·B_o + x
	seen     uint64  // hash of the input read so far, seeds rng
	rng      *rand.Rand

	// held is the piece bought last (0: none) and where it was placed: it stays usable in
	// later turns until another piece is bought.
	held                int
	heldOwn, heldShared bool

	orients map[int][]orientation // by piece id
	projs   map[int][]projection

	// playing: an effort has moved in this game. Efforts only grow, so both back at 0
	// after that is the next game of the session (arena serve --games N), which nothing
	// else announces.
	playing bool
}

// orientationsOf caches the distinct rotations of a piece.
func (b *bot) orientationsOf(pc piece) []orientation {
	if b.orients == nil {
		b.orients = map[int][]orientation{}
	}
	if o, ok := b.orients[pc.id]; ok {
		return o
	}
	o := orientations(pc.cubes)
	b.orients[pc.id] = o
	return o
}

// projectionsOf caches the distinct coloured projections of a piece.
func (b *bot) projectionsOf(pc piece) []projection {
	if b.projs == nil {
		b.projs = map[int][]projection{}
	}
	if p, ok := b.projs[pc.id]; ok {
		return p
	}
	p := projections(pc)
	b.projs[pc.id] = p
	return p
}

// run plays the session's games: every turn it refreshes what it needs, lets the strategy
// play when active, then waits. EOF on the input is the end of the last game.
func run(in io.Reader, out io.Writer, fresh func() player) error {
	b := &bot{c: newClient(in, out), strategy: fresh(), fresh: fresh}
	for {
		err := b.turn()
		if errors.Is(err, errForcedWait) {
			continue
		}
		if err == nil || errors.Is(err, errBudget) {
			err = b.c.wait()
		}
		var f *failure
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &f):
			// a refused command ends the turn; the game goes on
			if err := b.c.wait(); err != nil {
				if errors.Is(err, io.EOF) {
					return nil
				}
				return err
			}
		case err != nil:
			return err
		}
	}
}

func (b *bot) turn() error {
	if !b.known {
		data, err := b.c.call("DESCRIBE_WORLD", 1)
		if err != nil {
			return err
		}
		if b.w, err = parseWorld(data[0]); err != nil {
			return err
		}
		b.known = true
		b.c.Limit = b.w.L
		b.own = make([]bool, b.w.Bo*b.w.Bo*b.w.Bo)
		b.mix(data[0])
	}
	if b.pieces == nil {
		if err := b.loadPieces(); err != nil {
			return err
		}
	}
	info, err := b.matchInfo()
	if err != nil {
		return err
	}
	if b.playing && info.me.effort == 0 && info.opp.effort == 0 {
		// The next game: its world, pieces and spaces are new, and so are its limits.
		*b = bot{c: b.c, strategy: b.fresh(), fresh: b.fresh}
		return b.turn()
	}
	b.playing = info.me.effort != 0 || info.opp.effort != 0
	if b.rng == nil {
		b.mix(info.active)
		b.rng = rand.New(rand.NewPCG(b.seen, 1))
	}
	if info.active != "Me" {
		return nil
	}
	return b.strategy.play(b, info)
}

// mix folds input into the hash that seeds the bot's randomness.
func (b *bot) mix(s string) {
	h := fnv.New64a()
	h.Write([]byte(strconv.FormatUint(b.seen, 16)))
	h.Write([]byte(s))
	b.seen = h.Sum64()
}

func (b *bot) loadPieces() error {
	data, err := b.c.call("GET_ALL_PIECES", 1)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(data[0])
	if err != nil {
		return fmt.Errorf("GET_ALL_PIECES count %q: %w", data[0], err)
	}
	pieces := make([]piece, n)
	for i := range pieces {
		line, err := b.c.read()
		if err != nil {
			return err
		}
		if pieces[i], err = parsePiece(line); err != nil {
			return err
		}
		b.mix(line)
	}
	b.pieces = pieces
	return nil
}

func (b *bot) matchInfo() (matchInfo, error) {
	data, err := b.c.call("GET_MATCH_INFO", 3)
	if err != nil {
		return matchInfo{}, err
	}
	var info matchInfo
	if info.me, err = parseSide(data[0], b.w.C); err != nil {
		return info, err
	}
	if info.opp, err = parseSide(data[1], b.w.C); err != nil {
		return info, err
	}
	info.active = data[2]
	return info, nil
}

// inRange lists the ids of the pieces this player may buy.
func (b *bot) inRange() ([]int, error) {
	data, err := b.c.call("GET_PIECES_IN_RANGE", 1)
	if err != nil {
		return nil, err
	}
	nums, err := ints(data[0])
	if err != nil || len(nums) == 0 || len(nums) != nums[0]+1 {
		return nil, fmt.Errorf("GET_PIECES_IN_RANGE %q", data[0])
	}
	return nums[1:], nil
}

// sharedSpace reads the shared space (colours, index y·B_s + x).
func (b *bot) sharedSpace() ([]int, error) {
	bs := b.w.Bs
	data, err := b.c.call("GET_SHARED_SPACE", 1+bs)
	if err != nil {
		return nil, err
	}
	grid := make([]int, 0, bs*bs)
	for _, l := range data[1:] {
		row, err := ints(l)
		if err != nil || len(row) != bs {
			return nil, fmt.Errorf("GET_SHARED_SPACE row %q", l)
		}
		grid = append(grid, row...)
	}
	return grid, nil
}

func (b *bot) ownIndex(v vec3) int { return (v.z*b.w.Bo+v.y)*b.w.Bo + v.x }

// buy buys the piece at 1-based position pos of the range, whose id is id.
func (b *bot) buy(pos, id int) error {
	if _, err := b.c.call(fmt.Sprintf("BUY_PIECE %d", pos), 0); err != nil {
		return err
	}
	b.held, b.heldOwn, b.heldShared = id, false, false
	return nil
}

// placeOwn places the held piece and records its cells on success.
func (b *bot) placeOwn(o orientation, at vec3) error {
	if _, err := b.c.call(fmt.Sprintf("PLACE_OWN_PIECE %d %d %d %d %d %d", at.x, at.y, at.z, o.rx, o.ry, o.rz), 0); err != nil {
		return err
	}
	for _, c := range o.cells {
		b.own[b.ownIndex(c.add(at))] = true
	}
	b.heldOwn = true
	return nil
}

// placeShared places the held piece's projection and paints the local copy on success.
func (b *bot) placeShared(shared []int, p projection, x, y int) error {
	if _, err := b.c.call(fmt.Sprintf("PLACE_SHARED_PIECE %d %d %d %d %d", x, y, p.rx, p.ry, p.rz), 0); err != nil {
		return err
	}
	for _, s := range p.squares {
		shared[(s.y+y)*b.w.Bs+s.x+x] = s.colour
	}
	b.heldShared = true
	return nil
}

// fitsOwn reports whether an orientation fits at a position of the own space.
func (b *bot) fitsOwn(o orientation, at vec3) bool {
	bo := b.w.Bo
	for _, c := range o.cells {
		v := c.add(at)
		if v.x < 0 || v.y < 0 || v.z < 0 || v.x >= bo || v.y >= bo || v.z >= bo || b.own[b.ownIndex(v)] {
			return false
		}
	}
	return true
}

// fitsShared reports whether a projection fits at (x, y) of the shared space.
func (b *bot) fitsShared(shared []int, p projection, x, y int) bool {
	bs := b.w.Bs
	for _, s := range p.squares {
		sx, sy := s.x+x, s.y+y
		if sx < 0 || sy < 0 || sx >= bs || sy >= bs || shared[sy*bs+sx] != 0 {
			return false
		}
	}
	return true
}
