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
