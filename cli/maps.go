package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/maps"
	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/referee"
)

// openShippedMap finds a map shipped with arena by name (for file options given a name
// rather than a path), e.g. rockets/small.map.
func openShippedMap(game, name string) ([]byte, error) {
	return maps.Open(name)
}

func newMapCmd() *cobra.Command {
	var game string
	var options []string
	var seed int64
	var players int
	cmd := &cobra.Command{
		Use:   "map --game GAME [--seed N] [--option KEY=VALUE]...",
		Short: "Print the map a game's seed generates, in the format its map option reads",
		Long: `Print the world a game of this seed and these options is played on, in the
game's map file format: a starting point for a hand-edited map, or a way to keep a
world. Playing the file (--option map=FILE) with the same seed gives the same game
but for the map's name (which bots read: the built-in bots, whose choices depend on
it, play differently). Games with map files: ` + strings.Join(mapGames(), ", ") + `.

Without --seed a random seed is used and printed on stderr.`,
		Example: `  arena map --game=rockets --seed 7 > world.map
  arena map --game=rockets --seed 7 --option cities=60 > small.map
  arena run --game=rockets --seed 7 --option map=world.map builtin:greedy builtin:random`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if game == "" {
				return usageErr("--game is required (one of: %s)", strings.Join(mapGames(), ", "))
			}
			g, err := referee.Lookup(game)
			if err != nil {
				return usageErr("--game: %v", err)
			}
			mw, ok := g.(referee.MapWriter)
			if !ok {
				return usageErr("--game %s has no map files (games with map files: %s)", game, strings.Join(mapGames(), ", "))
			}
			info := g.Info()
			if !cmd.Flags().Changed("players") {
				players = info.MinPlayers
			}
			if players < info.MinPlayers || players > info.MaxPlayers {
				return usageErr("--players %d: %s takes %s", players, info.Name, playerCount(info, "player"))
			}
			random := !cmd.Flags().Changed("seed")
			if random {
				seed = newSeed()
			}
			opts, err := parseOptions(options)
			if err != nil {
				return err
			}
			files, err := readFileOptions(info, opts)
			if err != nil {
				return err
			}
			cfg, err := match.RefereeConfig(g, seed, players, opts, files)
			if err != nil {
				return fileContentError(info, err) // a malformed map file: exit 1, as arena run
			}
			data, err := mw.WriteMap(cfg)
			if err != nil {
				return fileContentError(info, err)
			}
			if random {
				// Said once the options are accepted: a refused option is the only line then.
				fmt.Fprintf(cmd.ErrOrStderr(), "arena: seed %d\n", seed)
			}
			_, err = cmd.OutOrStdout().Write(data)
			return err
		},
	}
	cmd.Flags().StringVar(&game, "game", "", "game whose map to print (required)")
	cmd.Flags().StringArrayVar(&options, "option", nil, "game option KEY=VALUE (repeatable; see: arena games)")
	cmd.Flags().Int64Var(&seed, "seed", 0, "game seed (default: random, printed on stderr)")
	cmd.Flags().IntVar(&players, "players", 0, "number of players the map is for (default: the game's least)")
	return cmd
}

// mapGames names the games whose maps arena map writes.
func mapGames() []string {
	var names []string
	for _, g := range referee.Games() {
		if _, ok := g.(referee.MapWriter); ok {
			names = append(names, g.Info().Name)
		}
	}
	return names
}
