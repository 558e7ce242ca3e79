package replays

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/arena-games/arena/referee"
)

// withShapeTable returns the replay in compact form, as tableBuilder makes its table:
// the entries in ShapeTable, frames as lists of indices. r itself is not changed.
func withShapeTable(r *Replay) (*Replay, error) {
	out := *r
	out.Turns = make([]Turn, len(r.Turns))
	tb := newTableBuilder(0)
	for i, turn := range r.Turns {
		if len(turn.Frame.Shapes) == 0 { // as fileTurns: the next frame is compared with the last that drew
			out.Turns[i] = turn
			continue
		}
		ids, _, err := tb.add(&turn, nil, nil)
		if err != nil {
			return nil, err
		}
		for k, id := range ids {
			if id == len(out.ShapeTable) { // a new entry
				out.ShapeTable = append(out.ShapeTable, turn.Frame.Shapes[k])
			}
		}
		turn.Frame.Shapes, turn.ShapeIDs = nil, ids
		out.Turns[i] = turn
	}
	return &out, nil
}

// referenceShapeTable is withShapeTable as first written: shapes are the same entry when
// encoding/json writes them the same.
func referenceShapeTable(r *Replay) (*Replay, error) {
	out := *r
	out.Turns = make([]Turn, len(r.Turns))
	index := map[string]int{}
	for i, t := range r.Turns {
		var ids []int
		for k := range t.Frame.Shapes {
			key, err := json.Marshal(&t.Frame.Shapes[k])
			if err != nil {
				return nil, fmt.Errorf("turn %d: shape %d: %w", t.Turn, k, err)
			}
			id, seen := index[string(key)]
			if !seen {
				id = len(out.ShapeTable)
				index[string(key)] = id
				out.ShapeTable = append(out.ShapeTable, t.Frame.Shapes[k])
			}
			ids = append(ids, id)
		}
		t.Frame.Shapes, t.ShapeIDs = nil, ids
		out.Turns[i] = t
	}
	return &out, nil
}

func sameTables(t *testing.T, what string, r *Replay) {
	t.Helper()
	got, gotErr := withShapeTable(r)
	want, wantErr := referenceShapeTable(r)
	if (gotErr != nil) != (wantErr != nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
		t.Fatalf("%s: error %v, want %v", what, gotErr, wantErr)
	}
	if gotErr != nil {
		return
	}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if string(gj) != string(wj) {
		t.Fatalf("%s: table differs:\ngot:  %.400s\nwant: %.400s", what, gj, wj)
	}
}

// A shape is an earlier entry exactly when its JSON is that entry's: −0 and 0 where the
// field is left out when zero but not elsewhere, owners; whether the previous frame drew it
// near the same place, elsewhere, or not at all. (Two different invalid texts that both
// become U+FFFD are two entries with the same JSON: see TestInvalidTextsRoundTrip.)
func TestShapeTableMatchesByJSON(t *testing.T) {
	negZero := math.Copysign(0, -1)
	one, zero := 1, 0
	kinds := []referee.Shape{
		{Kind: "circle", X: 0}, {Kind: "circle", X: negZero},
		{Kind: "circle", R: 0}, {Kind: "circle", R: negZero},
		{Kind: "poly", Points: []float64{0, 1}}, {Kind: "poly", Points: []float64{negZero, 1}}, {Kind: "poly", Points: []float64{}},
		{Kind: "text", Text: "a\ufffdb"}, {Kind: "text", Text: `a\ufffdb`}, {Kind: "text", Tip: "é"},
		{Kind: "circle", Player: &one}, {Kind: "circle", Player: &zero}, {Kind: "circle"},
		{Kind: "circle", X: 1e21}, {Kind: "circle", X: 1e-7},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for round := 0; round < 300; round++ {
		r := &Replay{}
		var shapes []referee.Shape
		for turn := 0; turn < 6; turn++ {
			// The previous frame with a few shapes changed, added or removed.
			next := slices.Clone(shapes)
			for k := rng.IntN(4); k > 0; k-- {
				at := rng.IntN(len(next) + 1)
				switch rng.IntN(3) {
				case 0:
					next = slices.Insert(next, at, kinds[rng.IntN(len(kinds))])
				case 1:
					if at < len(next) {
						next = slices.Delete(next, at, at+1)
					}
				default:
					if at < len(next) {
						next[at] = kinds[rng.IntN(len(kinds))]
					}
				}
			}
			shapes = next
			r.Turns = append(r.Turns, Turn{Turn: turn, Frame: referee.Frame{Shapes: slices.Clone(shapes)}})
		}
		sameTables(t, fmt.Sprintf("round %d", round), r)
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1)} {
		r := &Replay{Turns: []Turn{{Frame: referee.Frame{Shapes: []referee.Shape{{Kind: "a"}, {Kind: "b", W: bad}}}}}}
		sameTables(t, fmt.Sprint(bad), r)
	}
}

// Texts that are not valid UTF-8 are written with U+FFFD, as encoding/json writes them:
// read back, each frame has the shapes it drew, whichever entries they are.
func TestInvalidTextsRoundTrip(t *testing.T) {
	a, b := referee.Shape{Kind: "text", Text: "a\xffb"}, referee.Shape{Kind: "text", Text: "a\xfeb"}
	r := sample()
	r.Turns[0].Frame.Shapes = []referee.Shape{a, b, {Kind: "text", Tip: "\xc3"}}
	r.Turns[1].Frame.Shapes = []referee.Shape{b, a}
	var file bytes.Buffer
	if err := Encode(&file, r); err != nil {
		t.Fatal(err)
	}
	back, err := Decode(file.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for i, turn := range r.Turns {
		var read []referee.Shape // the shapes as JSON reads them back, U+FFFD in their texts
		j, _ := json.Marshal(turn.Frame.Shapes)
		if err := json.Unmarshal(j, &read); err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(read)
		got, _ := json.Marshal(back.Turns[i].Frame.Shapes)
		if string(got) != string(want) {
			t.Errorf("turn %d's shapes read back: %s, want %s", i, got, want)
		}
	}
}

// Every field of a shape counts: a shape that differs from an entry in any one is a new
// entry, in the previous frame or earlier.
func TestShapeTableEveryField(t *testing.T) {
	var base referee.Shape
	n := 0
	fill(reflect.ValueOf(&base).Elem(), &n)
	v := reflect.ValueOf(base)
	for i := 0; i < v.NumField(); i++ {
		other := base
		o := reflect.ValueOf(&other).Elem().Field(i)
		fill(o, &n) // a different value in this field only
		r := &Replay{Turns: []Turn{{Frame: referee.Frame{Shapes: []referee.Shape{base}}}, {Frame: referee.Frame{Shapes: []referee.Shape{other}}}, {Frame: referee.Frame{Shapes: []referee.Shape{other, base}}}}}
		got, err := withShapeTable(r)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.ShapeTable) != 2 {
			t.Errorf("field %s: %d entries for two different shapes, each drawn twice", v.Type().Field(i).Name, len(got.ShapeTable))
		}
		sameTables(t, v.Type().Field(i).Name, r)
	}
}

// A table handed back for the next file (putTable) is emptied: the next file gets from it
// the ids and new entries that a new table gives, even when it draws what the last did,
// from the last frame of the last on.
func TestTableUsedAgainStartsEmpty(t *testing.T) {
	first := recordQueens(t, 1)
	second := &Replay{Turns: append([]Turn{first.Turns[len(first.Turns)-1]}, first.Turns...)}
	build := func(tb *tableBuilder, r *Replay) (ids [][]int, entries []byte) {
		for i := range r.Turns {
			var turnIDs []int
			var err error
			if turnIDs, entries, err = tb.add(&r.Turns[i], nil, append(entries, '\n')); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, turnIDs)
		}
		return ids, entries
	}
	wantIDs, wantEntries := build(newTableBuilder(0), second)

	used := newTableBuilder(0)
	build(used, first)
	putTable(used)
	again := getTable()
	if again != used {
		t.Fatal("the table handed back was not kept for the next file")
	}
	defer putTable(again)
	gotIDs, gotEntries := build(again, second)
	if !reflect.DeepEqual(gotIDs, wantIDs) {
		t.Error("a table used again gives other ids than a new one")
	}
	if !bytes.Equal(gotEntries, wantEntries) {
		t.Error("a table used again gives other new entries than a new one")
	}
}

// A table keeps each entry's JSON whole, across its blocks, in blocks it had before (when
// used again) and in blocks made for an entry larger than a block.
func TestTableKeepsEntriesWhole(t *testing.T) {
	tb := newTableBuilder(0)
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 3 {
		var kept [][]byte
		for i := range 400 {
			n := rng.IntN(2000)
			if i%97 == 0 {
				n = tableBlock + rng.IntN(tableBlock) // larger than a block
			}
			js := bytes.Repeat([]byte{byte('a' + i%26)}, n)
			tb.entries = append(tb.entries, tb.keep(js))
			kept = append(kept, js)
		}
		for e, js := range kept {
			if got := tb.json(int32(e)); !bytes.Equal(got, js) {
				t.Fatalf("round %d: entry %d: %d bytes kept, want %d of %q", round, e, len(got), len(js), js[:min(len(js), 1)])
			}
		}
		tb.empty()
	}
}
