package replays

import "testing"

// spares keeps at most maxSpares things, and gives each back once.
func TestSparesKeepAFew(t *testing.T) {
	var s spares[int]
	for i := range maxSpares + 3 {
		s.put(i)
	}
	seen := map[int]bool{}
	for range maxSpares {
		x, ok := s.get()
		if !ok {
			t.Fatalf("%d kept, want %d", len(seen), maxSpares)
		}
		if seen[x] {
			t.Fatalf("%d given back twice", x)
		}
		seen[x] = true
	}
	if x, ok := s.get(); ok {
		t.Fatalf("%d given back, beyond the %d kept", x, maxSpares)
	}
}
