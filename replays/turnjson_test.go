package replays

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// referenceEncode is Encode as first written, with encoding/json for every part: the
// frames' shapes as entries of the table (referenceShapeTable), each brought by the turn
// that made it.
func referenceEncode(r *Replay) ([]byte, error) {
	head := *r
	head.Turns, head.ShapeTable = nil, nil
	head.Format = Format
	headJSON, err := json.Marshal(head)
	if err != nil {
		return nil, err
	}
	i := bytes.Index(headJSON, []byte(`"turns":null`))
	var out bytes.Buffer
	out.Write(headJSON[:i])
	out.WriteString("\"turns\":[\n")
	table, err := referenceShapeTable(r)
	if err != nil {
		return nil, err
	}
	entries := 0
	for k, t := range table.Turns {
		for _, id := range t.ShapeIDs {
			if id == entries { // the turn's new entries, in order
				t.NewShapes = append(t.NewShapes, table.ShapeTable[id])
				entries++
			}
		}
		b, err := json.Marshal(t)
		if err != nil {
			return nil, err
		}
		if k > 0 {
			out.WriteString(",\n")
		}
		out.Write(b)
	}
	out.WriteString("\n]")
	out.Write(headJSON[i+len(`"turns":null`):])
	out.WriteString("\n")
	return out.Bytes(), nil
}

// A whole game's replay encodes to exactly the bytes encoding/json gives.
func TestEncodeMatchesEncodingJSON(t *testing.T) {
	for _, seed := range []int64{7, 8} {
		rec := recordQueens(t, seed)
		want, err := referenceEncode(rec)
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		if err := Encode(&got, rec); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) {
			i := 0
			for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
				i++
			}
			t.Fatalf("seed %d: differs at byte %d:\ngot:  %.200q\nwant: %.200q", seed, i, got.Bytes()[i:], want[i:])
		}
	}
}

// fill sets every field of v (recursively) to a value that is not empty, so that a field
// added to Turn, Move, Frame, Shape or View shows up here if appendTurn forgets it.
func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d<&>\"\n", *n))
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Float64:
		v.SetFloat(float64(*n) + 0.25)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), n)
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(s.Index(i), n)
		}
		v.Set(s)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n)
			}
		}
	case reflect.Interface:
		v.Set(reflect.ValueOf(map[string]any{"k": *n, "<": []int{1}}))
	default:
		panic("fill: " + v.Kind().String())
	}
}

func sameAsEncodingJSON(t *testing.T, what string, turn *Turn) {
	t.Helper()
	want, wantErr := json.Marshal(turn)
	got, gotErr := appendTurn(nil, turn, nil)
	if (wantErr != nil) != (gotErr != nil) || (wantErr == nil && !bytes.Equal(got, want)) {
		t.Fatalf("%s:\ngot:  %s (%v)\nwant: %s (%v)", what, got, gotErr, want, wantErr)
	}
}

func TestAppendTurnEveryField(t *testing.T) {
	var turn Turn
	n := 0
	fill(reflect.ValueOf(&turn).Elem(), &n)
	sameAsEncodingJSON(t, "every field set", &turn)
	// And every omitempty field empty, nil slices and pointers.
	sameAsEncodingJSON(t, "zero turn", &Turn{})
	sameAsEncodingJSON(t, "empty slices", &Turn{Moves: []Move{}, Frame: referee.Frame{Shapes: []referee.Shape{}, Events: []string{}}, ShapeIDs: []int{}})
	sameAsEncodingJSON(t, "state only", &Turn{Frame: referee.Frame{State: struct{ A int }{3}}})
	sameAsEncodingJSON(t, "events only", &Turn{Frame: referee.Frame{Events: []string{"a"}}})
	var nilState *struct{}
	sameAsEncodingJSON(t, "typed nil state", &Turn{Frame: referee.Frame{State: nilState}})
	sameAsEncodingJSON(t, "unencodable state", &Turn{Frame: referee.Frame{State: func() {}}})
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		sameAsEncodingJSON(t, fmt.Sprint(f), &Turn{Moves: []Move{{TimeMS: f}}})
		sameAsEncodingJSON(t, fmt.Sprint(f), &Turn{Frame: referee.Frame{Shapes: []referee.Shape{{Alpha: f}}}})
	}
}

// Strings and numbers of every kind are written as encoding/json writes them.
func TestAppendTurnStringsAndNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"a", "é", "<", ">", "&", "\"", "\\", "\n", "\r", "\t", "\b", "\f", "\x00", "\x1f", "\x7f",
		"\u2028", "\u2029", "\xff", "\xc3", "\xe2\x80", "😀", "\ufffd", " "}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 9.999e20, -1e21,
		123456789.125, 1.0 / 3, math.MaxFloat64, math.SmallestNonzeroFloat64, 5e-324, 1e-10, 2.5e-9}
	for i := 0; i < 2000; i++ {
		var sb strings.Builder
		for k := rng.IntN(12); k > 0; k-- {
			sb.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		f := floats[rng.IntN(len(floats))]
		if i%2 == 1 {
			f = math.Float64frombits(rng.Uint64())
			if math.IsNaN(f) || math.IsInf(f, 0) {
				continue
			}
		}
		s := sb.String()
		turn := Turn{Turn: i, Check: s, Moves: []Move{{Input: s, Output: s, TimeMS: f, Message: s}},
			Frame: referee.Frame{Shapes: []referee.Shape{{Kind: s, X: f, Y: -f, R: f, Points: []float64{f, 0, -f}, Tip: s}}, Events: []string{s}}}
		sameAsEncodingJSON(t, fmt.Sprintf("%q, %v", s, f), &turn)
	}
}

// A character to escape, or a non-ASCII one, is found wherever it stands in a run of plain
// text, and every byte value is written as encoding/json writes it.
func TestAppendTurnStringsPlainRuns(t *testing.T) {
	specials := []string{"<", ">", "&", "\"", "\\", "\n", "\x00", "\x1f", "\x7f", " ", "~", "é", "·", "\u2028", "\xff", "😀"}
	for _, sp := range specials {
		for before := 0; before <= 17; before++ {
			for after := 0; after <= 9; after++ {
				s := strings.Repeat("abcdefgh", 3)[:before] + sp + strings.Repeat("01234567", 2)[:after]
				sameAsEncodingJSON(t, fmt.Sprintf("%q", s), &Turn{Check: s})
			}
		}
	}
	for c := 0; c < 256; c++ { // every byte, alone in a word of plain ones
		s := "abc" + string([]byte{byte(c)}) + "defghijk"
		sameAsEncodingJSON(t, fmt.Sprintf("%q", s), &Turn{Check: s})
	}
}

// Numbers of thousandths (how times and most drawing values are made) are written as
// encoding/json writes them, near and far from the edges of the short path.
func TestAppendTurnThousandths(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	values := []float64{0.001, -0.001, 0.01, 0.1, 0.5, 0.999, 1.001, 48.6, 0.12, 0.3, 2.675, 1e9 - 0.001, 999999999.5,
		1e9 + 0.5, 0.0005, 0.0015, 0.1 + 0.2, 1.0 / 3, 123.4567}
	for i := 0; i < 20000; i++ {
		k := rng.Int64N(2e12) - 1e12
		if i%2 == 1 {
			k = rng.Int64N(2e6) - 1e6
		}
		values = append(values, float64(k)/1000, float64(k)/100, float64(k)/10000)
	}
	for _, f := range values {
		want, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		w := turnWriter{}
		w.float(f)
		if string(w.b) != string(want) {
			t.Errorf("%v: wrote %s, encoding/json writes %s", f, w.b, want)
		}
	}
}
