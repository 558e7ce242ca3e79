package viewer_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The browser tests drive a real headless Chromium. Without one they skip, unless
// ARENA_REQUIRE_BROWSER=1 (as in CI) makes that a failure. ARENA_CHROMIUM names the
// browser when it is not where Debian puts it; ARENA_VIEWER_SCREENSHOTS keeps the
// screenshots in a directory of your choice instead of the test's temporary one.

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel context.CancelFunc
	browserErr    error
)

func chromiumPath() string {
	if p := os.Getenv("ARENA_CHROMIUM"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// needBrowser returns the context of the one browser of the test binary, started on first
// use.
func needBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("ARENA_REQUIRE_BROWSER") == "1" {
			t.Fatal("no Chromium found (looked for $ARENA_CHROMIUM, /usr/bin/chromium, chromium, google-chrome) and ARENA_REQUIRE_BROWSER=1")
		}
		t.Skip("browser test skipped: no Chromium found (apt-get install chromium, or set ARENA_CHROMIUM); ARENA_REQUIRE_BROWSER=1 makes this a failure")
	}
	browserOnce.Do(func() {
		profile, err := os.MkdirTemp("", "arena-viewer-chromium-")
		if err != nil {
			browserErr = err
			return
		}
		// Without the background-networking flags Chromium keeps trying to reach Google's
		// services, which is slow on a closed network and noise in the offline test.
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(path),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("disable-extensions", true),
			chromedp.Flag("disable-default-apps", true),
			chromedp.Flag("force-color-profile", "srgb"),
			chromedp.Flag("force-device-scale-factor", "1"),
			chromedp.UserDataDir(profile),
			chromedp.WindowSize(1400, 900),
		}
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancelBrowser := chromedp.NewContext(allocCtx)
		browserCtx = ctx
		browserCancel = func() {
			// Closed as a user closes it: a browser that is killed leaves its singleton
			// socket's directory in $TMPDIR (org.chromium.Chromium.*) and its helper
			// processes to whoever adopts orphans.
			closeCtx, cancelClose := context.WithTimeout(ctx, 20*time.Second)
			if err := chromedp.Cancel(closeCtx); err != nil {
				fmt.Fprintln(os.Stderr, "viewer tests: closing the browser:", err)
			}
			cancelClose()
			cancelBrowser()
			cancelAlloc()
			os.RemoveAll(profile)
		}
		browserErr = chromedp.Do(ctx) // starts the browser
	})
	if browserErr != nil {
		t.Fatalf("starting %s: %v", path, browserErr)
	}
	return browserCtx
}

func closeBrowser() {
	if browserCancel != nil {
		browserCancel()
	}
}

// tab is one browser tab of a test, with the page errors it saw.
type tab struct {
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

// newTab opens a tab with a 1400×900 viewport; the test fails if the page logs an error or
// throws.
func newTab(t *testing.T) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(needBrowser(t))
	tb := &tab{ctx: ctx}
	if err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			tb.mu.Lock()
			tb.errors = append(tb.errors, "exception: "+e.ExceptionDetails.Text+" "+describeException(e.ExceptionDetails))
			tb.mu.Unlock()
		case *log.EventEntryAdded:
			// The browser's own log: failed loads, Content-Security-Policy refusals.
			if e.Entry.Level == log.EntryLevelError || e.Entry.Level == log.EntryLevelWarning {
				tb.mu.Lock()
				tb.errors = append(tb.errors, fmt.Sprintf("browser log %s (%s): %s %s", e.Entry.Level, e.Entry.Source, e.Entry.Text, e.Entry.URL))
				tb.mu.Unlock()
			}
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, a.Description+string(a.Value))
				}
				tb.mu.Lock()
				tb.errors = append(tb.errors, fmt.Sprintf("console.%s: %s", e.Type, strings.Join(parts, " ")))
				tb.mu.Unlock()
			}
		}
	}); err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancel()
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, e := range tb.errors {
			t.Errorf("page: %s", e)
		}
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, log.Enable, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	return tb
}

// forget drops the page errors that mention s: those a test caused on purpose.
func (tb *tab) forget(s string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	kept := tb.errors[:0]
	for _, e := range tb.errors {
		if !strings.Contains(e, s) {
			kept = append(kept, e)
		}
	}
	tb.errors = kept
}

func describeException(d *runtime.ExceptionDetails) string {
	if d.Exception != nil {
		return d.Exception.Description
	}
	return ""
}

// do runs actions with a time limit, failing the test with what was being done.
func (tb *tab) do(t *testing.T, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 90*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates JavaScript in the page and decodes the result.
func eval[T any](t *testing.T, tb *tab, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitReady waits until the viewer has parsed the replay and drawn, and fails with the
// page's message if it shows an error instead.
func (tb *tab) waitReady(t *testing.T) {
	t.Helper()
	tb.do(t, "waiting for the viewer", chromedp.WaitReady(chromedp.CSS(`body[data-state="ready"], body[data-state="error"]`)))
	if state := eval[string](t, tb, `document.body.dataset.state`); state != "ready" {
		t.Fatalf("viewer did not start: %s", eval[string](t, tb, `document.getElementById("message").textContent`))
	}
	tb.settle(t)
}

// settle waits for two animation frames, so that a draw requested by the last action
// has happened.
func (tb *tab) settle(t *testing.T) {
	t.Helper()
	eval[bool](t, tb, `new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`)
}

// screenshot captures the viewport, saves it as name under dir and returns it decoded.
func (tb *tab) screenshot(t *testing.T, dir, name string) image.Image {
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name), buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	return img
}

// screenshotDir is where a test keeps its screenshots.
func screenshotDir(t *testing.T, sub string) string {
	t.Helper()
	base := os.Getenv("ARENA_VIEWER_SCREENSHOTS")
	if base == "" {
		return t.TempDir()
	}
	dir := filepath.Join(base, sub)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
