//go:build unix

package tournament

import (
	"os"

	"golang.org/x/sys/unix"
)

// TerminalWidth is the width in columns of the terminal f is, 0 when unknown.
func TerminalWidth(f *os.File) int {
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
