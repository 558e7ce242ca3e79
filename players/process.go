package players

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Defaults for Spec limits.
const (
	DefaultMaxLine       = 1 << 20  // longest stdout line accepted
	DefaultMaxTurnOutput = 1 << 20  // most stdout bytes per turn (and unread) before the bot counts as flooding
	DefaultMaxStderrTurn = 64 << 10 // stderr kept per turn
	DefaultMaxStderrGame = 4 << 20  // stderr kept per game
)

// MarkerVar is the environment variable every bot and its descendants carry, so that a
// descendant that left the bot's process group can still be found and stopped.
const MarkerVar = "ARENA_BOT_MARKER"

// Spec says how to start one bot.
type Spec struct {
	Name string   // shown in messages, e.g. "player 0"
	Argv []string // executed directly, never through a shell
	Dir  string   // working directory ("" = current)
	Env  []string // extra environment variables (KEY=VALUE)

	MaxLine       int // 0 = DefaultMaxLine
	MaxTurnOutput int // 0 = DefaultMaxTurnOutput
	MaxStderrTurn int // 0 = DefaultMaxStderrTurn
	MaxStderrGame int // 0 = DefaultMaxStderrGame

	// Meter says how the bot's CPU time is measured (see MeterLevel).
	Meter MeterLevel
	// MaxMemory (bytes of resident memory of the whole tree) and MaxProcesses (processes in
	// the tree) are checked while the bot runs; over either, the bot is stopped and its
	// next read fails with KindLimit. Zero means no limit.
	MaxMemory    int64
	MaxProcesses int

	// CPUs, when set, pins the bot (and the children it starts afterwards) to these CPUs.
	CPUs []int

	// StderrLive, when set, receives the bot's stderr as it arrives, each line prefixed
	// with "[Name] ".
	StderrLive io.Writer
}

// Kind classifies a bot failure.
type Kind int

const (
	KindTimeout Kind = iota + 1 // missed a deadline
	KindCrash                   // exited, closed a pipe, or could not be started
	KindLimit                   // exceeded a resource limit (line length, output volume, …)
)

// Error is a bot failure, with a message in words for the result and the replay.
type Error struct {
	Kind Kind
	Msg  string
	// Partial is what a bot that timed out had printed of its next line, without the newline.
	Partial string
}

func (e *Error) Error() string { return e.Msg }

// Line is one line of a bot's stdout and the moment it arrived.
type Line struct {
	Text    string
	At      time.Time
	TooLong bool // the line's text was longer than Spec.MaxLine (protocol.LineText) and is cut to it
}

// Process is one running bot.
type Process struct {
	spec   Spec
	cmd    *exec.Cmd
	in     stdinState
	marker string

	// mu guards out (but for its read buffer) and limitErr.
	mu sync.Mutex
	// readMu serialises ReadLines and ReadLine.
	readMu sync.Mutex
	out    stdoutState

	exited   chan struct{} // closed when the main process has been reaped
	exitDesc string        // "exited with code 1", "killed by signal 9 (killed)"

	stderr *stderrBuffer
	meter  *meter
	// meterMu guards meter against Stop closing its descriptors during a Sample, and
	// waitBase's reading.
	meterMu  sync.Mutex
	waitBase waitBaseline

	limitErr error // a resource limit the monitor found exceeded

	stopOnce sync.Once
}

// Start starts a bot. The error names the bot and the reason when it cannot be started.
func Start(spec Spec) (*Process, error) {
	if len(spec.Argv) == 0 {
		return nil, fmt.Errorf("%s: empty command", spec.Name)
	}
	setDefaults(&spec)
	path, err := LookPath(spec.Argv[0])
	if err != nil {
		return nil, fmt.Errorf("%s: cannot start %q: %w", spec.Name, spec.Argv[0], err)
	}
	marker, err := newMarker()
	if err != nil {
		return nil, err
	}
	// The parent's ends of stdin and stdout stay raw descriptors (stdin.go, stdout.go); the
	// bot's ends are *os.File for exec.
	var in [2]int
	if err := unix.Pipe2(in[:], unix.O_CLOEXEC); err != nil {
		return nil, fmt.Errorf("%s: stdin pipe: %w", spec.Name, err)
	}
	stdinR, stdinW := os.NewFile(uintptr(in[0]), "stdin"), in[1]
	var out [2]int
	if err := unix.Pipe2(out[:], unix.O_CLOEXEC); err != nil {
		stdinR.Close()
		unix.Close(stdinW)
		return nil, fmt.Errorf("%s: stdout pipe: %w", spec.Name, err)
	}
	unix.SetNonblock(stdinW, true)
	stdoutR, stdoutW := out[0], os.NewFile(uintptr(out[1]), "stdout")
	stderrR, stderrW, err := os.Pipe()
	if err != nil {
		stdinR.Close()
		unix.Close(stdinW)
		unix.Close(stdoutR)
		stdoutW.Close()
		return nil, err
	}
	closePipes := func() {
		stdinR.Close()
		unix.Close(stdinW)
		unix.Close(stdoutR)
		stdoutW.Close()
		stderrR.Close()
		stderrW.Close()
	}
	args := spec.Argv
	var holdR, holdW *os.File
	if spec.Meter == MeterCounters {
		// Start through the launcher: it waits on fd 3 until the counters are attached.
		sh, err := exec.LookPath("sh")
		if err != nil {
			closePipes()
			return nil, fmt.Errorf("%s: cannot measure CPU time: no sh to launch with: %w", spec.Name, err)
		}
		holdR, holdW, err = os.Pipe()
		if err != nil {
			closePipes()
			return nil, err
		}
		args = append([]string{"sh", "-c", launcherScript, "arena-launch", path}, spec.Argv[1:]...)
		path = sh
	}
	cmd := &exec.Cmd{
		Path:   path,
		Args:   args,
		Dir:    spec.Dir,
		Env:    append(append(os.Environ(), spec.Env...), MarkerVar+"="+marker),
		Stdin:  stdinR,
		Stdout: stdoutW,
		Stderr: stderrW,
		SysProcAttr: &syscall.SysProcAttr{
			Setpgid:   true,            // own process group: one signal reaches the whole tree
			Pdeathsig: syscall.SIGKILL, // if arena dies, its bots die too
		},
	}
	if holdR != nil {
		cmd.ExtraFiles = []*os.File{holdR}
	}
	startErr := cmd.Start()
	// The child has its own copies; the parent keeps only its ends, so that EOF is seen
	// when the bot (and every descendant holding the pipe) is gone.
	stdinR.Close()
	stdoutW.Close()
	stderrW.Close()
	if holdR != nil {
		holdR.Close()
		defer holdW.Close() // releases the launcher even when Start failed
	}
	if startErr != nil {
		unix.Close(stdinW)
		unix.Close(stdoutR)
		stderrR.Close()
		return nil, fmt.Errorf("%s: cannot start %q: %w", spec.Name, spec.Argv[0], whyNotStarted(path, unwrapExec(startErr)))
	}
	tellWarden('+', cmd.Process.Pid) // its process group, should arena be killed outright
	if len(spec.CPUs) > 0 {
		var set unix.CPUSet
		for _, c := range spec.CPUs {
			set.Set(c)
		}
		// Best effort: where the OS refuses, the bot simply runs unpinned.
		_ = unix.SchedSetaffinity(cmd.Process.Pid, &set)
	}
	p := &Process{
		spec:   spec,
		cmd:    cmd,
		in:     stdinState{fd: stdinW},
		marker: marker,
		exited: make(chan struct{}),
		stderr: newStderrBuffer(spec.MaxStderrTurn, spec.MaxStderrGame, spec.StderrLive, "["+spec.Name+"] "),
	}
	switch {
	case holdW != nil:
		p.meter = openMeter(cmd.Process.Pid)
		holdW.Write([]byte("go\n"))
	case spec.Meter == MeterProcessCPU:
		p.meter = openProcessMeter(cmd.Process.Pid)
	}
	p.startStdout(stdoutR)
	p.stderr.start(stderrR)
	startedLive(p) // stopped with arena (Ctrl-Z): see StopWithArena
	go p.wait()
	if spec.MaxMemory > 0 || spec.MaxProcesses > 0 {
		go p.watchResources()
	}
	return p, nil
}

func setDefaults(s *Spec) {
	if s.MaxLine <= 0 {
		s.MaxLine = DefaultMaxLine
	}
	if s.MaxTurnOutput <= 0 {
		s.MaxTurnOutput = DefaultMaxTurnOutput
	}
	if s.MaxStderrTurn <= 0 {
		s.MaxStderrTurn = DefaultMaxStderrTurn
	}
	if s.MaxStderrGame <= 0 {
		s.MaxStderrGame = DefaultMaxStderrGame
	}
}

// unwrapExec keeps the reason of a start failure ("no such file or directory") without
// the wrappers that repeat the path.
// LookPath finds the program a bot command's first word names, as Start does: on PATH
// when the name has no slash. Its error is only the reason the bot cannot be started
// ("no such file or directory", "permission denied", "is a directory", ...), so that
// whoever checks a bot before its game says it as Start would.
func LookPath(name string) (string, error) {
	path, err := exec.LookPath(name)
	if err != nil {
		return "", unwrapExec(err)
	}
	return path, nil
}

// whyNotStarted says why the system refused to run a file that is there, where its own
// answer misleads: "no such file or directory" for a script whose #! line names a program
// that is not (a Windows line ending makes "python3\r" one), or for a program whose loader
// is missing; "exec format error" for a file with no #! line that is no program either.
func whyNotStarted(path string, err error) error {
	if !errors.Is(err, unix.ENOENT) && !errors.Is(err, unix.ENOEXEC) {
		return err
	}
	f, openErr := os.Open(path)
	if openErr != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	switch {
	case bytes.HasPrefix(head, []byte("#!")):
		line, _, _ := bytes.Cut(head[2:], []byte("\n"))
		// The system splits the line at spaces and tabs only: a carriage return stays on.
		words := strings.FieldsFunc(string(line), func(r rune) bool { return r == ' ' || r == '\t' })
		if len(words) == 0 {
			return fmt.Errorf("%w: its #! line names no program", err)
		}
		interp := words[0]
		if _, statErr := os.Stat(interp); statErr == nil {
			return err
		}
		if strings.HasSuffix(interp, "\r") {
			return fmt.Errorf("%w: its #! line ends with a carriage return (Windows line endings), so the system looks for %q", err, interp)
		}
		return fmt.Errorf("%w: the program its #! line names, %s, is not there", err, interp)
	case bytes.HasPrefix(head, []byte("\x7fELF")) && errors.Is(err, unix.ENOENT):
		return fmt.Errorf("%w: the file is there, but the loader it was built to run with is not (a program built for another system?)", err)
	case errors.Is(err, unix.ENOEXEC):
		return fmt.Errorf("%w: not a program this machine runs, and no #! line to say what runs it", err)
	}
	return err
}

func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		err = ee.Err
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return err
}

func newMarker() (string, error) {
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return markerPrefix(os.Getpid()) + processNonce + "-" + hex.EncodeToString(b), nil
}

// Pid is the bot's process id (and process group id).
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Marker is the value of MarkerVar in the bot's environment and its descendants'.
func (p *Process) Marker() string { return p.marker }

func (p *Process) wait() {
	err := p.cmd.Wait()
	p.exitDesc = describeExit(p.cmd.ProcessState, err)
	close(p.exited)
	p.interrupt()
}

func describeExit(st *os.ProcessState, err error) string {
	if st == nil {
		return fmt.Sprintf("ended (%v)", err)
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return fmt.Sprintf("killed by signal %d (%s)", int(ws.Signal()), ws.Signal())
	}
	return fmt.Sprintf("exited with code %d", st.ExitCode())
}

// goneMessage describes why a pipe closed: the exit if the bot has ended (waiting a moment
// for it), else what it did. A bot the kernel is still taking down (a crash writing its
// core, a large memory being freed, a busy machine) is waited for, up to a few seconds: it
// did not keep running. after follows the exit's description (what the bot had printed).
func (p *Process) goneMessage(what, after string) string {
	if p.endsWithOutput() {
		return p.exitDesc + after
	}
	return what + " but kept running"
}

// endsWithOutput waits for the bot to end once its output has: it reports whether it
// ended, or is still running (false) a moment later, or after a few seconds while the
// kernel takes it down (see goneMessage).
func (p *Process) endsWithOutput() bool {
	for waited := time.Duration(0); ; waited += 100 * time.Millisecond {
		select {
		case <-p.exited:
			return true
		case <-time.After(100 * time.Millisecond):
			if waited >= 5*time.Second || !exiting(p.Pid()) {
				return false
			}
		}
	}
}

// exiting reports whether a process is on its way out: exiting (the kernel's PF_EXITING
// flag), a zombie not reaped yet, or gone.
func exiting(pid int) bool {
	stat, _ := readProc("/proc/"+strconv.Itoa(pid)+"/stat", make([]byte, 1024))
	if stat == nil {
		return true // gone
	}
	// After the command name: state, ppid, pgrp, session, tty_nr, tpgid, flags.
	switch state := string(statField(stat, 0)); state {
	case "":
		return false
	case "Z", "X", "x":
		return true
	}
	flags, ok := atoi(statField(stat, 6))
	return ok && flags&pfExiting != 0
}

// pfExiting is the kernel's PF_EXITING task flag (include/linux/sched.h).
const pfExiting = 0x4

func (p *Process) hasExited() bool {
	select {
	case <-p.exited:
		return true
	default:
		return false
	}
}

// Exited is closed once the bot's main process has ended and been reaped.
func (p *Process) Exited() <-chan struct{} { return p.exited }

// ExitDescription says how the main process ended ("" while it runs).
func (p *Process) ExitDescription() string {
	if p.hasExited() {
		return p.exitDesc
	}
	return ""
}

// LastStderrLine returns a crash's last words: the line at the end of the bot's stderr that
// says why it stopped (a panic, an exception), else its last line that is not empty. Once
// the bot has exited it first waits (briefly) for the end of its stderr, so that they are
// there.
func (p *Process) LastStderrLine() string {
	if p.hasExited() {
		select {
		case <-p.stderr.done:
		case <-time.After(100 * time.Millisecond):
		}
	}
	return p.stderr.lastLine()
}

// TakeStderr returns the stderr received since the last call (bounded per turn).
func (p *Process) TakeStderr() string { return p.stderr.take() }

// Stop ends the bot and everything it started: end of input, then SIGTERM to the tree, a
// grace period, SIGKILL, and reaping. It is safe to call more than once.
func (p *Process) Stop(grace time.Duration) {
	p.stopOnce.Do(func() {
		p.CloseInput()
		if !p.waitExit(grace) {
			p.signalTree(syscall.SIGTERM)
			p.waitExit(grace)
		}
		// Whatever is left of the tree — the main process if it ignored SIGTERM, children
		// that outlive it, daemons that left the group — is killed now, again until none
		// is found. A killed process dies once the kernel next runs it, which on a loaded
		// machine can take a while; after killWait the rest have SIGKILL pending and die
		// when they next run (one stuck in an uninterruptible sleep, when it wakes).
		for by := time.Now().Add(killWait); ; {
			if p.signalTree(syscall.SIGKILL) == 0 && p.hasExited() || !time.Now().Before(by) {
				break
			}
			p.waitExit(10 * time.Millisecond)
		}
		<-p.exited
		tellWarden('-', p.cmd.Process.Pid) // reaped: the group id may be reused
		reaped(p)
		p.closeStdout()
		p.meterMu.Lock()
		p.meter.close()
		p.meter = nil
		p.meterMu.Unlock()
	})
}

// killWait bounds how long Stop keeps killing what is left of a bot's tree.
const killWait = 5 * time.Second

func (p *Process) waitExit(d time.Duration) bool {
	select {
	case <-p.exited:
		return true
	case <-time.After(d):
		return false
	}
}

// signalTree signals the process group and every live process carrying the bot's marker,
// and returns how many marked processes it found. The group does not count: a group whose
// members are all zombies still takes signals, and a zombie orphan stays one until PID 1
// reaps it, which in a container whose PID 1 is not an init may be never. A live member of
// the group got the signal all the same.
func (p *Process) signalTree(sig syscall.Signal) int {
	syscall.Kill(-p.cmd.Process.Pid, sig)
	found := 0
	for _, pid := range FindMarked(p.marker) {
		if syscall.Kill(pid, sig) == nil {
			found++
		}
	}
	return found
}
