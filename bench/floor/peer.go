// Package floor measures what this machine cannot go below for the work arena's runner does:
// two processes exchanging lines over pipes with nothing else done, and a process started
// until it first answers. The runner benchmarks (package match, package players) talk to the
// same peer with the same line counts and sizes, so that scripts/bench.sh can print arena's
// cost as a ratio of the floor measured in the same run.
package floor

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// PeerEnv, set in its environment, makes a test binary of this module that benchmarks
// against the floor (bench/floor's, players', match's) run Serve instead of its tests: the
// floor starts any of them as its peer (see scripts/bench.sh).
const PeerEnv = "ARENA_FLOOR_PEER"

// Exchange is the shape of one exchange: what is sent to the peer and what it answers.
type Exchange struct {
	Name string
	// InLines lines of InWidth bytes each (newline included) are sent, the first of them
	// being the header that tells the peer the shape.
	InLines, InWidth int
	// OutLines lines of OutWidth bytes each (newline included) come back.
	OutLines, OutWidth int
}

// Shapes measured by the benchmarks. Queens is a Code Royale turn as a bot sees it: about
// 650 bytes of input in 36 lines, two lines of answer (21 bytes), the averages of a greedy
// against greedy game.
var (
	Line   = Exchange{Name: "line", InLines: 1, InWidth: 16, OutLines: 1, OutWidth: 16}
	Queens = Exchange{Name: "queens", InLines: 36, InWidth: 18, OutLines: 2, OutWidth: 11}
)

// Shapes lists every shape, for benchmarks that measure them all.
var Shapes = []Exchange{Line, Queens}

// Warmup is how many exchanges a peer answers before an exchange benchmark times any: the
// floor's and the runner's alike, so that both time peers in the same state. A process
// fresh from its start is not yet where the kernel will keep it: over its first thousand
// exchanges or so, nearly half of them wake it on the other CPU, where a settled pair
// mostly trades turns on one (see docs/PERFORMANCE.md). A game of the runner's benchmark
// starts fresh bots, so each game warms its own.
const Warmup = 2000

// headerWidth is the length of the header's content: three counts, space-padded.
const headerWidth = 14

// Input is the text sent for one exchange: a header line "IN OUT WIDTH" (lines that follow,
// lines to answer, answer width), padded to InWidth, then filler lines.
func (e Exchange) Input() string {
	if e.InLines < 1 || e.InWidth < headerWidth+1 || e.OutLines < 1 || e.OutWidth < 1 {
		panic(fmt.Sprintf("floor: exchange %q: too small", e.Name))
	}
	var b strings.Builder
	header := fmt.Sprintf("%d %d %d", e.InLines-1, e.OutLines, e.OutWidth)
	b.WriteString(header + strings.Repeat(" ", e.InWidth-1-len(header)) + "\n")
	filler := strings.Repeat("7", e.InWidth-1) + "\n"
	for i := 1; i < e.InLines; i++ {
		b.WriteString(filler)
	}
	return b.String()
}

// Answer is what the peer answers to Input.
func (e Exchange) Answer() string {
	return strings.Repeat(strings.Repeat("a", e.OutWidth-1)+"\n", e.OutLines)
}

// Serve is the peer: for each header it reads the lines that follow and answers with one
// write, until in ends. It does as little as a bot can: no allocation per exchange, one
// read and one write system call when the input arrives at once.
func Serve(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var answer []byte
	var shape [3]int
	for {
		line, err := r.ReadSlice('\n')
		if err == io.EOF && len(line) == 0 {
			return nil
		}
		if err != nil {
			return fmt.Errorf("floor peer: reading a header: %w", err)
		}
		got, ok := parseHeader(line)
		if !ok {
			return fmt.Errorf("floor peer: bad header %q", line)
		}
		if got != shape || answer == nil {
			shape = got
			answer = []byte(Exchange{OutLines: got[1], OutWidth: got[2]}.Answer())
		}
		for i := 0; i < shape[0]; i++ {
			if _, err := r.ReadSlice('\n'); err != nil {
				return fmt.Errorf("floor peer: reading line %d of %d: %w", i+1, shape[0], err)
			}
		}
		if _, err := out.Write(answer); err != nil {
			return fmt.Errorf("floor peer: answering: %w", err)
		}
	}
}

// parseHeader reads "IN OUT WIDTH" without allocating.
func parseHeader(line []byte) ([3]int, bool) {
	var v [3]int
	k := 0
	inNumber := false
	for _, c := range line {
		switch {
		case c >= '0' && c <= '9':
			if k == len(v) {
				return v, false
			}
			v[k] = v[k]*10 + int(c-'0')
			inNumber = true
		case inNumber:
			k++
			inNumber = false
		}
	}
	return v, k == len(v) && v[1] > 0 && v[2] > 0
}
