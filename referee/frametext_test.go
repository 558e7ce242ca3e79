package referee

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCutTexts(t *testing.T) {
	a, b, c := "site 1", "tower 1 · HP 800", "label"
	buf := []byte(a + b + c)
	shapes := make([]Shape, 3)
	pieces := []TextPiece{
		{Shape: 0, Start: 0, End: len(a)},                              // a tooltip
		{Shape: 2, Start: len(a), End: len(a + b)},                     // another shape's tooltip, out of order
		{Shape: 0, Text: true, Start: len(a + b), End: len(a + b + c)}, // the first shape's text
	}
	CutTexts(buf, pieces, shapes)
	want := []Shape{{Tip: "site 1", Text: "label"}, {}, {Tip: "tower 1 · HP 800"}}
	if diff := cmp.Diff(want, shapes); diff != "" {
		t.Errorf("shapes (-want +got):\n%s", diff)
	}
	buf[0] = 'S' // the buffer is reused for the next frame; the texts must not change
	if shapes[0].Tip != "site 1" {
		t.Errorf("a text shares the buffer: %q after the buffer changed", shapes[0].Tip)
	}
}
