package cli

import (
	"bufio"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/players/builtin"
)

func newBotCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "bot GAME/NAME",
		Short: "Run a built-in bot on stdin/stdout (what builtin:NAME spawns)",
		Long: `Run a built-in bot: it reads the game's input on stdin and answers on stdout,
like any other bot. arena run spawns this for builtin:NAME; you can also use it
to play a built-in bot against your own bot with another runner.`,
		Example: "  arena bot queens/greedy",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			game, name, ok := strings.Cut(args[0], "/")
			if !ok {
				return usageErr("bot %q: want GAME/NAME, e.g. queens/greedy", args[0])
			}
			bot, err := builtin.Lookup(game, name)
			if err != nil {
				return usageErr("%v", err)
			}
			return bot(bufio.NewReaderSize(os.Stdin, 64<<10), os.Stdout)
		},
	}
}
