package players

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/arena-games/arena/bench/floor"
)

func TestMain(m *testing.M) {
	// The floor's echo peer instead of the tests, so that the benchmarks measure the runner
	// against the same bot as the floor (bench/floor).
	if os.Getenv(floor.PeerEnv) != "" {
		if err := floor.Serve(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if v := os.Getenv(computeBotEnv); v != "" {
		computeBot(v)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// peerSpec starts the peer as the match runner starts a turn-based bot: metered as asked,
// with the default memory and process limits watched.
func peerSpec(tb testing.TB, meter MeterLevel) Spec {
	self, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	return Spec{Name: "peer", Argv: []string{self}, Env: []string{floor.PeerEnv + "=1"}, Meter: meter, MaxMemory: 768 << 20, MaxProcesses: 64}
}

// exchange is what the match loop does with a bot per turn, without the referee: write the
// input, read the answer, sample the counters.
func benchExchange(tb testing.TB, p *Process, input string, lines int) {
	by := time.Now().Add(time.Second)
	if _, err := p.Write(input, by); err != nil {
		tb.Fatal(err)
	}
	if got, _, err := p.ReadLines(lines, by); err != nil || len(got) != lines {
		tb.Fatalf("read %d lines: %v", len(got), err)
	}
	p.Sample()
}

// BenchmarkExchange measures one exchange through a Process (write, read the answer's lines,
// sample the counters) against the floor's peer; compare with bench/floor's
// BenchmarkRoundTrip of the same shape.
//
//	go test ./players -run '^$' -bench . -benchmem
func BenchmarkExchange(b *testing.B) {
	// The default (what `arena run` does on the wall clock), then the counters (the CPU
	// clock, compute limits), then nothing measured.
	for _, meter := range []MeterLevel{MeterProcessCPU, MeterCounters, MeterOff} {
		for _, shape := range floor.Shapes {
			name := shape.Name
			switch meter {
			case MeterCounters:
				name += "/counters"
			case MeterOff:
				name += "/no-meter"
			}
			b.Run(name, func(b *testing.B) {
				p, err := Start(peerSpec(b, meter))
				if err != nil {
					b.Fatal(err)
				}
				defer p.Stop(time.Second)
				input := shape.Input()
				for range floor.Warmup {
					benchExchange(b, p, input, shape.OutLines)
				}
				b.ReportAllocs()
				b.ResetTimer()
				cpu, peerCPU := floor.SelfCPU(), floor.ProcessCPU(p.Pid())
				for i := 0; i < b.N; i++ {
					benchExchange(b, p, input, shape.OutLines)
				}
				b.StopTimer()
				b.ReportMetric(float64(floor.SelfCPU()-cpu)/float64(b.N), "cpu-ns/op")
				b.ReportMetric(float64(floor.ProcessCPU(p.Pid())-peerCPU)/float64(b.N), "peer-cpu-ns/op")
			})
		}
	}
}

// BenchmarkSample measures reading a metered bot's counters, done once per exchange: the
// default meter (the process CPU clock and schedstat), then the counters.
func BenchmarkSample(b *testing.B) {
	for _, m := range meters {
		b.Run(m.name, func(b *testing.B) {
			p, err := Start(peerSpec(b, m.level))
			if err != nil {
				b.Fatal(err)
			}
			defer p.Stop(time.Second)
			if p.MeterName() == MeterNone {
				b.Skip("no meter")
			}
			b.ReportAllocs()
			for b.Loop() {
				p.Sample()
			}
		})
	}
}

// meters are the meters a bot is started with, by benchmark name: the default of
// `arena run` (the process CPU clock: the bot is started directly), then the counters of
// --clock=cpu and compute limits (through the launcher that attaches them).
var meters = []struct {
	name  string
	level MeterLevel
}{{"process-cpu", MeterProcessCPU}, {"counters", MeterCounters}}

// BenchmarkStart measures starting a bot to its first answer; compare with bench/floor's
// BenchmarkStart.
func BenchmarkStart(b *testing.B) { benchLives(b, false) }

// BenchmarkLifecycle measures a bot's whole life without its turns: started, first answer,
// stopped (end of input, exit, the tree checked and reaped); compare with bench/floor's
// BenchmarkLifecycle.
func BenchmarkLifecycle(b *testing.B) { benchLives(b, true) }

// benchLives starts bots with each meter until their first answer, and stops them, timing
// the stop or not.
func benchLives(b *testing.B, timeStop bool) {
	input := floor.Queens.Input()
	for _, m := range meters {
		b.Run(m.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				p, err := Start(peerSpec(b, m.level))
				if err != nil {
					b.Fatal(err)
				}
				benchExchange(b, p, input, floor.Queens.OutLines)
				if !timeStop {
					b.StopTimer()
				}
				p.Stop(time.Second)
				if !timeStop {
					b.StartTimer()
				}
			}
		})
	}
}

// BenchmarkScanGroups is the shared scan of the machine's process groups (every
// groupScanEvery while bots run): a read of every process's stat, so its cost grows with the
// machine's process count (reported as processes/op).
func BenchmarkScanGroups(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		scanGroups()
	}
	b.ReportMetric(float64(len(procDirPids("/proc"))), "processes/op")
}

// BenchmarkWatch is one look of the resource watch at a bot (every resourcePoll): its tree
// and its resident memory, here for this test process and its threads.
func BenchmarkWatch(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, pid := range processTree(os.Getpid()) {
			residentPages(pid)
		}
	}
}

// BenchmarkMemoryFiles is the watch's look for the memory files a bot holds open (every
// memfdEvery): every open descriptor of this test process.
func BenchmarkMemoryFiles(b *testing.B) {
	b.ReportAllocs()
	tree := processTree(os.Getpid())
	for i := 0; i < b.N; i++ {
		memfdBytes(tree)
	}
}
