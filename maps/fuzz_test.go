package maps

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// FuzzParseRockets reads any bytes as a rockets map: never a panic; a refusal is a
// *ParseError whose line is in the file and whose reason says what was expected; a map
// that is accepted writes out (Format) to a file that reads back as the same map.
//
//	go test ./maps -run '^$' -fuzz '^FuzzParseRockets$' -fuzztime 60s
func FuzzParseRockets(f *testing.F) {
	for _, name := range []string{"rockets/small.map", "rockets/tiny6.data"} {
		if data, err := Open(name); err == nil {
			f.Add(data)
		}
	}
	for _, seed := range []string{
		"3 2 1\n1\n0 5 7\n1 2 10\n2 3 20\n",
		"\ufeff2 1 2\r\n1 2\r\n0 0\r\n1 2 3\r\n",
		"3 2 1 1 0 5 7 1 2 10 2 3 20",
		"3 2 1\n1\n0 5\n1 2 10\n2 3 20\n",
		"3 2 1\n1\n0 5 7\n1 1 10\n2 3 20\n",
		"3 2 1\n1\n0 5 7\n1 2 10\n2 1 20\n",
		"3 1 1\n1\n0 5 7\n1 2 10\n",
		"99999999999999999999 0 1\n",
		"10001 0 1\n",
		"2 1 1\n1\n0 0\n1 2 3\nextra\n",
		"\x00\xff",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseRockets(data)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if lines := bytes.Count(data, []byte("\n")) + 1; pe.Line < 0 || pe.Line > lines {
				t.Fatalf("error on line %d of a %d-line file: %v", pe.Line, lines, err)
			}
			if strings.TrimSpace(pe.Reason) == "" {
				t.Fatalf("error without a reason on line %d", pe.Line)
			}
			return
		}
		again, err := ParseRockets(m.Format())
		if err != nil {
			t.Fatalf("the map's own format is refused: %v\n%s", err, m.Format())
		}
		if diff := cmp.Diff(m, again, cmpopts.IgnoreUnexported(Rockets{})); diff != "" {
			t.Fatalf("written and read again, the map changed (-read +again):\n%s", diff)
		}
	})
}
