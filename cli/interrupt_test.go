package cli

import (
	"syscall"
	"testing"
	"time"
)

// A first interrupt stops the work (its context ends); a second, while it stops, ends
// arena at once with status 130, for a bot that cannot be reaped would hold the stop up.
// Once the work is over, an interrupt is no longer arena's to catch.
func TestSecondInterruptEndsArenaAtOnce(t *testing.T) {
	exited := make(chan int, 1)
	defer func(exit func(int)) { forceExit = exit }(forceExit)
	forceExit = func(code int) { exited <- code }

	ctx, stop := interruptible()
	defer stop()
	syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the first interrupt did not end the work's context")
	}
	select {
	case code := <-exited:
		t.Fatalf("the first interrupt ended arena (%d)", code)
	default:
	}
	time.Sleep(sameSignal) // a person's second Ctrl-C, not the same signal delivered twice
	syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	select {
	case code := <-exited:
		if code != 130 {
			t.Errorf("a second interrupt ended arena with %d, want 130", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a second interrupt did not end arena")
	}
}

// TestOneSignalDeliveredTwiceIsOneInterrupt: timeout(1) sends SIGTERM to arena and then to
// its process group, which arena may receive as two signals microseconds apart. That is one
// request to stop: the game's replay is kept, marked unfinished, and arena exits as after
// one Ctrl-C. (A later signal is a second request: TestSecondInterruptEndsArenaAtOnce.)
func TestOneSignalDeliveredTwiceIsOneInterrupt(t *testing.T) {
	exited := make(chan int, 1)
	defer func(exit func(int)) { forceExit = exit }(forceExit)
	forceExit = func(code int) { exited <- code }
	defer func(d time.Duration) { sameSignal = d }(sameSignal)
	sameSignal = time.Hour

	ctx, stop := interruptible()
	defer stop()
	syscall.Kill(syscall.Getpid(), syscall.SIGTERM)
	<-ctx.Done()
	syscall.Kill(syscall.Getpid(), syscall.SIGTERM)
	select {
	case code := <-exited:
		t.Fatalf("the same signal delivered twice ended arena at once (%d)", code)
	case <-time.After(500 * time.Millisecond):
	}
}
