// Package maps holds the map files shipped with arena and the loaders of their formats.
//
// Shipped maps are embedded in the binary (go:embed) so that `--option map=NAME` works from
// any directory; Open finds them by name. Loaders are pure functions from bytes to a
// validated structure: a referee receives a map's content (never a path) from the runner
// and parses it here, so that a replay carries the map and verifies without the file.
package maps
