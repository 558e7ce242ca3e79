package cli

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/players/builtin"
	"github.com/arena-games/arena/referee"
)

func gameNames() []string {
	var names []string
	for _, g := range referee.Games() {
		names = append(names, g.Info().Name)
	}
	return names
}

// gameListing is one game as `arena games --json` prints it.
type gameListing struct {
	referee.Info
	Bots []string `json:"bots"`
}

func newGamesCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "games",
		Short: "List the games, their player counts, limits, options and built-in bots",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			var list []gameListing
			for _, g := range referee.Games() {
				info := g.Info()
				info.Options = match.Options(info) // the runner's options too, as --option takes them
				list = append(list, gameListing{Info: info, Bots: builtin.Names(info.Name)})
			}
			if asJSON {
				return printJSON(cmd.OutOrStdout(), list)
			}
			w := cmd.OutOrStdout()
			for i, l := range list {
				if i > 0 {
					fmt.Fprintln(w)
				}
				version := "v" + l.Version
				if len(l.OlderVersions) > 0 {
					// The replays of those versions still verify: a user holding one asks.
					version += ", verifies the replays of v" + strings.Join(l.OlderVersions, ", v") + " too"
				}
				fmt.Fprintf(w, "%s — %s (%s players, %s protocol, referee %s)\n", l.Name, l.Title, playersText(l.Info), l.Style, version)
				fmt.Fprintf(w, "  %s\n", l.Summary)
				fmt.Fprintf(w, "  limits: %s\n", l.Limits)
				bots := make([]string, len(l.Bots))
				for k, b := range l.Bots {
					bots[k] = "builtin:" + b
				}
				fmt.Fprintf(w, "  bots:   %s\n", strings.Join(bots, ", "))
				if len(l.Options) > 0 {
					fmt.Fprintln(w, "  options (--option KEY=VALUE):")
					tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
					for _, o := range l.Options {
						fmt.Fprintf(tw, "    %s\tdefault %q\t%s\n", o.Key, o.Default, o.Help)
					}
					tw.Flush()
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print as JSON")
	return cmd
}

func playersText(info referee.Info) string {
	if info.MinPlayers == info.MaxPlayers {
		return fmt.Sprint(info.MinPlayers)
	}
	return fmt.Sprintf("%d–%d", info.MinPlayers, info.MaxPlayers)
}
