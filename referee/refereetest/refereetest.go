// Package refereetest is the conformance suite every registered game must pass: sane
// metadata, clear errors for bad configurations, games that end, results that make sense,
// determinism (same seed and same answers give byte-identical frames and results), and no
// panic whatever the players say.
package refereetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// Options tunes the suite for one game.
type Options struct {
	// Players lists the player counts to try (default: the game's minimum).
	Players []int
	// Seeds lists the seeds to play (default: 1, 2, 3).
	Seeds []int64
	// Answer produces a plausible answer for a turn-based request (default: garbage).
	// It should usually be legal so that games go on for many turns.
	Answer func(r *rand.Rand, req referee.Request) []string
	// Commands produces the command lines a session player sends in one turn, WAIT excluded
	// (default: a few garbage lines).
	Commands func(r *rand.Rand, player int, turn int) []string
	// MaxTurns bounds a game (default 5000); a game still running after it fails the suite.
	MaxTurns int
	// GameOptions are passed to every game the suite builds.
	GameOptions map[string]string
}

// Run runs the whole suite as subtests.
func Run(t *testing.T, g referee.Game, o Options) {
	info := g.Info()
	if len(o.Players) == 0 {
		o.Players = []int{info.MinPlayers}
	}
	if len(o.Seeds) == 0 {
		o.Seeds = []int64{1, 2, 3}
	}
	if o.MaxTurns == 0 {
		o.MaxTurns = 5000
	}
	t.Run("info", func(t *testing.T) { checkInfo(t, info) })
	t.Run("bad-config", func(t *testing.T) { checkBadConfig(t, g, o) })
	for _, n := range o.Players {
		for _, seed := range o.Seeds {
			t.Run(fmt.Sprintf("play/%dp/seed%d", n, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(uint64(seed), 99))
				first := play(t, g, o, n, seed, rng, nil)
				replayed := play(t, g, o, n, seed, nil, &first.answers)
				if first.digest != replayed.digest {
					t.Fatalf("same seed and same answers gave a different game:\nfirst:  %.300s\nsecond: %.300s", first.digest, replayed.digest)
				}
			})
		}
		t.Run(fmt.Sprintf("garbage/%dp", n), func(t *testing.T) {
			for i := 0; i < 20; i++ {
				garbage := o
				garbage.Answer = garbageAnswer
				garbage.Commands = garbageCommands
				rng := rand.New(rand.NewPCG(uint64(i), 7))
				play(t, g, garbage, n, int64(i), rng, nil)
			}
		})
	}
}

func checkInfo(t *testing.T, info referee.Info) {
	if info.Name == "" || strings.ToLower(info.Name) != info.Name || strings.ContainsAny(info.Name, " /:") {
		t.Errorf("name %q: want a lower-case word", info.Name)
	}
	if info.Title == "" || info.Summary == "" || info.Version == "" || info.Limits == "" {
		t.Errorf("info lacks title, summary, version or limits: %+v", info)
	}
	if info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers {
		t.Errorf("player counts %d..%d", info.MinPlayers, info.MaxPlayers)
	}
	if info.Style != referee.StyleTurns && info.Style != referee.StyleSession {
		t.Errorf("style %q", info.Style)
	}
	for _, opt := range info.Options {
		if opt.Key == "" || opt.Help == "" {
			t.Errorf("option %+v lacks a key or help", opt)
		}
	}
}

func checkBadConfig(t *testing.T, g referee.Game, o Options) {
	info := g.Info()
	if _, err := g.New(referee.Config{Seed: 1, Players: info.MaxPlayers + 1, Options: o.GameOptions}); err == nil {
		t.Errorf("%d players accepted (max %d)", info.MaxPlayers+1, info.MaxPlayers)
	}
	if _, err := g.New(referee.Config{Seed: 1, Players: info.MinPlayers - 1, Options: o.GameOptions}); err == nil {
		t.Errorf("%d players accepted (min %d)", info.MinPlayers-1, info.MinPlayers)
	}
	opts := map[string]string{"no-such-option": "1"}
	for k, v := range o.GameOptions {
		opts[k] = v
	}
	_, err := g.New(referee.Config{Seed: 1, Players: info.MinPlayers, Options: opts})
	var oe *referee.OptionError
	if !errors.As(err, &oe) || oe.Key != "no-such-option" {
		t.Errorf("unknown option: got %v, want an *referee.OptionError naming the key", err)
	}
	for _, v := range append([]string{info.Version}, info.OlderVersions...) {
		if _, err := g.New(referee.Config{Seed: 1, Players: info.MinPlayers, Options: o.GameOptions, Version: v}); err != nil {
			t.Errorf("version %q (the referee's own or an older one it plays) rejected: %v", v, err)
		}
	}
	if _, err := g.New(referee.Config{Seed: 1, Players: info.MinPlayers, Options: o.GameOptions, Version: "no-such-version"}); err == nil {
		t.Errorf("referee version %q accepted: New must refuse a version it does not play (referee.CheckVersion)", "no-such-version")
	}
	for _, opt := range info.Options {
		opts := map[string]string{opt.Key: opt.Default}
		for k, v := range o.GameOptions {
			if k != opt.Key {
				opts[k] = v
			}
		}
		if _, err := g.New(referee.Config{Seed: 1, Players: info.MinPlayers, Options: opts}); err != nil {
			t.Errorf("option %s=%q (its documented default) rejected: %v", opt.Key, opt.Default, err)
		}
	}
}

// recorded holds what the players said, turn by turn, to play the game again.
type recorded struct {
	answers [][]referee.Answer // turn-based: per turn
	lines   [][][]string       // session: per turn, per player
}

type played struct {
	answers recorded
	digest  string
}

// play runs one game. With rng it invents the players' output; with replay it repeats it.
func play(t *testing.T, g referee.Game, o Options, players int, seed int64, rng *rand.Rand, replay *recorded) played {
	t.Helper()
	ref, err := g.New(referee.Config{Seed: seed, Players: players, Options: o.GameOptions})
	if err != nil {
		t.Fatalf("New(seed %d, %d players): %v", seed, players, err)
	}
	var rec recorded
	if replay != nil {
		rec = *replay
	}
	var digest strings.Builder
	type keptFrame struct {
		turn  int
		frame referee.Frame
		json  []byte
	}
	var frames []keptFrame
	keepFrame := func() {
		f := ref.Frame()
		b, err := json.Marshal(f)
		if err != nil {
			t.Fatalf("turn %d: frame does not encode to JSON: %v", ref.Turn(), err)
		}
		frames = append(frames, keptFrame{ref.Turn(), f, b})
		digest.Write(b)
		digest.WriteByte('\n')
	}
	write := func(v any) {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("turn %d: frame or result does not encode to JSON: %v", ref.Turn(), err)
		}
		digest.Write(b)
		digest.WriteByte('\n')
	}
	keepFrame()
	turns := 0
	for !ref.Over() {
		if turns >= o.MaxTurns {
			t.Fatalf("game not over after %d turns", turns)
		}
		switch r := ref.(type) {
		case referee.TurnBased:
			reqs := r.Requests()
			if len(reqs) == 0 {
				t.Fatalf("turn %d: no request but the game is not over", turns)
			}
			var answers []referee.Answer
			if replay != nil {
				answers = rec.answers[turns]
			} else {
				for _, req := range reqs {
					if req.Lines < 1 || req.Player < 0 || req.Player >= players || !strings.HasSuffix(req.Input, "\n") {
						t.Fatalf("turn %d: bad request %+v", turns, req)
					}
					answer := o.Answer
					if answer == nil {
						answer = garbageAnswer
					}
					answers = append(answers, referee.Answer{Player: req.Player, Lines: answer(rng, req), Status: referee.StatusOK})
				}
				rec.answers = append(rec.answers, answers)
			}
			write(reqs)
			r.Play(answers)
		case referee.Session:
			rules := r.Rules()
			if rules.CommandLimit < 1 || rules.TurnDuration <= 0 {
				t.Fatalf("bad session rules %+v", rules)
			}
			var perPlayer [][]string
			if replay != nil {
				perPlayer = rec.lines[turns]
			} else {
				perPlayer = make([][]string, players)
				for p := range perPlayer {
					cmds := o.Commands
					if cmds == nil {
						cmds = garbageCommands
					}
					perPlayer[p] = cmds(rng, p, ref.Turn())
				}
				rec.lines = append(rec.lines, perPlayer)
			}
			for p, lines := range perPlayer {
				team := referee.SessionTeam(r, p)
				for _, line := range lines {
					kind, resp := team.Handle(line, false, func(tokens []string) []string { return r.Command(p, tokens) })
					if kind != protocol.LineIgnored && (len(resp) == 0 || !(resp[0] == "OK" || strings.HasPrefix(resp[0], "FAILED "))) {
						t.Fatalf("turn %d, player %d, line %q: response %q starts with neither OK nor FAILED", ref.Turn(), p, line, resp)
					}
					if len(resp) > 0 && strings.HasPrefix(resp[0], "FAILED ") && len(resp) != 1 {
						t.Fatalf("turn %d, player %d, line %q: FAILED followed by data %q", ref.Turn(), p, line, resp)
					}
					write(resp)
					if kind == protocol.LineWaits {
						break
					}
				}
			}
			r.EndTurn()
		default:
			t.Fatalf("referee %T implements neither TurnBased nor Session", ref)
		}
		turns++
		keepFrame()
	}
	for _, f := range frames {
		if b, _ := json.Marshal(f.frame); string(b) != string(f.json) {
			t.Fatalf("the frame of turn %d changed after it was taken: Frame() must return a copy, not share the referee's state", f.turn)
		}
	}
	res := ref.Result()
	if len(res) != players {
		t.Fatalf("result has %d outcomes for %d players", len(res), players)
	}
	for i, o := range res {
		if o.Rank < 1 || o.Rank > players {
			t.Errorf("player %d: rank %d", i, o.Rank)
		}
		switch o.Status {
		case referee.StatusOK, referee.StatusTimeout, referee.StatusInvalid, referee.StatusCrash, referee.StatusLimit:
		default:
			t.Errorf("player %d: status %q", i, o.Status)
		}
		if o.Status != referee.StatusOK && o.Message == "" {
			t.Errorf("player %d: status %s without a message", i, o.Status)
		}
	}
	write(res)
	return played{answers: rec, digest: digest.String()}
}

var garbageWords = []string{"MOVE", "WAIT", "BUILD", "TRAIN", "1", "-1", "0", "99999999999", "x", "", " ", "\t", "\x00", "\xff", ";", "NaN", "1.5"}

func garbageAnswer(r *rand.Rand, req referee.Request) []string {
	lines := make([]string, req.Lines)
	for i := range lines {
		lines[i] = garbageLine(r)
	}
	return lines
}

func garbageCommands(r *rand.Rand, player, turn int) []string {
	lines := make([]string, r.IntN(5))
	for i := range lines {
		lines[i] = garbageLine(r)
	}
	return lines
}

func garbageLine(r *rand.Rand) string {
	n := r.IntN(5)
	words := make([]string, n)
	for i := range words {
		words[i] = garbageWords[r.IntN(len(garbageWords))]
	}
	return strings.Join(words, " ")
}
