package replays

import (
	"encoding/json"
	"fmt"
	"hash/maphash"
	"io"
	"math"
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
	t, err := makeShapeTable(r, nil)
	if err != nil {
		return nil, err
	}
	out := *r
	out.Turns = make([]Turn, len(r.Turns))
	out.ShapeTable = make([]referee.Shape, len(t.shapes))
	for i, sh := range t.shapes {
		out.ShapeTable[i] = *sh
	}
	for i, turn := range r.Turns {
		turn.Frame.Shapes = nil
		turn.ShapeIDs = t.ids[i]
		out.Turns[i] = turn
	}
	return &out, nil
}

// shapeTable is a replay's table of distinct shapes, as it is written.
type shapeTable struct {
	shapes []*referee.Shape // in order of first appearance, pointing into the frames
	json   []byte           // their JSON, comma-separated: the table's content in the file (what flush has not taken)
	ids    [][]int          // each turn's shapes as indices into shapes
}

// tableChunk is how much of the table's JSON makeShapeTable gathers before it flushes it.
const tableChunk = 64 << 10

// makeShapeTable finds the distinct shapes of a replay's frames. With flush set, the
// table's JSON is handed to it as it is made, a chunk at a time (the table comes first in
// a file), and the rest is left in json; without, all of it stays in json.
//
// Two shapes are the same entry when their JSON is the same. Comparing the fields says the
// same thing (sameEntry) and costs far less than writing the JSON of every shape of every
// frame: a shape is first compared with the one at its place in the previous frame (most
// of a frame is the previous frame's), then found by a hash of its fields; only a new
// entry is written, once, straight into the table. A shape with a text that is not valid
// UTF-8, whose JSON can equal another's with different bytes, is compared by its JSON.
func makeShapeTable(r *Replay, flush func([]byte) error) (*shapeTable, error) {
	total := 0
	for _, t := range r.Turns {
		total += len(t.Frame.Shapes)
	}
	st := &shapeTable{ids: make([][]int, len(r.Turns))}
	seed := maphash.MakeSeed()
	heads := make(map[uint64]int, total/4) // hash → the last entry with it
	var chain []int                        // entry → the previous entry with the same hash, or −1
	byJSON := map[string]int{}
	allIDs := make([]int, total)   // every turn's ids, cut from one array
	var prevShapes []referee.Shape // the previous frame's shapes and their entries
	var prevIDs []int
	for i, t := range r.Turns {
		turnIDs := allIDs[:len(t.Frame.Shapes):len(t.Frame.Shapes)]
		allIDs = allIDs[len(turnIDs):]
		for k := range t.Frame.Shapes {
			sh := &t.Frame.Shapes[k]
			if k < len(prevShapes) && sameEntry(&prevShapes[k], sh) {
				turnIDs[k] = prevIDs[k]
				continue
			}
			// Found by its fields: the same bytes, the same JSON.
			h := hashShape(seed, sh)
			head, seen := heads[h]
			if !seen {
				head = -1
			}
			id := -1
			for e := head; e >= 0; e = chain[e] {
				if sameEntry(st.shapes[e], sh) {
					id = e
					break
				}
			}
			if id < 0 {
				// A new entry, unless it has a text that is not valid UTF-8 and the JSON of
				// an entry that has one too (an entry with valid texts never has the JSON
				// of a shape without).
				mark := len(st.json)
				if len(st.shapes) > 0 {
					st.json = append(st.json, ',')
				}
				var ok, valid bool
				if st.json, ok, valid = appendShape(st.json, sh); !ok {
					_, err := json.Marshal(sh) // for encoding/json's own error
					return nil, fmt.Errorf("turn %d: shape %d: %w", t.Turn, k, err)
				}
				id = len(st.shapes)
				if valid {
					heads[h] = id
					chain = append(chain, head)
				} else {
					own := string(st.json[mark:])
					if len(st.shapes) > 0 {
						own = own[1:]
					}
					if e, seen := byJSON[own]; seen {
						st.json = st.json[:mark]
						id = e
					} else {
						byJSON[own] = id
						chain = append(chain, -1)
					}
				}
				if id == len(st.shapes) {
					st.shapes = append(st.shapes, sh)
				}
				if flush != nil && len(st.json) >= tableChunk {
					if err := flush(st.json); err != nil {
						return nil, err
					}
					st.json = st.json[:0]
				}
			}
			turnIDs[k] = id
		}
		prevShapes, prevIDs = t.Frame.Shapes, turnIDs
		st.ids[i] = turnIDs
	}
	return st, nil
}

// sameEntry reports whether two shapes are the same field for field, which gives them the
// same JSON (and, when their texts are valid UTF-8, only that does). Numbers compare as
// bits, since the JSON of −0 is not that of 0, except in the fields left out when zero,
// where −0 and 0 both vanish.
func sameEntry(a, b *referee.Shape) bool {
	bits := math.Float64bits
	if a.Kind != b.Kind || a.Text != b.Text || a.Fill != b.Fill || a.Stroke != b.Stroke || a.Layer != b.Layer || a.Tip != b.Tip ||
		bits(a.X) != bits(b.X) || bits(a.Y) != bits(b.Y) ||
		omitted(a.X2) != omitted(b.X2) || omitted(a.Y2) != omitted(b.Y2) || omitted(a.W) != omitted(b.W) ||
		omitted(a.H) != omitted(b.H) || omitted(a.R) != omitted(b.R) || omitted(a.Size) != omitted(b.Size) ||
		omitted(a.Width) != omitted(b.Width) || omitted(a.Alpha) != omitted(b.Alpha) ||
		len(a.Points) != len(b.Points) || (a.Player == nil) != (b.Player == nil) || (a.Player != nil && *a.Player != *b.Player) {
		return false
	}
	for i := range a.Points {
		if bits(a.Points[i]) != bits(b.Points[i]) {
			return false
		}
	}
	return true
}

// omitted is the bits of a number in a field left out of the JSON when zero.
func omitted(f float64) uint64 {
	if f == 0 {
		return 0
	}
	return math.Float64bits(f)
}

// hashShape hashes what sameEntry compares.
func hashShape(seed maphash.Seed, s *referee.Shape) uint64 {
	h := maphash.String(seed, s.Tip)
	mix := func(v uint64) {
		h ^= v
		h *= 0x9e3779b97f4a7c15
		h ^= h >> 31
	}
	mix(maphash.String(seed, s.Kind))
	mix(maphash.String(seed, s.Text))
	mix(maphash.String(seed, s.Fill))
	mix(maphash.String(seed, s.Stroke))
	mix(maphash.String(seed, s.Layer))
	for _, f := range [...]float64{s.X, s.Y} {
		mix(math.Float64bits(f))
	}
	for _, f := range [...]float64{s.X2, s.Y2, s.W, s.H, s.R, s.Size, s.Width, s.Alpha} {
		mix(omitted(f))
	}
	for _, p := range s.Points {
		mix(math.Float64bits(p))
	}
	if s.Player != nil {
		mix(uint64(*s.Player) + 1)
	}
	return h
}

// checkShapeIDs checks that every turn's shape ids are in the replay's shape table.
func checkShapeIDs(r *Replay) error {
	for i := range r.Turns {
		for k, id := range r.Turns[i].ShapeIDs {
			if id < 0 || id >= len(r.ShapeTable) {
				return fmt.Errorf("field turns[%d].shape_ids[%d]: %d is not in the shape table (%s)", i, k, id, referee.Count(len(r.ShapeTable), "shape", "shapes"))
			}
		}
	}
	return nil
}

// restoreShapes rebuilds the frames of a decoded replay from its shape table, after the ids
// are checked (checkShapeIDs).
func restoreShapes(r *Replay) {
	for i := range r.Turns {
		t := &r.Turns[i]
		if t.ShapeIDs == nil {
			continue
		}
		shapes := make([]referee.Shape, len(t.ShapeIDs))
		for k, id := range t.ShapeIDs {
			shapes[k] = r.ShapeTable[id]
		}
		t.Frame.Shapes = append(t.Frame.Shapes, shapes...)
		t.ShapeIDs = nil
	}
	r.ShapeTable = nil
}

// writeShapeTable writes a replay's shape table as it is, the field and its comma, a chunk
// at a time.
func writeShapeTable(w io.Writer, table []referee.Shape) error {
	b := append(make([]byte, 0, tableChunk+4096), `"shape_table":[`...)
	for i := range table {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok, _ = appendShape(b, &table[i]); !ok {
			_, err := json.Marshal(&table[i]) // for encoding/json's own error
			return fmt.Errorf("shape table entry %d: %w", i, err)
		}
		if len(b) >= tableChunk {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
	}
	_, err := w.Write(append(b, "],"...))
	return err
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
