package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arena-games/arena/replays"
	"github.com/arena-games/arena/viewer"
)

func newViewCmd() *cobra.Command {
	var port int
	var noOpen bool
	var htmlOut string
	cmd := &cobra.Command{
		Use:   "view REPLAY",
		Short: "Watch a replay in the browser, or write it as one self-contained HTML page",
		Long: `Serve the web viewer for a replay (.json or .json.gz) on 127.0.0.1 and open it in
a browser when one is available, until Ctrl-C. The viewer draws every turn's frame
with a timeline (space play/pause, arrows step, Home/End, +/- speed), and shows
what each player received, answered and printed on stderr, with its timing, the
state summary, the events and the result. Hover a shape for its details.

With --html it writes one self-contained page instead, the replay inside: it opens
from a file with no server and no network, to share a game or attach it to a bug.`,
		Example: `  arena view r.json.gz                 # serve on a free port and open the browser
  arena view r.json --port 8080 --no-open
  arena view --html game.html r.json   # one file to share`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if htmlOut != "" && cmd.Flags().Changed("port") {
				// Said at once: a user who set both expects a server the page never needs.
				return usageErr("--port %d: --html writes a page that opens from the file, with no server to listen on a port", port)
			}
			if htmlOut != "" && sameFile(htmlOut, args[0]) {
				return usageErr("--html %s: that is the replay being read; the page would replace it", htmlOut)
			}
			rec, err := readReplay(args[0])
			if err != nil {
				return err
			}
			rep, err := viewer.FromReplay(rec, filepath.Base(args[0]))
			if err != nil {
				return err
			}
			if htmlOut != "" {
				if err := viewer.WriteHTMLFile(htmlOut, rep); err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				if dest, err := replays.DestinationOf(htmlOut); err == nil && dest.Through == os.Stdout {
					out = cmd.ErrOrStderr() // stdout holds the page, and only it
				}
				fmt.Fprintf(out, "wrote %s (open it in a browser; it needs no server and no network)\n", htmlOut)
				return nil
			}
			if port < 0 || port > 65535 {
				return usageErr("--port %d: want 0 (any free port) to 65535", port)
			}
			ctx, stop := interruptible()
			defer stop()
			return serveViewer(ctx, cmd, rep, port, !noOpen)
		},
	}
	cmd.Flags().IntVar(&port, "port", 0, "port to listen on, on 127.0.0.1 (0: a free port)")
	cmd.Flags().BoolVar(&noOpen, "no-open", false, "do not open a browser, only print the URL")
	cmd.Flags().StringVar(&htmlOut, "html", "", "write one self-contained HTML page to this file instead of serving")
	return cmd
}

// serveViewer serves the viewer on loopback until ctx ends (Ctrl-C).
func serveViewer(ctx context.Context, cmd *cobra.Command, rep *viewer.Replay, port int, open bool) error {
	h, err := viewer.NewHandler(rep)
	if err != nil {
		return err
	}
	// Loopback only: the viewer shows bots' inputs and stderr, which are nobody else's.
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		return fmt.Errorf("--port %d: %w", port, netReason(err))
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()

	url := viewer.URL(ln.Addr().String())
	fmt.Fprintf(cmd.OutOrStdout(), "viewing %s at %s (Ctrl-C to stop)\n", rep.Name, url)
	if open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "arena: not opening a browser: %v; open the URL above\n", err)
		}
	}
	select {
	case err := <-done:
		return fmt.Errorf("view: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("view: stopping the server: %w", err)
	}
	return nil
}

// openBrowser starts the user's browser on url without waiting for it. On Linux and the
// BSDs a browser needs a display: without one (ssh, CI) it does nothing but say so.
func openBrowser(url string) error {
	var argv []string
	switch runtime.GOOS {
	case "darwin":
		argv = []string{"open", url}
	case "windows":
		argv = []string{"rundll32", "url.dll,FileProtocolHandler", url}
	default:
		if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
			return errors.New("no display ($DISPLAY and $WAYLAND_DISPLAY are unset)")
		}
		if b := os.Getenv("BROWSER"); b != "" {
			// $BROWSER may list several commands separated by ':'; the first is enough.
			argv = append(strings.Fields(strings.Split(b, ":")[0]), url)
		} else if _, err := exec.LookPath("xdg-open"); err == nil {
			argv = []string{"xdg-open", url}
		} else {
			return errors.New("no $BROWSER and no xdg-open")
		}
	}
	c := exec.Command(argv[0], argv[1:]...)
	c.Stdout, c.Stderr = nil, nil
	if err := c.Start(); err != nil {
		return fmt.Errorf("%s: %w", argv[0], err)
	}
	go c.Wait() // reap it whenever it exits; the viewer does not depend on it
	return nil
}
