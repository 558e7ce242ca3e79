package referee

// TextPiece is a piece of a frame's text buffer that is one shape's tooltip or text. A
// referee that draws many shapes writes all their texts into one buffer and cuts it into
// one string at the end of the frame (CutTexts): one allocation for a frame's texts,
// whatever their number.
type TextPiece struct {
	Shape      int  // the shape's index in the frame
	Text       bool // the shape's Text rather than its Tip
	Start, End int  // buf[Start:End]
}

// CutTexts turns buf into one string and gives every shape its piece of it.
func CutTexts(buf []byte, pieces []TextPiece, shapes []Shape) {
	all := string(buf)
	for _, p := range pieces {
		if p.Text {
			shapes[p.Shape].Text = all[p.Start:p.End]
		} else {
			shapes[p.Shape].Tip = all[p.Start:p.End]
		}
	}
}
