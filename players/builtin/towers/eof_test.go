package towers

import (
	"io"
	"strings"
	"testing"
)

// A bot whose input ends, wherever it ends, has nothing left to answer and stops without
// an error, as the other games' bots do: during its start-up lines as well as during a
// turn. A line that is there but wrong is an error.
func TestBotsStopAtTheEndOfInput(t *testing.T) {
	setup := "0\n10 40 10 6 200\n1 1 1 1 1 1\n1 1 1\n50 100 150\n2 3 4\n1 1 1 1\n1 1 1\n"
	bots := map[string]func(io.Reader, io.Writer) error{"greedy": greedy, "random": newRandom(1)}
	for name, bot := range bots {
		for cut := 0; cut <= len(setup); cut++ {
			if cut > 0 && setup[cut-1] != '\n' {
				continue // whole lines only: a line cut short is the end of the input too, below
			}
			if err := bot(strings.NewReader(setup[:cut]), io.Discard); err != nil {
				t.Errorf("%s: input ending after %d bytes of the start-up lines: %v, want nil", name, cut, err)
			}
		}
		if err := bot(strings.NewReader("0\n10 40"), io.Discard); err == nil {
			t.Errorf("%s: a start-up line short of numbers: nil error, want one", name)
		}
	}
}
