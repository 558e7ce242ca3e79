package players

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/protocol"
)

// A read's lines cut from one string (split's short pieces) are the lines the line-by-line
// cut makes, whatever the bytes and however they arrive: CRs, invalid UTF-8, lines at and
// over the limit, lines across reads; and the answer's text taken as their span is the
// lines joined.
func TestSplitPiecesCutTheSameLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b", "\r", "\n", "\n", "\xff", "é", "\r\n"}
	spans := 0
	for range 20000 {
		limit := 1 + rng.IntN(12)
		var data []byte
		for n := rng.IntN(40); n > 0; n-- {
			data = append(data, alphabet[rng.IntN(len(alphabet))]...)
		}
		got := &Process{spec: Spec{MaxLine: limit, MaxTurnOutput: 1 << 20}}
		want := &Process{spec: got.spec}
		for rest := data; len(rest) > 0; {
			k := 1 + rng.IntN(len(rest))
			got.split(rest[:k], time.Time{})
			want.splitLineByLine(rest[:k], time.Time{})
			rest = rest[k:]
		}
		type line struct {
			Text    string
			TooLong bool
		}
		var gotLines, wantLines []line
		var read lines
		for _, l := range got.out.queue {
			gotLines = append(gotLines, line{l.text, l.tooLong})
			if !l.tooLong {
				read.add(l)
			}
		}
		for _, l := range want.out.queue {
			wantLines = append(wantLines, line{l.text, l.tooLong})
		}
		if diff := cmp.Diff(wantLines, gotLines); diff != "" {
			t.Fatalf("%q, limit %d: lines (-line by line +pieces):\n%s", data, limit, diff)
		}
		if out, joined := read.output(), protocol.JoinLines(read.texts); out != joined {
			t.Fatalf("%q, limit %d: answer %q, want %q", data, limit, out, joined)
		}
		if read.span && len(read.texts) > 1 {
			spans++
		}
	}
	if spans == 0 {
		t.Error("no answer of several lines was taken as one span")
	}
}

// An answer read in one piece is one string: its lines and its text share it.
func TestAnswerReadInOnePieceIsOneString(t *testing.T) {
	p := &Process{spec: Spec{MaxLine: 100, MaxTurnOutput: 1 << 20}}
	p.split([]byte("MOVE 1 2\nTRAIN\n"), time.Time{})
	var read lines
	for _, l := range p.out.queue {
		read.add(l)
	}
	if !read.span || read.output() != "MOVE 1 2\nTRAIN\n" {
		t.Fatalf("span %v, output %q", read.span, read.output())
	}
	if n := testing.AllocsPerRun(100, func() { _ = read.output() }); n != 0 {
		t.Errorf("output of a span: %v allocations, want 0", n)
	}
	// Cut across two reads, the lines are not one span: the text is joined.
	p = &Process{spec: p.spec}
	p.split([]byte("MOVE 1 2\nTR"), time.Time{})
	p.split([]byte("AIN\n"), time.Time{})
	read = lines{}
	for _, l := range p.out.queue {
		read.add(l)
	}
	if read.span || read.output() != "MOVE 1 2\nTRAIN\n" {
		t.Fatalf("across reads: span %v, output %q", read.span, read.output())
	}
}

// splitLineByLine is split as it was before pieces: every line through the partial-line
// buffer, a string each. It is the reference split is compared with.
func (p *Process) splitLineByLine(data []byte, now time.Time) {
	o := &p.out
	limit := p.spec.MaxLine
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		chunk := data
		if i >= 0 {
			chunk = data[:i]
		}
		if !o.partialTooLong {
			if len(o.partial)+len(chunk) > limit+1 { // +1: room for the "\r" of a "\r\n"
				had := len(o.partial) + len(chunk)
				o.partial = append(o.partial[:min(len(o.partial), limit)], chunk[:min(len(chunk), max(0, limit-len(o.partial)))]...)
				o.partialTooLong = true
				p.discard(had - len(o.partial))
			} else {
				o.partial = append(o.partial, chunk...)
			}
		} else {
			p.discard(len(chunk))
		}
		if i < 0 {
			break
		}
		if !o.partialReported {
			text, tooLong := lineText(o.partial, o.partialTooLong, limit)
			p.push(queuedLine{text: text, at: now, tooLong: tooLong})
		}
		o.partial = o.partial[:0]
		o.partialTooLong, o.partialReported = false, false
		data = data[i+1:]
	}
	if o.partialTooLong && !o.partialReported {
		// A line already over the limit and still growing: report it now rather than
		// waiting for a newline that may never come, and only once.
		text, _ := lineText(o.partial, true, limit)
		p.push(queuedLine{text: text, at: now, tooLong: true})
		o.partial = o.partial[:0] // and keep discarding up to the next newline
		o.partialReported = true
	}
}
