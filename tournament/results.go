package tournament

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/arena-games/arena/replays"
)

var errLocked = errors.New("in use by another arena tournament (it is locked)")

// ResultsFile is a results file open for appending: one JSON line per finished game.
type ResultsFile struct {
	path string
	f    *os.File
}

// OpenResults opens (or creates) a results file for a run: it takes an exclusive lock,
// repairs a torn last line left by a killed run (completing it when it is a whole record,
// cutting it off otherwise) and returns the records already there, with a note for each
// repair.
func OpenResults(path string) (*ResultsFile, []Record, []string, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		if dirErr := replays.WritableDir(filepath.Dir(path)); dirErr != nil {
			err = dirErr // "directory D: no such file or directory", as for a replay
		}
		return nil, nil, nil, fmt.Errorf("results %s: %w", path, unwrapPath(err))
	}
	if err := lockFile(f); err != nil {
		f.Close()
		return nil, nil, nil, fmt.Errorf("results %s: %w", path, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		f.Close()
		return nil, nil, nil, fmt.Errorf("results %s: %w", path, unwrapPath(err))
	}
	// The whole lines are checked before the torn one is repaired: a file that is not a
	// results file (a replay named by mistake) is refused as it is, never cut.
	torn := tornTail(data)
	keep := len(data) - len(torn)
	lastLine := bytes.Count(data, []byte("\n")) + 1 // the torn line's number
	recs, err := parseRecords(data[:keep])
	if err == nil && torn != nil && !mayBeTornRecord(torn) {
		err = fmt.Errorf("line %d: not a result line (nor a record cut short by a killed run)", lastLine)
	}
	if err != nil {
		f.Close()
		return nil, nil, nil, notResults(path, data, err)
	}
	var notes []string
	if torn != nil {
		var rec Record
		if json.Unmarshal(torn, &rec) == nil && rec.Validate() == nil {
			// The record was written whole but its newline was not.
			if _, err := f.Write([]byte("\n")); err != nil {
				f.Close()
				return nil, nil, nil, fmt.Errorf("results %s: completing the last line: %w", path, err)
			}
			rec.line = lastLine
			recs = append(recs, rec)
			notes = append(notes, fmt.Sprintf("results %s: the last line had no line end (an interrupted run); completed it", path))
		} else {
			if err := f.Truncate(int64(keep)); err != nil {
				f.Close()
				return nil, nil, nil, fmt.Errorf("results %s: removing a torn last line: %w", path, err)
			}
			notes = append(notes, fmt.Sprintf("results %s: removed a torn last line of %d bytes (a run killed while writing); that game will be played again", path, len(torn)))
		}
		if err := f.Sync(); err != nil {
			f.Close()
			return nil, nil, nil, fmt.Errorf("results %s: %w", path, err)
		}
	}
	return &ResultsFile{path: path, f: f}, recs, notes, nil
}

// Append writes one record as one line with a single write and syncs it to disk, so that
// once Append returns the game is recorded even if the machine loses power.
func (r *ResultsFile) Append(rec Record) error {
	line, err := rec.encode()
	if err != nil {
		return fmt.Errorf("results %s: %w", r.path, err)
	}
	if _, err := r.f.Write(line); err != nil {
		return fmt.Errorf("results %s: %w", r.path, err)
	}
	if err := r.f.Sync(); err != nil {
		return fmt.Errorf("results %s: %w", r.path, err)
	}
	return nil
}

// Path is the file's name.
func (r *ResultsFile) Path() string { return r.path }

// Close releases the file and its lock.
func (r *ResultsFile) Close() error { return r.f.Close() }

// ReadResults reads a results file without changing it (for reports): a torn last line is
// skipped with a note.
func ReadResults(path string) ([]Record, []string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("results %s: %w", path, unwrapPath(err))
	}
	var notes []string
	whole := data
	if torn := tornTail(data); torn != nil {
		if !mayBeTornRecord(torn) {
			return nil, nil, notResults(path, data, fmt.Errorf("line %d: not a result line (nor a record cut short by a killed run)", bytes.Count(data, []byte("\n"))+1))
		}
		data = data[:len(data)-len(torn)]
		notes = append(notes, fmt.Sprintf("results %s: ignored a torn last line of %d bytes (a run killed while writing)", path, len(torn)))
	}
	recs, err := parseRecords(data)
	if err != nil {
		return nil, nil, notResults(path, whole, err)
	}
	return recs, notes, nil
}

// notResults is the error for a file that does not read as results: a replay, named by
// mistake for the results file it sits next to, is said to be one rather than have its
// first line called a bad result line.
func notResults(path string, data []byte, err error) error {
	if replays.IsReplay(data) {
		return fmt.Errorf("%s is a replay, not a tournament results file (arena replay show and arena replay verify read replays)", path)
	}
	return fmt.Errorf("results %s: %w", path, err)
}

// tornTail returns the bytes after the last line end, nil when the data ends with one.
func tornTail(data []byte) []byte {
	if len(data) == 0 || data[len(data)-1] == '\n' {
		return nil
	}
	return data[bytes.LastIndexByte(data, '\n')+1:]
}

// mayBeTornRecord says whether a last line without a line end can be what a run killed
// while writing leaves: the start of a record, which begins as every record does.
func mayBeTornRecord(torn []byte) bool {
	start := []byte(`{"format":"` + RecordFormat + `"`)
	return bytes.HasPrefix(torn, start) || bytes.HasPrefix(start, torn)
}

// parseRecords parses complete lines; blank lines are skipped, anything else that is not a
// valid record is an error naming its line (only the last line can be torn by a kill).
func parseRecords(data []byte) ([]Record, error) {
	var out []Record
	line := 0
	for len(data) > 0 {
		line++
		end := bytes.IndexByte(data, '\n')
		text := data[:end]
		data = data[end+1:]
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		var rec Record
		if err := json.Unmarshal(text, &rec); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, describeLineError(text, err))
		}
		if err := rec.Validate(); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		rec.line = line
		out = append(out, rec)
	}
	return out, nil
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// describeLineError says what is wrong with a line that does not decode as a record, in the
// file's terms: the field and the JSON it holds, not the Go type it was read into. A seat's
// field is named with the seat, seats[1].rank, as Validate names it: the decoder's path,
// seats.rank, does not say which.
func describeLineError(text []byte, err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		field := te.Field
		if rest, ok := strings.CutPrefix(field, "seats."); ok {
			var line struct {
				Seats []json.RawMessage `json:"seats"`
			}
			if json.Unmarshal(text, &line) == nil {
				for i, raw := range line.Seats {
					var seat Seat
					if json.Unmarshal(raw, &seat) != nil {
						field = fmt.Sprintf("seats[%d].%s", i, rest)
						break
					}
				}
			}
		}
		want := "a " + te.Type.Kind().String()
		switch te.Type.Kind() {
		case reflect.String:
			want = "a string"
		case reflect.Int, reflect.Int64:
			want = "a whole number"
		case reflect.Float64:
			want = "a number"
		case reflect.Bool:
			want = "true or false"
		case reflect.Slice:
			want = "an array"
		case reflect.Struct, reflect.Map, reflect.Pointer:
			want = "an object"
		}
		return fmt.Errorf("field %s: want %s, got JSON %s", field, want, te.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not a result line: not valid JSON at column %d: %v", se.Offset, err)
	}
	return fmt.Errorf("not a result line: %v", err)
}
