package floor

import (
	"bytes"
	"strings"
	"testing"
)

func TestServeAnswersEveryShape(t *testing.T) {
	for _, shape := range Shapes {
		t.Run(shape.Name, func(t *testing.T) {
			in := shape.Input()
			if got := strings.Count(in, "\n"); got != shape.InLines {
				t.Errorf("input has %d lines, want %d", got, shape.InLines)
			}
			if len(in) != shape.InLines*shape.InWidth {
				t.Errorf("input has %d bytes, want %d", len(in), shape.InLines*shape.InWidth)
			}
			var out bytes.Buffer
			if err := Serve(strings.NewReader(in+in+in), &out); err != nil {
				t.Fatal(err)
			}
			want := strings.Repeat(shape.Answer(), 3)
			if out.String() != want {
				t.Errorf("answered %q, want %q", out.String(), want)
			}
			if len(shape.Answer()) != shape.OutLines*shape.OutWidth {
				t.Errorf("answer has %d bytes, want %d", len(shape.Answer()), shape.OutLines*shape.OutWidth)
			}
		})
	}
}

func TestServeRejectsBadHeaders(t *testing.T) {
	for _, in := range []string{"hello\n", "1 2\n", "1 0 5\n", "1 2 3 4\n"} {
		if err := Serve(strings.NewReader(in), &bytes.Buffer{}); err == nil {
			t.Errorf("Serve(%q) accepted", in)
		}
	}
}
