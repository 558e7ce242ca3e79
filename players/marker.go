package players

import (
	"bytes"
	"os"
	"strconv"
)

// FindMarked returns the pids of the live processes whose environment carries
// MarkerVar=marker: a bot's descendants, even those that left its process group. Processes
// that cleared their environment cannot be found this way; the process group and the
// parent-death signal cover the rest.
func FindMarked(marker string) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	needle := []byte("\x00" + MarkerVar + "=" + marker + "\x00")
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || len(env) == 0 {
			continue
		}
		haystack := append(append([]byte{0}, env...), 0) // every entry between NULs
		if bytes.Contains(haystack, needle) {
			pids = append(pids, pid)
		}
	}
	return pids
}
