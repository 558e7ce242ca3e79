package cli

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/players/builtin"
	"github.com/arena-games/arena/referee"
)

func newBotCmd() *cobra.Command {
	var handshake bool
	var addr, login, password string
	cmd := &cobra.Command{
		Use:   "bot GAME/NAME",
		Short: "Run a built-in bot on stdin/stdout (what builtin:NAME spawns), or as a client of arena serve",
		Long: `Run a built-in bot: it reads the game's input on stdin and answers on stdout,
like any other bot. arena run spawns this for builtin:NAME; you can also use it
to play a built-in bot against your own bot with another runner.

With --tcp HOST:PORT a built-in bot of a Deadline24 game connects to a server
(arena serve, or any server of the 2017 protocol), logs in with --login and
--password and plays there: a sparring team for a local contest. It plays until the
server closes the session.`,
		Example: `  arena bot queens/greedy
  arena bot agrid/greedy --tcp 127.0.0.1:20003 --login login2 --password secret`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			game, name, ok := strings.Cut(args[0], "/")
			if !ok {
				return usageErr("bot %q: want GAME/NAME, e.g. queens/greedy", args[0])
			}
			bot, err := builtin.Lookup(game, name)
			if err != nil {
				return usageErr("%v", err)
			}
			for _, f := range []string{"login", "password"} {
				if addr == "" && cmd.Flags().Changed(f) {
					// Not ignored: the user expects to log in with it.
					return usageErr("bot %s: --%s is for --tcp (on stdin/stdout, --handshake logs in as NAME with password secret)", args[0], f)
				}
			}
			session := false
			if g, err := referee.Lookup(game); err == nil {
				session = g.Info().Style == referee.StyleSession
			}
			if handshake && !session {
				return usageErr("bot %s: --handshake is for the Deadline24 games (%s), whose bots log in", args[0], strings.Join(sessionGames(), ", "))
			}
			if addr == "" {
				in := bufio.NewReaderSize(os.Stdin, 64<<10)
				if handshake {
					if err := answerHandshake(in, stdout, name, "secret"); err != nil {
						return fmt.Errorf("bot %s: handshake: %w", args[0], err)
					}
				}
				return bot(in, stdout)
			}
			if !session {
				return usageErr("bot %s: --tcp is for the Deadline24 games (%s), whose servers take TCP clients", args[0], strings.Join(sessionGames(), ", "))
			}
			if login == "" {
				login = name
			}
			conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
			if err != nil {
				return fmt.Errorf("bot %s: --tcp %s: %w", args[0], addr, netReason(err))
			}
			defer conn.Close()
			in := bufio.NewReaderSize(conn, 64<<10)
			if err := answerHandshake(in, conn, login, password); err != nil {
				return fmt.Errorf("bot %s: logging in to %s as %s: %w", args[0], addr, login, err)
			}
			return bot(in, conn)
		},
	}
	cmd.Flags().BoolVar(&handshake, "handshake", false, "first answer the Deadline24 LOGIN/PASS exchange on stdin/stdout, as NAME with password secret (arena run passes it with --option handshake=1)")
	cmd.Flags().StringVar(&addr, "tcp", "", "Deadline24 games: play as a client of the server at HOST:PORT instead of on stdin/stdout")
	cmd.Flags().StringVar(&login, "login", "", "with --tcp: the team's login (default: the bot's NAME)")
	cmd.Flags().StringVar(&password, "password", "secret", "with --tcp: the team's password")
	return cmd
}

// answerHandshake plays the client side of the Deadline24 login, so that built-in bots
// take part in `--option handshake=1` games and in servers like any TCP client.
func answerHandshake(in *bufio.Reader, out io.Writer, login, password string) error {
	for _, step := range []struct{ prompt, answer string }{{"LOGIN", login}, {"PASS", password}} {
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
