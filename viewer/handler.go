package viewer

import (
	"bytes"
	"fmt"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// servedCSP keeps the served page to its own origin: it may fetch its assets and the
// replay, nothing else.
const servedCSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:"

// NewHandler serves the viewer for one replay: the page at /, its assets under /static/
// and the replay at /replay.json.
func NewHandler(rep *Replay) (http.Handler, error) {
	cfg := newPageConfig(rep)
	cfg.ReplayURL = "replay.json"
	var page bytes.Buffer
	if err := writePage(&page, pageParts{config: cfg}); err != nil {
		return nil, err
	}
	started := time.Now()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", servedCSP)
		serveBytes(w, r, "index.html", started, page.Bytes())
	})
	mux.HandleFunc("GET /replay.json", func(w http.ResponseWriter, r *http.Request) {
		serveBytes(w, r, "replay.json", started, rep.JSON)
	})
	mux.HandleFunc("GET /static/{name}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("name")
		if name == "body.html" || strings.Contains(name, "..") {
			http.NotFound(w, r)
			return
		}
		data, err := static.ReadFile(path.Join("static", name))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		serveBytes(w, r, name, started, data)
	})
	return mux, nil
}

// serveBytes serves content typed by its name. The viewer is served for one replay by one
// short-lived process, so nothing is cached across runs.
func serveBytes(w http.ResponseWriter, r *http.Request, name string, modified time.Time, data []byte) {
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, name, modified, bytes.NewReader(data))
}

// URL is how `arena view` prints the address of a server listening on addr.
func URL(addr string) string { return fmt.Sprintf("http://%s/", addr) }
