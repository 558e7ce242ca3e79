package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A game as the acceptance tests play it with its statement bot.
type gameCase struct {
	game  string
	flags []string // besides --game: roomy limits, shorter games where allowed
	// edit returns a different answer for a recorded output of the statement bot, or the
	// output unchanged when this one cannot be edited meaningfully.
	edit func(output string) string
	// resim: the edit always changes the game, so `arena replay verify` must catch it by
	// re-simulation alone (with the replay's per-turn digests removed).
	resim bool
	// session: a Deadline24 game, whose bots converse with arena within a turn.
	session bool
}

var gameCases = []gameCase{
	{
		game:  "queens",
		flags: []string{"--time-scale", roomy},
		edit: func(out string) string {
			if strings.HasPrefix(out, "MOVE 0 0\n") {
				return "MOVE 1919 999\nTRAIN\n"
			}
			return "MOVE 0 0\nTRAIN\n"
		},
		resim: true,
	},
	{
		game:  "triangles",
		flags: []string{"--time-scale", roomy},
		edit: func(out string) string {
			if !strings.Contains(out, "MOVE") && !strings.Contains(out, "SPAWN") {
				return out
			}
			return "\n"
		},
	},
	{
		// time-scale also scales the compute limits of towers (README: "every time limit").
		game:  "towers",
		flags: []string{"--time-scale", roomy},
		edit: func(out string) string {
			if out == "WAIT\n" {
				return "BUILD 0 0\n"
			}
			return "WAIT\n"
		},
	},
	{
		game:  "flags",
		flags: []string{"--time-scale", roomy},
		edit: func(out string) string {
			if out == "WAIT 0\n" {
				return "WAIT 1\n"
			}
			return "WAIT 0\n"
		},
	},
	{
		// Deadline24 game over pipes: a turn ends when every bot waits (lockstep). Games
		// stop at 300 turns here because a replay of the default 1500 turns is about
		// 200 MB and takes over half a minute to verify; TestRocketsFourBots plays the
		// default length.
		game:    "rockets",
		flags:   []string{"--time-scale", roomy, "--option", "turns=300"},
		session: true,
		edit: func(out string) string {
			var kept []string
			for _, line := range strings.SplitAfter(out, "\n") {
				if !strings.HasPrefix(line, "MOVE ") {
					kept = append(kept, line)
				}
			}
			return strings.Join(kept, "")
		},
		resim: true,
	},
}

// A full game of the statement bot in one seat against a built-in bot.
type matchup struct {
	seat     int // the statement bot's seat
	opponent string
	seed     int
}

var matchups = []matchup{
	{seat: 0, opponent: "builtin:greedy", seed: 1},
	{seat: 1, opponent: "builtin:greedy", seed: 2},
	{seat: 0, opponent: "builtin:random", seed: 3},
}

func (m matchup) bots(statement string) []string {
	if m.seat == 0 {
		return []string{statement, m.opponent}
	}
	return []string{m.opponent, statement}
}

func (m matchup) String() string {
	return fmt.Sprintf("seat %d vs %s seed %d", m.seat, m.opponent, m.seed)
}

// TestStatementBots checks, for every finished game, the acceptance points a bot author
// relies on: a bot written from the seed plays full games against both built-in bots
// without being marked invalid; the same seed gives the same game; `arena replay verify`
// accepts the replay and rejects it once an output in the middle is changed.
func TestStatementBots(t *testing.T) {
	for _, gc := range gameCases {
		t.Run(gc.game, func(t *testing.T) {
			t.Parallel()
			statement := statementBot(t, gc.game)
			flags := append([]string{"--game", gc.game}, gc.flags...)
			replays := make([]string, len(matchups))
			results := make([]result, len(matchups))

			ok := t.Run("full games vs builtin:greedy and builtin:random, never marked invalid", func(t *testing.T) {
				for i, m := range matchups {
					replays[i] = filepath.Join(workDir, fmt.Sprintf("%s-%d.json", gc.game, i))
					res, r := play(t, m.bots(statement), slices.Concat(flags, []string{"--seed", fmt.Sprint(m.seed), "--replay", replays[i]})...)
					results[i] = res
					checkFullGame(t, gc.game, m, res, r)
				}
			})
			if !ok {
				t.Fatal("no replays to check further")
			}

			t.Run("same seed twice gives the same winner, turns and scores", func(t *testing.T) {
				m := matchups[0]
				again, _ := play(t, m.bots(statement), slices.Concat(flags, []string{"--seed", fmt.Sprint(m.seed)})...)
				first := results[0]
				if again.Winner != first.Winner || again.Turns != first.Turns || !slices.Equal(again.scores(), first.scores()) {
					t.Errorf("%s, seed %d played twice:\nfirst:  winner %d, %d turns, scores %v\nsecond: winner %d, %d turns, scores %v",
						m, m.seed, first.Winner, first.Turns, first.scores(), again.Winner, again.Turns, again.scores())
				}
			})

			t.Run("replay verify exits 0 on every replay", func(t *testing.T) {
				for _, path := range replays {
					if r := arena(t, "replay", "verify", path); r.code != 0 {
						t.Errorf("a replay just written does not verify:\n%s", r)
					}
				}
			})

			t.Run("replay stdin reproduces the bot's answer without arena", func(t *testing.T) {
				if gc.session {
					t.Skip("README shows it for turn-based games: a session bot's input depends on its own commands")
				}
				m := matchups[0]
				turns := readReplay(t, replays[0]).turns()
				turn := len(turns) / 2
				recorded, _ := moveOf(turns[turn], m.seat)["output"].(string)
				in := arena(t, "replay", "stdin", replays[0], "--player", fmt.Sprint(m.seat), "--turn", fmt.Sprint(turn))
				if in.code != 0 {
					t.Fatalf("arena replay stdin failed:\n%s", in)
				}
				fields := strings.Fields(statement)
				cmd := exec.Command(fields[0], fields[1:]...)
				cmd.Stdin = strings.NewReader(in.stdout)
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("%s < stdin of turn %d: %v", statement, turn, err)
				}
				want := strings.Count(recorded, "\n")
				lines := strings.SplitAfter(string(out), "\n")
				lines = lines[:len(lines)-1] // after the last "\n"
				if len(lines) < want {
					t.Fatalf("the bot printed %d lines for the input of turns 0..%d", len(lines), turn)
				}
				if last := strings.Join(lines[len(lines)-want:], ""); last != recorded {
					t.Errorf("turn %d: fed `arena replay stdin`, the bot answers %q; the replay recorded %q", turn, last, recorded)
				}
			})

			t.Run("replay verify exits non-zero after an output in the middle is changed", func(t *testing.T) {
				variants := []bool{false}
				if gc.resim {
					variants = append(variants, true)
				}
				for _, stripDigests := range variants {
					r := readReplay(t, replays[0])
					turn, before, after := editMiddleOutput(t, r, matchups[0].seat, gc.edit)
					how := "digests kept"
					if stripDigests {
						how = "per-turn digests removed, so only re-simulation can tell"
						for _, tr := range r.turns() {
							delete(tr, "check")
						}
					}
					edited := filepath.Join(t.TempDir(), "edited.json")
					r.write(t, edited)
					v := arena(t, "replay", "verify", edited)
					if v.code == 0 {
						t.Errorf("turn %d output of seat %d changed from %q to %q (%s), yet verify exits 0:\n%s",
							turn, matchups[0].seat, before, after, how, v)
					} else if !strings.Contains(v.stdout+v.stderr, "turn") {
						t.Errorf("verify failed without naming the turn:\n%s", v)
					}
				}
			})
		})
	}
}

// checkFullGame: the game ended normally, every player is ok (a built-in bot failing
// would be arena's fault, the statement bot failing a protocol mismatch).
func checkFullGame(t *testing.T, game string, m matchup, res result, r run) {
	t.Helper()
	if res.Game != game || res.Seed != int64(m.seed) || len(res.Players) != 2 {
		t.Errorf("%s: result names game %q seed %d with %d players:\n%s", m, res.Game, res.Seed, len(res.Players), r.stdout)
	}
	if res.Turns <= 0 {
		t.Errorf("%s: %d turns played", m, res.Turns)
	}
	if res.Winner < -1 || res.Winner >= len(res.Players) {
		t.Errorf("%s: winner %d is not a player index or -1", m, res.Winner)
	}
	for _, p := range res.Players {
		if p.Status != "ok" {
			t.Errorf("%s: player %d (%s) has status %q: %s", m, p.Index, p.Name, p.Status, p.Message)
		}
	}
	t.Logf("%s: %d turns, winner %d, scores %v", m, res.Turns, res.Winner, res.scores())
}

// editMiddleOutput changes one recorded output of seat, in the turn nearest the middle
// of the game whose output edit changes, and returns what it did.
func editMiddleOutput(t *testing.T, r replayFile, seat int, edit func(string) string) (turn int, before, after string) {
	t.Helper()
	turns := r.turns()
	mid := len(turns) / 2
	for d := 0; d < len(turns); d++ {
		for _, i := range []int{mid + d, mid - d} {
			if i < 0 || i >= len(turns) {
				continue
			}
			m := moveOf(turns[i], seat)
			if m == nil {
				continue
			}
			out, _ := m["output"].(string)
			if changed := edit(out); changed != out {
				m["output"] = changed
				tn, _ := turns[i]["turn"].(float64)
				return int(tn), out, changed
			}
		}
	}
	t.Fatalf("no output of seat %d could be edited in %d turns", seat, len(turns))
	return 0, "", ""
}

// TestGamesListed: `arena games` (and --json) lists every game the README names, with
// its built-in bots.
func TestGamesListed(t *testing.T) {
	text := arena(t, "games")
	js := arena(t, "games", "--json")
	if text.code != 0 || js.code != 0 {
		t.Fatalf("arena games failed:\n%s\n%s", text, js)
	}
	var listed []map[string]any
	if err := json.Unmarshal([]byte(js.stdout), &listed); err != nil {
		t.Fatalf("arena games --json: %v\n%s", err, js.stdout)
	}
	names := map[string]bool{}
	for _, g := range listed {
		if n, ok := g["name"].(string); ok {
			names[n] = true
		}
	}
	for _, gc := range gameCases {
		t.Run(gc.game, func(t *testing.T) {
			if !strings.Contains(text.stdout, gc.game+" — ") {
				t.Errorf("arena games does not list %s:\n%s", gc.game, text.stdout)
			}
			if !names[gc.game] {
				t.Errorf("arena games --json does not list %s", gc.game)
			}
			section := gameSection(text.stdout, gc.game)
			for _, bot := range []string{"builtin:greedy", "builtin:random"} {
				if !strings.Contains(section, bot) {
					t.Errorf("arena games does not list %s for %s:\n%s", bot, gc.game, section)
				}
			}
		})
	}
}

// The README's `--option handshake=1` of the Deadline24 games is listed where options are:
// `arena games` and its --json, with its default and meaning, and the known options an
// unknown key's error names, in arena run, tournament and serve alike; a turn-based game,
// which has no login, does not list it.
func TestHandshakeListedWithTheOptions(t *testing.T) {
	t.Parallel()
	text := arena(t, "games")
	js := arena(t, "games", "--json")
	var listed []struct {
		Name    string `json:"name"`
		Options []struct{ Key, Default, Help string }
	}
	if err := json.Unmarshal([]byte(js.stdout), &listed); err != nil {
		t.Fatalf("arena games --json: %v\n%s", err, js)
	}
	handshake := map[string]bool{}
	for _, g := range listed {
		for _, o := range g.Options {
			if o.Key == "handshake" {
				handshake[g.Name] = o.Default == "0" && strings.Contains(o.Help, "log in")
			}
		}
	}
	for _, game := range []string{"bestow", "agrid", "rockets", "queens"} {
		session := game != "queens"
		if handshake[game] != session {
			t.Errorf("arena games --json: %s lists handshake (default 0, its meaning): %v, want %v", game, handshake[game], session)
		}
		section := gameSection(text.stdout, game)
		if listed := strings.Contains(section, "\n    handshake  ") && strings.Contains(section, `default "0"`); listed != session {
			t.Errorf("arena games: %s lists handshake: %v, want %v\n%s", game, listed, session, section)
		}
		for _, args := range [][]string{
			{"run", "--game=" + game, "--option", "nosuch=1", "builtin:greedy", "builtin:random"},
			{"tournament", "--game=" + game, "--option", "nosuch=1", "builtin:greedy", "builtin:random"},
			{"serve", "--game=" + game, "--option", "nosuch=1", "--listen", "127.0.0.1:0", "--replays", t.TempDir()},
		} {
			if !session && args[0] == "serve" {
				continue
			}
			r := arena(t, args...)
			if r.code != 2 || !strings.Contains(r.stderr, `option "nosuch": unknown option (known: `) || strings.Contains(r.stderr, "handshake") != session {
				t.Errorf("want exit status 2 and the known options, handshake among them: %v\n%s", session, r)
			}
		}
	}
	// arena serve's clients always log in: handshake=1 says so, 0 cannot be had.
	r := arena(t, "serve", "--game=agrid", "--option", "handshake=0", "--listen", "127.0.0.1:0", "--replays", t.TempDir())
	if want := `arena: agrid: option handshake="0": arena serve's clients always log in (LOGIN/PASS); 0 is for arena run`; r.code != 2 || strings.TrimSpace(r.stderr) != want {
		t.Errorf("want exit status 2 and only %q\n%s", want, r)
	}
}

// gameSection is the paragraph of `arena games` about one game.
func gameSection(out, game string) string {
	for _, para := range strings.Split(out, "\n\n") {
		if strings.HasPrefix(para, game+" — ") {
			return para
		}
	}
	return ""
}

// TestCompressedReplay: README `--replay PATH`: ".json, or .json.gz compressed"; every
// `arena replay` command reads it.
func TestCompressedReplay(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "r.json.gz")
	play(t, []string{"builtin:greedy", "builtin:random"}, "--game", "queens", "--seed", "7", "--replay", path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		t.Errorf("%s is not gzip-compressed", path)
	}
	if v := arena(t, "replay", "verify", path); v.code != 0 {
		t.Errorf("a .json.gz replay does not verify:\n%s", v)
	}
	if s := arena(t, "replay", "show", path, "--turn", "3", "--player", "0"); s.code != 0 || !strings.Contains(s.stdout, "turn 3") {
		t.Errorf("arena replay show on a .json.gz replay:\n%s", s)
	}
}
