package players

import (
	"testing"
	"time"
)

// Paused counts the part of a span that arena stood stopped, ended pauses and the one in
// progress alike; pausedFrom, the pauses begun since a wait began.
func TestPausedCountsOverlaps(t *testing.T) {
	saved, savedSince, savedCount := pauses.spans, pauses.since, pauseCount.Load()
	defer func() { pauses.spans, pauses.since = saved, savedSince; pauseCount.Store(savedCount) }()
	pauses.spans, pauses.since = nil, time.Time{}
	pauseCount.Store(0)

	t0 := time.Now().Add(-time.Hour)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	if got := Paused(at(0), at(100)); got != 0 {
		t.Fatalf("no pause: Paused = %v", got)
	}
	pauseBegins(at(10))
	pauseEnds(at(20))
	pauseBegins(at(30))
	pauseEnds(at(35))
	for _, tc := range []struct {
		from, to int
		want     time.Duration
	}{
		{0, 100, 15 * time.Second},
		{15, 32, 7 * time.Second}, // the end of one, the start of the other
		{20, 30, 0},
		{12, 14, 2 * time.Second},
		{40, 50, 0},
	} {
		if got := Paused(at(tc.from), at(tc.to)); got != tc.want {
			t.Errorf("Paused(%d s, %d s) = %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
	if got := pausedFrom(1); got != 5*time.Second {
		t.Errorf("pausedFrom(1) = %v, want the second pause's 5 s", got)
	}
	if got := pausedFrom(2); got != 0 {
		t.Errorf("pausedFrom(2) = %v, want 0: no pause since", got)
	}
	// A pause in progress counts up to now.
	pauseBegins(time.Now().Add(-3 * time.Second))
	if got := pausedFrom(2); got < 3*time.Second || got > 4*time.Second {
		t.Errorf("pausedFrom(2) during a pause begun 3 s ago = %v", got)
	}
	if got := Paused(at(0), time.Now()); got < 18*time.Second || got > 19*time.Second {
		t.Errorf("Paused up to now, with a pause of 3 s in progress = %v, want 18 s", got)
	}
}
