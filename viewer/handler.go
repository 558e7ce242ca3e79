package viewer

import (
	"bytes"
	"compress/gzip"
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
	// The replay goes to the browser compressed: over an ssh tunnel a 1500-turn rockets
	// game is 1.3 MB instead of 41. Compressed once, as every page load asks for it.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	if _, err := zw.Write(rep.JSON); err != nil {
		return nil, fmt.Errorf("compressing the replay: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("compressing the replay: %w", err)
	}
	started := time.Now()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", servedCSP)
		serveBytes(w, r, "index.html", started, page.Bytes())
	})
	mux.HandleFunc("GET /replay.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			w.Header().Set("Content-Encoding", "gzip")
			serveBytes(w, r, "replay.json", started, gz.Bytes())
			return
		}
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

// acceptsGzip tells whether an Accept-Encoding header accepts gzip: named, and not with q=0.
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		if !strings.EqualFold(strings.TrimSpace(name), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
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
