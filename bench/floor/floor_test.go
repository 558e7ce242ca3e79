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

func startPeer(tb testing.TB) *peer {
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
	cmd.Stdin, cmd.Stdout, cmd.Stderr = childIn, childOut, os.Stderr
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
