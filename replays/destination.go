package replays

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Destination is where a file arena writes (a replay, a viewer page) goes, given the path
// it was asked to write. Most paths are written atomically: a temporary file beside the
// file, renamed over it at the end. A rename replaces the path's last component itself,
// which is not always the file the path names: so a symbolic link is followed to the file
// it names, a device or a pipe is written into, and a path naming what arena's own output
// already goes to is written through that output.
type Destination struct {
	// Path is the file to write, its symbolic links followed (a link that names no file
	// yet, to the file it would name).
	Path string
	// Through is arena's stdout or stderr when the path names the file it writes to:
	// /dev/stdout, or the file arena's output was redirected to (--replay /dev/stdout >
	// out.json). It is written through, sharing its offset with what arena prints, rather
	// than opened again (which would write over it from its start) or replaced by a rename
	// (which, as root, would replace /dev/stdout itself).
	Through *os.File
	// InPlace is set for a device or a pipe (/dev/null, a FIFO): opened and written into.
	InPlace bool
}

// DestinationOf says where a file written to path goes. A directory is an error.
func DestinationOf(path string) (Destination, error) {
	info, err := os.Stat(path) // links followed
	if err == nil {
		switch {
		case info.IsDir():
			return Destination{}, errors.New("is a directory")
		case sameFile(info, os.Stdout):
			return Destination{Path: path, Through: os.Stdout}, nil
		case sameFile(info, os.Stderr):
			return Destination{Path: path, Through: os.Stderr}, nil
		case !info.Mode().IsRegular():
			return Destination{Path: path, InPlace: true}, nil
		}
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return Destination{}, err
		}
		return Destination{Path: target}, nil
	}
	target, err := followLinks(path)
	if err != nil {
		return Destination{}, err
	}
	return Destination{Path: target}, nil
}

func sameFile(info os.FileInfo, f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && os.SameFile(info, fi)
}

// followLinks finds the file a path that names no file yet would make: its directory as
// the kernel finds it (links followed, ".." taken after them, which a lexical clean of the
// path would not do), and, while its last component is a link (one to a file to be made),
// what that link names.
func followLinks(path string) (string, error) {
	for range 40 { // as the kernel's limit on a chain of links
		dir, base := ".", path
		if i := strings.LastIndexByte(path, '/'); i >= 0 {
			dir, base = path[:i], path[i+1:]
			if dir == "" {
				dir = "/"
			}
		}
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			dir = real
		} else {
			return path, nil // a directory that cannot be found: WritableDir says why
		}
		path = filepath.Join(dir, base)
		info, err := os.Lstat(path)
		if err != nil || info.Mode()&os.ModeSymlink == 0 {
			return path, nil
		}
		target, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(target) {
			target = dir + "/" + target // dir has no link left: ".." in target is taken from it
		}
		path = target
	}
	return "", fmt.Errorf("too many levels of symbolic links")
}
