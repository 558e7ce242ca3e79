package games_test

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/arena-games/arena/players/builtin"
	_ "github.com/arena-games/arena/players/builtin/all"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

var updateDigests = flag.Bool("update", false, "rewrite testdata/games.digests from the games played")

const digestFile = "testdata/games.digests"

// digestGames are whole games of every game, its variants and the options that take
// fractional exponents, played by the built-in bots. Each is named by what plays it again:
// arena run builtin:A builtin:B --game=G --seed S --option K=V.
var digestGames = []struct {
	game    string
	bots    []string
	seed    int64
	options map[string]string
}{
	{"queens", []string{"greedy", "random"}, 1, nil},
	{"queens", []string{"greedy", "greedy"}, 2, nil},
	{"triangles", []string{"greedy", "random"}, 1, nil},
	{"triangles", []string{"greedy", "greedy"}, 2, nil},
	{"towers", []string{"greedy", "random"}, 1, nil},
	{"towers", []string{"greedy", "greedy"}, 2, nil},
	{"flags", []string{"greedy", "random"}, 1, nil},
	{"flags", []string{"greedy", "greedy"}, 2, nil},
	{"bestow", []string{"greedy", "random"}, 1, nil},
	{"bestow", []string{"greedy", "greedy"}, 2, map[string]string{"variant": "wicked"}},
	{"bestow", []string{"greedy", "greedy"}, 3, map[string]string{"variant": "flower", "alpha": "2.5", "Ae": "1.77"}},
	{"agrid", []string{"greedy", "random"}, 1, map[string]string{"turns": "300"}},
	{"agrid", []string{"greedy", "greedy", "random", "greedy"}, 2, map[string]string{"turns": "300", "D": "2.37", "variant": "grid2"}},
	{"rockets", []string{"greedy", "random"}, 1, nil},
	{"rockets", []string{"greedy", "greedy", "random"}, 2, nil},
}

type digestName string

func digestGameName(game string, bots []string, seed int64, options map[string]string) digestName {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s seed=%d", game, strings.Join(bots, ","), seed)
	keys := make([]string, 0, len(options))
	for k := range options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%s", k, options[k])
	}
	return digestName(b.String())
}

// TestGameDigests plays digestGames and compares a digest of each (every frame, the
// result, and every byte each bot read and wrote) with testdata/games.digests. The same
// seed and the same bots must give the same game on every machine and in every build: Go
// may fuse x*y + z into one rounding on arm64 (and on amd64 built with GOAMD64=v3), and
// its math library rounds some functions differently there, so CI plays these games again
// for arm64 under emulation and with GOAMD64=v3. After an intended change of a game's
// rules, drawing or bots, rewrite the file: go test ./referee/games -run TestGameDigests -update
func TestGameDigests(t *testing.T) {
	want := readDigests(t)
	got := map[digestName]string{}
	for _, gm := range digestGames {
		name := digestGameName(gm.game, gm.bots, gm.seed, gm.options)
		got[name] = digestOf(t, gm.game, gm.bots, gm.seed, gm.options)
		if !*updateDigests && got[name] != want[name] {
			if want[name] == "" {
				t.Errorf("%s: no digest in %s (run with -update to add it)", name, digestFile)
			} else {
				t.Errorf("%s: the game came out differently (digest %s, want %s)", name, got[name], want[name])
			}
		}
	}
	for _, g := range referee.Games() {
		name := digestName(g.Info().Name + " first frames of seeds 1-100")
		got[name] = firstFramesDigest(t, g)
		if !*updateDigests && got[name] != want[name] {
			t.Errorf("%s: the worlds came out differently (digest %s, want %s)", name, got[name], want[name])
		}
	}
	if *updateDigests {
		writeDigests(t, got)
		return
	}
	for name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("%s: in %s but no longer played (run with -update to drop it)", name, digestFile)
		}
	}
}

func digestOf(t *testing.T, game string, names []string, seed int64, options map[string]string) string {
	t.Helper()
	g, err := referee.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	streams := make([]hash.Hash, 2*len(names))
	bots := make([]refereetest.BotFunc, len(names))
	returned := make(chan struct{}, len(names))
	for i, name := range names {
		bot, err := builtin.Lookup(game, name)
		if err != nil {
			t.Fatal(err)
		}
		read, wrote := sha256.New(), sha256.New()
		streams[2*i], streams[2*i+1] = read, wrote
		bots[i] = func(in io.Reader, out io.Writer) error {
			defer func() { returned <- struct{}{} }()
			return bot(io.TeeReader(in, read), io.MultiWriter(out, wrote))
		}
	}
	digest := sha256.New()
	record := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		digest.Write(b)
		digest.Write([]byte{'\n'})
	}
	ref, err := refereetest.PlayInProcessWatched(g, referee.Config{Seed: seed, Players: len(names), Options: options}, bots,
		func(r referee.Referee) { record(r.Frame()) })
	if err != nil {
		t.Fatalf("%s seed %d: %v", game, seed, err)
	}
	record(ref.Result())
	for range names { // the game is over and their input closed: wait until they are done reading
		<-returned
	}
	for _, s := range streams {
		digest.Write(s.Sum(nil))
	}
	return fmt.Sprintf("%x", digest.Sum(nil))
}

// firstFramesDigest digests the world each of a hundred seeds makes (the first frame and,
// in a turn-based game, the first inputs), with every player count from 2 up to 6 in turn
// where the game takes them: map generation is where floating point meets the seed first.
func firstFramesDigest(t *testing.T, g referee.Game) string {
	t.Helper()
	info := g.Info()
	digest := sha256.New()
	for seed := int64(1); seed <= 100; seed++ {
		players := min(info.MinPlayers+int(seed)%5, info.MaxPlayers)
		r, err := g.New(referee.Config{Seed: seed, Players: players})
		if err != nil {
			t.Fatalf("%s seed %d, %d players: %v", info.Name, seed, players, err)
		}
		b, err := json.Marshal(r.Frame())
		if err != nil {
			t.Fatal(err)
		}
		digest.Write(b)
		if tb, ok := r.(referee.TurnBased); ok {
			for _, req := range tb.Requests() {
				digest.Write([]byte(req.Input))
			}
		}
	}
	return fmt.Sprintf("%x", digest.Sum(nil))
}

func readDigests(t *testing.T) map[digestName]string {
	t.Helper()
	out := map[digestName]string{}
	f, err := os.Open(digestFile)
	if os.IsNotExist(err) && *updateDigests {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, sum, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("%s:%d: want \"GAME BOTS seed=N [KEY=VALUE...]: DIGEST\", got %q", digestFile, n, line)
		}
		out[digestName(name)] = sum
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func writeDigests(t *testing.T, digests map[digestName]string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("# Digests of whole games played by the built-in bots (referee/games/digest_test.go).\n")
	b.WriteString("# Rewrite after an intended change: go test ./referee/games -run TestGameDigests -update\n")
	names := make([]string, 0, len(digests))
	for name := range digests {
		names = append(names, string(name))
	}
	sort.Strings(names)
	for _, name := range names {
		fmt.Fprintf(&b, "%s: %s\n", name, digests[digestName(name)])
	}
	if err := os.MkdirAll(filepath.Dir(digestFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(digestFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
