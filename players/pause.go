package players

import (
	"os"
	"os/signal"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Job control: Ctrl-Z (SIGTSTP) stops the terminal's job, arena's process group, but not
// the bots, which each have a group of their own (so that one signal reaches a bot's whole
// tree). They would go on running while arena is stopped, and the time arena stood stopped
// would be charged to the bot it was waiting for: after `fg`, its answer would be late by
// the length of the pause, a timeout. So arena stops its bots' trees before it stops
// itself, and continues them once it is continued; and the time it stood stopped is a
// pause, which the clocks that judge bots leave out: a read's deadline moves by the
// pauses made while it waits, and Paused tells how much of a span was paused.

var (
	live struct {
		mu    sync.Mutex
		procs map[*Process]struct{} // started and not reaped yet
	}
	pauses struct {
		mu    sync.Mutex
		spans []pauseSpan // the pauses that have ended, in order
		since time.Time   // when the pause in progress began; zero when none is
	}
	// pauseCount is how many pauses have begun: while it is 0, as in nearly every run,
	// nothing needs to be looked up.
	pauseCount atomic.Int64
	stopOnce   sync.Once
)

type pauseSpan struct{ from, to time.Time }

// StopWithArena makes a stop signal (SIGTSTP: Ctrl-Z in the terminal) stop the bots with
// arena, and a continue (fg, bg, SIGCONT) continue them, the pause left out of their time
// (see above). A stop signal that arena was started ignoring stays ignored. SIGSTOP
// cannot be caught: arena stopped by it (kill -STOP) stops alone, its bots run on, and
// no pause is counted.
func StopWithArena() {
	if signal.Ignored(syscall.SIGTSTP) {
		return
	}
	stopOnce.Do(func() {
		c := make(chan os.Signal, 1)
		signal.Notify(c, syscall.SIGTSTP)
		go func() {
			for range c {
				pauseBegins(time.Now())
				var stopped []*Process
				for _, p := range liveProcesses() {
					if !p.hasExited() { // a bot that has ended is out of the game: its group may be gone
						p.signalTree(syscall.SIGSTOP)
						stopped = append(stopped, p)
					}
				}
				stopHere()
				for _, p := range stopped {
					p.signalTree(syscall.SIGCONT)
				}
				pauseEnds(time.Now())
			}
		}()
	})
}

// stopHere stops arena, every thread, until it is continued. The stop is sent to this very
// thread: one sent to the process is taken by whichever thread the kernel picks, and this
// one would go on, continuing the bots, until that thread has stopped the others.
func stopHere() {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	unix.Tgkill(os.Getpid(), unix.Gettid(), unix.SIGSTOP)
}

func pauseBegins(at time.Time) {
	pauses.mu.Lock()
	pauses.since = at
	pauses.mu.Unlock()
	pauseCount.Add(1)
}

func pauseEnds(at time.Time) {
	pauses.mu.Lock()
	pauses.spans = append(pauses.spans, pauseSpan{pauses.since, at})
	pauses.since = time.Time{}
	pauses.mu.Unlock()
}

// Paused is how long arena stood stopped between from and to (see StopWithArena): the
// part of a bot's time that was not its own.
func Paused(from, to time.Time) time.Duration {
	if pauseCount.Load() == 0 {
		return 0
	}
	pauses.mu.Lock()
	defer pauses.mu.Unlock()
	var d time.Duration
	overlap := func(s pauseSpan) {
		lo, hi := s.from, s.to
		if lo.Before(from) {
			lo = from
		}
		if hi.After(to) {
			hi = to
		}
		if hi.After(lo) {
			d += hi.Sub(lo)
		}
	}
	for _, s := range pauses.spans {
		overlap(s)
	}
	if !pauses.since.IsZero() {
		overlap(pauseSpan{pauses.since, time.Now()})
	}
	return d
}

// pausedFrom is how long the pauses from the n-th on (counting from 0) have lasted, the
// one in progress up to now: with n read from pauseCount when a wait began, the time the
// wait stood paused.
func pausedFrom(n int64) time.Duration {
	if pauseCount.Load() <= n {
		return 0
	}
	pauses.mu.Lock()
	defer pauses.mu.Unlock()
	var d time.Duration
	for _, s := range pauses.spans[min(int(n), len(pauses.spans)):] {
		d += s.to.Sub(s.from)
	}
	if !pauses.since.IsZero() {
		d += time.Since(pauses.since)
	}
	return d
}

// ActiveSince is the time since t that arena was not stopped.
func ActiveSince(t time.Time) time.Duration {
	now := time.Now()
	return now.Sub(t) - Paused(t, now)
}

// liveProcesses returns the bots started and not reaped yet.
func liveProcesses() []*Process {
	live.mu.Lock()
	defer live.mu.Unlock()
	procs := make([]*Process, 0, len(live.procs))
	for p := range live.procs {
		procs = append(procs, p)
	}
	return procs
}

// startedLive and reaped keep the list of live bots that a pause stops.
func startedLive(p *Process) {
	live.mu.Lock()
	if live.procs == nil {
		live.procs = map[*Process]struct{}{}
	}
	live.procs[p] = struct{}{}
	live.mu.Unlock()
}

func reaped(p *Process) {
	live.mu.Lock()
	delete(live.procs, p)
	live.mu.Unlock()
}
