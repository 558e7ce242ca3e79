package replays

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// Write writes a replay atomically: to a temporary file in the same directory, synced, then
// renamed over path. A path ending in ".gz" is written gzip-compressed. (A runner writes
// its replay while the game is played instead, with Create; the file is the same.)
func Write(path string, r *Replay) error {
	s, err := Create(path)
	if err != nil {
		return err
	}
	return s.Finish(r)
}

// Encode writes a replay as JSON: one turn per line, so that replays diff well and stay
// readable. Each distinct shape of the frames is written once, by the first turn that
// draws it, and frames list their shapes by index (see tableBuilder).
func Encode(w io.Writer, r *Replay) error {
	before, after, err := encodeHead(r)
	if err != nil {
		return err
	}
	if _, err := w.Write(before); err != nil {
		return err
	}
	var turns *fileTurns
	if len(r.ShapeTable) > 0 {
		// Already in compact form (ReadCompact): the table's entries are written as they
		// are, each with the first turn whose ids reach it, not expanded and found again.
		turns = &fileTurns{compact: r.ShapeTable, last: len(r.Turns) - 1}
		if len(r.Turns) == 0 { // (no turn to bring them)
			if err := writeShapeTable(w, r.ShapeTable); err != nil {
				return err
			}
		}
	} else {
		turns = newFileTurns()
		defer turns.release()
	}
	var b []byte // one buffer for every turn
	if _, err := io.WriteString(w, "\"turns\":[\n"); err != nil {
		return err
	}
	for k := range r.Turns {
		if b, err = turns.append(b[:0], k, &r.Turns[k]); err != nil {
			return err
		}
		if _, err := w.Write(b); err != nil {
			return err
		}
	}
	_, err = w.Write(appendTail(b[:0], after))
	return err
}

// fileTurns makes the lines of a replay file's turns, one after the other, each frame's
// shapes as ids in the shape table and the entries it is the first to draw.
type fileTurns struct {
	table   *tableBuilder // finds the entries of whole frames
	ids     []int         // scratch for a turn's ids
	newJSON []byte        // and its new entries' JSON

	// Or, for a compact replay, whose turns have their ids already: its table, the
	// entries written so far, and the last turn (which brings the entries no turn uses).
	compact []referee.Shape
	next    int
	last    int
}

// newFileTurns starts the turns of a file, with an empty shape table.
func newFileTurns() *fileTurns { return &fileTurns{table: getTable()} }

// release hands the shape table back for the next file (see getTable): the turns are all
// written, or the file is given up.
func (f *fileTurns) release() {
	putTable(f.table)
	f.table = nil
}

// tableGuess is a first size for a new shape table: a queens game between the built-in bots
// draws some 5 000 distinct shapes.
const tableGuess = 8192

// append appends turn number k of the list (from 0) as the file holds it: after the one
// before, a turn per line. The turn is not changed, but its frame's shapes must not change
// until the next turn is appended (its shapes are looked for among them).
func (f *fileTurns) append(b []byte, k int, t *Turn) ([]byte, error) {
	var newShapes []byte
	if f.compact != nil {
		end := f.next
		for _, id := range t.ShapeIDs {
			end = max(end, id+1)
		}
		if k == f.last {
			end = len(f.compact)
		}
		if end = min(end, len(f.compact)); end > f.next {
			turn := *t
			turn.NewShapes = f.compact[f.next:end]
			t, f.next = &turn, end
		}
	} else if f.table != nil && len(t.Frame.Shapes) > 0 {
		var err error
		if f.ids, f.newJSON, err = f.table.add(t, f.ids[:0], f.newJSON[:0]); err != nil {
			return b, err
		}
		turn := *t
		turn.Frame.Shapes, turn.ShapeIDs = nil, f.ids
		t, newShapes = &turn, f.newJSON
	}
	if k > 0 {
		b = append(b, ",\n"...)
	}
	b, err := appendTurn(b, t, newShapes)
	if err != nil {
		return b, fmt.Errorf("turn %d: %w", t.Turn, err)
	}
	return b, nil
}

// appendTail appends what ends a replay file: the end of the turns' list, then after (the
// fields that follow it, from encodeHead).
func appendTail(b, after []byte) []byte {
	return append(append(append(b, "\n]"...), after...), '\n')
}

var errNoTurnsField = errors.New("encode: turns field not found")

// encodeHead encodes a replay without its shape table and turns, cut where they go: the
// shape table and the turns are spliced in by hand, in place of `"turns":null` (the table
// is the field just before).
func encodeHead(r *Replay) (before, after []byte, err error) {
	head := *r
	head.Turns, head.ShapeTable = nil, nil
	head.Format = Format // what is written is this version's format, whatever was read
	j, err := json.Marshal(head)
	if err != nil {
		return nil, nil, err
	}
	i := bytes.Index(j, []byte(`"turns":null`))
	if i < 0 {
		return nil, nil, errNoTurnsField
	}
	return j[:i], j[i+len(`"turns":null`):], nil
}

// Read reads and validates a replay file (plain or gzip-compressed, whatever its name).
// Errors name the file, the field and the reason.
func Read(path string) (*Replay, error) {
	return readFile(path, true)
}

// ReadCompact reads and validates a replay file as Read does, with the same errors, but
// leaves a big replay's frames as the file stores them: ShapeTable and each turn's ShapeIDs
// stay (every id checked to be in the table), and a frame holds only the shapes written in
// it. Rebuilt, the frames of a 1500-turn rockets game are 6.5 million shapes, gigabytes for
// a file of 41 MB: a reader that only shows the replay (the viewer, which rebuilds the frames
// itself) or summarises its moves reads it this way. Encode writes such a replay with its
// table as it is; Verify rebuilds such a replay's frames one turn at a time as it checks
// them, and Resimulate needs none. Anything else that reads the frames needs Read.
func ReadCompact(path string) (*Replay, error) {
	return readFile(path, false)
}

// maxReplayBytes bounds what a replay is read as, on disk and once decompressed. arena's
// largest replays, of games that last 1500 turns, are tens of MB: a file over the bound is
// refused with a message rather than read whole into memory, which a file of no replay, or
// a gzip stream made to decompress to terabytes, would exhaust (a variable, for tests).
var maxReplayBytes int64 = 1 << 30

func readFile(path string, restore bool) (*Replay, error) {
	data, err := readBounded(path)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", path, err)
	}
	r, err := decode(data, restore)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", path, err)
	}
	return r, nil
}

// readBounded reads a file of at most maxReplayBytes (a named pipe too, whose size is not
// known beforehand).
func readBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	data, over, err := readAtMost(f)
	switch {
	case err != nil:
		return nil, unwrapPath(err)
	case over:
		return nil, fmt.Errorf("more than %s: larger than any replay arena writes", protocol.ByteSize(maxReplayBytes))
	}
	return data, nil
}

// readAtMost reads r to its end, or only until it has given more than maxReplayBytes
// (over): what is past the bound is not read at all.
func readAtMost(r io.Reader) (data []byte, over bool, err error) {
	data, err = io.ReadAll(io.LimitReader(r, maxReplayBytes+1))
	return data, int64(len(data)) > maxReplayBytes, err
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Decode parses and validates a replay from its bytes (gzip is detected by its magic).
func Decode(data []byte) (*Replay, error) {
	return decode(data, true)
}

// DecodeCompact is Decode leaving the shape table in place, as ReadCompact.
func DecodeCompact(data []byte) (*Replay, error) {
	return decode(data, false)
}

// decode parses and validates a replay; restore rebuilds the frames from the shape table.
func decode(data []byte, restore bool) (*Replay, error) {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, gzipError(err)
		}
		var over bool
		data, over, err = readAtMost(zr)
		switch {
		case err != nil:
			return nil, gzipError(err)
		case over:
			return nil, fmt.Errorf("gzip: decompresses to more than %s: larger than any replay arena writes", protocol.ByteSize(maxReplayBytes))
		}
	}
	var r Replay
	if err := json.Unmarshal(data, &r); err != nil {
		if other := notAReplay(data); other != nil {
			return nil, other
		}
		return nil, describeJSONError(data, err)
	}
	if err := resolveShapes(&r, restore); err != nil {
		return nil, err
	}
	if err := r.Validate(); err != nil {
		if other := notAReplay(data); other != nil {
			return nil, other
		}
		return nil, err
	}
	return &r, nil
}

// notAReplay recognises the other files arena writes, given where a replay is wanted: a
// tournament's results (one JSON object per line) would otherwise read as bad JSON on line 2.
func notAReplay(data []byte) error {
	var head struct {
		Format string `json:"format"`
	}
	if json.NewDecoder(bytes.NewReader(data)).Decode(&head) == nil && strings.HasPrefix(head.Format, "arena-tournament/") {
		return fmt.Errorf("a tournament's results file (format %q), not a replay: arena tournament report reads it", head.Format)
	}
	return nil
}

// IsReplay says whether data is a replay (docs/replay-format.md), gzip-compressed or not:
// a JSON object whose format is a replay's, or, without a format, that has a replay's
// game, players and turns. A tournament's results line has a format of its own (and a
// game and turns too), so a results file with a bad line further down is not taken for a
// replay. The object is read key by key, and only as far as needed: a replay's format
// comes first.
func IsReplay(data []byte) bool {
	var r io.Reader = bytes.NewReader(data)
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(r)
		if err != nil {
			return false
		}
		r = zr
	}
	dec := json.NewDecoder(r)
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		key, _ := tok.(string)
		if key == "format" {
			var format string
			return dec.Decode(&format) == nil && strings.HasPrefix(format, "arena-replay/")
		}
		seen[key] = true
		if seen["game"] && seen["players"] && seen["turns"] {
			return true
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return false
		}
	}
	return false
}

// gzipError says what is wrong with compressed data, once prefixed with "gzip:" (the
// package's own errors already are).
func gzipError(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return errors.New("gzip: the compressed data ends too early (truncated?)")
	}
	if strings.HasPrefix(err.Error(), "gzip: ") {
		return err
	}
	return fmt.Errorf("gzip: %w", err)
}

func describeJSONError(data []byte, err error) error {
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		// Some editors save one; JSON has none, and encoding/json names its first byte.
		return errors.New("line 1, column 1: not valid JSON: the file starts with a UTF-8 byte-order mark (saved by an editor?); remove it")
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := position(data, se.Offset-1) // Offset counts the offending byte
		return fmt.Errorf("line %d, column %d: not valid JSON: %v", line, col, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		line, _ := position(data, te.Offset)
		field := "the replay"
		if path := indexedPath(data, te.Offset); path != "" {
			field = "field " + path
		} else if te.Field != "" {
			field = "field " + te.Field
		}
		return fmt.Errorf("%s (line %d): want %s, got JSON %s", field, line, jsonKind(te.Type), te.Value)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("not valid JSON: the file ends too early (truncated?)")
	}
	return fmt.Errorf("not valid JSON: %w", err)
}

// indexedPath is the path of the JSON value that a type error's offset points at, with the
// array indexes encoding/json leaves out of its field name: turns[12].moves[0].cpu_ms, where
// it says turns.moves.cpu_ms. The offset is where a scalar ends, or just past the bracket
// or brace that opens an array or object. "" for the top level, or if no value is found there.
func indexedPath(data []byte, offset int64) string {
	type frame struct {
		array   bool
		index   int    // in an array: the index of the current element
		key     string // in an object: the current member's name
		haveKey bool   // in an object: the name is read, its value comes next
	}
	var stack []frame
	path := func() string {
		var b strings.Builder
		for _, f := range stack {
			if f.array {
				fmt.Fprintf(&b, "[%d]", f.index)
			} else {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			}
		}
		return b.String()
	}
	valueDone := func() {
		if n := len(stack); n > 0 && !stack[n-1].array {
			stack[n-1].haveKey = false
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			valueDone()
			continue
		}
		if n := len(stack); n > 0 {
			top := &stack[n-1]
			if !top.array && !top.haveKey {
				top.key, top.haveKey = tok.(string), true
				continue
			}
			if top.array {
				top.index++
			}
		}
		here := dec.InputOffset() == offset
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if here {
				return path()
			}
			stack = append(stack, frame{array: tok == json.Delim('['), index: -1})
		default:
			if here {
				return path()
			}
			valueDone()
		}
	}
}

// jsonKind says what JSON a Go type is read from, as a reader of the file knows it.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return t.String()
}

func position(data []byte, offset int64) (line, col int) {
	offset = max(0, min(offset, int64(len(data))))
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	col = int(offset) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// Validate checks what a reader of the replay relies on, naming the first bad field.
func (r *Replay) Validate() error {
	if r.Format != Format && r.Format != FormatV1 {
		if r.Format == "" {
			return fmt.Errorf("field format: missing (want %q)", Format)
		}
		return fmt.Errorf("field format: %q is not a format this version reads (want %q or %q)", r.Format, Format, FormatV1)
	}
	if r.Game == "" {
		return errors.New("field game: missing")
	}
	if len(r.Players) == 0 {
		return errors.New("field players: no players")
	}
	for i, t := range r.Turns {
		if t.Check != "" && !isDigest(t.Check) {
			return fmt.Errorf("field turns[%d].check: %q is not 16 lowercase hexadecimal digits", i, t.Check)
		}
		if t.Turn < 0 || (i > 0 && t.Turn <= r.Turns[i-1].Turn) {
			if i == 0 {
				return fmt.Errorf("field turns[0].turn: %d is not a turn number (they count from 0)", t.Turn)
			}
			// Either of the two may be the one edited: both are named.
			return fmt.Errorf("field turns[%d].turn: %d does not follow turns[%d].turn, %d", i, t.Turn, i-1, r.Turns[i-1].Turn)
		}
		for j, m := range t.Moves {
			if m.Player < 0 || m.Player >= len(r.Players) {
				return fmt.Errorf("field turns[%d].moves[%d].player: %d is not a player (the game has %s)", i, j, m.Player, referee.Count(len(r.Players), "player", "players"))
			}
			// Re-simulation hands a move's status to the referee, which would make it a
			// player's final status: an unknown one must stop here.
			switch m.Status {
			case "", referee.StatusOK, referee.StatusTimeout, referee.StatusInvalid, referee.StatusCrash, referee.StatusLimit:
			default:
				return fmt.Errorf("field turns[%d].moves[%d].status: %q is not a status (want timeout, crash, limit, invalid, ok or none)", i, j, m.Status)
			}
		}
	}
	// A result is never all zero (it has a line per player), so a zero one was not in the file.
	if reflect.ValueOf(r.Result).IsZero() {
		return errors.New("field result: missing")
	}
	if r.Result.Players == nil {
		return errors.New("field result.players: missing")
	}
	if len(r.Result.Players) != len(r.Players) {
		return fmt.Errorf("field result.players: %s for %s", referee.Count(len(r.Result.Players), "entry", "entries"), referee.Count(len(r.Players), "player", "players"))
	}
	// The viewer and arena replay show a player's result by its index: an entry out of
	// seat order would give one player's score and status to another.
	for i, pr := range r.Result.Players {
		if pr.Index != i {
			return fmt.Errorf("field result.players[%d].index: %d, but the result lists the players in seat order (want %d)", i, pr.Index, i)
		}
	}
	// The result repeats the seed: a seed edited, or left out (read as 0), shows here
	// rather than as the first input that differs.
	if r.Seed != r.Result.Seed {
		return fmt.Errorf("field seed: %d, but result.seed is %d (a seed left out of the file reads as 0)", r.Seed, r.Result.Seed)
	}
	if r.Result.Winner < -1 || r.Result.Winner >= len(r.Players) {
		return fmt.Errorf("field result.winner: %d is not a player index or -1", r.Result.Winner)
	}
	// arena counts in the result every turn it records, so a difference means turns were
	// cut from the file or added to it after the game.
	if r.Result.Turns != len(r.Turns) {
		return fmt.Errorf("field result.turns: %d, but the file records %s", r.Result.Turns, referee.Count(len(r.Turns), "turn", "turns"))
	}
	// The turn a game was stopped in comes after the turns played, and is shown by player
	// as they are (arena replay show used to panic on a player that was none).
	if st := r.Result.Stopped; st != nil {
		if !r.Result.Unfinished {
			return errors.New("field result.stopped_turn: in a game that is not unfinished")
		}
		if n := len(r.Turns); st.Turn < 0 || n > 0 && st.Turn <= r.Turns[n-1].Turn {
			return fmt.Errorf("field result.stopped_turn.turn: %d does not follow the turns played", st.Turn)
		}
		for j, m := range st.Moves {
			if m.Player < 0 || m.Player >= len(r.Players) {
				return fmt.Errorf("field result.stopped_turn.moves[%d].player: %d is not a player (the game has %s)", j, m.Player, referee.Count(len(r.Players), "player", "players"))
			}
		}
	}
	return nil
}

// isDigest reports whether s is a turn's check as Turn.Seal writes it: 16 lowercase
// hexadecimal digits.
func isDigest(s string) bool {
	if len(s) != 16 {
		return false
	}
	for _, c := range []byte(s) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
