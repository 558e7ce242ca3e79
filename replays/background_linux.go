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

// canWrite reports why this process cannot make a file in dir (permissions, a read-only
// file system), if it cannot.
func canWrite(dir string) error {
	if err := unix.Access(dir, unix.W_OK|unix.X_OK); err != nil {
		return fmt.Errorf("directory %s: %w", dir, err)
	}
	return nil
}
