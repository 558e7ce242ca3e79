package viewer

import (
	"embed"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"path"
	"strings"

	"github.com/arena-games/arena/referee"
)

//go:embed static
var static embed.FS

// scripts are the page's scripts in load order: each adds its part to the Arena namespace
// and main.js, last, starts the viewer.
var scripts = []string{"load.js", "draw.js", "hittest.js", "state.js", "panels.js", "timeline.js", "main.js"}

// pageConfig is what the page's scripts learn from Go, as JSON in the page.
type pageConfig struct {
	Title string `json:"title"`
	// PlayerColors are referee.PlayerColors, so that the page colours players as every
	// game's frames do.
	PlayerColors []string `json:"playerColors"`
	NeutralColor string   `json:"neutralColor"`
	// ReplayURL is where a served page fetches the replay; EmbeddedID the id of the
	// element holding a self-contained page's replay (gzip, base64).
	ReplayURL  string `json:"replayURL,omitempty"`
	EmbeddedID string `json:"embeddedID,omitempty"`
}

func newPageConfig(rep *Replay) pageConfig {
	return pageConfig{
		Title:        fmt.Sprintf("%s · seed %d · %s", rep.Game, rep.Seed, rep.Name),
		PlayerColors: referee.PlayerColors,
		NeutralColor: referee.PlayerColor(-1),
	}
}

// embeddedReplayID is the id of the element that holds a self-contained page's replay.
const embeddedReplayID = "arena-replay-data"

// pageParts says how the page gets its assets and its replay.
type pageParts struct {
	config pageConfig
	// inline puts the CSS and scripts in the page instead of linking to /static/.
	inline bool
	// embedded is the replay, gzip-compressed and base64-encoded, for a self-contained page.
	embedded string
	// csp is the page's Content-Security-Policy, which keeps it from reaching the network.
	csp string
}

// writePage writes the viewer page: the markup of static/body.html with the config, the
// styles and the scripts around it.
func writePage(w io.Writer, p pageParts) error {
	body, err := static.ReadFile("static/body.html")
	if err != nil {
		return fmt.Errorf("viewer page: %w", err)
	}
	cfg, err := json.Marshal(p.config) // escapes <, > and & so it cannot end the script element
	if err != nil {
		return fmt.Errorf("viewer page config: %w", err)
	}
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	if p.csp != "" {
		fmt.Fprintf(&b, "<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n", html.EscapeString(p.csp))
	}
	fmt.Fprintf(&b, "<title>%s</title>\n", html.EscapeString(p.config.Title))
	// An empty icon, so that the browser does not ask the server (or the network) for one.
	b.WriteString("<link rel=\"icon\" href=\"data:,\">\n")
	if p.inline {
		css, err := asset("viewer.css")
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "<style>\n%s</style>\n", css)
	} else {
		b.WriteString("<link rel=\"stylesheet\" href=\"static/viewer.css\">\n")
	}
	b.WriteString("</head>\n<body data-state=\"loading\">\n")
	b.Write(body)
	fmt.Fprintf(&b, "<script type=\"application/json\" id=\"arena-config\">%s</script>\n", cfg)
	if p.embedded != "" {
		// Base64 has no '<', so the data cannot end its element early.
		fmt.Fprintf(&b, "<script type=\"application/octet-stream\" id=\"%s\">%s</script>\n", embeddedReplayID, p.embedded)
	}
	for _, name := range scripts {
		if !p.inline {
			fmt.Fprintf(&b, "<script src=\"static/%s\"></script>\n", name)
			continue
		}
		js, err := asset(name)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "<script>\n%s</script>\n", js)
	}
	b.WriteString("</body>\n</html>\n")
	_, err = io.WriteString(w, b.String())
	return err
}

// asset returns an embedded file, refusing content that could not be inlined in a page.
func asset(name string) (string, error) {
	data, err := static.ReadFile(path.Join("static", name))
	if err != nil {
		return "", fmt.Errorf("viewer asset %s: %w", name, err)
	}
	s := string(data)
	if strings.Contains(strings.ToLower(s), "</script") || strings.Contains(strings.ToLower(s), "</style") {
		return "", fmt.Errorf("viewer asset %s: contains a closing tag and cannot be inlined", name)
	}
	return s, nil
}
