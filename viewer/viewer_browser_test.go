package viewer_test

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// TestViewerShowsEveryGame plays a real game of every registered game, serves its replay
// with `arena view` and uses the viewer in Chromium as a person would: it checks that the
// board is drawn and changes from turn to turn, that the keys and the slider move through
// the turns, that the panels show the right turn's exchanges, that hovering a shape shows
// its tip and that the layer toggles hide and show their shapes.
func TestViewerShowsEveryGame(t *testing.T) {
	needBrowser(t)
	for _, g := range registeredGames(t) {
		t.Run(g.Name, func(t *testing.T) {
			rep := playGame(t, g)
			srv := startView(t, nil, "--no-open", rep.Path)
			tb := newTab(t)
			start := time.Now()
			tb.do(t, "opening "+srv.URL, chromedp.Navigate(srv.URL))
			tb.waitReady(t)
			t.Logf("%s: %d turns, loaded and drawn in %v", g.Name, len(rep.Replay.Turns), time.Since(start).Round(time.Millisecond))
			checkViewer(t, tb, rep.Replay, screenshotDir(t, g.Name))
		})
	}
}

// checkViewer runs the checks of a loaded viewer page.
func checkViewer(t *testing.T, tb *tab, rec *replays.Replay, shots string) {
	n := len(rec.Turns)
	if n < 3 {
		t.Fatalf("the game lasted %d turns: too short to step through", n)
	}
	mid := n / 2

	checkTurnShown(t, tb, rec, 0)
	first := tb.screenshot(t, shots, "turn-0.png")
	box0 := currentWorldBox(t, tb)
	checkDrawn(t, first, box0, rec.Turns[0].Frame, "turn 0")

	// Keys: End, Home, → → →, ←.
	tb.do(t, "End", chromedp.KeyEvent(kb.End))
	checkIndex(t, tb, n-1)
	tb.do(t, "Home", chromedp.KeyEvent(kb.Home))
	checkIndex(t, tb, 0)
	tb.do(t, "→ three times", chromedp.KeyEvent(kb.ArrowRight+kb.ArrowRight+kb.ArrowRight))
	checkIndex(t, tb, 3)
	tb.do(t, "←", chromedp.KeyEvent(kb.ArrowLeft))
	checkIndex(t, tb, 2)
	checkTurnShown(t, tb, rec, 2)

	// Speed keys, then space plays until the turn moves and pauses again.
	speed := eval[float64](t, tb, `arenaViewer.speed`)
	tb.do(t, "+", chromedp.KeyEvent("+"))
	if got := eval[float64](t, tb, `arenaViewer.speed`); got <= speed {
		t.Errorf("+ left the speed at %v turns/s (was %v)", got, speed)
	}
	tb.do(t, "−", chromedp.KeyEvent("-"))
	if got := eval[float64](t, tb, `arenaViewer.speed`); got != speed {
		t.Errorf("+ then − gives %v turns/s, want %v", got, speed)
	}
	tb.do(t, "space", chromedp.KeyEvent(" "))
	if !eval[bool](t, tb, `arenaViewer.playing`) {
		t.Error("space did not start playing")
	}
	eval[bool](t, tb, `new Promise(r => { const i = arenaViewer.index, poll = () => arenaViewer.index !== i ? r(true) : setTimeout(poll, 20); poll(); })`)
	tb.do(t, "space", chromedp.KeyEvent(" "))
	if eval[bool](t, tb, `arenaViewer.playing`) {
		t.Error("space did not pause")
	}

	// The slider, as a drag would set it.
	eval[bool](t, tb, fmt.Sprintf(`(() => { const s = document.getElementById("slider"); s.value = %d; s.dispatchEvent(new Event("input")); return true; })()`, mid))
	checkIndex(t, tb, mid)
	tb.settle(t)
	checkTurnShown(t, tb, rec, mid)
	middle := tb.screenshot(t, shots, fmt.Sprintf("turn-%d.png", rec.Turns[mid].Turn))
	boxM := currentWorldBox(t, tb)
	checkDrawn(t, middle, boxM, rec.Turns[mid].Frame, fmt.Sprintf("turn %d", rec.Turns[mid].Turn))
	if changed := changedPixels(first, middle, box0.rect().Union(boxM.rect())); changed < 20 {
		t.Errorf("the board at turn %d differs from turn 0 by %d pixels only", rec.Turns[mid].Turn, changed)
	}

	logStepTimes(t, tb, n)
	checkZoom(t, tb, middle, boxM, shots)
	checkLayerToggle(t, tb, rec, shots)
	checkHover(t, tb, rec, mid, shots)
}

func checkIndex(t *testing.T, tb *tab, want int) {
	t.Helper()
	if got := eval[int](t, tb, `arenaViewer.index`); got != want {
		t.Fatalf("shows turn index %d, want %d", got, want)
	}
}

// checkDrawn fails when the world of a frame is blank: no more than a few pixels differ
// from its background.
func checkDrawn(t *testing.T, img image.Image, box worldBox, f referee.Frame, what string) {
	t.Helper()
	bgCSS := "#ffffff"
	if f.View != nil && f.View.Background != "" {
		bgCSS = f.View.Background
	}
	bg, err := parseColor(bgCSS)
	if err != nil {
		t.Fatal(err)
	}
	r := box.rect()
	inked := inkedPixels(img, r, bg)
	if area := r.Dx() * r.Dy(); area < 10000 || inked < 200 {
		t.Errorf("%s: the board (%v) has %d drawn pixels of %d: blank", what, r, inked, area)
	}
}

// checkTurnShown checks the turn label and that each player's panel shows what it
// received and answered in this turn, as the replay recorded it.
func checkTurnShown(t *testing.T, tb *tab, rec *replays.Replay, index int) {
	t.Helper()
	turn := rec.Turns[index]
	want := fmt.Sprintf("turn %d / %d", turn.Turn, rec.Turns[len(rec.Turns)-1].Turn)
	if got := eval[string](t, tb, `document.getElementById("turn-label").textContent`); got != want {
		t.Errorf("turn label %q, want %q", got, want)
	}
	if got := eval[string](t, tb, `document.getElementById("state-turn").textContent`); got != fmt.Sprintf("after turn %d", turn.Turn) {
		t.Errorf("state heading %q at turn %d", got, turn.Turn)
	}
	for p := range rec.Players {
		var in, out strings.Builder
		asked := false
		for _, m := range turn.Moves {
			if m.Player == p {
				in.WriteString(m.Input)
				out.WriteString(m.Output)
				asked = true
			}
		}
		card := fmt.Sprintf(`document.querySelector('.player-card[data-player="%d"] `, p)
		gotIn := eval[string](t, tb, card+`.move-input-text').textContent`)
		gotOut := eval[string](t, tb, card+`.move-output-text').textContent`)
		if gotIn != in.String() || gotOut != out.String() {
			t.Errorf("turn %d, player %d (asked: %v): panel shows input %.80q output %.80q, want input %.80q output %.80q",
				turn.Turn, p, asked, gotIn, gotOut, in.String(), out.String())
		}
		if meta := eval[string](t, tb, card+`.move-meta').textContent`); asked != strings.HasPrefix(meta, "response ") {
			t.Errorf("turn %d, player %d (asked: %v): timing line %q", turn.Turn, p, asked, meta)
		}
	}
}

// logStepTimes reports how long a step takes (change of turn, panels and drawing), for
// big replays; a benchmark-like number for the log, not a pass/fail threshold.
func logStepTimes(t *testing.T, tb *tab, n int) {
	ms := eval[[]float64](t, tb, fmt.Sprintf(`(() => {
		const out = [], start = arenaViewer.index;
		for (const i of [0, %d, %d, %d, start]) {
			const t0 = performance.now();
			arenaViewer.setIndex(i);
			arenaViewer.drawNow();
			out.push(performance.now() - t0);
		}
		return out;
	})()`, n/4, n-1, 3*n/4))
	worst := 0.0
	for _, v := range ms {
		worst = max(worst, v)
	}
	t.Logf("step and draw: %.1f ms at worst over %d steps", worst, len(ms))
}

// checkLayerToggle hides and shows a toggleable layer present in the replay (a player's
// debug drawing when there is one, else the ranges) and checks that the board changes and
// comes back.
func checkLayerToggle(t *testing.T, tb *tab, rec *replays.Replay, shots string) {
	t.Helper()
	index, layer, player := -1, "", -1
	for _, want := range []string{"debug", "range"} {
		for i := len(rec.Turns) / 2; i < len(rec.Turns)+len(rec.Turns)/2 && index < 0; i++ {
			k := i % len(rec.Turns)
			for _, s := range rec.Turns[k].Frame.Shapes {
				if s.Layer == want {
					index, layer = k, want
					if s.Player != nil {
						player = *s.Player
					}
					break
				}
			}
		}
		if index >= 0 {
			break
		}
	}
	if index < 0 {
		t.Logf("no debug or range shape in this replay: no layer to toggle")
		return
	}
	id := "layer-range"
	if layer == "debug" {
		id = fmt.Sprintf("layer-debug-%d", player)
	}
	eval[bool](t, tb, fmt.Sprintf(`(arenaViewer.setIndex(%d), true)`, index))
	tb.settle(t)
	box := currentWorldBox(t, tb)
	shown := tb.screenshot(t, shots, "layer-shown.png")
	tb.do(t, "clicking #"+id, chromedp.Click(chromedp.CSS("#"+id)))
	tb.settle(t)
	if on := eval[bool](t, tb, "document.getElementById("+quoteJS(id)+").checked"); on {
		t.Fatalf("#%s still checked after a click", id)
	}
	hidden := tb.screenshot(t, shots, "layer-hidden.png")
	if changed := changedPixels(shown, hidden, box.rect()); changed < 10 {
		t.Errorf("hiding %s (player %d) at turn %d changed %d pixels", layer, player, rec.Turns[index].Turn, changed)
	}
	tb.do(t, "clicking #"+id+" again", chromedp.Click(chromedp.CSS("#"+id)))
	tb.settle(t)
	again := tb.screenshot(t, "", "")
	if changed := changedPixels(shown, again, box.rect()); changed > 0 {
		t.Errorf("showing %s again leaves %d pixels different from before", layer, changed)
	}
}

func quoteJS(s string) string { return fmt.Sprintf("%q", s) }

// checkHover moves the mouse over a shape with a tip and expects its tooltip, then away
// from the board and expects none.
func checkHover(t *testing.T, tb *tab, rec *replays.Replay, index int, shots string) {
	t.Helper()
	var (
		shape referee.Shape
		at    worldPoint
		found bool
		k     int
	)
	box := currentWorldBox(t, tb)
	// The middle turn first, then any other: some frames have no shape with a tip.
	for i := 0; i < len(rec.Turns) && !found; i++ {
		k = (index + i) % len(rec.Turns)
		f := rec.Turns[k].Frame
		if f.View == nil {
			continue
		}
		shape, at, found = hoverTarget(f.Shapes, *f.View, box.Scale)
	}
	if !found {
		t.Logf("no shape with a tip to hover in this replay")
		return
	}
	eval[bool](t, tb, fmt.Sprintf(`(arenaViewer.setIndex(%d), true)`, k))
	tb.settle(t)
	pos := eval[worldPoint](t, tb, fmt.Sprintf(`(() => { const p = arenaViewer.worldToClient(%g, %g); return {X: p.x, Y: p.y}; })()`, at.X, at.Y))
	tb.do(t, "hovering", chromedp.MouseEvent(chromedp.MouseMoved, pos.X, pos.Y))
	tb.do(t, "waiting for the tooltip", chromedp.WaitVisible(chromedp.CSS("#tooltip")))
	if got := eval[string](t, tb, `document.getElementById("tooltip").textContent`); got != shape.Tip {
		t.Errorf("hovering the %s at (%g, %g) of turn %d shows %q, want %q", shape.Kind, at.X, at.Y, rec.Turns[k].Turn, got, shape.Tip)
	}
	tb.screenshot(t, shots, "hover.png")
	tb.do(t, "leaving the board", chromedp.MouseEvent(chromedp.MouseMoved, 1, 1))
	tb.do(t, "waiting for the tooltip to go", chromedp.WaitNotVisible(chromedp.CSS("#tooltip")))
}

// checkZoom zooms in with the wheel over the middle of the board, expects a closer view,
// then fits again with the 0 key and expects the board as it was.
func checkZoom(t *testing.T, tb *tab, before image.Image, box worldBox, shots string) {
	t.Helper()
	cx, cy := (box.X0+box.X1)/2, (box.Y0+box.Y1)/2
	tb.do(t, "wheel", chromedp.MouseEvent(chromedp.MouseWheel, cx, cy, func(p *input.DispatchMouseEventParams) {
		p.DeltaY = -400
		p.DeltaX = 0.01 // the protocol wants both, and cdproto leaves out a zero
	}))
	tb.settle(t)
	if z := eval[float64](t, tb, `arenaViewer.zoom`); z <= 1.5 {
		t.Errorf("zoom %.2f after the wheel, want a closer view", z)
	}
	zoomed := tb.screenshot(t, shots, "zoomed.png")
	if changed := changedPixels(before, zoomed, box.rect()); changed < 20 {
		t.Errorf("zooming in changed %d pixels", changed)
	}
	tb.do(t, "leaving the board", chromedp.MouseEvent(chromedp.MouseMoved, 1, 1))
	tb.do(t, "0", chromedp.KeyEvent("0"))
	tb.settle(t)
	if z := eval[float64](t, tb, `arenaViewer.zoom`); z != 1 {
		t.Errorf("zoom %.2f after 0, want 1", z)
	}
	if changed := changedPixels(before, tb.screenshot(t, "", ""), box.rect()); changed > 0 {
		t.Errorf("after fitting again %d pixels differ from before the zoom", changed)
	}
}
