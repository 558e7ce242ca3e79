package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/arena-games/arena/players"
)

// When the reader of arena's output goes away (arena tournament … | head), Go's default is
// to kill arena by SIGPIPE at its next write to stdout or stderr, wherever it is: in the
// middle of a game that leaves the bots running and the replays half-written. arena
// catches SIGPIPE instead, so such a write fails with EPIPE; its own stdout and stderr
// (output) notice it, the work in progress stops as on Ctrl-C (interruptible: the bots are
// stopped, a replay is closed and marked unfinished), and arena then ends by SIGPIPE all
// the same (Main), silently, as the tools of a pipeline do.
//
// Catching the signal changes nothing for bots: a caught signal is reset to its default
// in a program arena starts, and writes to a bot that has gone already fail with EPIPE.

var (
	stdout = output{os.Stdout}
	stderr = output{os.Stderr}

	goneOnce   sync.Once
	outputGone = make(chan struct{}) // closed when a write to stdout or stderr met EPIPE
	goneFile   *os.File              // the output that went, set before outputGone closes
)

// catchBrokenPipe makes a write to a closed stdout or stderr fail with EPIPE instead of
// killing arena; Main calls it first.
func catchBrokenPipe() {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE) // never read: nothing to do but not die
}

// output is arena's stdout or stderr, noticing when its reader has gone away.
type output struct{ f *os.File }

func (o output) Write(p []byte) (int, error) {
	n, err := o.f.Write(p)
	if errors.Is(err, syscall.EPIPE) {
		goneOnce.Do(func() {
			goneFile = o.f
			close(outputGone)
		})
	}
	return n, err
}

// File is the file written, for asking whether it is a terminal.
func (o output) File() *os.File { return o.f }

// fileOf is the file behind a writer, when there is one.
func fileOf(w any) (*os.File, bool) {
	switch w := w.(type) {
	case *os.File:
		return w, true
	case interface{ File() *os.File }:
		return w.File(), true
	}
	return nil, false
}

// isOutputGone says whether a write to stdout or stderr found its reader gone.
func isOutputGone() bool {
	select {
	case <-outputGone:
		return true
	default:
		return false
	}
}

// dieOfBrokenPipe ends arena as the default handling of SIGPIPE would have at the failed
// write: with the signal no longer caught, writing again to the output that went makes
// the Go runtime raise it (see os/signal). The exit status is a fallback.
func dieOfBrokenPipe() {
	signal.Reset(syscall.SIGPIPE)
	goneFile.Write([]byte{'\n'})
	os.Exit(128 + int(syscall.SIGPIPE))
}

// interruptible is the context of work that Ctrl-C (SIGINT), SIGTERM, a hang-up (SIGHUP)
// or the reader of arena's output going away stops.
//
// A hang-up (the terminal closed, the ssh session dropped) would otherwise kill arena at
// once, by the signal's default action: the bots are still stopped (their parent-death
// signal, the warden), but a replay being written is left as its temporary file, a
// tournament's games in flight leave theirs in --replays, its summary is never printed and
// the game arena serve plays is lost. A hang-up that arena was started ignoring (nohup,
// made for outliving the terminal) stays ignored: catching it would turn nohup's
// protection into an interruption.
//
// Stopping takes a fraction of a second, but waits for every bot to be reaped, and a
// process stuck in the kernel (a hung network file system) is reaped only when it comes
// out. A second signal while arena stops ends it at once (status 130; one within
// sameSignal of the first is taken for the same signal delivered twice): the bots die with
// it all the same (their parent-death signal, the warden), and the warden removes the
// temporary replays it leaves.
func interruptible() (context.Context, context.CancelFunc) {
	players.StopWithArena() // Ctrl-Z stops the bots too, and costs them no time
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	got := make(chan os.Signal, 2)
	signal.Notify(got, sigs...)
	ctx, cancel := context.WithCancel(context.Background())
	over := make(chan struct{})
	window := sameSignal
	go func() {
		select {
		case <-got:
		case <-outputGone:
		case <-over:
			return
		}
		cancel()
		first := time.Now()
		for {
			select {
			case <-got:
				if time.Since(first) < window {
					continue // one signal delivered twice, not a second request
				}
				fmt.Fprintln(os.Stderr, "arena: interrupted again: ending now, without waiting for the bots to be reaped")
				forceExit(130)
				return
			case <-over:
				return
			}
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(got)
			close(over)
			cancel()
		})
	}
}

// forceExit ends arena at a second interrupt (a variable, for tests).
var forceExit = os.Exit

// sameSignal is how soon after the first a signal is taken for the same one: timeout(1)
// and other supervisors signal the process and then its process group, which arena may
// receive as two signals microseconds apart, where a person pressing Ctrl-C twice takes
// far longer (a variable, for tests).
var sameSignal = 250 * time.Millisecond
