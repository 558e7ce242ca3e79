package players

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// System calls that return at once, made without telling the runtime.
//
// A system call made the usual way (syscall.Syscall) tells the scheduler that the
// goroutine may block, so that its processor can go to another thread meanwhile, and
// takes it back after: some tens of nanoseconds each way. The runner's reads of a bot's
// pipes are on descriptors set not to block, and reading a clock never blocks, so they are
// made raw. A lone bot's every exchange makes three of them (its answer, its stderr, its
// CPU clock), and every nanosecond the runner spends between an answer and the next input
// is one the bot waits. Writing an input stays a usual system call: the bot it wakes often
// takes the CPU before the call returns.

// readNoWait reads from a descriptor that does not block.
func readNoWait(fd int, p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	n, _, errno := unix.RawSyscall(unix.SYS_READ, uintptr(fd), uintptr(unsafe.Pointer(&p[0])), uintptr(len(p)))
	if errno != 0 {
		return -1, errno
	}
	return int(n), nil
}

// clockNow reads a clock (a process's CPU clock here).
func clockNow(clock int32) (unix.Timespec, error) {
	var ts unix.Timespec
	if _, _, errno := unix.RawSyscall(unix.SYS_CLOCK_GETTIME, uintptr(clock), uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return ts, errno
	}
	return ts, nil
}
