package replays

import "sync"

// spares keeps a few things of one kind, the buffers of files written, for the next files
// to use (a sync.Pool lets go of what it holds at every cycle of the garbage collector,
// and a game sees one or two).
type spares[T any] struct {
	mu   sync.Mutex
	kept []T
}

// maxSpares is how many of each kind spares keeps: as many as files being written at once,
// for most tournaments.
const maxSpares = 8

// get returns a thing kept, the last one put, if there is one.
func (s *spares[T]) get() (T, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var x T
	if n := len(s.kept); n > 0 {
		x, s.kept = s.kept[n-1], s.kept[:n-1]
		return x, true
	}
	return x, false
}

// put keeps x, unless maxSpares are kept already: then x is let go.
func (s *spares[T]) put(x T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.kept) < maxSpares {
		s.kept = append(s.kept, x)
	}
}
