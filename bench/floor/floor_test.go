package floor

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// peerBinaryEnv names another binary to start as the peer: players.test or match.test, so
// that a bot's start and life are compared with the floor's for the same binary (a larger
// binary takes longer to start, whoever starts it). By default the peer is this binary.
const peerBinaryEnv = "ARENA_FLOOR_PEER_BINARY"

func TestMain(m *testing.M) {
	if os.Getenv(PeerEnv) != "" { // the peer is this binary, so the benchmarks need nothing else
		if err := Serve(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// peer is a running peer process and the parent's ends of its pipes, as raw blocking file
// descriptors: reading and writing them is one system call each, with no runtime between.
type peer struct {
	cmd     *exec.Cmd
	in, out int // parent's write end of the peer's stdin, read end of its stdout
	buf     []byte
}

func startPeer(tb testing.TB) *peer { return startPeerWith(tb, os.Stderr) }

// startPeerWith starts a peer whose stderr is the given file.
func startPeerWith(tb testing.TB, stderr *os.File) *peer {
	self, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	var stdin, stdout [2]int
	if err := unix.Pipe2(stdin[:], unix.O_CLOEXEC); err != nil {
		tb.Fatal(err)
	}
	if err := unix.Pipe2(stdout[:], unix.O_CLOEXEC); err != nil {
		tb.Fatal(err)
	}
	childIn, childOut := os.NewFile(uintptr(stdin[0]), "peer stdin"), os.NewFile(uintptr(stdout[1]), "peer stdout")
	if other := os.Getenv(peerBinaryEnv); other != "" {
		self = other
	}
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), PeerEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = childIn, childOut, stderr
	err = cmd.Start()
	childIn.Close()
	childOut.Close()
	if err != nil {
		tb.Fatal(err)
	}
	return &peer{cmd: cmd, in: stdin[1], out: stdout[0], buf: make([]byte, 64<<10)}
}

// exchange writes the input and reads until the answer's lines have all arrived.
func (p *peer) exchange(tb testing.TB, input []byte, lines int) {
	for len(input) > 0 {
		n, err := unix.Write(p.in, input)
		if err != nil {
			tb.Fatal(err)
		}
		input = input[n:]
	}
	for lines > 0 {
		n, err := unix.Read(p.out, p.buf)
		if err != nil || n == 0 {
			tb.Fatalf("peer answer: %d bytes, %v", n, err)
		}
		lines -= bytes.Count(p.buf[:n], []byte{'\n'})
	}
}

// stop closes the peer's input (it exits at end of input) and reaps it.
func (p *peer) stop(tb testing.TB) {
	unix.Close(p.in)
	err := p.cmd.Wait()
	unix.Close(p.out)
	if err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkRoundTrip is the floor of one exchange: the input written, the peer reads it and
// answers, the answer read, with nothing else done on either side. With two peers they are
// asked in turn, as the players of a CodinGame turn are.
//
//	go test ./bench/floor -run '^$' -bench . -benchmem
func BenchmarkRoundTrip(b *testing.B) {
	for _, shape := range Shapes {
		for _, n := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/peers=%d", shape.Name, n), func(b *testing.B) {
				input := []byte(shape.Input())
				peers := make([]*peer, n)
				for i := range peers {
					peers[i] = startPeer(b)
					defer peers[i].stop(b)
				}
				for i := range Warmup * n {
					peers[i%n].exchange(b, input, shape.OutLines)
				}
				b.ReportAllocs()
				b.ResetTimer()
				cpu, peerCPU := SelfCPU(), peersCPU(peers)
				for i := 0; i < b.N; i++ {
					peers[i%n].exchange(b, input, shape.OutLines)
				}
				b.StopTimer()
				b.ReportMetric(float64(SelfCPU()-cpu)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(peersCPU(peers)-peerCPU)/float64(b.N), "peer-cpu-ns/op")
			})
		}
	}
}

// peersCPU is the CPU time the peers have used so far, all together.
func peersCPU(peers []*peer) time.Duration {
	var sum time.Duration
	for _, p := range peers {
		sum += ProcessCPU(p.cmd.Process.Pid)
	}
	return sum
}

// BenchmarkMoveCalls is the floor of a lone bot's move as arena's runner makes it: the
// round trip of BenchmarkRoundTrip (one peer), with the system calls that a move measured
// and timed out the way arena does needs around it, and nothing else. Before the input: the
// peer's CPU clock and a read of its stderr pipe (empty: the peer writes none), which
// close the previous move. After it: a read that does not block (which, when the answer is
// not there yet, finds nothing), the peer's run-queue counter (a pread of
// /proc/PID/schedstat), and ppoll(2) with a timeout until the answer can be read.
//
// Its distance from the round trip is what those system calls cost on this machine, a
// part of a lone bot's exchange that no code of the runner can take off while it keeps a
// move's CPU time and stderr and a time limit; the distance from it to match's
// BenchmarkExchange (queens, peers=1) is what the runner's own code costs.
func BenchmarkMoveCalls(b *testing.B) {
	shape := Queens
	var stderr [2]int
	if err := unix.Pipe2(stderr[:], unix.O_CLOEXEC|unix.O_NONBLOCK); err != nil {
		b.Fatal(err)
	}
	childErr := os.NewFile(uintptr(stderr[1]), "peer stderr")
	p := startPeerWith(b, childErr)
	childErr.Close()
	defer unix.Close(stderr[0])
	defer p.stop(b)
	if err := unix.SetNonblock(p.out, true); err != nil {
		b.Fatal(err)
	}
	pid := p.cmd.Process.Pid
	schedstat, err := unix.Open(fmt.Sprintf("/proc/%d/schedstat", pid), unix.O_RDONLY|unix.O_CLOEXEC, 0)
	if err != nil {
		b.Skip("no schedstat:", err)
	}
	defer unix.Close(schedstat)
	input := []byte(shape.Input())
	errBuf, stat := make([]byte, 32<<10), make([]byte, 96)
	move := func() {
		ProcessCPU(pid)
		if n, err := unix.Read(stderr[0], errBuf); err != unix.EAGAIN {
			b.Fatalf("peer stderr: %d bytes, %v", n, err)
		}
		if _, err := unix.Write(p.in, input); err != nil {
			b.Fatal(err)
		}
		waited := false
		for lines := shape.OutLines; lines > 0; {
			n, err := unix.Read(p.out, p.buf)
			switch {
			case n > 0:
				lines -= bytes.Count(p.buf[:n], []byte{'\n'})
				continue
			case err != unix.EAGAIN:
				b.Fatalf("peer answer: %d bytes, %v", n, err)
			}
			if !waited {
				unix.Pread(schedstat, stat, 0)
				waited = true
			}
			timeout := unix.NsecToTimespec(int64(time.Second))
			if _, err := unix.Ppoll([]unix.PollFd{{Fd: int32(p.out), Events: unix.POLLIN}}, &timeout, nil); err != nil && err != unix.EINTR {
				b.Fatal(err)
			}
		}
	}
	for range Warmup {
		move()
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu, peerCPU := SelfCPU(), ProcessCPU(pid)
	for i := 0; i < b.N; i++ {
		move()
	}
	b.StopTimer()
	b.ReportMetric(float64(SelfCPU()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(ProcessCPU(pid)-peerCPU)/float64(b.N), "peer-cpu-ns/op")
}

// BenchmarkStart is the floor of starting a bot: from nothing to the first answer read.
func BenchmarkStart(b *testing.B) {
	input := []byte(Queens.Input())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := startPeer(b)
		p.exchange(b, input, Queens.OutLines)
		b.StopTimer()
		p.stop(b)
		b.StartTimer()
	}
}

// BenchmarkLifecycle is the floor of a bot's whole life in a game without its turns:
// started, first answer read, end of input, exited and reaped.
func BenchmarkLifecycle(b *testing.B) {
	input := []byte(Queens.Input())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := startPeer(b)
		p.exchange(b, input, Queens.OutLines)
		p.stop(b)
	}
}
