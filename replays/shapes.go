package replays

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"io"
	"math"
	"reflect"
	"slices"

	"github.com/arena-games/arena/referee"
)

// Frames repeat most of their shapes from turn to turn (the map, the buildings that did not
// change). A replay file therefore stores each distinct shape once, in a shape table, and
// each turn lists the shapes of its frame by their index there (ShapeIDs). The table grows
// with the file: each turn brings the entries it is the first to draw (NewShapes), so that
// a file is written turn by turn, while its game is played. (Files of arena-replay/1 held
// the table ahead of the turns instead, in ShapeTable; both are read.) Decode rebuilds the
// frames, so that every reader sees whole frames; the drawing order is kept exactly.

// tableBuilder makes a file's shape table turn by turn, as the file is written: a shape
// is the entry it was the first time it was drawn, and a new entry the first time.
//
// A shape is looked for first in the previous frame, at its own place give or take the
// shapes drawn before it that came or went (a range circle more, a unit gone), compared
// field by field (sameEntry), which costs far less than writing its JSON; most of a frame
// is the previous frame's. Any other shape is written as JSON, which is what an entry is:
// it is looked for among all entries by a hash of that JSON, and is a new entry unless one
// is written the same. (A shape drawn again after turns without it, or far from its place,
// is found only that way: looking in the previous frame alone made the files of agrid and
// towers 1.3 and 1.7 times larger.)
//
// The table keeps only the entries' JSON, in blocks of bytes: no pointers for the garbage
// collector to follow, no copy of a frame's shapes (a Stream lets each frame go once
// written), and memory that the next file can use again (see getTable).
type tableBuilder struct {
	blocks  [][]byte // the entries' JSON, one after the other; a block never moves
	used    int      // blocks[:used] hold entries (a table used again keeps the others)
	entries []entry  // where each entry's JSON is
	seed    maphash.Seed
	heads   map[uint64]int32 // hash of an entry's JSON → the last entry with it
	chain   []int32          // entry → the previous entry with the same hash, or −1
	prev    []referee.Shape  // the previous frame that drew shapes
	prevIDs []int            // and their entries
}

// entry is where an entry's JSON is in a table's blocks.
type entry struct{ block, start, end int32 }

// newTableBuilder starts a table sized for about n entries (a guess: it grows as needed).
func newTableBuilder(n int) *tableBuilder {
	return &tableBuilder{seed: maphash.MakeSeed(), heads: make(map[uint64]int32, n), chain: make([]int32, 0, n), entries: make([]entry, 0, n)}
}

// tables holds the tables of files written, emptied, for the next files (a tournament
// writes a replay per game, a greedy queens game's table holding some 5 000 entries): on a
// machine where memory touched for the first time costs a trap to the hypervisor, and
// where every cycle of the garbage collector costs milliseconds, a table made anew for
// every file made writing a replay cost a greedy game a cycle more (BenchmarkQueensReplay).
var tables spares[*tableBuilder]

// getTable returns an empty table, one used before when there is one.
func getTable() *tableBuilder {
	if tb, ok := tables.get(); ok {
		return tb
	}
	return newTableBuilder(tableGuess)
}

// putTable empties a table the caller is done with and keeps it for the next file, unless
// it grew larger than most files need (a long rockets game: tens of megabytes), which it
// lets go.
func putTable(tb *tableBuilder) {
	if tb == nil {
		return
	}
	size := 0
	for _, b := range tb.blocks {
		size += cap(b)
	}
	if size > maxKeptTable {
		return
	}
	tb.empty()
	tables.put(tb)
}

// empty removes every entry, keeping the memory that held them.
func (tb *tableBuilder) empty() {
	clear(tb.heads)
	tb.chain, tb.entries, tb.used = tb.chain[:0], tb.entries[:0], 0
	for i := range tb.blocks {
		tb.blocks[i] = tb.blocks[i][:0]
	}
	tb.prev, tb.prevIDs = nil, tb.prevIDs[:0]
}

// The size of a table's blocks of JSON, and the largest table kept for the next file.
const (
	tableBlock   = 64 << 10
	maxKeptTable = 4 << 20
)

// nearby is where a shape is looked for in the previous frame, relative to its own place
// there (the shift found for the shape before it): a frame is mostly the previous one with
// a few shapes more or fewer early on.
var nearby = [...]int{0, 1, -1, 2, -2}

// add finds the entries of a turn's frame, making the new ones: it returns the frame's
// ids, appended to ids, and the JSON of the entries this turn made (comma-separated),
// appended to newJSON. The frame's shapes must not change until the next turn's are added:
// that turn's are looked for among them.
func (tb *tableBuilder) add(t *Turn, ids []int, newJSON []byte) ([]int, []byte, error) {
	first := len(newJSON) // where this turn's entries start
	shift := 0
	for k := range t.Frame.Shapes {
		sh := &t.Frame.Shapes[k]
		id := -1
		for _, d := range nearby {
			// (The position first, inline: most shapes that are not there moved.)
			if j := k + shift + d; j >= 0 && j < len(tb.prev) && tb.prev[j].X == sh.X && tb.prev[j].Y == sh.Y && sameEntry(&tb.prev[j], sh) {
				id, shift = tb.prevIDs[j], shift+d
				break
			}
		}
		if id < 0 {
			id = tb.find(sh, &newJSON, first)
			if id < 0 {
				_, err := json.Marshal(sh) // for encoding/json's own error
				return ids, newJSON[:first], fmt.Errorf("turn %d: shape %d: %w", t.Turn, k, err)
			}
		}
		ids = append(ids, id)
	}
	tb.prev = t.Frame.Shapes
	tb.prevIDs = append(tb.prevIDs[:0], ids[len(ids)-len(t.Frame.Shapes):]...)
	return ids, newJSON, nil
}

// find returns the entry of a shape among all entries, or makes it: its JSON is appended to
// *newJSON (after a comma unless it is the first since first). It returns −1 for a shape
// encoding/json refuses (NaN, ±Inf).
func (tb *tableBuilder) find(sh *referee.Shape, newJSON *[]byte, first int) int {
	b := *newJSON
	if len(b) > first {
		b = append(b, ',')
	}
	at := len(b)
	b, ok := appendShape(b, sh)
	if !ok {
		return -1
	}
	js := b[at:]
	h := maphash.Bytes(tb.seed, js)
	head, seen := tb.heads[h]
	if !seen {
		head = -1
	}
	for e := head; e >= 0; e = tb.chain[e] {
		if bytes.Equal(tb.json(e), js) {
			return int(e) // (*newJSON as it was)
		}
	}
	*newJSON = b
	id := len(tb.entries)
	tb.entries = append(tb.entries, tb.keep(js))
	tb.heads[h] = int32(id)
	tb.chain = append(tb.chain, head)
	return id
}

// json is the JSON of entry e.
func (tb *tableBuilder) json(e int32) []byte {
	at := tb.entries[e]
	return tb.blocks[at.block][at.start:at.end]
}

// keep copies a new entry's JSON into the table's blocks.
func (tb *tableBuilder) keep(js []byte) entry {
	if tb.used == 0 || cap(tb.blocks[tb.used-1])-len(tb.blocks[tb.used-1]) < len(js) {
		if tb.used == len(tb.blocks) || cap(tb.blocks[tb.used]) < len(js) {
			tb.blocks = slices.Insert(tb.blocks, tb.used, make([]byte, 0, max(tableBlock, len(js))))
		}
		tb.used++
	}
	k := tb.used - 1
	start := len(tb.blocks[k])
	tb.blocks[k] = append(tb.blocks[k], js...)
	return entry{block: int32(k), start: int32(start), end: int32(len(tb.blocks[k]))}
}

// sameEntry reports whether two shapes are the same field for field, which gives them the
// same JSON, and so the same entry (the converse fails only for texts that are not valid
// UTF-8: two different ones can both become U+FFFD, and find then finds the entry by its
// JSON). Numbers compare as bits, since the JSON of −0 is not that of 0, except in the
// fields left out when zero, where −0 and 0 both vanish. The numbers come first: a shape
// that moved differs there.
func sameEntry(a, b *referee.Shape) bool {
	bits := math.Float64bits
	if bits(a.X) != bits(b.X) || bits(a.Y) != bits(b.Y) ||
		omitted(a.X2) != omitted(b.X2) || omitted(a.Y2) != omitted(b.Y2) || omitted(a.W) != omitted(b.W) ||
		omitted(a.H) != omitted(b.H) || omitted(a.R) != omitted(b.R) || omitted(a.Size) != omitted(b.Size) ||
		omitted(a.Width) != omitted(b.Width) || omitted(a.Alpha) != omitted(b.Alpha) ||
		len(a.Points) != len(b.Points) || (a.Player == nil) != (b.Player == nil) || (a.Player != nil && *a.Player != *b.Player) ||
		a.Kind != b.Kind || a.Text != b.Text || a.Fill != b.Fill || a.Stroke != b.Stroke || a.Layer != b.Layer || a.Tip != b.Tip {
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

// resolveShapes checks that every turn's shape ids are in the replay's shape table as it
// stands at that turn (the file's shape_table, then each turn's new_shapes in order), and
// then either rebuilds the frames from it (restore) or leaves the whole table in ShapeTable
// and the ids in place, each turn's new entries folded into the table.
func resolveShapes(r *Replay, restore bool) error {
	table := r.ShapeTable
	for i := range r.Turns {
		t := &r.Turns[i]
		table = append(table, t.NewShapes...)
		t.NewShapes = nil
		for k, id := range t.ShapeIDs {
			if id < 0 || id >= len(table) {
				return fmt.Errorf("field turns[%d].shape_ids[%d]: %d is not in the shape table (%s at this turn)", i, k, id, referee.Count(len(table), "shape", "shapes"))
			}
		}
	}
	if !restore {
		r.ShapeTable = table
		return nil
	}
	for i := range r.Turns {
		t := &r.Turns[i]
		if t.ShapeIDs == nil {
			continue
		}
		shapes := make([]referee.Shape, len(t.ShapeIDs))
		for k, id := range t.ShapeIDs {
			shapes[k] = table[id]
		}
		t.Frame.Shapes = append(t.Frame.Shapes, shapes...)
		t.ShapeIDs = nil
	}
	r.ShapeTable = nil
	return nil
}

// tableChunk is how much of a shape table's JSON writeShapeTable gathers before it writes.
const tableChunk = 64 << 10

// writeShapeTable writes a replay's shape table as it is, the field and its comma, a chunk
// at a time.
func writeShapeTable(w io.Writer, table []referee.Shape) error {
	b := append(make([]byte, 0, tableChunk+4096), `"shape_table":[`...)
	for i := range table {
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = appendShape(b, &table[i]); !ok {
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
