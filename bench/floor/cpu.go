package floor

import (
	"time"

	"golang.org/x/sys/unix"
)

// SelfCPU is the CPU time this process has used so far: every thread, user and system, not
// its children (the peers). The benchmarks report it per exchange (cpu-ns/op): what the
// runner itself costs, which, unlike the time an exchange takes, does not depend on where
// the kernel runs the two processes nor on what else the machine does.
func SelfCPU() time.Duration {
	var ru unix.Rusage
	if unix.Getrusage(unix.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
