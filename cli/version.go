package cli

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/match"
	"github.com/arena-games/arena/referee"
)

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print arena's version and each referee's version",
		Args:  noArgs,
		Run: func(cmd *cobra.Command, args []string) {
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "arena %s (%s, %s/%s)\n", match.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
			for _, g := range referee.Games() {
				info := g.Info()
				fmt.Fprintf(w, "  %s referee v%s\n", info.Name, info.Version)
			}
		},
	}
}
