package tournament

import (
	"bufio"
	"os"
	"runtime"
	"strings"
)

// PhysicalCores counts the machine's physical cores (hyper-threads share one), from
// /proc/cpuinfo where it exists; elsewhere it falls back to the logical CPU count. Bots that
// share a core with another game slow each other down, which is what turns a fast bot into
// a timed-out one in a parallel tournament.
func PhysicalCores() int {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.NumCPU()
	}
	defer f.Close()
	cores := map[string]bool{}
	physical, core := "", ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			if physical != "" || core != "" {
				cores[physical+"/"+core] = true
			}
			physical, core = "", ""
			continue
		}
		switch strings.TrimSpace(key) {
		case "physical id":
			physical = strings.TrimSpace(value)
		case "core id":
			core = strings.TrimSpace(value)
		}
	}
	if physical != "" || core != "" {
		cores[physical+"/"+core] = true
	}
	if len(cores) == 0 {
		return runtime.NumCPU()
	}
	return len(cores)
}

// UsableCores is the number of physical cores this process may use: the machine's physical
// cores, but no more than the logical CPUs it is allowed to run on (taskset, containers).
func UsableCores() int {
	return max(1, min(PhysicalCores(), runtime.NumCPU()))
}

// DefaultParallel is one game per usable physical core, keeping one core for arena itself
// and the system, and at least one.
func DefaultParallel() int {
	return max(1, UsableCores()-1)
}
