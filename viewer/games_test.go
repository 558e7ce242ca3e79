package viewer_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-games/arena/replays"
)

// gameInfo is what the tests need of `arena games --json`.
type gameInfo struct {
	Name       string `json:"name"`
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
}

var (
	gamesOnce sync.Once
	gamesList []gameInfo
	gamesErr  error
)

// registeredGames lists every game the binary knows, so that a new game is tested in the
// viewer without touching these tests.
func registeredGames(t *testing.T) []gameInfo {
	t.Helper()
	gamesOnce.Do(func() {
		out, err := exec.Command(arenaBin, "games", "--json").Output()
		if err != nil {
			gamesErr = fmt.Errorf("arena games --json: %w", err)
			return
		}
		gamesErr = json.Unmarshal(out, &gamesList)
	})
	if gamesErr != nil {
		t.Fatal(gamesErr)
	}
	if len(gamesList) == 0 {
		t.Fatal("arena games --json lists no game")
	}
	return gamesList
}

// gameReplay is a real replay of a game, played once per test binary.
type gameReplay struct {
	Path   string // .json.gz as `arena run` wrote it
	Replay *replays.Replay
}

var (
	replayMu    sync.Mutex
	replayCache = map[string]*gameReplay{}
	replayDir   string
)

// seedFor is a fixed seed per game, so that a failure reproduces with the same game.
const testSeed = 7

// playGame plays a real game with the built-in bots (three seats for games of more than
// two players) and returns its replay. For triangles, player 0 is the greedy bot wrapped
// so that it draws on its debug layer. Limits are scaled up so that a busy machine (the
// browser runs beside) cannot end a game early with a timeout.
func playGame(t *testing.T, g gameInfo) *gameReplay {
	t.Helper()
	replayMu.Lock()
	defer replayMu.Unlock()
	if r := replayCache[g.Name]; r != nil {
		return r
	}
	if replayDir == "" {
		dir, err := os.MkdirTemp("", "arena-viewer-replays-")
		if err != nil {
			t.Fatal(err)
		}
		replayDir = dir
	}
	bots := []string{"builtin:greedy", "builtin:random"}
	if g.MaxPlayers > 2 {
		bots = append(bots, "builtin:greedy")
	}
	if g.Name == "triangles" {
		script, err := filepath.Abs(filepath.Join("testdata", "debugdraw.py"))
		if err != nil {
			t.Fatal(err)
		}
		bots[0] = fmt.Sprintf("python3 %s %s bot triangles/greedy", script, arenaBin)
	}
	path := filepath.Join(replayDir, g.Name+".json.gz")
	args := append([]string{"run"}, bots...)
	args = append(args, "--game="+g.Name, "--seed", fmt.Sprint(testSeed), "--replay", path, "--time-scale", "10")
	start := time.Now()
	out, err := exec.Command(arenaBin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("arena %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	rec, err := replays.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: played %d turns in %v", g.Name, len(rec.Turns), time.Since(start).Round(time.Millisecond))
	r := &gameReplay{Path: path, Replay: rec}
	replayCache[g.Name] = r
	return r
}

func removeReplays() {
	if replayDir != "" {
		os.RemoveAll(replayDir)
	}
}
