package players

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
)

// A marker is "<runner pid>-<random>": unique per bot, and traceable to the arena process
// that started it.
func markerPrefix(runnerPid int) string { return fmt.Sprintf("%d-", runnerPid) }

// FindMarked returns the pids of the live processes whose environment carries
// MarkerVar=marker: a bot's descendants, even those that left its process group. Processes
// that cleared their environment cannot be found this way; the process group and the
// parent-death signal cover the rest.
func FindMarked(marker string) []int {
	return scanEnviron([]byte("\x00" + MarkerVar + "=" + marker + "\x00"))
}

// FindMarkedByRunner returns the pids of the live processes carrying the marker of any bot
// started by the arena process runnerPid (os.Getpid() for this one): after every game has
// ended it should be empty.
func FindMarkedByRunner(runnerPid int) []int {
	return scanEnviron([]byte("\x00" + MarkerVar + "=" + markerPrefix(runnerPid)))
}

func scanEnviron(needle []byte) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil || len(env) == 0 {
			continue // gone, a zombie, or not ours to read
		}
		haystack := append(append([]byte{0}, env...), 0) // every entry between NULs
		if bytes.Contains(haystack, needle) {
			pids = append(pids, pid)
		}
	}
	return pids
}
