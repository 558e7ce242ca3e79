// Command arena runs bot-programming games locally: CodinGame-style games over pipes and the
// Deadline24 games over pipes or TCP, with replays, a viewer and tournaments.
package main

import (
	"os"

	"github.com/arena-games/arena/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:]))
}
