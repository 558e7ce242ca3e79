package replays

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// startWriteback asks the kernel to start writing the file's dirty pages to disk, without
// waiting: the sync that ends a replay then finds little left to write.
func startWriteback(f *os.File) {
	_ = unix.SyncFileRange(int(f.Fd()), 0, 0, unix.SYNC_FILE_RANGE_WRITE) // a hint: the sync at the end is what counts
}

// writableDir reports why a file cannot be made in dir, if it cannot: missing, not a
// directory, not writable by this process (permissions, a read-only file system).
func writableDir(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("directory %s: %w", dir, unwrapPath(err))
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	if err := unix.Access(dir, unix.W_OK|unix.X_OK); err != nil {
		return fmt.Errorf("directory %s: %w", dir, err)
	}
	return nil
}
