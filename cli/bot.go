package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
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
server closes the session (exit status 0). A refused login, or a connection that fails
(no server, the connection closed or reset during the login or the game, or closed
before any command of the bot was answered), exits 1 saying so.`,
		Example: `  arena bot queens/greedy
  arena bot agrid/greedy --tcp 127.0.0.1:20003 --login login2 --password secret`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			game, name, ok := strings.Cut(args[0], "/")
			if !ok {
				return usageErr("bot %q: want GAME/NAME, e.g. queens/greedy", args[0])
			}
			g, err := referee.Lookup(game)
			if err != nil {
				return usageErr("bot %q: %v", args[0], err)
			}
			session := g.Info().Style == referee.StyleSession
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
			if handshake && !session {
				return usageErr("bot %s: --handshake is for the Deadline24 games (%s), whose bots log in", args[0], strings.Join(sessionGames(), ", "))
			}
			if handshake && addr != "" {
				// Over TCP the bot logs in anyway, as --login with --password: --handshake,
				// the same exchange on stdin/stdout, would change nothing.
				return usageErr("bot %s: --handshake is for stdin/stdout (arena run's --option handshake=1); with --tcp the bot logs in anyway, with --login and --password", args[0])
			}
			if addr == "" {
				in := bufio.NewReaderSize(os.Stdin, 64<<10)
				if handshake {
					if err := answerHandshake(in, stdout, name, "secret", inputEnded); err != nil {
						return fmt.Errorf("bot %s: handshake: %w", args[0], err)
					}
				}
				return bot(in, stdout)
			}
			if !session {
				return usageErr("bot %s: --tcp is for the Deadline24 games (%s), whose servers take TCP clients", args[0], strings.Join(sessionGames(), ", "))
			}
			// A usage error, as arena serve's --listen is, said before any connection: net's
			// "missing port in address" was an exit status 1.
			if err := checkDial("--tcp", addr); err != nil {
				return usageErr("bot %s: %v", args[0], err)
			}
			defaultLogin := login == ""
			if defaultLogin {
				login = name
			}
			// Every failure names the bot, the server and the login, and says what happened to
			// the connection in words, as the refused login does.
			conn, err := net.DialTimeout("tcp", addr, dialTimeout)
			if err != nil {
				return fmt.Errorf("bot %s: connecting to %s (--tcp) as %s: %w", args[0], addr, login, connFailure(err))
			}
			defer conn.Close()
			in := bufio.NewReaderSize(conn, 64<<10)
			if err := answerHandshake(in, conn, login, password, connFailure); err != nil {
				var refused loginRefused
				if errors.As(err, &refused) && defaultLogin {
					// The first stumble: arena serve's teams are login1, login2, … unless
					// its --team flags name them, and the bot logged in as its own name.
					return fmt.Errorf("bot %s: logging in to %s as %s (its name: no --login given): %w; arena serve's teams are login1, login2, … with password secret unless its --team flags name them", args[0], addr, login, err)
				}
				return fmt.Errorf("bot %s: logging in to %s as %s: %w", args[0], addr, login, err)
			}
			// A bot takes the end of its input for the end of the session. One that read
			// nothing after its login was answered nothing: the server ended the session
			// before it played (it logged in as a server's last game ended, say).
			answers := &countingReader{r: in}
			err = bot(answers, conn)
			switch {
			case err != nil && answers.n == 0:
				return fmt.Errorf("bot %s: playing on %s as %s: %w before answering any command (is its last game over?)", args[0], addr, login, connFailure(err))
			case err != nil:
				return fmt.Errorf("bot %s: playing on %s as %s: %w", args[0], addr, login, connFailure(err))
			case answers.n == 0:
				return fmt.Errorf("bot %s: playing on %s as %s: the server closed the connection before answering any command (is its last game over?)", args[0], addr, login)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&handshake, "handshake", false, "first answer the Deadline24 LOGIN/PASS exchange on stdin/stdout, as NAME with password secret (arena run passes it with --option handshake=1; not with --tcp, which logs in with --login and --password)")
	cmd.Flags().StringVar(&addr, "tcp", "", "Deadline24 games: play as a client of the server at HOST:PORT instead of on stdin/stdout")
	cmd.Flags().StringVar(&login, "login", "", "with --tcp: the team's login (default: the bot's NAME)")
	cmd.Flags().StringVar(&password, "password", "secret", "with --tcp: the team's password")
	return cmd
}

// answerHandshake plays the client side of the Deadline24 login, so that built-in bots
// take part in `--option handshake=1` games and in servers like any TCP client. failed says
// in words what a read or write error means where the exchange takes place.
func answerHandshake(in *bufio.Reader, out io.Writer, login, password string, failed func(error) error) error {
	for _, step := range []struct{ prompt, answer string }{{"LOGIN", login}, {"PASS", password}} {
		line, err := in.ReadString('\n')
		if err != nil {
			return fmt.Errorf("%w before the %s prompt", failed(err), step.prompt)
		}
		if got := strings.TrimSpace(line); got != step.prompt {
			return fmt.Errorf("expected %s, got %q", step.prompt, got)
		}
		if _, err := fmt.Fprintln(out, step.answer); err != nil {
			return fmt.Errorf("%w after the %s prompt", failed(err), step.prompt)
		}
	}
	line, err := in.ReadString('\n')
	if err != nil {
		return fmt.Errorf("%w before answering the password", failed(err))
	}
	if got := strings.TrimSpace(line); got != "OK" {
		return loginRefused(got)
	}
	return nil
}

// loginRefused is the server's answer to a login it refused.
type loginRefused string

func (r loginRefused) Error() string { return fmt.Sprintf("login refused: %q", string(r)) }

// dialTimeout bounds the connection to a server.
const dialTimeout = 10 * time.Second

// inputEnded words a failed read of the handshake on stdin.
func inputEnded(err error) error {
	if errors.Is(err, io.EOF) {
		return errors.New("the input ended")
	}
	return err
}

// connFailure says in words what happened to a connection to a server, where net says it
// as a system call's error ("read tcp 127.0.0.1:42294->127.0.0.1:20197: read: connection
// reset by peer"), keeping the system's words in brackets.
func connFailure(err error) error {
	var errno syscall.Errno
	hasErrno := errors.As(err, &errno)
	var dns *net.DNSError
	var ne net.Error
	switch {
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("the server closed the connection")
	case hasErrno && (errno == syscall.ECONNRESET || errno == syscall.EPIPE || errno == syscall.ECONNABORTED):
		return fmt.Errorf("the server closed the connection abruptly (%v)", errno)
	case hasErrno && errno == syscall.ECONNREFUSED:
		return fmt.Errorf("no server listens there (%v)", errno)
	case hasErrno && (errno == syscall.EHOSTUNREACH || errno == syscall.ENETUNREACH):
		return fmt.Errorf("the server's machine cannot be reached (%v)", errno)
	case errors.As(err, &dns) && dns.IsNotFound:
		return fmt.Errorf("no such host %q", dns.Name)
	case errors.As(err, &ne) && ne.Timeout():
		return fmt.Errorf("the server did not answer in time (%v)", netReason(err))
	}
	return netReason(err)
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
