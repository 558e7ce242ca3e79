//go:build !linux

package tournament

// AllowedCPUs returns nil where arena cannot pin processes to CPUs.
func AllowedCPUs() []int { return nil }
