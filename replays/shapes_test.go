package replays

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/arena-games/arena/referee"
)

// referenceShapeTable is withShapeTable as first written: shapes are the same entry when
// encoding/json writes them the same.
func referenceShapeTable(r *Replay) (*Replay, error) {
	out := *r
	out.Turns = make([]Turn, len(r.Turns))
	index := map[string]int{}
	for i, t := range r.Turns {
		ids := make([]int, len(t.Frame.Shapes))
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
			ids[k] = id
		}
		t.Frame.Shapes = nil
		t.ShapeIDs = ids
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

// Shapes are merged exactly when their JSON is the same: −0 and 0 where the field is left
// out when zero but not elsewhere, different invalid bytes that both become U+FFFD, owners.
func TestShapeTableMergesByJSON(t *testing.T) {
	negZero := math.Copysign(0, -1)
	one, zero := 1, 0
	kinds := []referee.Shape{
		{Kind: "circle", X: 0}, {Kind: "circle", X: negZero},
		{Kind: "circle", R: 0}, {Kind: "circle", R: negZero},
		{Kind: "poly", Points: []float64{0, 1}}, {Kind: "poly", Points: []float64{negZero, 1}}, {Kind: "poly", Points: []float64{}},
		{Kind: "text", Text: "a\xffb"}, {Kind: "text", Text: "a\xfeb"}, {Kind: "text", Text: "a\ufffdb"}, {Kind: "text", Text: `a\ufffdb`},
		{Kind: "text", Tip: "é"}, {Kind: "text", Tip: "\xc3"},
		{Kind: "circle", Player: &one}, {Kind: "circle", Player: &zero}, {Kind: "circle"},
		{Kind: "circle", X: 1e21}, {Kind: "circle", X: 1e-7},
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for round := 0; round < 200; round++ {
		r := &Replay{}
		for turn := 0; turn < 4; turn++ {
			var shapes []referee.Shape
			for k := rng.IntN(10); k > 0; k-- {
				shapes = append(shapes, kinds[rng.IntN(len(kinds))])
			}
			r.Turns = append(r.Turns, Turn{Turn: turn, Frame: referee.Frame{Shapes: shapes}})
		}
		sameTables(t, fmt.Sprintf("round %d", round), r)
	}
	for _, bad := range []float64{math.NaN(), math.Inf(1)} {
		r := &Replay{Turns: []Turn{{Frame: referee.Frame{Shapes: []referee.Shape{{Kind: "a"}, {Kind: "b", W: bad}}}}}}
		sameTables(t, fmt.Sprint(bad), r)
	}
}

// Every field of a shape counts: two shapes that differ in any one are two entries.
func TestShapeTableEveryField(t *testing.T) {
	var base referee.Shape
	n := 0
	fill(reflect.ValueOf(&base).Elem(), &n)
	v := reflect.ValueOf(base)
	for i := 0; i < v.NumField(); i++ {
		other := base
		o := reflect.ValueOf(&other).Elem().Field(i)
		fill(o, &n) // a different value in this field only
		r := &Replay{Turns: []Turn{{Frame: referee.Frame{Shapes: []referee.Shape{base, other, base}}}}}
		got, err := withShapeTable(r)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.ShapeTable) != 2 {
			t.Errorf("field %s: %d entries for two different shapes", v.Type().Field(i).Name, len(got.ShapeTable))
		}
		sameTables(t, v.Type().Field(i).Name, r)
	}
}
