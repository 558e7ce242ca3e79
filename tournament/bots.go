package tournament

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/players"
)

// Bot is one contestant: its unique name (the BOT argument as given), how to run it and a
// hash of what it runs.
type Bot struct {
	Name   string
	Player match.Player
	Hash   string
}

// HashPlayer hashes what a bot runs: the content of its executable (found on PATH like the
// runner finds it), its arguments, and the content of every argument that names a file
// (python3 bot.py hashes python3, "bot.py" and bot.py's content). Resuming a tournament
// compares these hashes so that results of an old version of a bot are never mixed with a
// new one by accident. A built-in bot runs arena itself, so its hash is arena's executable.
func HashPlayer(p match.Player) (string, error) {
	if len(p.Argv) == 0 {
		return "", fmt.Errorf("bot %q: empty command", p.Name)
	}
	h := sha256.New()
	exe, err := resolveExecutable(p.Argv[0], p.Dir)
	if err != nil {
		// Said as arena run says it, before any game rather than in the first one.
		return "", fmt.Errorf("%s: cannot start %q: %w", p.Name, p.Argv[0], err)
	}
	sum, err := hashFile(exe)
	if err != nil {
		return "", fmt.Errorf("bot %q: executable: %w", p.Name, err)
	}
	fmt.Fprintf(h, "exe %s\n", sum)
	for _, arg := range p.Argv[1:] {
		fmt.Fprintf(h, "arg %q\n", arg)
		if path := filePath(arg, p.Dir); path != "" {
			sum, err := hashFile(path)
			if err != nil {
				return "", fmt.Errorf("bot %q: argument %s: %w", p.Name, arg, err)
			}
			fmt.Fprintf(h, "file %s\n", sum)
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))[:32], nil
}

// resolveExecutable finds the program a bot runs, checking that it can be started.
func resolveExecutable(name, dir string) (string, error) {
	if strings.ContainsRune(name, filepath.Separator) && !filepath.IsAbs(name) && dir != "" {
		name = filepath.Join(dir, name)
	}
	return players.LookPath(name)
}

// filePath returns the path of the regular file an argument names, or "".
func filePath(arg, dir string) string {
	if arg == "" || strings.HasPrefix(arg, "-") && !strings.ContainsRune(arg, filepath.Separator) {
		return ""
	}
	path := arg
	if !filepath.IsAbs(path) && dir != "" {
		path = filepath.Join(dir, path)
	}
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return path
}

func hashFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// contentHash is a short hash of some bytes (a map file's content, for the setup).
func contentHash(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])[:32]
}
