// Command arena runs bot-programming games locally: CodinGame-style games over pipes and the
// Deadline24 games over pipes or TCP, with replays, a viewer and tournaments.
package main

import (
	"os"
	"os/signal"
	"strconv"
	"syscall"

	"github.com/arena-games/arena/cli"
	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/replays"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == players.WardenCommand {
		// The process that stops what is left of the bots once the arena that started it
		// is gone (players/warden.go).
		runner, err := strconv.Atoi(os.Args[2])
		if err != nil {
			os.Exit(2)
		}
		signal.Ignore(syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT)
		players.RunWarden(os.Stdin, runner)
		return
	}
	players.EnableWarden()
	// A replay's temporary file is removed by the warden too, should arena be killed
	// before it is renamed into place or removed.
	replays.TempFiles = func(path string, live bool) {
		if live {
			players.WatchFile(path)
		} else {
			players.ForgetFile(path)
		}
	}
	os.Exit(cli.Main(os.Args[1:]))
}
