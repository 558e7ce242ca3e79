package players

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Meter names, best first. The meter in force is recorded in replays.
const (
	MeterInstructions = "instructions" // retired user-mode instructions (hardware counter)
	MeterTaskClock    = "task-clock"   // CPU time of the bot and all its threads and children (perf, ns)
	MeterProcessClock = "process-cpu"  // CPU time of the bot's main process, all threads (no children)
	MeterNone         = "none"
)

// launcherScript holds a freshly started bot until its counters are attached, then becomes
// the bot (same pid, so counters opened on it count the bot and everything it starts).
const launcherScript = `read _ <&3; exec 3<&-; exec "$@"`

// meter measures a bot's CPU time (and instructions where the hardware counts them).
type meter struct {
	pid          int
	clock        int // perf task-clock fd, −1 when unavailable
	instructions int // perf instructions fd, −1 when unavailable
	// schedstat is /proc/PID/schedstat, kept open: opening a /proc file costs more than
	// everything else a sample does, and the file follows the pid through the launcher's exec.
	schedstat int // −1 when unavailable
}

// MeterLevel is how much measuring a bot gets.
type MeterLevel int

const (
	// MeterOff measures nothing.
	MeterOff MeterLevel = iota
	// MeterProcessCPU reads the bot's process CPU clock (all its threads, not its children)
	// and its run-queue wait when asked: no launcher, no counter attached, so it costs the
	// bot nothing between samples. Enough to tell a bot's own slowness from a busy machine.
	MeterProcessCPU
	// MeterCounters starts the bot through a launcher that attaches perf counters before it
	// runs: CPU time of the bot and every thread and child it starts (task-clock), and
	// retired instructions where the hardware counts them. For CPU clocks and compute
	// limits.
	MeterCounters
)

// openProcessMeter measures a bot through its process CPU clock and schedstat only.
func openProcessMeter(pid int) *meter {
	return &meter{pid: pid, clock: -1, instructions: -1, schedstat: openSchedstat(pid)}
}

// openMeter attaches counters to a bot held by the launcher. inherit makes the counters
// include every thread and child the bot starts from now on.
func openMeter(pid int) *meter {
	m := &meter{pid: pid, clock: -1, instructions: -1}
	m.clock = perfOpen(pid, unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_TASK_CLOCK)
	m.instructions = perfOpen(pid, unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_INSTRUCTIONS)
	m.schedstat = openSchedstat(pid)
	return m
}

func perfOpen(pid int, typ uint32, config uint64) int {
	attr := unix.PerfEventAttr{
		Type:   typ,
		Config: config,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Bits:   unix.PerfBitInherit | unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv,
	}
	if typ == unix.PERF_TYPE_SOFTWARE {
		attr.Bits &^= unix.PerfBitExcludeKernel // CPU time includes the bot's system calls
	}
	fd, err := unix.PerfEventOpen(&attr, pid, -1, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return -1
	}
	return fd
}

// Name says which meter measures CPU time.
func (m *meter) Name() string {
	switch {
	case m == nil:
		return MeterNone
	case m.clock >= 0:
		return MeterTaskClock
	default:
		return MeterProcessClock
	}
}

// CPU returns the bot's CPU time so far.
func (m *meter) CPU() (time.Duration, bool) {
	if m == nil {
		return 0, false
	}
	if m.clock >= 0 {
		if v, ok := readCounter(m.clock); ok {
			return time.Duration(v), true
		}
	}
	// CPU clock of the whole process (every thread), in nanoseconds.
	ts, err := clockNow(int32((^m.pid)<<3 | 2)) // MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED)
	if err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

// Instructions returns the retired instructions so far, when the hardware counts them.
func (m *meter) Instructions() (int64, bool) {
	if m == nil || m.instructions < 0 {
		return 0, false
	}
	v, ok := readCounter(m.instructions)
	return int64(v), ok
}

func readCounter(fd int) (uint64, bool) {
	var b [8]byte
	n, err := unix.Read(fd, b[:])
	if err != nil || n != 8 {
		return 0, false
	}
	return binary.LittleEndian.Uint64(b[:]), true
}

func (m *meter) close() {
	if m == nil {
		return
	}
	if m.clock >= 0 {
		unix.Close(m.clock)
	}
	if m.instructions >= 0 {
		unix.Close(m.instructions)
	}
	if m.schedstat >= 0 {
		unix.Close(m.schedstat)
	}
}

func openSchedstat(pid int) int {
	fd, err := unix.Open("/proc/"+strconv.Itoa(pid)+"/schedstat", unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1
	}
	return fd
}

// runqueue is how long the bot's main thread has waited for a CPU so far (it was ready to
// run but the machine was busy): the second field of /proc/PID/schedstat.
func (m *meter) runqueue() (time.Duration, bool) {
	if m == nil || m.schedstat < 0 {
		return 0, false
	}
	var b [96]byte // three decimal counters
	n, err := unix.Pread(m.schedstat, b[:], 0)
	if err != nil || n <= 0 {
		return 0, false
	}
	v, ok := atoi(field(b[:n], 1)) // the fields of /proc files: procfs.go
	return time.Duration(v), ok
}

// Usage is a bot's consumption over an interval.
type Usage struct {
	CPU          time.Duration
	CPUOK        bool
	Instructions int64
	InstrOK      bool
}

// Sample is a point-in-time reading of a bot's counters.
type Sample struct {
	cpu      time.Duration
	cpuOK    bool
	instr    int64
	instrOK  bool
	measured bool
}

// Sample reads the bot's counters now: its CPU time, and its instructions where they are
// counted. (How long it waited for a CPU is RunqueueWait's.)
func (p *Process) Sample() Sample {
	p.meterMu.Lock()
	defer p.meterMu.Unlock()
	if p.meter == nil {
		return Sample{}
	}
	s := Sample{measured: true}
	s.cpu, s.cpuOK = p.meter.CPU()
	s.instr, s.instrOK = p.meter.Instructions()
	return s
}

// Since returns the usage between an earlier sample and this one.
func (s Sample) Since(earlier Sample) Usage {
	u := Usage{}
	if s.cpuOK && earlier.cpuOK {
		u.CPU, u.CPUOK = s.cpu-earlier.cpu, true
	}
	if s.instrOK && earlier.instrOK {
		u.Instructions, u.InstrOK = s.instr-earlier.instr, true
	}
	return u
}

// waitBaseline is where the run-queue wait of the answer being awaited counts from.
//
// Reading a bot's run-queue wait costs a read of /proc (about a microsecond), and the only
// use of it is to tell a slow answer that the machine delayed from one the bot took: an
// answer is "delayed" when its wall time exceeds its CPU time by 5 ms or more, and a
// timeout can say that the machine was busy. So it is not read around every answer: only
// when the runner has to wait for one, just before it first waits. The kernel adds a wait
// to the counter when the bot gets the CPU, so a bot still queued at that moment has all
// of its wait counted; one that already ran can have missed at most the few microseconds
// since its input was written. An answer that is there when the runner first looks took
// microseconds and needs no reading at all.
type waitBaseline struct {
	// state is waitNone, waitPending (an input was written and the runner has not waited
	// since) or waitRead (at holds the reading). An atomic, so that writing an input, on
	// every exchange's path, takes no lock for it.
	state atomic.Int32
	at    time.Duration // guarded by Process.meterMu
}

const (
	waitNone int32 = iota
	waitPending
	waitRead
)

// inputSent starts a new baseline: called once an input is written.
func (p *Process) inputSent() { p.waitBase.state.Store(waitPending) }

// waiting reads the baseline if this is the first wait since the input was written.
func (p *Process) waiting() {
	if !p.waitBase.state.CompareAndSwap(waitPending, waitNone) {
		return
	}
	p.meterMu.Lock()
	defer p.meterMu.Unlock()
	if p.meter == nil || p.meter.schedstat < 0 {
		return
	}
	if at, ok := p.meter.runqueue(); ok {
		p.waitBase.at = at
		p.waitBase.state.Store(waitRead)
	}
}

// RunqueueWait is how long the bot has waited for a CPU, ready to run but not running,
// since the runner began waiting for the answer to its last input (see waitBaseline). It
// is not known (false) when the answer was already there when the runner first looked, or
// the bot is not measured.
func (p *Process) RunqueueWait() (time.Duration, bool) {
	if p.waitBase.state.Load() != waitRead {
		return 0, false
	}
	p.meterMu.Lock()
	defer p.meterMu.Unlock()
	if p.meter == nil {
		return 0, false
	}
	now, ok := p.meter.runqueue()
	if !ok {
		return 0, false
	}
	return now - p.waitBase.at, true
}

// MeterName says how this bot's CPU time is measured ("none" when it is not).
func (p *Process) MeterName() string {
	p.meterMu.Lock()
	defer p.meterMu.Unlock()
	return p.meter.Name()
}

// HasInstructions reports whether retired instructions are counted for this bot.
func (p *Process) HasInstructions() bool {
	p.meterMu.Lock()
	defer p.meterMu.Unlock()
	return p.meter != nil && p.meter.instructions >= 0
}

func (u Usage) String() string {
	parts := []string{}
	if u.CPUOK {
		parts = append(parts, fmt.Sprintf("%.1f ms CPU", float64(u.CPU.Microseconds())/1000))
	}
	if u.InstrOK {
		parts = append(parts, fmt.Sprintf("%d instructions", u.Instructions))
	}
	if len(parts) == 0 {
		return "not measured"
	}
	return strings.Join(parts, ", ")
}
