//go:build !linux

package replays

import (
	"fmt"
	"os"
)

// startWriteback does nothing where the kernel has no call for it: the sync that ends a
// replay writes it all.
func startWriteback(*os.File) {}

// writableDir reports why dir is not a directory, if it is not; whether it can be written
// is found when the file is made.
func writableDir(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("directory %s: %w", dir, unwrapPath(err))
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return nil
}
