package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// defaultPorts copies the port table of the Deadline24 2017 servers: one port per game
// variant.
var defaultPorts = map[string]int{
	"bestow/vanilla": 20000, "bestow/wicked": 20001, "bestow/flower": 20002,
	"agrid/grid1": 20003, "agrid/grid2": 20004, "agrid/grid3": 20005,
	"rockets/rockets1": 20006, "rockets/rockets2": 20007,
}

func newServeCmd() *cobra.Command {
	var gameName, variant, listen, replayDir string
	var teamFlags, optionFlags []string
	var teams, games int
	var seed int64
	var startNow bool
	var start string
	var timeScale float64
	cmd := &cobra.Command{
		Use:   "serve --game G [--variant V] [--listen 127.0.0.1:PORT] [--team LOGIN:PASS]...",
		Short: "Run a Deadline24 game as the original real-time TCP server",
		Long: `Run a Deadline24 game (bestow, agrid, rockets) the way the 2017 contest servers
did: clients connect over TCP, log in (LOGIN/PASS), and every turn lasts the game's
turn duration on the real clock whatever they do. Several connections of one team
share its command counter. A client written for the contest servers works unchanged.

Teams are declared in seat order with --team LOGIN:PASSWORD; without any, seat i
(from 1) logs in as login<i> with password secret. The clock starts when every team
has logged in (or at once with --start now). A replay is written per game.`,
		Example: `  arena serve --game bestow --variant vanilla            # listens on 127.0.0.1:20000
  arena serve --game agrid --teams 4 --games 3 --listen 0.0.0.0:20003
  arena serve --game rockets --team red:pw1 --team blue:pw2 --time-scale 0.5`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if gameName == "" {
				// As arena run says it, and a usage error (exit status 2), which cobra's
				// required flags are not.
				return usageErr("--game is required (one of: %s)", strings.Join(sessionGames(), ", "))
			}
			g, err := referee.Lookup(gameName)
			if err != nil {
				return usageErr("--game: %v", err)
			}
			info := g.Info()
			if info.Style != referee.StyleSession {
				return usageErr("--game %s: arena serve runs the Deadline24 session games (%s); use arena run", gameName, strings.Join(sessionGames(), ", "))
			}
			if err := checkTimeScale(timeScale); err != nil {
				return err
			}
			if games < 1 {
				return usageErr("--games %d: want at least 1", games)
			}
			switch start {
			case "all", "now":
			default:
				return usageErr("--start %q: want all (when every team has logged in) or now", start)
			}
			// --start-now is --start now: beside a --start given otherwise, one of the two
			// would be quietly overruled, as --teams beside --team flags would.
			if cmd.Flags().Changed("start") && cmd.Flags().Changed("start-now") && startNow != (start == "now") {
				given := "--start-now"
				if !startNow {
					given = "--start-now=false"
				}
				return usageErr("--start %s and %s disagree (--start-now is the same as --start now): give one or the other", start, given)
			}
			startNow = startNow || start == "now"
			if listen != "" {
				if err := checkListen(listen); err != nil {
					return err
				}
			}
			opts, err := parseOptions(optionFlags)
			if err != nil {
				return err
			}
			if variant != "" {
				if v, dup := opts["variant"]; dup && v != variant {
					return usageErr("--variant %s and --option variant=%s disagree", variant, v)
				}
				opts["variant"] = variant
			}
			files, err := readFileOptions(info, opts)
			if err != nil {
				return err
			}
			ts, err := parseTeams(teamFlags, teams, cmd.Flags().Changed("teams"), info)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("seed") {
				seed = newSeed()
			}
			// Bad options (a value out of range, a malformed map) are refused before the
			// server says it is serving, not once it is listening; exit statuses as in run.
			if err := match.CheckServe(g, seed, len(ts), opts, files); err != nil {
				return fileContentError(info, err)
			}
			// The port comes from the variant, so it is looked up once the game has accepted
			// the options: a misspelt --variant is then named as an unknown variant, not as
			// one without a port. A failure to listen names the flag and its value, or where
			// the default address comes from.
			named := "--listen " + listen
			if listen == "" {
				v := opts["variant"]
				if v == "" {
					v = defaultVariant(info)
				}
				port, ok := defaultPorts[gameName+"/"+v]
				if !ok {
					return usageErr("no default port for %s variant %q: give --listen", gameName, v)
				}
				listen = fmt.Sprintf("127.0.0.1:%d", port)
				named = fmt.Sprintf("%s, the port of %s %s (--listen to choose another)", listen, gameName, v)
			}
			if replayDir != "" {
				if err := os.MkdirAll(replayDir, 0o755); err != nil {
					return fmt.Errorf("replays %s: %w", replayDir, err) // as arena tournament says it
				}
			}
			ln, err := net.Listen("tcp", listen)
			if err != nil {
				return fmt.Errorf("%s: %w", named, netReason(err))
			}
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%s serving on %s: %s (%s), %s from seed %d\n", info.Name, listeningOn(listen, ln), count(len(ts), "team"), teamList(ts), count(games, "game"), seed)
			if !startNow {
				fmt.Fprintln(w, "waiting for every team to log in")
			}
			var writeErr error
			played := 0 // games finished
			ctx, stop := interruptible()
			defer stop()
			replayPath := func(rec *replays.Replay) string {
				return filepath.Join(replayDir, fmt.Sprintf("%s-%d.json", rec.Game, rec.Seed))
			}
			err = match.Serve(ctx, ln, match.ServeConfig{
				Game: g, Seed: seed, Options: opts, Files: files, Teams: ts, Games: games,
				StartNow: startNow, TimeScale: timeScale, Log: logger(),
				// Each game's replay is written while it is played, so that its frames
				// are not all held until its end (hundreds of megabytes in a rockets game).
				Replay: func(rec *replays.Replay) *replays.Stream {
					stream, err := replays.Create(replayPath(rec))
					if err != nil {
						// Said when the game ends, by the Write that tries again then.
						return nil
					}
					return stream
				},
				OnGame: func(rec *replays.Replay, stream *replays.Stream) {
					path := replayPath(rec)
					var err error
					if stream != nil {
						err = stream.Finish(rec)
					} else {
						err = replays.Write(path, rec)
					}
					if err != nil {
						if writeErr == nil {
							writeErr = err // said at the end, as the exit status
						}
						path = "" // no replay to name
					}
					if rec.Result.Unfinished {
						if path == "" {
							fmt.Fprintf(w, "%s seed %d interrupted after %s\n", rec.Game, rec.Seed, count(len(rec.Turns), "turn"))
							return
						}
						fmt.Fprintf(w, "%s seed %d interrupted: %s holds %s, marked unfinished\n", rec.Game, rec.Seed, path, heldTurns(rec))
						return
					}
					played++
					printSummary(w, rec, path)
				},
			})
			if err != nil && !errors.Is(err, ctx.Err()) {
				return err
			}
			if writeErr != nil {
				return writeErr
			}
			if ctx.Err() != nil && played < games {
				// As an interrupted arena run: the games asked for were not all played.
				return fmt.Errorf("interrupted: %d of %s played", played, count(games, "game"))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&gameName, "game", "", "game to serve: bestow, agrid or rockets (required)")
	cmd.Flags().StringVar(&variant, "variant", "", "server variant (bestow: vanilla|wicked|flower, agrid: grid1|grid2|grid3, rockets: rockets1|rockets2)")
	cmd.Flags().StringVar(&listen, "listen", "", "address to listen on, HOST:PORT (port 0: a free one; default 127.0.0.1 and the variant's port of the 2017 servers, 20000–20007)")
	cmd.Flags().StringArrayVar(&teamFlags, "team", nil, "a team LOGIN:PASSWORD, in seat order (repeatable)")
	cmd.Flags().IntVar(&teams, "teams", 0, "number of teams when no --team is given, within the game's player counts (default: the game's least)")
	cmd.Flags().IntVar(&games, "games", 1, "games to play back to back (seed, seed+1, …), sessions staying open")
	cmd.Flags().Int64Var(&seed, "seed", 0, "seed of the first game (default: random)")
	cmd.Flags().StringVar(&start, "start", "all", "when the clock starts: all (every team has logged in) or now")
	cmd.Flags().BoolVar(&startNow, "start-now", false, "the same as --start now (refused beside --start all)")
	cmd.Flags().Float64Var(&timeScale, "time-scale", 1, "multiply the turn duration by this factor")
	cmd.Flags().StringArrayVar(&optionFlags, "option", nil, "game option KEY=VALUE (repeatable)")
	cmd.Flags().StringVar(&replayDir, "replays", ".", "directory for the replays (GAME-SEED.json)")
	return cmd
}

func sessionGames() []string {
	var names []string
	for _, g := range referee.Games() {
		if g.Info().Style == referee.StyleSession {
			names = append(names, g.Info().Name)
		}
	}
	return names
}

func defaultVariant(info referee.Info) string {
	for _, o := range info.Options {
		if o.Key == "variant" {
			return o.Default
		}
	}
	return ""
}

// parseTeams builds the teams from the --team flags, or else from --teams n (given says
// whether it was): n is held to the game's player counts whenever it is given, 0 and
// negative counts included, and only left out does it default to the game's least.
func parseTeams(flags []string, n int, given bool, info referee.Info) ([]match.Team, error) {
	var ts []match.Team
	seen := map[string]bool{}
	for _, f := range flags {
		login, pass, ok := strings.Cut(f, ":")
		if !ok || strings.TrimSpace(login) == "" || strings.TrimSpace(pass) == "" || strings.ContainsAny(f, " \t") {
			return nil, usageErr("--team %q: want LOGIN:PASSWORD, both non-empty, no spaces", f)
		}
		if seen[login] {
			return nil, usageErr("--team %s given twice", login)
		}
		seen[login] = true
		ts = append(ts, match.Team{Login: login, Password: pass})
	}
	if given && (n < info.MinPlayers || n > info.MaxPlayers) {
		return nil, usageErr("--teams %d: %s is played by %s", n, info.Name, playerCount(info, "team"))
	}
	switch {
	case len(ts) > 0 && given && n != len(ts):
		return nil, usageErr("--teams %d but %s", n, count(len(ts), "--team flag"))
	case len(ts) > 0:
	default:
		if !given {
			n = info.MinPlayers
		}
		for i := 1; i <= n; i++ {
			ts = append(ts, match.Team{Login: fmt.Sprintf("login%d", i), Password: "secret"})
		}
	}
	if len(ts) < info.MinPlayers || len(ts) > info.MaxPlayers {
		return nil, usageErr("%s: %s is played by %s", count(len(ts), "--team flag"), info.Name, playerCount(info, "team"))
	}
	return ts, nil
}

func teamList(ts []match.Team) string {
	var names []string
	for _, t := range ts {
		names = append(names, t.Login)
	}
	return strings.Join(names, ", ")
}

// checkListen refuses a --listen that cannot be listened on whatever the machine: not
// HOST:PORT, a port that is not a number from 0 to 65535, or a host name that names no
// address. A usage error, as arena view's --port out of range, said before anything starts.
func checkListen(addr string) error {
	return checkAddress("--listen", addr, true)
}

// checkDial refuses an address no server could be reached at, whatever the network: not
// HOST:PORT, a port that is not a number from 1 to 65535, or a host name that names no
// address. The flag is named (arena bot's --tcp), as checkListen names --listen.
func checkDial(flag, addr string) error {
	return checkAddress(flag, addr, false)
}

// checkAddress is the check of checkListen and checkDial: listen says whether the address
// is listened on (port 0: any free port, the host an address of this machine) or
// connected to.
func checkAddress(flag, addr string, listen bool) error {
	want := "want HOST:PORT, e.g. 127.0.0.1:20003 (this machine only) or 0.0.0.0:20003 (every address)"
	ports, lowest := "0 (any free port) to 65535", uint64(0)
	if !listen {
		want = "want the server's HOST:PORT, e.g. 127.0.0.1:20003"
		ports, lowest = "1 to 65535", 1
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		if strings.Count(addr, ":") > 1 && !strings.HasPrefix(addr, "[") {
			return usageErr("%s %q: %s; an IPv6 host in brackets, e.g. [::1]:20003", flag, addr, want)
		}
		return usageErr("%s %q: %s", flag, addr, want)
	}
	n, err := strconv.ParseUint(port, 10, 32)
	if err != nil {
		return usageErr("%s %q: port %q: want a number from %s", flag, addr, port, ports)
	}
	if n > 65535 || n < lowest {
		return usageErr("%s %s: port %d: want %s", flag, addr, n, ports)
	}
	if host == "" || net.ParseIP(host) != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := net.DefaultResolver.LookupHost(ctx, host); err != nil {
		var de *net.DNSError
		if errors.As(err, &de) && de.IsNotFound {
			if listen {
				return usageErr("%s %s: no such host %q (want an address of this machine, or a name of one)", flag, addr, host)
			}
			return usageErr("%s %s: no such host %q", flag, addr, host)
		}
		// A resolver that does not answer is not the flag's fault: listening, or
		// connecting, says why.
	}
	return nil
}

// listeningOn is the address a server listens on as its user knows it: the host as given
// (0.0.0.0, not the [::] that Go reports for it, having listened on IPv6 too), the port as
// bound (the free port picked for port 0).
func listeningOn(listen string, ln net.Listener) string {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return ln.Addr().String()
	}
	if a, ok := ln.Addr().(*net.TCPAddr); ok {
		return net.JoinHostPort(host, strconv.Itoa(a.Port))
	}
	return ln.Addr().String()
}

// netReason is why a listen or a dial failed, without the operation and the address that
// net's error repeats ("listen tcp 127.0.0.1:8080: bind: address already in use"): the
// flag that gave the address is named instead.
func netReason(err error) error {
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return oe.Err
	}
	return err
}
