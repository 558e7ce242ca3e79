package replays

import (
	"encoding/json"
	"fmt"
	"hash/maphash"
	"math"
	"reflect"
	"unicode/utf8"

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
	// Two shapes are the same entry when their JSON is the same. Comparing the fields says
	// the same thing (sameEntry) and costs far less than writing the JSON of every shape of
	// every frame: shapes are found by a hash of their fields, then compared. A shape with
	// a text that is not valid UTF-8, whose JSON can equal another's with different bytes,
	// is compared by its JSON.
	total := 0
	for _, t := range r.Turns {
		total += len(t.Frame.Shapes)
	}
	seed := maphash.MakeSeed()
	heads := make(map[uint64]int, total/2) // hash → the last entry with it
	var chain []int                        // entry → the previous entry with the same hash, or −1
	byJSON := map[string]int{}
	out.ShapeTable = make([]referee.Shape, 0, total/2)
	var buf []byte
	allIDs := make([]int, total) // every turn's ids, cut from one array
	for i, t := range r.Turns {
		ids := allIDs[:len(t.Frame.Shapes):len(t.Frame.Shapes)]
		allIDs = allIDs[len(ids):]
		for k := range t.Frame.Shapes {
			sh := &t.Frame.Shapes[k]
			// Found by its fields: the same bytes, the same JSON. Else a new entry, unless
			// it cannot be compared by its fields (checked for new entries only: an entry
			// that can be is never equal, field for field, to a shape that cannot).
			h := hashShape(seed, sh)
			head, seen := heads[h]
			if !seen {
				head = -1
			}
			id := -1
			for e := head; e >= 0; e = chain[e] {
				if sameEntry(&out.ShapeTable[e], sh) {
					id = e
					break
				}
			}
			switch {
			case id >= 0:
			case keyable(sh):
				id = len(out.ShapeTable)
				heads[h] = id
				chain = append(chain, head)
				out.ShapeTable = append(out.ShapeTable, *sh)
			default:
				var ok bool
				if buf, ok = appendShape(buf[:0], sh); !ok {
					_, err := json.Marshal(sh) // for encoding/json's own error
					return nil, fmt.Errorf("turn %d: shape %d: %w", t.Turn, k, err)
				}
				e, seen := byJSON[string(buf)]
				if !seen {
					e = len(out.ShapeTable)
					byJSON[string(buf)] = e
					chain = append(chain, -1)
					out.ShapeTable = append(out.ShapeTable, *sh)
				}
				id = e
			}
			ids[k] = id
		}
		t.Frame.Shapes = nil
		t.ShapeIDs = ids
		out.Turns[i] = t
	}
	return &out, nil
}

// keyable reports whether a shape can be compared field by field: its texts are valid
// UTF-8 (encoding/json writes every invalid byte as U+FFFD, so different bytes can make the
// same JSON) and its numbers are ones JSON holds.
func keyable(s *referee.Shape) bool {
	for _, t := range [...]string{s.Kind, s.Text, s.Fill, s.Stroke, s.Layer, s.Tip} {
		if !utf8.ValidString(t) {
			return false
		}
	}
	for _, f := range [...]float64{s.X, s.Y, s.X2, s.Y2, s.W, s.H, s.R, s.Size, s.Width, s.Alpha} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
	}
	for _, p := range s.Points {
		if math.IsNaN(p) || math.IsInf(p, 0) {
			return false
		}
	}
	return true
}

// sameEntry reports whether two keyable shapes have the same JSON. Numbers compare as bits,
// since the JSON of −0 is not that of 0, except in the fields left out when zero, where
// −0 and 0 both vanish.
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
