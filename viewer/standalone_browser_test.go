package viewer_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestSelfContainedPageWorksOffline writes each game's replay as one page with
// `arena view --html`, opens it from a file:// URL with the browser's network off, and
// checks that it draws, steps and shows the panels, and that no request leaves the page.
func TestSelfContainedPageWorksOffline(t *testing.T) {
	needBrowser(t)
	for _, g := range registeredGames(t) {
		t.Run(g.Name, func(t *testing.T) {
			rep := playGame(t, g)
			page := filepath.Join(t.TempDir(), g.Name+".html")
			if out, err := exec.Command(arenaBin, "view", "--html", page, rep.Path).CombinedOutput(); err != nil {
				t.Fatalf("arena view --html: %v\n%s", err, out)
			}
			tb := newTab(t)
			var mu sync.Mutex
			var requests []string
			if err := chromedp.Listen(tb.ctx, func(ev any) {
				if e, ok := ev.(*network.EventRequestWillBeSent); ok {
					mu.Lock()
					requests = append(requests, e.Request.URL)
					mu.Unlock()
				}
			}); err != nil {
				t.Fatal(err)
			}
			goOffline(t, tb)
			checkOffline(t, tb)
			mu.Lock()
			requests = nil // the check's own request, which failed
			mu.Unlock()
			start := time.Now()
			url := "file://" + page
			tb.do(t, "opening "+url, chromedp.Navigate(url))
			tb.waitReady(t)
			t.Logf("%s: self-contained page loaded offline in %v", g.Name, time.Since(start).Round(time.Millisecond))

			rec := rep.Replay
			checkTurnShown(t, tb, rec, 0)
			img := tb.screenshot(t, "", "")
			checkDrawn(t, img, currentWorldBox(t, tb), rec.Turns[0].Frame, "turn 0 offline")
			tb.do(t, "→ twice", chromedp.KeyEvent(kb.ArrowRight+kb.ArrowRight))
			checkIndex(t, tb, 2)
			checkTurnShown(t, tb, rec, 2)
			tb.do(t, "End", chromedp.KeyEvent(kb.End))
			checkIndex(t, tb, len(rec.Turns)-1)
			tb.settle(t)

			mu.Lock()
			defer mu.Unlock()
			if len(requests) == 0 {
				t.Error("no request recorded, not even the page's own: the check sees nothing")
			}
			for _, u := range requests {
				if !strings.HasPrefix(u, "file://") {
					t.Errorf("the page made a request to %.120s", u)
				}
			}
		})
	}
}

// goOffline cuts the tab's network, as if the machine had none: every request fails and
// navigator.onLine is false.
func goOffline(t *testing.T, tb *tab) {
	t.Helper()
	if _, err := chromedp.Call(tb.ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{
		Offline: true, DownloadThroughput: -1, UploadThroughput: -1,
	}); err != nil {
		t.Fatalf("Network.overrideNetworkState: %v", err)
	}
	// Network.emulateNetworkConditionsByRule replaces this command in newer protocols, but
	// the Chromium of Debian 12 refuses its parameters; the older command does the same.
	_, err := chromedp.Call(tb.ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{URLPattern: "*://*:*/*", Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
	})
	if err != nil {
		t.Logf("Network.emulateNetworkConditionsByRule: %v; using Network.emulateNetworkConditions", err)
		if _, err := chromedp.Call(tb.ctx, emulateNetworkConditions, emulateNetworkConditionsParams{
			Offline: true, DownloadThroughput: -1, UploadThroughput: -1,
		}); err != nil {
			t.Fatalf("Network.emulateNetworkConditions: %v", err)
		}
	}
}

// checkOffline makes sure the emulation is in force: from a blank page, a request to a
// live server on this machine must fail.
func checkOffline(t *testing.T, tb *tab) {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "online") }))
	defer srv.Close()
	tb.do(t, "opening a blank page", chromedp.Navigate("about:blank"))
	got := eval[string](t, tb, `fetch(`+quoteJS(srv.URL)+`).then(r => r.text()).catch(e => "failed")`)
	if got != "failed" {
		t.Fatalf("with the network off, a request to %s got %q", srv.URL, got)
	}
	tb.settle(t)
	tb.forget(srv.URL) // the browser logs the failure, which is the point here
}

// emulateNetworkConditions is the protocol's older offline switch, which cdproto no
// longer lists.
var emulateNetworkConditions = cdp.Command[emulateNetworkConditionsParams, cdp.Empty]{Method: "Network.emulateNetworkConditions"}

type emulateNetworkConditionsParams struct {
	Offline            bool    `json:"offline"`
	Latency            float64 `json:"latency"`
	DownloadThroughput float64 `json:"downloadThroughput"`
	UploadThroughput   float64 `json:"uploadThroughput"`
}

// TestDamagedSelfContainedPageSaysSo opens self-contained pages whose embedded replay was
// damaged after they were written (cut short, a character changed) and expects the page to
// say so, rather than stay on "Loading the replay…" or speak of a failed fetch.
func TestDamagedSelfContainedPageSaysSo(t *testing.T) {
	needBrowser(t)
	page := smallPage(t)
	html := string(page)
	open := `id="arena-replay-data">`
	start := strings.Index(html, open) + len(open)
	end := start + strings.Index(html[start:], "</script>")
	if start < len(open) || end <= start+100 {
		t.Fatalf("no embedded replay found in the page")
	}
	for _, tc := range []struct {
		name, data, want string
	}{
		{"cut short", html[start : end-40], "its gzip data does not inflate"},
		{"not base64", html[start:start+50] + "!" + html[start+51:end], "its base64 text does not decode"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "damaged.html")
			if err := os.WriteFile(path, []byte(html[:start]+tc.data+html[end:]), 0o644); err != nil {
				t.Fatal(err)
			}
			tb := newTab(t)
			tb.do(t, "opening the damaged page", chromedp.Navigate("file://"+path))
			tb.do(t, "waiting for the page", chromedp.WaitReady(chromedp.CSS(`body[data-state="error"]`)))
			msg := text(t, tb, "#message")
			wantContains(t, "message", msg, "Cannot show this replay: the page's copy of it is damaged ("+tc.want+")")
			wantContains(t, "message", msg, "write it again")
		})
	}
}
