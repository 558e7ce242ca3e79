package viewer_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
	"github.com/arena-games/arena/viewer"
)

// serveSmallReplay serves the hand-made replay with the package's handler, in process.
func serveSmallReplay(t *testing.T) string {
	t.Helper()
	return serveReplay(t, smallReplay(), "small.json")
}

// serveReplay serves a replay with the package's handler, in process.
func serveReplay(t *testing.T, r *replays.Replay, name string) string {
	t.Helper()
	needBrowser(t)
	rep, err := viewer.FromReplay(r, name)
	if err != nil {
		t.Fatal(err)
	}
	h, err := viewer.NewHandler(rep)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL + "/"
}

func text(t *testing.T, tb *tab, selector string) string {
	t.Helper()
	return eval[string](t, tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e ? e.textContent : "(no " + %q + ")"; })()`, selector, selector))
}

func wantContains(t *testing.T, what, got, want string) {
	t.Helper()
	if !strings.Contains(got, want) {
		t.Errorf("%s: %q, want it to contain %q", what, got, want)
	}
}

// TestViewerPanelsShowEveryField opens a hand-made replay whose moves have stderr, CPU
// time, a delay, a timeout and whose frames have state, events and layers, and checks that
// each is shown where a person looks for it.
func TestViewerPanelsShowEveryField(t *testing.T) {
	url := serveSmallReplay(t)
	tb := newTab(t)
	tb.do(t, "opening at turn 1", chromedp.Navigate(url+"#turn=1"))
	tb.waitReady(t)
	checkIndex(t, tb, 1)

	p0, p1 := `.player-card[data-player="0"] `, `.player-card[data-player="1"] `
	wantContains(t, "P0 timing", text(t, tb, p0+".move-meta"), "response 2.00 ms · cpu 1.50 ms")
	wantContains(t, "P1 timing", text(t, tb, p1+".move-meta"), "delayed by the machine")
	if got := text(t, tb, p0+".move-stderr-text"); got != "thinking\n" {
		t.Errorf("P0 stderr %q", got)
	}
	wantContains(t, "events", text(t, tb, "#events"), "event of turn 1")
	wantContains(t, "state", text(t, tb, "#state .state-scalars"), "turn1")
	if got := eval[[]string](t, tb, `[...document.querySelectorAll("#state .state-table tr")].map(r => [...r.cells].map(c => c.textContent).join("|"))`); strings.Join(got, "\n") != "player|gold\nP0|10\nP1|5" {
		t.Errorf("state table rows %q", got)
	}
	wantContains(t, "result", text(t, tb, "#result"), "answered too late")
	wantContains(t, "result", text(t, tb, "#result"), "timeout")
	wantContains(t, "result", text(t, tb, "#result"), "max 51.0 ms · 1 turn near the limit · 1 delayed by the machine")
	// The slowest answer after the first is told where the first was the slowest (P0), not
	// where the slowest already is a later one (P1, above).
	wantContains(t, "result", text(t, tb, "#result"), "max 40.0 ms (the first; later max 2.50 ms)")
	wantContains(t, "legend", text(t, tb, "#legend"), "P0 alpha")
	wantContains(t, "legend", text(t, tb, "#legend"), "P1 beta")
	for id, enabled := range map[string]bool{"layer-range": true, "layer-debug-0": false, "layer-debug-1": true} {
		if got := !eval[bool](t, tb, fmt.Sprintf(`document.getElementById(%q).disabled`, id)); got != enabled {
			t.Errorf("#%s enabled: %v, want %v", id, got, enabled)
		}
	}

	tb.do(t, "→", chromedp.KeyEvent(kb.ArrowRight))
	checkIndex(t, tb, 2)
	wantContains(t, "P1 failure", text(t, tb, p1+".move-failure"), "timeout: answered too late")
	wantContains(t, "P1 output", text(t, tb, p1+".move-output summary"), "no answer")
	tb.settle(t)

	// A tip is text, never markup.
	hoverWorld(t, tb, 200, 200)
	if got := text(t, tb, "#tooltip"); got != "unit of P0 <b>" {
		t.Errorf("tooltip %q, want %q", got, "unit of P0 <b>")
	}
	// A hidden layer shows no tip.
	hoverWorld(t, tb, 600, 200)
	if got := text(t, tb, "#tooltip"); got != "range" {
		t.Errorf("tooltip over the range %q", got)
	}
	tb.do(t, "hiding the ranges", chromedp.Click(chromedp.CSS("#layer-range")))
	tb.settle(t)
	hoverWorld(t, tb, 600, 200)
	if eval[bool](t, tb, `!document.getElementById("tooltip").hidden`) {
		t.Errorf("the hidden range still shows its tip %q", text(t, tb, "#tooltip"))
	}
}

// hoverWorld moves the mouse over a world point of the current frame.
func hoverWorld(t *testing.T, tb *tab, x, y float64) {
	t.Helper()
	pos := eval[worldPoint](t, tb, fmt.Sprintf(`(() => { const p = arenaViewer.worldToClient(%g, %g); return {X: p.x, Y: p.y}; })()`, x, y))
	tb.do(t, "hovering", chromedp.MouseEvent(chromedp.MouseMoved, pos.X, pos.Y))
	tb.settle(t)
}

// TestViewerSaysWhyItCannotShowAReplay serves the viewer with something that is not a
// replay beside it and expects the page to say so instead of drawing nothing.
func TestViewerSaysWhyItCannotShowAReplay(t *testing.T) {
	needBrowser(t)
	rep := smallViewerReplay(t)
	h, err := viewer.NewHandler(rep)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", h)
	mux.HandleFunc("/replay.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"hello": "world"}`)
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	tb := newTab(t)
	tb.do(t, "opening", chromedp.Navigate(srv.URL+"/"))
	tb.do(t, "waiting for the page", chromedp.WaitReady(chromedp.CSS(`body[data-state="error"]`)))
	wantContains(t, "message", text(t, tb, "#message"), "Cannot show this replay: not an arena replay")
}

// An interrupted game's replay says it is unfinished where the winner would be.
func TestViewerSaysUnfinished(t *testing.T) {
	r := smallReplay()
	r.Result.Unfinished = true
	url := serveReplay(t, r, "unfinished.json")
	tb := newTab(t)
	tb.do(t, "opening", chromedp.Navigate(url))
	tb.waitReady(t)
	got := text(t, tb, "#result .winner")
	wantContains(t, "result", got, "Unfinished")
	if strings.Contains(got, "Winner") || strings.Contains(got, "Draw") {
		t.Errorf("result %q: an unfinished game has neither a winner nor a draw", got)
	}

	// Stopped before its first turn: nothing to draw, and the page says why.
	r.Turns = nil
	url = serveReplay(t, r, "unplayed.json")
	tb.do(t, "opening the unplayed game", chromedp.Navigate(url))
	tb.do(t, "waiting for the page", chromedp.WaitReady(chromedp.CSS(`body[data-state="error"]`)))
	wantContains(t, "message", text(t, tb, "#message"), "the game was stopped before its first turn was played")
}

// A game of one turn (a bot that crashes at its first answer) is one turn, not "1 turns",
// in the header and the result, and a layer of one shape has one shape.
func TestViewerCountsOneTurn(t *testing.T) {
	r := smallReplay()
	r.Turns = r.Turns[:1]
	r.Result.Turns = 1
	url := serveReplay(t, r, "one.json")
	tb := newTab(t)
	tb.do(t, "opening", chromedp.Navigate(url))
	tb.waitReady(t)
	wantContains(t, "header", text(t, tb, "#summary"), "seed 42 · 1 turn · referee v1")
	if got := text(t, tb, "#result .winner"); !strings.HasSuffix(got, " · 1 turn") {
		t.Errorf("result %q, want it to end with %q", got, " · 1 turn")
	}
	if got := eval[string](t, tb, `document.getElementById("layer-range").parentElement.title`); got != "1 shape in this replay" {
		t.Errorf("ranges toggle says %q, want %q", got, "1 shape in this replay")
	}
}

// In a narrow window (the browser beside an editor) the timeline wraps: every control
// stays on the screen and can be clicked.
func TestViewerTimelineFitsANarrowWindow(t *testing.T) {
	url := serveSmallReplay(t)
	tb := newTab(t)
	tb.do(t, "narrowing the window", chromedp.EmulateViewport(700, 900))
	tb.do(t, "opening", chromedp.Navigate(url))
	tb.waitReady(t)
	outside := eval[[]string](t, tb, `(() => {
		const column = document.getElementById("stage-column").getBoundingClientRect();
		return [...document.querySelectorAll("#timeline > *")]
			.filter(e => { const r = e.getBoundingClientRect(); return r.left < column.left || r.right > column.right || r.bottom > innerHeight; })
			.map(e => e.id + " at " + Math.round(e.getBoundingClientRect().left) + ".." + Math.round(e.getBoundingClientRect().right) + " of " + Math.round(column.left) + ".." + Math.round(column.right));
	})()`)
	for _, o := range outside {
		t.Errorf("the timeline's #%s is out of its column in a 700 px window", o)
	}
	tb.do(t, "clicking faster", chromedp.Click(chromedp.CSS("#faster")))
	if got := eval[float64](t, tb, `arenaViewer.speed`); got != 8 {
		t.Errorf("speed %v turns/s after a click on +, want 8", got)
	}
}

// The turn in the address: opening it shows that turn, and changing it in the open page
// goes to the turn it names.
func TestViewerGoesToTheTurnOfTheAddress(t *testing.T) {
	url := serveSmallReplay(t)
	tb := newTab(t)
	tb.do(t, "opening at turn 1", chromedp.Navigate(url+"#turn=1"))
	tb.waitReady(t)
	checkIndex(t, tb, 1)
	tb.do(t, "changing the address to turn 2", chromedp.Navigate(url+"#turn=2"))
	tb.settle(t)
	checkIndex(t, tb, 2)
	tb.do(t, "changing the address to turn 0", chromedp.Navigate(url+"#turn=0"))
	tb.settle(t)
	checkIndex(t, tb, 0)
	wantContains(t, "turn label", text(t, tb, "#turn-label"), "turn 0 / 2")
}

// A player eliminated for an invalid answer: the move records no status (the referee, not
// the runner, refused the answer), yet its card says so on the turn of that answer only.
func TestViewerMarksTheInvalidAnswer(t *testing.T) {
	r := smallReplay()
	r.Result.Players[1].Status = referee.StatusInvalid
	r.Result.Players[1].Message = `invalid command "FLY": unknown command`
	r.Turns[2].Moves[1] = replays.Move{Player: 1, Input: "in b\n", Output: "FLY\n", TimeMS: 3}
	url := serveReplay(t, r, "invalid.json")
	tb := newTab(t)
	tb.do(t, "opening at turn 1", chromedp.Navigate(url+"#turn=1"))
	tb.waitReady(t)
	p1 := `.player-card[data-player="1"] .move-failure`
	if got := text(t, tb, p1); got != "" {
		t.Errorf("turn 1: P1 failure %q, want none", got)
	}
	tb.do(t, "→", chromedp.KeyEvent(kb.ArrowRight))
	checkIndex(t, tb, 2)
	if got, want := text(t, tb, p1), `invalid: invalid command "FLY": unknown command`; got != want {
		t.Errorf("turn 2: P1 failure %q, want %q", got, want)
	}
	if got := text(t, tb, `.player-card[data-player="0"] .move-failure`); got != "" {
		t.Errorf("turn 2: P0 failure %q, want none", got)
	}
}

// A failure quotes what the bot printed, which may be one long word (a flood of "x", a
// command without spaces): the side panel wraps it within its width, and the result's
// status and the quote itself stay on the screen.
func TestViewerWrapsLongWordsInTheSidePanel(t *testing.T) {
	r := smallReplay()
	msg := `invalid command: "` + strings.Repeat("x", 100) + `": unknown command`
	r.Result.Players[1].Status = referee.StatusInvalid
	r.Result.Players[1].Message = msg
	r.Turns[2].Moves[1] = replays.Move{Player: 1, Input: "in b\n", Output: strings.Repeat("x", 100) + "\n", TimeMS: 3}
	r.Turns[2].Frame.Events = []string{"player 1 eliminated (invalid): " + msg}
	url := serveReplay(t, r, "long.json")
	tb := newTab(t)
	tb.do(t, "narrowing the window", chromedp.EmulateViewport(900, 800))
	tb.do(t, "opening at turn 2", chromedp.Navigate(url+"#turn=2"))
	tb.waitReady(t)
	wantContains(t, "P1 failure", text(t, tb, `.player-card[data-player="1"] .move-failure`), msg)
	outside := eval[[]string](t, tb, `(() => {
		const side = document.getElementById("side"), box = side.getBoundingClientRect();
		const right = box.left + side.clientWidth;
		const out = [...side.querySelectorAll("#result td, #result .winner, #events li, .move-failure, .move-meta")]
			.filter(e => e.getBoundingClientRect().right > right + 0.5 || e.scrollWidth > e.clientWidth + 1)
			.map(e => (e.className || e.tagName) + " " + JSON.stringify(e.textContent.slice(0, 30)) + " ends at " + Math.round(e.getBoundingClientRect().right) +
				" (its text at " + Math.round(e.getBoundingClientRect().left + e.scrollWidth) + "), the panel at " + Math.round(right));
		if (side.scrollWidth > side.clientWidth) {
			out.push("the panel is " + side.scrollWidth + " px wide inside, " + side.clientWidth + " px on the screen");
		}
		return out;
	})()`)
	for _, o := range outside {
		t.Errorf("in a 900 px window, %s", o)
	}
}

// A fixed triangles map is given as options hundreds of characters long without a space:
// the header shows their start and stays on the screen, and its tooltip has them whole.
func TestViewerHeaderCutsALongOption(t *testing.T) {
	r := smallReplay()
	var nodes []string
	for i := range 60 {
		nodes = append(nodes, fmt.Sprintf("%d,%d", 100+10*i, 200+5*i))
	}
	r.Options = map[string]string{"nodes": strings.Join(nodes, "_"), "profile": "arena"}
	url := serveReplay(t, r, "options.json")
	tb := newTab(t)
	tb.do(t, "opening", chromedp.Navigate(url))
	tb.waitReady(t)
	summary := text(t, tb, "#summary")
	wantContains(t, "header", summary, "nodes=100,200_110,205_120,210… · ")
	wantContains(t, "header", summary, "profile=arena")
	if got := eval[string](t, tb, `document.getElementById("summary").title`); !strings.Contains(got, "nodes="+r.Options["nodes"]) {
		t.Errorf("header tooltip %q, want the whole nodes option", got)
	}
	if over := eval[string](t, tb, `(() => {
		const s = document.getElementById("summary"), right = s.getBoundingClientRect().left + s.scrollWidth;
		return right > innerWidth ? "the header's text ends at " + Math.round(right) + " px, past the window's " + innerWidth : "";
	})()`); over != "" {
		t.Error(over)
	}
}

// The header says how the game was run where that changes what its timings mean: a
// session game's turn timeout (20 ms turns, say, instead of the game's 1 s), players asked
// at once, bots over TCP.
func TestViewerHeaderSaysHowTheGameWasRun(t *testing.T) {
	r := smallReplay()
	r.Settings = replays.Settings{Style: referee.StyleSession, TimeScale: 1, Clock: "wall", TurnTimeoutMS: 20, Concurrent: true, Transport: "tcp"}
	url := serveReplay(t, r, "settings.json")
	tb := newTab(t)
	tb.do(t, "opening", chromedp.Navigate(url))
	tb.waitReady(t)
	summary := text(t, tb, "#summary")
	for _, want := range []string{"session protocol", "clock wall", "turn timeout 20 ms", "concurrent", "over tcp"} {
		wantContains(t, "header", summary, want)
	}
}

// A player with nothing in a turn: a player put out of the game says since when and why,
// and in a session game, where every team may send commands all turn, a silent team sent
// nothing; it was not "not asked".
func TestViewerSaysWhyAPlayerHasNothingThisTurn(t *testing.T) {
	r := smallReplay()
	r.Turns = append(r.Turns, replays.Turn{Turn: 3, Moves: []replays.Move{{Player: 0, Input: "in 3\n", Output: "WAIT\n", TimeMS: 1}}, Frame: r.Turns[2].Frame})
	r.Result.Turns = 4
	url := serveReplay(t, r, "out.json")
	tb := newTab(t)
	tb.do(t, "opening at turn 3", chromedp.Navigate(url+"#turn=3"))
	tb.waitReady(t)
	p1 := `.player-card[data-player="1"] .move-meta`
	if got, want := text(t, tb, p1), "out since turn 2 (timeout)"; got != want {
		t.Errorf("turn 3: P1 says %q, want %q", got, want)
	}

	s := smallReplay()
	s.Settings = replays.Settings{Style: referee.StyleSession, TimeScale: 1}
	s.Turns[1].Moves = s.Turns[1].Moves[:1]
	url = serveReplay(t, s, "silent.json")
	tb.do(t, "opening the session game at turn 1", chromedp.Navigate(url+"#turn=1"))
	tb.waitReady(t)
	if got, want := text(t, tb, p1), "sent nothing this turn"; got != want {
		t.Errorf("session game, turn 1: P1 says %q, want %q", got, want)
	}
}

// In a game with a compute limit, the card says the CPU time once: the usage's words where
// they give it, the cpu figure beside a usage counted in instructions.
func TestViewerSaysTheCPUTimeOnce(t *testing.T) {
	r := smallReplay()
	cpu := 0.19
	r.Turns[1].Moves[0].CPUMS, r.Turns[1].Moves[0].ComputeUsage = &cpu, "used 0.194 ms of CPU time"
	r.Turns[1].Moves[1].CPUMS, r.Turns[1].Moves[1].ComputeUsage = &cpu, "used 1234567 instructions"
	url := serveReplay(t, r, "compute.json")
	tb := newTab(t)
	tb.do(t, "opening at turn 1", chromedp.Navigate(url+"#turn=1"))
	tb.waitReady(t)
	for p, want := range [][]string{{"used 0.194 ms of CPU time"}, {"cpu 0.19 ms", "used 1234567 instructions"}} {
		got := text(t, tb, fmt.Sprintf(`.player-card[data-player="%d"] .move-meta`, p))
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("P%d says %q, want %q in it", p, got, w)
			}
		}
		if strings.Count(got, "cpu") != len(want)-1 {
			t.Errorf("P%d says %q: the CPU time more than once", p, got)
		}
	}
}

// Where no player drew anything, one empty debug toggle stands for all of them: sixteen
// agrid teams' empty toggles took four rows from the board.
func TestViewerHasOneDebugToggleWhenNobodyDrew(t *testing.T) {
	r := smallReplay()
	for i := range r.Turns {
		shapes := r.Turns[i].Frame.Shapes[:0]
		for _, s := range r.Turns[i].Frame.Shapes {
			if s.Layer != "debug" {
				shapes = append(shapes, s)
			}
		}
		r.Turns[i].Frame.Shapes = shapes
	}
	for p := 2; p < 16; p++ {
		r.Players = append(r.Players, replays.Player{Name: fmt.Sprintf("p%d", p), Command: "./p"})
		r.Result.Players = append(r.Result.Players, replays.PlayerResult{Index: p, Name: fmt.Sprintf("p%d", p), Rank: p + 1, Status: referee.StatusOK})
	}
	url := serveReplay(t, r, "nodebug.json")
	tb := newTab(t)
	tb.do(t, "opening", chromedp.Navigate(url))
	tb.waitReady(t)
	got := eval[[]string](t, tb, `[...document.querySelectorAll("#layers input")].map(e => e.id + (e.disabled ? " off" : " on") + ": " + e.parentElement.textContent)`)
	if want := []string{"layer-range on: ranges", "layer-debug off: debug (none)"}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("layer toggles %q, want %q", got, want)
	}
}

// Under --timing strikes or bank:MS an answer over the limit that did not lose has a
// message and no status: its card quotes it, so that the answers the result counts as over
// the limit can be found.
func TestViewerShowsAStrike(t *testing.T) {
	r := smallReplay()
	strike := "answered in 57.215 ms of wall time, over the 50 ms limit (strike 1 of 3)"
	r.Turns[1].Moves[0].TimeMS, r.Turns[1].Moves[0].Message = 57.215, strike
	url := serveReplay(t, r, "strike.json")
	tb := newTab(t)
	tb.do(t, "opening at turn 1", chromedp.Navigate(url+"#turn=1"))
	tb.waitReady(t)
	if got := text(t, tb, `.player-card[data-player="0"] .move-failure`); got != strike {
		t.Errorf("turn 1: P0 says %q, want %q", got, strike)
	}
	tb.do(t, "→", chromedp.KeyEvent(kb.ArrowRight))
	checkIndex(t, tb, 2)
	if got := text(t, tb, `.player-card[data-player="0"] .move-failure`); got != "" {
		t.Errorf("turn 2: P0 says %q, want nothing", got)
	}
}

// arena serve does not measure its clients' response times and records 0: the card says
// the time was not measured rather than show 0 ms.
func TestViewerSaysTCPTimesAreNotMeasured(t *testing.T) {
	r := smallReplay()
	r.Settings = replays.Settings{Style: referee.StyleSession, TimeScale: 1, Clock: "wall", Transport: "tcp"}
	for i := range r.Turns {
		for j := range r.Turns[i].Moves {
			r.Turns[i].Moves[j].TimeMS, r.Turns[i].Moves[j].CPUMS = 0, nil
		}
	}
	r.Result.Players[1].Timing = nil
	url := serveReplay(t, r, "tcp.json")
	tb := newTab(t)
	tb.do(t, "opening at turn 1", chromedp.Navigate(url+"#turn=1"))
	tb.waitReady(t)
	got := text(t, tb, `.player-card[data-player="0"] .move-meta`)
	wantContains(t, "P0", got, "not measured")
	if strings.Contains(got, "0.000 ms") {
		t.Errorf("P0 says %q: a time arena did not measure", got)
	}
}

// An unfinished game's replay holds the turn it was stopped in, as far as it went: the
// timeline ends with it, and the cards show what each bot had been sent and printed there,
// even when the game was stopped before its first turn was played.
func TestViewerShowsTheStoppedTurn(t *testing.T) {
	r := smallReplay()
	r.Result.Unfinished = true
	r.Result.Stopped = &replays.StoppedTurn{Turn: 3, Moves: []replays.Move{{Player: 0, Input: "in 3\n", Stderr: "thinking <b>hard</b>\n"}}}
	url := serveReplay(t, r, "stopped.json")
	tb := newTab(t)
	tb.do(t, "opening", chromedp.Navigate(url))
	tb.waitReady(t)
	wantContains(t, "header", text(t, tb, "#summary"), "seed 42 · 3 turns ·")
	wantContains(t, "result", text(t, tb, "#result .winner"), "Unfinished: stopped during turn 3 · 3 turns")
	tb.do(t, "End", chromedp.KeyEvent(kb.End))
	checkIndex(t, tb, 3)
	wantContains(t, "turn label", text(t, tb, "#turn-label"), "turn 3 (stopped) / 3")
	wantContains(t, "state", text(t, tb, "#state-turn"), "after turn 2; turn 3 stopped")
	p0 := `.player-card[data-player="0"] `
	if got := text(t, tb, p0+".move-input-text"); got != "in 3\n" {
		t.Errorf("stopped turn: P0 input %q, want %q", got, "in 3\n")
	}
	if got := text(t, tb, p0+".move-stderr-text"); got != "thinking <b>hard</b>\n" {
		t.Errorf("stopped turn: P0 stderr %q", got)
	}
	if got := text(t, tb, p0+".move-meta"); got != "stopped during this turn" {
		t.Errorf("stopped turn: P0 says %q, want %q: the stopped turn records no times", got, "stopped during this turn")
	}
	if got, want := text(t, tb, `.player-card[data-player="1"] .move-meta`), "out since turn 2 (timeout)"; got != want {
		t.Errorf("stopped turn: P1 says %q, want %q", got, want)
	}

	// Stopped in turn 0, with no turn played: the page shows what the bot hung on.
	r.Turns, r.Result.Turns = nil, 0
	r.Result.Stopped.Turn = 0
	url = serveReplay(t, r, "stopped0.json")
	tb.do(t, "opening the game stopped in turn 0", chromedp.Navigate(url))
	tb.waitReady(t)
	wantContains(t, "turn label", text(t, tb, "#turn-label"), "turn 0 (stopped) / 0")
	if got := text(t, tb, p0+".move-stderr-text"); got != "thinking <b>hard</b>\n" {
		t.Errorf("stopped turn 0: P0 stderr %q", got)
	}
}
