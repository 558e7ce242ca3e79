package players

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A bot's own process dies with arena (its parent-death signal), but the processes it
// started do not: when arena is killed outright (SIGKILL, the OOM killer) nothing of arena
// is left to stop them. The warden is a small process arena starts with its first bot, in a
// process group of its own: arena tells it over a pipe which process groups are bots', and
// when that pipe closes (arena has exited, however it ended) it kills what is left of
// them, and every process carrying one of arena's bot markers, removes the temporary files
// arena told it of (replays being written, see WatchFile), then exits. After a normal exit
// it finds nothing and exits at once.

// WardenCommand is the hidden first argument that makes the arena executable a warden
// (see main.go): `arena __warden RUNNER_PID`, the pipe on stdin. The terminal's signals
// (Ctrl-C, hang-up) are for arena: the warden ignores them, its work starts when arena is
// gone.
const WardenCommand = "__warden"

var warden struct {
	enabled bool
	once    sync.Once
	mu      sync.Mutex
	fd      int // the write end of the pipe to the warden, −1 when there is none
}

// EnableWarden makes the bots started from now on, and the files given to WatchFile,
// watched by a warden process, started with the first of them from this very executable
// (/proc/self/exe, which works even when the file has been replaced since). Only an
// executable whose main dispatches WardenCommand to RunWarden may enable it.
func EnableWarden() { warden.enabled = true }

// startWarden starts the warden once; without one, bots are stopped as before, only not
// after arena is killed outright.
func startWarden() {
	warden.fd = -1
	var p [2]int
	if unix.Pipe2(p[:], unix.O_CLOEXEC) != nil {
		return
	}
	r := os.NewFile(uintptr(p[0]), "warden")
	defer r.Close()
	cmd := &exec.Cmd{
		Path:  "/proc/self/exe",
		Args:  []string{"arena", WardenCommand, strconv.Itoa(os.Getpid())},
		Stdin: r,
		// Its own process group: Ctrl-C in the terminal and a signal to arena's group do
		// not reach it. No stdout or stderr: it must not hold arena's output open.
		SysProcAttr: &syscall.SysProcAttr{Setpgid: true},
	}
	if cmd.Start() != nil {
		unix.Close(p[1])
		return
	}
	// Never waited for: it outlives arena by design, and exits when arena's end closes.
	cmd.Process.Release()
	// A warden that stopped reading must not block a bot's start: a line that does not fit
	// in the pipe is dropped (the bot is then only stopped by arena itself, as always).
	unix.SetNonblock(p[1], true)
	warden.fd = p[1]
}

// tellWarden sends one line to the warden, if there is one.
func tellWarden(op byte, pgid int) {
	sendWarden(strconv.AppendInt([]byte{op}, int64(pgid), 10))
}

// WatchFile tells the warden of a temporary file arena is writing (a replay, before it is
// renamed into place): should arena be killed outright, the file would stay there for
// ever, beside the replays, so the warden removes it once arena is gone. ForgetFile says it
// was renamed or removed. Without a warden (see EnableWarden) they do nothing.
func WatchFile(path string) { tellWardenFile('F', path) }

// ForgetFile: see WatchFile.
func ForgetFile(path string) { tellWardenFile('f', path) }

func tellWardenFile(op byte, path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs // the warden removes it after arena is gone, wherever arena was
	}
	// Quoted: a file name may hold a line end.
	sendWarden(strconv.AppendQuote([]byte{op}, path))
}

// pipeBuf is PIPE_BUF on Linux: the most a write to a pipe writes whole or not at all.
const pipeBuf = 4096

// sendWarden sends a line (without its line end) to the warden, starting it if need be.
func sendWarden(line []byte) {
	if !warden.enabled {
		return
	}
	warden.once.Do(startWarden)
	// Longer than what a pipe writes at once, a line could be cut by the non-blocking
	// write and the warden would misread the next: not sent (only a path that long is).
	if warden.fd < 0 || len(line) >= pipeBuf {
		return
	}
	line = append(line, '\n')
	warden.mu.Lock()
	unix.Write(warden.fd, line) // best effort, see startWarden
	warden.mu.Unlock()
}

// RunWarden is the warden's life: it follows the bots' process groups that arena reports
// on in ("+PGID" started, "-PGID" stopped and reaped) and its temporary files ("F" and a
// quoted path made, "f" and the path renamed or removed) until in ends, then kills what is
// left of the groups and of every process carrying a marker of the arena process runner,
// and removes the files left.
func RunWarden(in io.Reader, runner int) {
	groups := map[int]bool{}
	files := map[string]bool{}
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		line := sc.Text()
		if len(line) < 2 {
			continue
		}
		if line[0] == 'F' || line[0] == 'f' {
			if path, err := strconv.Unquote(line[1:]); err == nil && path != "" {
				if line[0] == 'F' {
					files[path] = true
				} else {
					delete(files, path)
				}
			}
			continue
		}
		pgid, err := strconv.Atoi(line[1:])
		if err != nil || pgid <= 1 {
			continue
		}
		switch line[0] {
		case '+':
			groups[pgid] = true
		case '-':
			delete(groups, pgid)
		}
	}
	killLeftovers(groups, runner)
	// Only now: nothing of arena's is left to write into them.
	for path := range files {
		os.Remove(path)
	}
}

// killLeftovers kills the process groups and the marked processes, again while marked
// processes are found (one may fork while it is being killed), for at most half a second.
// A group's kill succeeds as long as a zombie of it waits to be reaped, so groups are
// killed in every round without counting: the few rounds always made catch their forks.
func killLeftovers(groups map[int]bool, runner int) {
	for round := range 50 {
		for pgid := range groups {
			syscall.Kill(-pgid, syscall.SIGKILL)
		}
		found := 0
		for _, pid := range FindMarkedByRunner(runner) {
			if syscall.Kill(pid, syscall.SIGKILL) == nil {
				found++
			}
		}
		if found == 0 && (round >= 2 || len(groups) == 0) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}
