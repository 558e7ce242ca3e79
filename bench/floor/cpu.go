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
