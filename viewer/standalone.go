package viewer

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/arena-games/arena/replays"
)

// standaloneCSP lets the self-contained page run its own inline scripts and styles and
// reach nothing: no request can leave it, even by mistake.
const standaloneCSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:"

// WriteHTML writes one self-contained HTML page with the viewer and the replay inside: it
// opens from a file:// URL with no server and no network, to share a game or attach it to a
// bug report. The replay is stored gzip-compressed (the page inflates it with the
// browser's own DecompressionStream), which keeps the file near the size of a .json.gz.
func WriteHTML(w io.Writer, rep *Replay) error {
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.DefaultCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(rep.JSON); err != nil {
		return fmt.Errorf("compressing the replay: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("compressing the replay: %w", err)
	}
	cfg := newPageConfig(rep)
	cfg.EmbeddedID = embeddedReplayID
	return writePage(w, pageParts{
		config:   cfg,
		inline:   true,
		embedded: base64.StdEncoding.EncodeToString(gz.Bytes()),
		csp:      standaloneCSP,
	})
}

// WriteHTMLFile writes the self-contained page to path atomically (a temporary file in the
// same directory, renamed), so that an interrupted run leaves no half page behind.
func WriteHTMLFile(path string, rep *Replay) error {
	// A device or a pipe (/dev/null), or arena's own output (/dev/stdout), is written into,
	// since a rename would replace the device, the pipe or the link itself; a symbolic link
	// is followed to the file it names (replays.DestinationOf).
	dest, err := replays.DestinationOf(path)
	if err != nil {
		return fmt.Errorf("viewer page %s: %w (name the .html file to write)", path, err)
	}
	switch {
	case dest.Through != nil:
		return WriteHTML(dest.Through, rep)
	case dest.InPlace:
		return writeHTMLInPlace(path, rep)
	}
	target := dest.Path
	// Said of the directory, as for a replay: CreateTemp's error would name the
	// temporary file, which the user never asked for.
	if err := replays.WritableDir(filepath.Dir(target)); err != nil {
		return fmt.Errorf("viewer page %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		// A directory that says it can be written but cannot hold a file (/proc, /sys as
		// root) is named, as a replay's is, not the temporary file.
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("viewer page %s: cannot create a file in %s: %w", path, filepath.Dir(target), err)
	}
	defer os.Remove(tmp.Name())              // no-op after the rename
	if err := tmp.Chmod(0o644); err != nil { // a page is for sharing; CreateTemp makes it private
		tmp.Close()
		return fmt.Errorf("viewer page %s: %w", path, err)
	}
	if err := WriteHTML(tmp, rep); err != nil {
		tmp.Close()
		return fmt.Errorf("viewer page %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("viewer page %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("viewer page %s: %w", path, err)
	}
	return nil
}

func writeHTMLInPlace(path string, rep *Replay) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("viewer page %s: %w", path, err)
	}
	err = WriteHTML(f, rep)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("viewer page %s: %w", path, err)
	}
	return nil
}
