package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/players/builtin"
)

func newBotCmd() *cobra.Command {
	var handshake bool
	cmd := &cobra.Command{
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
			in := bufio.NewReaderSize(os.Stdin, 64<<10)
			if handshake {
				if err := answerHandshake(in, stdout, name); err != nil {
					return fmt.Errorf("bot %s: handshake: %w", args[0], err)
				}
			}
			return bot(in, stdout)
		},
	}
	cmd.Flags().BoolVar(&handshake, "handshake", false, "first answer the Deadline24 LOGIN/PASS exchange (arena run passes it with --option handshake=1)")
	return cmd
}

// answerHandshake plays the client side of the Deadline24 login, so that built-in bots
// take part in `--option handshake=1` games like any TCP-style client.
func answerHandshake(in *bufio.Reader, out io.Writer, login string) error {
	for _, step := range []struct{ prompt, answer string }{{"LOGIN", login}, {"PASS", "secret"}} {
		line, err := in.ReadString('\n')
		if err != nil {
			return err
		}
		if got := strings.TrimSpace(line); got != step.prompt {
			return fmt.Errorf("expected %s, got %q", step.prompt, got)
		}
		if _, err := fmt.Fprintln(out, step.answer); err != nil {
			return err
		}
	}
	line, err := in.ReadString('\n')
	if err != nil {
		return err
	}
	if got := strings.TrimSpace(line); got != "OK" {
		return fmt.Errorf("login refused: %q", got)
	}
	return nil
}
