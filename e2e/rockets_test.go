package e2e

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena-games/arena/internal/proctest"
)

// A small world in the cartographic format of seed 004 §7.9: six cities on a ring with
// a chord, bases in cities 1 and 4.
const ringMap = `6 7 2
1 4
1 2 3 1 2 1
1 2 5
2 3 6
3 4 5
4 5 6
5 6 5
6 1 6
2 5 9
`

// TestRocketsFourBots: `arena run a b c d --game=rockets` plays a full game between four
// bots over pipes, two of them statement bots.
func TestRocketsFourBots(t *testing.T) {
	t.Parallel()
	statement := statementBot(t, "rockets")
	bots := []string{statement, "builtin:greedy", statement, "builtin:random"}
	replay := filepath.Join(t.TempDir(), "four.json")
	res, r := play(t, bots, "--game", "rockets", "--seed", "11", "--time-scale", roomy, "--replay", replay)
	if len(res.Players) != 4 {
		t.Fatalf("%d players in the result, want 4:\n%s", len(res.Players), r.stdout)
	}
	ranks := map[int]bool{}
	for _, p := range res.Players {
		if p.Status != "ok" {
			t.Errorf("player %d (%s): status %q (%s)", p.Index, p.Name, p.Status, p.Message)
		}
		if p.Rank < 1 || p.Rank > 4 {
			t.Errorf("player %d: rank %d outside 1..4", p.Index, p.Rank)
		}
		ranks[p.Rank] = true
	}
	if res.Turns <= 0 || res.Turns > 1500 {
		t.Errorf("%d turns, want 1..1500 (the default game length)", res.Turns)
	}
	if v := arena(t, "replay", "verify", replay); v.code != 0 {
		t.Errorf("replay does not verify:\n%s", v)
	}
	t.Logf("%d turns, scores %v", res.Turns, res.scores())
}

// TestRocketsCustomMap: `--option map=FILE` with a map written from seed §7.9 is played,
// and DESCRIBE_WORLD reports the file's name (§7.9: "Name of the file currently in use
// is provided in DESCRIBE_WORLD command, under Name").
func TestRocketsCustomMap(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "ring.map", ringMap)
	replay := filepath.Join(t.TempDir(), "ring.json")
	res, r := play(t, []string{statementBot(t, "rockets"), "builtin:greedy"},
		"--game", "rockets", "--seed", "3", "--option", "map="+path, "--option", "turns=200",
		"--time-scale", roomy, "--replay", replay)
	for _, p := range res.Players {
		if p.Status != "ok" {
			t.Errorf("player %d (%s): status %q (%s)\n%s", p.Index, p.Name, p.Status, p.Message, r.stdout)
		}
	}
	if res.Turns != 200 {
		t.Errorf("%d turns, want 200 (--option turns=200)", res.Turns)
	}
	input, _ := moveOf(readReplay(t, replay).turns()[0], 0)["input"].(string)
	world := strings.SplitN(input, "\n", 3)
	if len(world) < 2 || !strings.HasSuffix(world[1], " ring.map") {
		t.Errorf("DESCRIBE_WORLD first data line does not end with the map's name ring.map: %q", world)
	}
	if lines := strings.Split(input, "\n"); len(lines) < 4 || lines[2] != "2" || lines[3] != "1 4" {
		t.Errorf("DESCRIBE_WORLD does not report the map's two bases 1 and 4: %q", lines[:min(len(lines), 4)])
	}
	if v := arena(t, "replay", "verify", replay); v.code != 0 {
		t.Errorf("replay of a game on a map file does not verify:\n%s", v)
	}
}

// TestRocketsMalformedMap: a malformed map file (`--option map=FILE`) stops the game with
// exit status 1 (README: "an unreadable map") and an error naming the line.
func TestRocketsMalformedMap(t *testing.T) {
	t.Parallel()
	lines := strings.Split(strings.TrimSuffix(ringMap, "\n"), "\n")
	with := func(n int, text string) string { // ringMap with line n (from 1) replaced
		l := append([]string(nil), lines...)
		l[n-1] = text
		return strings.Join(l, "\n") + "\n"
	}
	cases := []struct {
		what, content string
		lines         []int // acceptable line numbers in the error
	}{
		{"non-integer count on the first line", with(1, "6 seven 2"), []int{1}},
		{"base city outside 1..CityCount", with(2, "1 9"), []int{2}},
		{"negative visiting bonus", with(3, "1 2 3 1 -2 1"), []int{3}},
		{"non-integer road cost", with(5, "2 3 x"), []int{5}},
		{"road to a city outside 1..CityCount", with(6, "3 40 5"), []int{6}},
		{"road joining a city to itself", with(7, "4 4 6"), []int{7}},
		{"file ends before the last road", strings.Join(lines[:9], "\n") + "\n", []int{9, 10}}, // the last line read, or the missing one
		{"value after the last road", ringMap + "1 3 4\n", []int{11}},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			path := writeFile(t, "bad.map", c.content)
			// arena map reads the file as arena run does, and says the same.
			for _, args := range [][]string{
				{"run", "builtin:greedy", "builtin:random", "--game", "rockets", "--seed", "1", "--option", "map=" + path},
				{"map", "--game", "rockets", "--seed", "1", "--option", "map=" + path},
			} {
				r := arena(t, args...)
				if r.code != 1 {
					t.Errorf("arena %s: exit status %d, want 1 (README: 1 for an unreadable map)\n%s", args[0], r.code, r)
				}
				named := false
				for _, n := range c.lines {
					named = named || strings.Contains(r.stderr, fmt.Sprintf("line %d:", n))
				}
				if !named {
					t.Errorf("arena %s: error does not name line %v:\n%s", args[0], c.lines, r.stderr)
				}
			}
		})
	}
}

// TestRocketsHandshakeOverPipes: README "the same client can play locally in lockstep
// through `arena run ... --option handshake=1`": the LOGIN/PASS exchange of seed §2.1
// runs over the pipes first.
func TestRocketsHandshakeOverPipes(t *testing.T) {
	t.Parallel()
	bot := statementBot(t, "rockets", "--handshake", "--login", "login1", "--password", "secret")
	res, r := play(t, []string{bot, bot}, "--game", "rockets", "--seed", "6", "--option", "handshake=1",
		"--option", "turns=100", "--time-scale", roomy)
	for _, p := range res.Players {
		if p.Status != "ok" {
			t.Errorf("player %d: status %q (%s)\n%s", p.Index, p.Status, p.Message, r.stdout)
		}
	}
	if res.Turns != 100 {
		t.Errorf("%d turns, want 100", res.Turns)
	}
}

// TestRocketsServeTCP: `arena serve --game rockets` is a 2017 contest server: a wrong
// password gets `FAILED 1 bad login or password` and the connection is closed (seed
// §2.1); two statement clients log in over TCP and play the game in real time; the
// summary is printed and the replay written verifies.
func TestRocketsServeTCP(t *testing.T) {
	t.Parallel()
	needPython(t)
	const turns = 40
	addr := freeAddr(t)
	replays := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	serve := exec.CommandContext(ctx, arenaBin, "serve", "--game", "rockets",
		"--team", "red:pw1", "--team", "blue:pw2", "--listen", addr, "--seed", "9",
		"--option", fmt.Sprint("turns=", turns), "--time-scale", "0.1", "--replays", replays)
	serve.Dir = workDir
	serve.WaitDelay = 10 * time.Second
	var stderr strings.Builder
	serve.Stderr = &stderr
	stdout, err := serve.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	out := &proctest.Buffer{}
	listening := make(chan struct{})
	copied := make(chan struct{})
	go func() {
		defer close(copied)
		sc := bufio.NewScanner(stdout)
		once := sync.Once{}
		for sc.Scan() {
			fmt.Fprintln(out, sc.Text())
			if strings.Contains(sc.Text(), "serving on") {
				once.Do(func() { close(listening) })
			}
		}
		io.Copy(io.Discard, stdout)
	}()
	waitServe := sync.OnceValue(func() error { <-copied; return serve.Wait() })
	t.Cleanup(func() { // stop the server if the test ends early
		cancel()
		waitServe()
	})
	select {
	case <-listening:
	case <-time.After(time.Minute):
		t.Fatalf("arena serve did not say it is serving:\n%s\n%s", out, stderr.String())
	}
	if want := "2 teams (red, blue), 1 game from seed 9"; !strings.Contains(out.String(), want) {
		t.Errorf("arena serve's first line: want %q\n%s", want, out)
	}

	t.Run("a wrong password gets FAILED 1 and the connection is closed", func(t *testing.T) {
		conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		conn.SetDeadline(time.Now().Add(30 * time.Second))
		rd := bufio.NewReader(conn)
		expect := func(want string) {
			t.Helper()
			line, err := rd.ReadString('\n')
			if strings.TrimRight(line, "\r\n") != want {
				t.Fatalf("server said %q (%v), want %q", line, err, want)
			}
		}
		expect("LOGIN")
		fmt.Fprint(conn, "red\n")
		expect("PASS")
		fmt.Fprint(conn, "wrong\n")
		expect("FAILED 1 bad login or password")
		if rest, err := io.ReadAll(rd); err != nil || len(rest) > 0 {
			t.Errorf("after FAILED 1 the server sent %q (%v), want the connection closed", rest, err)
		}
	})

	clients := make([]*exec.Cmd, 2)
	outputs := make([]*strings.Builder, 2)
	for i, team := range [][2]string{{"red", "pw1"}, {"blue", "pw2"}} {
		args := []string{filepath.Join(botsDir, "rockets_statement.py"), "--tcp", addr, "--login", team[0], "--password", team[1]}
		clients[i] = exec.CommandContext(ctx, "python3", args...)
		outputs[i] = &strings.Builder{}
		clients[i].Stdout, clients[i].Stderr = outputs[i], outputs[i]
		clients[i].WaitDelay = 10 * time.Second
		if err := clients[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range clients {
		if err := c.Wait(); err != nil {
			t.Errorf("client %d did not end cleanly when the game ended: %v\n%s", i, err, outputs[i])
		}
	}
	if err := waitServe(); err != nil {
		t.Fatalf("arena serve: %v\n%s\n%s", err, out, stderr.String())
	}
	summary := out.String()
	for _, want := range []string{fmt.Sprintf("%d turns", turns), "red", "blue"} {
		if !strings.Contains(summary, want) {
			t.Errorf("serve summary lacks %q:\n%s", want, summary)
		}
	}
	replay := filepath.Join(replays, "rockets-9.json")
	if _, err := os.Stat(replay); err != nil {
		t.Fatalf("no replay GAME-SEED.json in --replays: %v\n%s", err, summary)
	}
	rep := readReplay(t, replay)
	if res, _ := rep["result"].(map[string]any); res != nil {
		for _, p := range res["players"].([]any) {
			pl := p.(map[string]any)
			if pl["status"] != "ok" {
				t.Errorf("player %v: status %v (%v)", pl["name"], pl["status"], pl["message"])
			}
		}
	} else {
		t.Error("the replay has no result")
	}
	if v := arena(t, "replay", "verify", replay); v.code != 0 {
		t.Errorf("the replay of arena serve does not verify:\n%s", v)
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// Spec §3.1: arena writes a generated map in the cartographic format (arena map), and
// playing that file with the same seed is the same game but for the map's name: the same
// lines exchanged every turn, the same scores. (Not the same drawing: the format has no
// coordinates, so the viewer lays a file's cities out itself.)
func TestRocketsMapOfASeedPlaysTheSameGame(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	gen := []string{"--option", "cities=40", "--option", "turns=60"}
	m := d24Arena(t, dir, append([]string{"map", "--game=rockets", "--seed=9"}, gen...)...)
	if m.code != 0 || !strings.HasPrefix(m.stdout, "40 ") {
		t.Fatalf("arena map: want a map of 40 cities\n%s", m)
	}
	mapFile := filepath.Join(dir, "world.map")
	if err := os.WriteFile(mapFile, []byte(m.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	// The statement bots: the built-in ones draw their randomness from what they read,
	// the map's name included.
	bot := statementBot(t, "rockets")
	var results [2]d24Result
	var turns [2][]string
	for i, extra := range [][]string{nil, {"--option", "map=" + mapFile}} {
		replay := filepath.Join(dir, fmt.Sprintf("r%d.json", i))
		args := append([]string{"--game=rockets", "--seed=9", "--time-scale", roomy, "--replay", replay, bot, bot}, gen...)
		results[i], _ = d24Play(t, dir, append(args, extra...)...)
		for _, turn := range d24Turns(t, replay) {
			moves, _, _ := strings.Cut(turn, "frame: ") // the viewer lays a file's cities out itself
			turns[i] = append(turns[i], strings.ReplaceAll(moves, "gen-9", "world.map"))
		}
	}
	if fmt.Sprint(results[0].Players) != fmt.Sprint(results[1].Players) || results[0].Turns != results[1].Turns {
		t.Errorf("generated world: %d turns, %v\nits map file:    %d turns, %v", results[0].Turns, results[0].Players, results[1].Turns, results[1].Players)
	}
	if len(turns[0]) != len(turns[1]) {
		t.Fatalf("%d turns recorded, then %d", len(turns[0]), len(turns[1]))
	}
	for i := range turns[0] {
		if turns[0][i] != turns[1][i] {
			t.Fatalf("turn %d differs\ngenerated: %s\nmap file:  %s", i, d24Trim(turns[0][i]), d24Trim(turns[1][i]))
		}
	}
	if r := d24Arena(t, dir, "map", "--game=queens"); r.code != 2 || !strings.Contains(r.stderr, "queens has no map files") {
		t.Errorf("arena map for a game without map files: want a usage error\n%s", r)
	}
	// A refused option is the only line: no random seed said first, as if a map followed.
	if r := d24Arena(t, dir, "map", "--game=rockets", "--option", "cities=5"); r.code != 2 || r.stderr != "arena: rockets: option cities=\"5\": want an integer in 10..10000\n" {
		t.Errorf("arena map with an option out of range: want the option alone named\n%s", r)
	}
}

// Spec protocol §5: --option parallel=1 serves the seats of a turn at once, in arrival
// order; the game is played, every seat is served, and its replay (which records the order
// the lines were handled in) verifies.
func TestRocketsParallel(t *testing.T) {
	t.Parallel()
	statement := statementBot(t, "rockets")
	replay := filepath.Join(t.TempDir(), "parallel.json")
	res, r := play(t, []string{statement, "builtin:greedy", statement}, "--game", "rockets", "--seed", "5",
		"--option", "parallel=1", "--option", "turns=80", "--time-scale", roomy, "--replay", replay)
	for _, p := range res.Players {
		if p.Status != "ok" {
			t.Errorf("player %d (%s): status %q (%s)", p.Index, p.Name, p.Status, p.Message)
		}
	}
	if v := arena(t, "replay", "verify", replay); v.code != 0 {
		t.Errorf("the replay of a parallel game does not verify:\n%s\n%s", v, r)
	}
	rec := readReplay(t, replay)
	if opts, _ := rec["options"].(map[string]any); opts["parallel"] != "1" {
		t.Errorf("replay options %v: want parallel=1 recorded", rec["options"])
	}
}

// Protocol spec §5 and §6: --turn-timeout replaces the game's turn duration as each bot's
// budget per turn in lockstep (recorded in the replay, so that a rerun keeps it), and
// --exit-grace is how long a bot may take to exit after the game ends before it is killed.
// The bot waits once, then stays silent: every later turn lasts its whole budget. At the
// end of its input it takes a second to exit and says so in a file.
func TestRocketsTurnTimeoutAndExitGrace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, tc := range []struct {
		grace  string
		exited bool
	}{{"5s", true}, {"100ms", false}} {
		marker := filepath.Join(dir, "exited-"+tc.grace)
		bot := fmt.Sprintf(`sh -c 'echo WAIT; cat >/dev/null; sleep 1; touch %s'`, marker)
		replay := filepath.Join(dir, "r-"+tc.grace+".json")
		play(t, []string{bot}, "--game=rockets", "--seed=3", "--option", "turns=4",
			"--turn-timeout", "150ms", "--exit-grace", tc.grace, "--replay", replay)
		rec := readReplay(t, replay)
		if s, _ := rec["settings"].(map[string]any); s["turn_timeout_ms"] != 150.0 {
			t.Errorf("settings %v: want turn_timeout_ms 150", rec["settings"])
		}
		// The bot's response times (its turns 1-3 are silent ones, recorded in no move).
		res, _ := rec["result"].(map[string]any)
		timing, _ := res["players"].([]any)[0].(map[string]any)["timing"].(map[string]any)
		if p50, _ := timing["p50_ms"].(float64); p50 < 150 || p50 >= 1000 {
			t.Errorf("timing %v: the silent bot's turns lasted a median %v ms; want its 150 ms budget, not the game's 1 s", timing, p50)
		}
		if _, err := os.Stat(marker); (err == nil) != tc.exited {
			t.Errorf("--exit-grace %s: the bot exited by itself: %v, want %v", tc.grace, err == nil, tc.exited)
		}
	}
	if r := arena(t, "run", "--game=queens", "--turn-timeout", "1s", "builtin:greedy", "builtin:random"); r.code != 2 || !strings.Contains(r.stderr, "--turn-timeout applies to the Deadline24 games") {
		t.Errorf("--turn-timeout for a CodinGame game: want a usage error\n%s", r)
	}
}
