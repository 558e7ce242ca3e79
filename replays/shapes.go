package replays

import (
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/arena-games/arena/referee"
)

// Frames repeat most of their shapes from turn to turn (the map, the buildings that did not
// change). A replay file therefore stores each distinct shape once, in ShapeTable, and each
// turn lists the shapes of its frame by their index there (ShapeIDs). Decode rebuilds the
// frames, so that every reader sees whole frames; the drawing order is kept exactly.

// withShapeTable returns the replay as it is written: every distinct shape once in the
// table, frames as lists of indices. r itself is not changed.
func withShapeTable(r *Replay) (*Replay, error) {
	if len(r.Turns) == 0 {
		return r, nil
	}
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

// restoreShapes rebuilds the frames of a decoded replay from its shape table.
func restoreShapes(r *Replay) error {
	for i := range r.Turns {
		t := &r.Turns[i]
		if t.ShapeIDs == nil {
			continue
		}
		shapes := make([]referee.Shape, len(t.ShapeIDs))
		for k, id := range t.ShapeIDs {
			if id < 0 || id >= len(r.ShapeTable) {
				return fmt.Errorf("field turns[%d].shape_ids[%d]: %d is not in the shape table (%d shapes)", i, k, id, len(r.ShapeTable))
			}
			shapes[k] = r.ShapeTable[id]
		}
		t.Frame.Shapes = append(t.Frame.Shapes, shapes...)
		t.ShapeIDs = nil
	}
	r.ShapeTable = nil
	return nil
}

func sameShape(a, b *referee.Shape) bool {
	if (a.Player == nil) != (b.Player == nil) || (a.Player != nil && *a.Player != *b.Player) {
		return false
	}
	if a.Kind != b.Kind || a.X != b.X || a.Y != b.Y || a.X2 != b.X2 || a.Y2 != b.Y2 || a.W != b.W || a.H != b.H ||
		a.R != b.R || a.Text != b.Text || a.Size != b.Size || a.Fill != b.Fill || a.Stroke != b.Stroke ||
		a.Width != b.Width || a.Alpha != b.Alpha || a.Layer != b.Layer || a.Tip != b.Tip || len(a.Points) != len(b.Points) {
		return false
	}
	for i := range a.Points {
		if a.Points[i] != b.Points[i] {
			return false
		}
	}
	return true
}

// sameFrame compares a re-simulated frame with a recorded one: shapes, view and events
// directly, the state (a referee's own type against the map read back) as canonical JSON.
func sameFrame(got, want referee.Frame) error {
	if len(got.Shapes) == len(want.Shapes) && reflect.DeepEqual(got.View, want.View) && reflect.DeepEqual(got.Events, want.Events) {
		same := true
		for i := range got.Shapes {
			if !sameShape(&got.Shapes[i], &want.Shapes[i]) {
				same = false
				break
			}
		}
		if same && (got.State == nil && want.State == nil || sameJSON(got.State, want.State) == nil) {
			return nil
		}
	}
	// Something differs: say where, in the terms of the JSON a user can read.
	return sameJSON(got, want)
}
