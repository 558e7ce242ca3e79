//go:build !unix

package tournament

import "os"

// lockFile does nothing where advisory locks are not available.
func lockFile(*os.File) error { return nil }
