package viewer_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
	"github.com/arena-games/arena/viewer"
)

// smallReplay is a hand-made replay of three turns with every kind of shape, a debug
// drawing and a range, for the tests that need no real game.
func smallReplay() *replays.Replay {
	frame := func(turn int) referee.Frame {
		x := float64(100 + 50*turn)
		return referee.Frame{
			View: &referee.View{Width: 800, Height: 400, Background: "#203040"},
			Shapes: []referee.Shape{
				{Kind: referee.ShapeRect, X: 10, Y: 10, W: 200, H: 100, Fill: "#556677", Tip: "a rect"},
				{Kind: referee.ShapeCircle, X: x, Y: 200, R: 30, Fill: referee.PlayerColor(0), Player: referee.Owner(0), Tip: "unit of P0 <b>"},
				{Kind: referee.ShapeCircle, X: 600, Y: 200, R: 120, Fill: referee.PlayerColor(1), Alpha: 0.2, Player: referee.Owner(1), Layer: "range", Tip: "range"},
				{Kind: referee.ShapeLine, X: 0, Y: 390, X2: 800, Y2: 390, Stroke: "#ffffff", Width: 4, Tip: "a line"},
				{Kind: referee.ShapePoly, Points: []float64{400, 50, 450, 150, 350, 150}, Fill: "#aabb00", Tip: "a triangle"},
				{Kind: referee.ShapeText, X: 20, Y: 380, Text: "turn " + strconv.Itoa(turn) + " </script>", Size: 20, Fill: "#ffffff"},
				{Kind: referee.ShapeCircle, X: 700, Y: 80, R: 40, Stroke: referee.PlayerColor(1), Width: 3, Player: referee.Owner(1), Layer: "debug"},
			},
			State:  map[string]any{"turn": turn, "gold": []int{10 * turn, 5}},
			Events: []string{"event of turn " + strconv.Itoa(turn)},
		}
	}
	rec := &replays.Replay{
		Format: replays.Format, Arena: "test", Game: "queens", RefereeVersion: "1", Seed: 42,
		Options:  map[string]string{},
		Players:  []replays.Player{{Name: "alpha", Command: "./alpha"}, {Name: "beta", Command: "./beta"}},
		Settings: replays.Settings{Style: referee.StyleTurns, TimeScale: 1},
		Result: replays.Result{Game: "queens", Seed: 42, Turns: 3, Winner: 0, Players: []replays.PlayerResult{
			{Index: 0, Name: "alpha", Score: 3, Rank: 1, Status: referee.StatusOK,
				Timing: &replays.Timing{FirstMS: 40, P50MS: 2, P99MS: 40, MaxMS: 40, LaterMaxMS: 2.5}},
			{Index: 1, Name: "beta", Score: 1, Rank: 2, Status: referee.StatusTimeout, Message: "answered too late",
				Timing: &replays.Timing{FirstMS: 3, P50MS: 3, P99MS: 51, MaxMS: 51, LaterMaxMS: 51, NearLimit: 1, DelayedTurn: 1}},
		}},
	}
	for turn := 0; turn < 3; turn++ {
		cpu := 1.5
		last := replays.Move{Player: 1, Input: "in b\n", Output: "MOVE 1 2\n", TimeMS: 3, Delayed: turn == 1}
		if turn == 2 {
			last = replays.Move{Player: 1, Input: "in b\n", TimeMS: 51, Status: referee.StatusTimeout, Message: "answered too late"}
		}
		rec.Turns = append(rec.Turns, replays.Turn{
			Turn: turn,
			Moves: []replays.Move{
				{Player: 0, Input: "in " + strconv.Itoa(turn) + "\n", Output: "WAIT\n", Stderr: "thinking\n", TimeMS: 2, CPUMS: &cpu},
				last,
			},
			Frame: frame(turn),
		})
	}
	return rec
}

func writeSmallReplay(t *testing.T, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := replays.Write(path, smallReplay()); err != nil {
		t.Fatal(err)
	}
	return path
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}

func TestLoadReadsPlainAndGzipReplays(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"r.json", "r.json.gz"} {
		rep, err := viewer.Load(writeSmallReplay(t, dir, name), name)
		if err != nil {
			t.Fatal(err)
		}
		var back replays.Replay
		if err := json.Unmarshal(rep.JSON, &back); err != nil {
			t.Fatalf("%s: the page's JSON does not parse: %v", name, err)
		}
		if back.Game != "queens" || len(back.Turns) != 3 || rep.Game != "queens" || rep.Seed != 42 {
			t.Fatalf("%s: read back %s with %d turns", name, back.Game, len(back.Turns))
		}
	}
}

// smallViewerReplay is smallReplay as the viewer serves it.
func smallViewerReplay(t *testing.T) *viewer.Replay {
	t.Helper()
	rep, err := viewer.FromReplay(smallReplay(), "small.json")
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// smallPage is smallReplay's self-contained page (arena view --html).
func smallPage(t *testing.T) []byte {
	t.Helper()
	var page bytes.Buffer
	if err := viewer.WriteHTML(&page, smallViewerReplay(t)); err != nil {
		t.Fatal(err)
	}
	return page.Bytes()
}

func TestHandlerServesPageAssetsAndReplay(t *testing.T) {
	rep := smallViewerReplay(t)
	h, err := viewer.NewHandler(rep)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(path string) (*http.Response, string) {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	resp, body := get("/")
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Fatalf("GET /: %d, CSP %q", resp.StatusCode, resp.Header.Get("Content-Security-Policy"))
	}
	for _, want := range []string{`<script src="static/main.js">`, `<link rel="stylesheet" href="static/viewer.css">`, `"replayURL":"replay.json"`, "<title>queens · seed 42 · small.json</title>", `"#e8413b"`} {
		if !strings.Contains(body, want) {
			t.Errorf("GET /: no %q in the page", want)
		}
	}
	if resp, body := get("/replay.json"); resp.StatusCode != 200 || body != string(rep.JSON) {
		t.Errorf("GET /replay.json: %d, %d bytes, want the replay's %d", resp.StatusCode, len(body), len(rep.JSON))
	}
	if resp, _ := get("/static/viewer.css"); !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") {
		t.Errorf("GET /static/viewer.css: Content-Type %q", resp.Header.Get("Content-Type"))
	}
	for _, path := range []string{"/static/body.html", "/static/../viewer.go", "/nothing", "/static/"} {
		if resp, _ := get(path); resp.StatusCode != 404 {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}
}

// The replay goes to a browser that accepts gzip compressed (over an ssh tunnel a big
// replay is many times faster to load), and as it is to a client that does not.
func TestHandlerServesTheReplayCompressed(t *testing.T) {
	rep := smallViewerReplay(t)
	h, err := viewer.NewHandler(rep)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	// A client of its own, since the default one asks for gzip and inflates it unseen.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	defer client.CloseIdleConnections()
	get := func(acceptEncoding string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest("GET", srv.URL+"/replay.json", nil)
		if err != nil {
			t.Fatal(err)
		}
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp, b
	}
	for _, accept := range []string{"gzip, deflate, br, zstd", "br;q=1.0, GZIP;q=0.5"} {
		resp, body := get(accept)
		if got := resp.Header.Get("Content-Encoding"); got != "gzip" {
			t.Fatalf("Accept-Encoding %q: Content-Encoding %q, want gzip", accept, got)
		}
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("Accept-Encoding %q: %v", accept, err)
		}
		plain, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("Accept-Encoding %q: %v", accept, err)
		}
		if !bytes.Equal(plain, rep.JSON) || len(body) >= len(rep.JSON) {
			t.Errorf("Accept-Encoding %q: %d bytes inflating to %d, want fewer inflating to the replay's %d", accept, len(body), len(plain), len(rep.JSON))
		}
		if ct, vary := resp.Header.Get("Content-Type"), resp.Header.Get("Vary"); ct != "application/json" || vary != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Content-Type %q, Vary %q", accept, ct, vary)
		}
	}
	for _, accept := range []string{"", "identity", "gzip;q=0", "deflate, br"} {
		resp, body := get(accept)
		if enc := resp.Header.Get("Content-Encoding"); enc != "" || !bytes.Equal(body, rep.JSON) {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, %d bytes, want the replay's %d as they are", accept, enc, len(body), len(rep.JSON))
		}
	}
}

var embeddedData = regexp.MustCompile(`<script type="application/octet-stream" id="arena-replay-data">([A-Za-z0-9+/=]*)</script>`)

// assertSelfContained checks that a page needs nothing but itself: no URL to load, every
// script and style inline, a policy that forbids any request, and the replay inside.
func assertSelfContained(t *testing.T, page []byte) *replays.Replay {
	t.Helper()
	s := strings.Replace(string(page), `<link rel="icon" href="data:,">`, "", 1) // an empty icon, inline
	for _, banned := range []string{"src=", "href=", "http://", "https://", "@import", "url("} {
		if i := strings.Index(s, banned); i >= 0 {
			t.Errorf("self-contained page has %q: …%s…", banned, s[max(0, i-60):min(len(s), i+60)])
		}
	}
	if !strings.Contains(s, `<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;`) {
		t.Error("self-contained page has no Content-Security-Policy forbidding requests")
	}
	m := embeddedData.FindStringSubmatch(s)
	if m == nil {
		t.Fatal("self-contained page has no embedded replay")
	}
	gz, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := replays.Decode(data)
	if err != nil {
		t.Fatalf("embedded replay: %v", err)
	}
	return rec
}

func TestWriteHTMLIsSelfContained(t *testing.T) {
	page := smallPage(t)
	rec := assertSelfContained(t, page)
	if len(rec.Turns) != 3 || rec.Turns[2].Frame.Shapes[5].Text != "turn 2 </script>" {
		t.Fatalf("embedded replay differs: %d turns", len(rec.Turns))
	}
	// Every script of the viewer is in the page, and none of them ended early.
	if n := strings.Count(string(page), "<script>"); n != 7 {
		t.Errorf("%d inline scripts, want 7", n)
	}
}
