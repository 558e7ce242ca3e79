//go:build linux

package tournament

import "golang.org/x/sys/unix"

// AllowedCPUs lists the CPUs this process may run on (respecting taskset and cgroups), for
// --pin.
func AllowedCPUs() []int {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil
	}
	var out []int
	for c := 0; c < 1024 && len(out) < set.Count(); c++ {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	return out
}
