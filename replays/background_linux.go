package replays

import (
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// startWriteback asks the kernel to start writing the file's dirty pages to disk, without
// waiting: the sync that ends a replay then finds little left to write.
func startWriteback(f *os.File) {
	_ = unix.SyncFileRange(int(f.Fd()), 0, 0, unix.SYNC_FILE_RANGE_WRITE) // a hint: the sync at the end is what counts
}

// lowerThreadPriority puts the calling thread (locked to its goroutine) in the idle
// scheduling class: it runs only on a CPU nothing else wants, and the kernel counts a CPU
// running it as free when a bot or the runner wakes up, so they take it at once. A thread
// cloned from it is back in the normal class (reset on fork). A process cannot leave the
// idle class by itself, so the thread must end with its goroutine (the runtime ends it, or
// parks it for good if it is the main thread).
func lowerThreadPriority() {
	attr := unix.SchedAttr{Size: unix.SizeofSchedAttr, Policy: unix.SCHED_IDLE, Flags: schedFlagResetOnFork}
	_ = unix.SchedSetAttr(0, &attr, 0) // a hint: the replay is right without it
}

// schedFlagResetOnFork is SCHED_FLAG_RESET_ON_FORK of sched_setattr(2).
const schedFlagResetOnFork = 0x01

// threadCPU is the CPU time the calling thread has used.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// writableDir reports why a file cannot be made in dir, if it cannot: missing, not a
// directory, not writable by this process (permissions, a read-only file system).
func writableDir(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("directory %s: %w", dir, unwrapPath(err))
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	if err := unix.Access(dir, unix.W_OK|unix.X_OK); err != nil {
		return fmt.Errorf("directory %s: %w", dir, err)
	}
	return nil
}
