//go:build !unix

package tournament

import "os"

// TerminalWidth is 0 (unknown) where arena cannot ask the terminal.
func TerminalWidth(*os.File) int { return 0 }
