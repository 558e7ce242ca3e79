package viewer_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// arenaBin is the arena binary built once for the tests: they play real games with it and
// run `arena view` as a user does.
var arenaBin string

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "arena-viewer-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "viewer tests:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	arenaBin = filepath.Join(dir, "arena")
	build := exec.Command("go", "build", "-o", arenaBin, "github.com/arena-games/arena")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "viewer tests: building arena:", err)
		return 1
	}
	code := m.Run()
	closeBrowser()
	removeReplays()
	return code
}
