package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// A map option that names neither a file nor a shipped map says both, with the shipped
// names (a mistyped shipped name is the likely cause); other read errors keep their reason.
func TestReadFileOptionsNamesShippedMaps(t *testing.T) {
	g, err := referee.Lookup("rockets")
	if err != nil {
		t.Fatal(err)
	}
	info := g.Info()
	_, err = readFileOptions(info, map[string]string{"map": "Small.map"})
	if err == nil || !strings.Contains(err.Error(), `rockets: option map="Small.map": no such file`) || !strings.Contains(err.Error(), "rockets/small.map") {
		t.Errorf("missing map: got %v, want the option, no such file and the shipped maps", err)
	}
	dir := t.TempDir()
	_, err = readFileOptions(info, map[string]string{"map": dir})
	if err == nil || err.Error() != "rockets: option map="+strconv.Quote(dir)+": is a directory" {
		t.Errorf("a directory: got %v", err)
	}
	path := filepath.Join(dir, "w.map")
	if err := os.WriteFile(path, []byte("1 0 1\n1\n1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := readFileOptions(info, map[string]string{"map": path})
	if err != nil || string(files["map"]) != "1 0 1\n1\n1\n" {
		t.Errorf("a file: got %q, %v", files["map"], err)
	}
	if files, err := readFileOptions(info, map[string]string{"map": "small"}); err != nil || len(files["map"]) == 0 {
		t.Errorf("a shipped map: got %v", err)
	}
	// A file without end, or one larger than any map, is refused once past the cap, not
	// read until memory runs out.
	sparse := filepath.Join(dir, "sparse.map")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(1 << 30)
	f.Close()
	for _, name := range []string{"/dev/zero", sparse} {
		if _, err := os.Stat(name); err != nil {
			continue
		}
		_, err = readFileOptions(info, map[string]string{"map": name})
		if want := "rockets: option map=" + strconv.Quote(name) + ": larger than 16 MiB"; err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", name, err, want)
		}
	}
}
