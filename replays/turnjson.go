package replays

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/arena-games/arena/referee"
)

// appendTurn appends the JSON of a turn: byte for byte what encoding/json makes of it
// (turnjson_test.go holds it to that), written without reflection. Turns are nearly all of
// a replay, and encoding them with reflection took several times longer than the game's
// runner spends on the same turns. A value encoding/json refuses (NaN, ±Inf) makes the
// turn go through encoding/json, for its error. newShapes, when not empty, is the JSON of
// the turn's new shapes (comma-separated, from a tableBuilder), written in place of
// t.NewShapes.
func appendTurn(b []byte, t *Turn, newShapes []byte) ([]byte, error) {
	w := turnWriter{b: b, newShapes: newShapes}
	w.turn(t)
	if w.refused {
		j, err := json.Marshal(t)
		if err != nil {
			return b, err
		}
		return append(b, j...), nil
	}
	if w.err != nil {
		return b, w.err
	}
	return w.b, nil
}

// appendShape appends the JSON of a shape, as encoding/json makes it; ok is false for a
// value it refuses (NaN, ±Inf).
func appendShape(b []byte, s *referee.Shape) (_ []byte, ok bool) {
	w := turnWriter{b: b}
	w.shape(s)
	return w.b, !w.refused
}

type turnWriter struct {
	b         []byte
	newShapes []byte // the JSON of the turn's new shapes, written in place of Turn.NewShapes
	refused   bool   // a float encoding/json refuses
	err       error  // from encoding a frame's state
}

func (w *turnWriter) turn(t *Turn) {
	w.b = append(w.b, `{"turn":`...)
	w.b = strconv.AppendInt(w.b, int64(t.Turn), 10)
	w.b = append(w.b, `,"moves":`...)
	if t.Moves == nil {
		w.b = append(w.b, "null"...)
	} else {
		w.b = append(w.b, '[')
		for i := range t.Moves {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.move(&t.Moves[i])
		}
		w.b = append(w.b, ']')
	}
	w.b = append(w.b, `,"frame":`...)
	w.frame(&t.Frame)
	if len(w.newShapes) > 0 {
		w.b = append(w.b, `,"new_shapes":[`...)
		w.b = append(w.b, w.newShapes...)
		w.b = append(w.b, ']')
	} else if len(t.NewShapes) > 0 {
		w.b = append(w.b, `,"new_shapes":[`...)
		for i := range t.NewShapes {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.shape(&t.NewShapes[i])
		}
		w.b = append(w.b, ']')
	}
	if len(t.ShapeIDs) > 0 {
		w.b = append(w.b, `,"shape_ids":[`...)
		for i, id := range t.ShapeIDs {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.b = strconv.AppendInt(w.b, int64(id), 10)
		}
		w.b = append(w.b, ']')
	}
	if t.Check != "" {
		w.b = append(w.b, `,"check":`...)
		w.string(t.Check)
	}
	w.b = append(w.b, '}')
}

func (w *turnWriter) move(m *Move) {
	w.b = append(w.b, `{"player":`...)
	w.b = strconv.AppendInt(w.b, int64(m.Player), 10)
	w.b = append(w.b, `,"input":`...)
	w.string(m.Input)
	w.b = append(w.b, `,"output":`...)
	w.string(m.Output)
	w.optString(`,"stderr":`, m.Stderr)
	w.b = append(w.b, `,"time_ms":`...)
	w.float(m.TimeMS)
	if m.CPUMS != nil {
		w.b = append(w.b, `,"cpu_ms":`...)
		w.float(*m.CPUMS)
	}
	w.optString(`,"status":`, string(m.Status))
	w.optString(`,"message":`, m.Message)
	w.optString(`,"compute":`, string(m.Compute))
	w.optString(`,"compute_usage":`, m.ComputeUsage)
	if m.Delayed {
		w.b = append(w.b, `,"delayed":true`...)
	}
	w.b = append(w.b, '}')
}

func (w *turnWriter) frame(f *referee.Frame) {
	w.b = append(w.b, '{')
	sep := false // a field was written: the next one needs a comma
	field := func(key string) {
		if sep {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, key...)
		sep = true
	}
	if f.View != nil {
		field(`"view":{"width":`)
		w.float(f.View.Width)
		w.b = append(w.b, `,"height":`...)
		w.float(f.View.Height)
		w.optString(`,"background":`, f.View.Background)
		w.b = append(w.b, '}')
	}
	if len(f.Shapes) > 0 {
		field(`"shapes":[`)
		for i := range f.Shapes {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.shape(&f.Shapes[i])
		}
		w.b = append(w.b, ']')
	}
	if f.State != nil {
		field(`"state":`)
		j, err := json.Marshal(f.State)
		if err != nil && w.err == nil {
			w.err = err
		}
		w.b = append(w.b, j...)
	}
	if len(f.Events) > 0 {
		field(`"events":[`)
		for i, e := range f.Events {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.string(e)
		}
		w.b = append(w.b, ']')
	}
	w.b = append(w.b, '}')
}

func (w *turnWriter) shape(s *referee.Shape) {
	w.b = append(w.b, `{"kind":`...)
	w.string(s.Kind)
	w.b = append(w.b, `,"x":`...)
	w.float(s.X)
	w.b = append(w.b, `,"y":`...)
	w.float(s.Y)
	w.optFloat(`,"x2":`, s.X2)
	w.optFloat(`,"y2":`, s.Y2)
	w.optFloat(`,"w":`, s.W)
	w.optFloat(`,"h":`, s.H)
	w.optFloat(`,"r":`, s.R)
	if len(s.Points) > 0 {
		w.b = append(w.b, `,"points":[`...)
		for i, p := range s.Points {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.float(p)
		}
		w.b = append(w.b, ']')
	}
	w.optString(`,"text":`, s.Text)
	w.optFloat(`,"size":`, s.Size)
	w.optString(`,"fill":`, s.Fill)
	w.optString(`,"stroke":`, s.Stroke)
	w.optFloat(`,"width":`, s.Width)
	w.optFloat(`,"alpha":`, s.Alpha)
	if s.Player != nil {
		w.b = append(w.b, `,"player":`...)
		w.b = strconv.AppendInt(w.b, int64(*s.Player), 10)
	}
	w.optString(`,"layer":`, s.Layer)
	w.optString(`,"tip":`, s.Tip)
	w.b = append(w.b, '}')
}

// optString writes an omitempty string field: key (with its comma) and value, unless "".
func (w *turnWriter) optString(key, s string) {
	if s != "" {
		w.b = append(w.b, key...)
		w.string(s)
	}
}

// optFloat writes an omitempty number field, unless 0 (or −0).
func (w *turnWriter) optFloat(key string, f float64) {
	if f != 0 {
		w.b = append(w.b, key...)
		w.float(f)
	}
}

// float is encoding/json's float64: ES6 number formatting, exponents unpadded.
func (w *turnWriter) float(f float64) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		w.refused = true
		return
	}
	if f == math.Trunc(f) && f > -1e15 && f < 1e15 && f != 0 {
		// A whole number (coordinates, radii, sizes are, mostly) is its digits, as the
		// shortest formatting below makes it.
		w.b = strconv.AppendInt(w.b, int64(f), 10)
		return
	}
	abs := math.Abs(f)
	if abs < 1e9 && abs != 0 { // (0 and −0 are written below, as encoding/json does)
		// A number of thousandths (times in ms, radii and alphas of frames) is written as
		// such: the shortest formatting below gives the same digits, since no other
		// decimal of three places or fewer is this near a float so small (the spacing of
		// floats below 1e9 is under 1e-6), and k/1000 rounds to f exactly when it is f.
		if k := math.Round(abs * 1000); k/1000 == abs {
			w.thousandths(f < 0, int64(k))
			return
		}
	}
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(w.b, f, format, -1, 64)
	if format == 'e' {
		// e-09 to e-9
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	w.b = b
}

// thousandths writes k/1000 (negated if neg), k not a multiple of 1000: the whole part,
// then the decimals without trailing zeros.
func (w *turnWriter) thousandths(neg bool, k int64) {
	if neg {
		w.b = append(w.b, '-')
	}
	w.b = strconv.AppendInt(w.b, k/1000, 10)
	frac := k % 1000
	w.b = append(w.b, '.', byte('0'+frac/100))
	if frac%100 != 0 {
		w.b = append(w.b, byte('0'+frac/10%10))
		if frac%10 != 0 {
			w.b = append(w.b, byte('0'+frac%10))
		}
	}
}

const hexDigits = "0123456789abcdef"

// plain holds the ASCII characters a JSON string holds as they are (encoding/json's
// htmlSafeSet): printable, but for ", \\, <, > and &.
var plain = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// string is encoding/json's string with HTML escaping (what json.Marshal does): <, > and &
// as \u00XX, control characters escaped, invalid UTF-8 as \ufffd, U+2028 and U+2029
// escaped.
func (w *turnWriter) string(s string) {
	b := append(w.b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if plain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		if c := s[i]; c >= 0xc2 && c <= 0xdf && i+1 < len(s) && s[i+1]&0xc0 == 0x80 {
			i += 2 // a valid two-byte character ("·", "é"): nothing to escape
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	w.b = append(b, '"')
}
