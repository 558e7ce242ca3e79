package floor

import (
	"time"

	"golang.org/x/sys/unix"
)

// SelfCPU is the CPU time this process has used so far: every thread, user and system, not
// its children (the peers). The benchmarks report it per exchange (cpu-ns/op): what the
// runner itself spends, where the time an exchange takes adds the peer's work and the
// waits for each other's wake-ups. It still moves with the machine: waking a process on
// another CPU costs the waker more than waking it on its own.
func SelfCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ProcessCPU is the CPU time process pid has used so far, every thread, read from its
// process CPU clock (what arena's default meter reads for a bot); 0 when it cannot be read.
// The benchmarks report a peer's per exchange (peer-cpu-ns/op): on a machine where the
// runner and its peer take turns on one CPU, an exchange takes about the two CPU times
// added, so that the runner's own CPU time is what arena can change.
func ProcessCPU(pid int) time.Duration {
	var ts unix.Timespec
	// The clock id of a process's CPU clock: its pid, inverted and shifted, with the
	// "sched" clock type (CPUCLOCK_SCHED, 2), as clock_getcpuclockid(3) makes it.
	if unix.ClockGettime(int32(^pid<<3|2), &ts) != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
