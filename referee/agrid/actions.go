package agrid

import "github.com/arena-games/arena/protocol"

// The action commands (MOVE, DESTROY, PUT, SCORE) are checked against the start-of-turn
// state when they arrive and queued; the turn's resolution executes them (resolve.go).

// workerOf parses a worker id: ids are 1..W of the asking team.
func workerOf(t *team, id int64) *worker {
	if id < 1 || id > int64(len(t.workers)) {
		return nil
	}
	return t.workers[id-1]
}

func (r *Referee) move(t *team, tokens []string) []string {
	a := protocol.NewArgs(tokens, 3, 3)
	id, dx, dy := a.Int(0), a.Int(1), a.Int(2)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	w := workerOf(t, id)
	switch {
	case w == nil:
		return failure(errWorkerID)
	case w.moving:
		return failure(errMoveScheduled)
	case !((dx == 0) != (dy == 0) && dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1):
		return failure(errMoveOffset)
	case r.p.B == 0 && r.posts[neighbour(r.p.A, w.post, int(dx), int(dy))] == hill:
		return failure(errCannotMove)
	}
	w.moving, w.dx, w.dy = true, int(dx), int(dy)
	return accepted()
}

func (r *Referee) destroy(t *team, tokens []string) []string {
	a := protocol.NewArgs(tokens, 1, 1)
	id := a.Int(0)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	w := workerOf(t, id)
	switch {
	case w == nil:
		return failure(errWorkerID)
	case w.destroying:
		return failure(errDestroySched)
	case r.crowd[w.post] > 1:
		return failure(errDestroyCrowd)
	case r.posts[w.post] != t.color:
		return failure(errCannotDestroy)
	}
	w.destroying = true
	return accepted()
}

func (r *Referee) put(t *team, tokens []string) []string {
	a := protocol.NewArgs(tokens, 2, 2)
	id, colour := a.Int(0), a.String(1)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	w := workerOf(t, id)
	if w == nil {
		return failure(errWorkerID)
	}
	if w.putting {
		return failure(errPutScheduled)
	}
	if len(colour) != 1 || !isColorChar(colour[0]) || r.seatOf(colour[0]) < 0 {
		return failure(errColor)
	}
	if code := r.canPut(t, w, colour[0]); code != 0 {
		return failure(code)
	}
	w.putting, w.putColor = true, colour[0]
	return accepted()
}

// canPut applies the PUT checks that depend on the board (spec §5.1), in the order of the
// error table: hill, crowd, storage content, storage room. The resolution re-checks them.
func (r *Referee) canPut(t *team, w *worker, c byte) int {
	here := r.posts[w.post]
	if here == hill {
		return errCannotPut
	}
	if r.crowd[w.post] > 1 {
		return errPutCrowd
	}
	fromStorage := c != t.color
	if fromStorage && w.storage[r.seatOf(c)] == 0 {
		return errNotCarried
	}
	load := 0
	for _, k := range w.storage {
		load += k
	}
	if fromStorage {
		load--
	}
	if isMarker(here) && here != t.color {
		load++ // the foreign marker on the post is downloaded
	}
	if load > r.p.G {
		return errCannotPut
	}
	return 0
}

func (r *Referee) score(t *team, tokens []string) []string {
	a := protocol.NewArgs(tokens, 2, 2)
	x, y := a.Int(0), a.Int(1)
	if a.Err() != "" {
		return []string{a.Err()}
	}
	size := int64(r.p.A)
	if x < 0 || y < 0 || x >= size || y >= size {
		return failure(errPosition)
	}
	post := int(y)*r.p.A + int(x)
	if _, _, code := r.world.component(r.p.A, r.posts, post, t.color); code != 0 {
		return failure(code)
	}
	t.scores = append(t.scores, post)
	return accepted()
}

// isColorChar reports whether c is one of 0-9A-Za-z, the seed's colour alphabet.
func isColorChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
}
