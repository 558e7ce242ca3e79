package players

import (
	"bytes"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// Reading /proc.
//
// The resource watch reads a bot's tree every resourcePoll and the machine's process groups
// every groupScanEvery, a file per process: os.ReadFile's fstat and fresh buffers, and
// strings.Fields over each line, were half of a scan's time. These read each file with one
// open, reads until its end and one close, into a buffer the caller keeps, and parse the
// fields where they lie.

// readProc reads a small /proc file whole into buf and returns its content, with the buffer
// (grown when the file did not fit). A file that cannot be opened or read (its process is
// gone, or not ours) reads as nil.
func readProc(path string, buf []byte) (content, grown []byte) {
	fd, err := unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, buf
	}
	defer unix.Close(fd)
	n := 0
	for {
		if n == len(buf) {
			buf = append(buf, make([]byte, max(len(buf), 512))...)
		}
		m, err := unix.Read(fd, buf[n:])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, buf
		}
		if m == 0 {
			return buf[:n], buf
		}
		n += m
	}
}

// procDirPids lists the numeric entries of a /proc directory (/proc itself, or a process's
// task directory), unsorted.
func procDirPids(path string) []int {
	dir, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer dir.Close()
	names, err := dir.Readdirnames(-1)
	if err != nil {
		return nil
	}
	pids := make([]int, 0, len(names))
	for _, name := range names {
		if pid, err := strconv.Atoi(name); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// statField returns field k of a /proc/PID/stat line counted from the state (k = 0), that
// is the line's field k+3 as proc(5) numbers them: the command name before it, in
// parentheses, may itself hold spaces and parentheses, so the fields are counted from the
// last ')'. Nil when the line has no such field.
func statField(stat []byte, k int) []byte {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return nil
	}
	return field(stat[i+1:], k)
}

// field returns the k-th (from 0) of the space-separated fields of b, nil when there are
// fewer.
func field(b []byte, k int) []byte {
	for {
		b = bytes.TrimLeft(b, " \n")
		if len(b) == 0 {
			return nil
		}
		end := bytes.IndexAny(b, " \n")
		if end < 0 {
			end = len(b)
		}
		if k == 0 {
			return b[:end]
		}
		b, k = b[end:], k-1
	}
}

// atoi parses a non-negative decimal field; ok is false for anything else.
func atoi(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var v int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, true
}
