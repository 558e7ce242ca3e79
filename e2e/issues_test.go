package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Problems found while using arena as a new user. Each test checks what the documents
// promise and skips with "known issue: …" while arena does otherwise, so that it passes
// by itself once the problem is fixed.

func knownIssue(t *testing.T, format string, args ...any) {
	t.Helper()
	t.Skipf("known issue: "+format, args...)
}

// README "Exit status": "2 for bad flags or arguments, 1 for anything else that stopped
// the game from being played (a bot that cannot be started, an unreadable map)". A game
// option that does not exist or has a bad value is a bad argument.
func TestKnownIssueBadGameOptionExitStatus(t *testing.T) {
	cases := []struct{ game, option string }{
		{"queens", "foo=1"},         // unknown key
		{"queens", "profile=bogus"}, // bad value
		{"rockets", "L=0"},          // out of the seed's range 1..100
	}
	for _, c := range cases {
		t.Run(c.game+" "+c.option, func(t *testing.T) {
			r := arena(t, "run", "builtin:greedy", "builtin:random", "--game", c.game, "--option", c.option)
			if r.stderr == "" {
				t.Errorf("no error message:\n%s", r)
			}
			if r.code == 1 {
				knownIssue(t, "`arena run builtin:greedy builtin:random --game %s --option %s` exits 1 (%s); README says 2 for bad arguments",
					c.game, c.option, strings.TrimSpace(r.stderr))
			}
			if r.code != 2 {
				t.Errorf("exit status %d, want 2 (README: bad flags or arguments)\n%s", r.code, r)
			}
		})
	}
}

// README `arena serve`: "the same client can play locally in lockstep through `arena run
// ... --option handshake=1`". A contest client tried locally plays against the built-in
// bots, which then must take part in the handshake (or be spared it).
func TestKnownIssueHandshakeWithBuiltinBots(t *testing.T) {
	bot := statementBot(t, "rockets", "--handshake")
	res, r := play(t, []string{bot, "builtin:greedy"}, "--game", "rockets", "--seed", "6",
		"--option", "handshake=1", "--option", "turns=50", "--time-scale", roomy)
	if p := res.Players[0]; p.Status != "ok" {
		t.Fatalf("the client doing the handshake: status %q (%s)\n%s", p.Status, p.Message, r.stdout)
	}
	if p := res.Players[1]; p.Status == "crash" {
		knownIssue(t, "with --option handshake=1, builtin:greedy crashes (%q; its stderr says arena: unexpected answer \"LOGIN\" to \"DESCRIBE_WORLD\"): built-in bots do not answer LOGIN/PASS, so a contest client cannot be tried against them", p.Message)
	}
	if p := res.Players[1]; p.Status != "ok" {
		t.Errorf("builtin:greedy: status %q (%s)", p.Status, p.Message)
	}
}

// Seed 004 §7.9 gives the map format line by line ("In the next line, there are
// BaseCount values", "In the third line, there are CityCount values"); the issue asks
// for an error naming the line. A line one value short must be named, not a later line
// with an unrelated reason.
func TestKnownIssueMapErrorNamesShortLine(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(ringMap, "\n"), "\n")
	cases := []struct {
		what string
		line int
		text string
	}{
		{"visiting bonuses one short", 3, "1 2 3 1 2"},
		{"bases one short", 2, "1"},
	}
	for _, c := range cases {
		t.Run(c.what, func(t *testing.T) {
			l := append([]string(nil), lines...)
			l[c.line-1] = c.text
			path := writeFile(t, "short.map", strings.Join(l, "\n")+"\n")
			r := arena(t, "run", "builtin:greedy", "builtin:random", "--game", "rockets", "--seed", "1", "--option", "turns=5", "--option", "map="+path)
			want := fmt.Sprintf("line %d:", c.line)
			if r.code != 0 && !strings.Contains(r.stderr, want) {
				knownIssue(t, "line %d of the map is one value short (%q) but the error is %q", c.line, c.text, strings.TrimSpace(r.stderr))
			}
			if r.code != 1 || !strings.Contains(r.stderr, want) {
				t.Errorf("exit %d, want 1 with an error naming %q\n%s", r.code, want, r)
			}
		})
	}
}

// `arena run --help` is what a new user reads first; its flag list must read as flags
// with values, not as "--game arena games".
func TestKnownIssueRunHelpPlaceholders(t *testing.T) {
	r := arena(t, "run", "--help")
	if r.code != 0 {
		t.Fatalf("arena run --help failed:\n%s", r)
	}
	for _, bad := range []string{"--game arena games", "--option arena games"} {
		if strings.Contains(r.stdout, bad) {
			knownIssue(t, "`arena run --help` shows %q: the back-quoted `arena games` in the usage text became the value placeholder", bad)
		}
	}
}

// A message that names a turn must name it the way `arena replay show --turn` counts,
// so that a user can look at that turn.
func TestKnownIssueTurnNumbersInMessages(t *testing.T) {
	replay := filepath.Join(t.TempDir(), "towers.json")
	bots := []string{statementBot(t, "towers", "--burn-turn", "5", "--burn-ms", "300"), "builtin:greedy"}
	res, _ := play(t, bots, "--game", "towers", "--seed", "4", "--replay", replay, "--option", "turns=20",
		"--option", "timeout_ms=30000", "--option", "first_timeout_ms=60000")
	msg := res.Players[0].Message
	m := regexp.MustCompile(`on turn (\d+)`).FindStringSubmatch(msg)
	if res.Players[0].Status != "limit" || m == nil {
		t.Fatalf("status %q, message %q: want a hard-limit loss naming its turn", res.Players[0].Status, msg)
	}
	show := arena(t, "replay", "show", replay, "--turn", m[1], "--player", "0")
	if show.code != 0 || !strings.Contains(show.stdout, "compute hard") {
		knownIssue(t, "the result says %q but `arena replay show --turn %s --player 0` %s; the turn is %d there",
			msg, m[1], firstLine(show.stdout+show.stderr, "== turn", "arena:"), 5)
	}
}

func firstLine(text string, prefixes ...string) string {
	for _, line := range strings.Split(text, "\n") {
		for _, p := range prefixes {
			if strings.HasPrefix(line, p) {
				return fmt.Sprintf("prints %q", line)
			}
		}
	}
	return "prints nothing about it"
}

// README: "On a fresh machine with Go 1.24 or newer"; go.mod decides which Go builds
// the module.
func TestKnownIssueReadmeGoVersion(t *testing.T) {
	readme, err1 := os.ReadFile(filepath.Join("..", "README.md"))
	gomod, err2 := os.ReadFile(filepath.Join("..", "go.mod"))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	claimed := regexp.MustCompile(`Go (1\.\d+) or newer`).FindSubmatch(readme)
	needed := regexp.MustCompile(`(?m)^go (1\.\d+)`).FindSubmatch(gomod)
	if claimed == nil || needed == nil {
		t.Skip("README or go.mod no longer state a Go version")
	}
	if minor(string(claimed[1])) < minor(string(needed[1])) {
		knownIssue(t, "README says Go %s or newer, go.mod requires go %s (older toolchains refuse or download another)", claimed[1], needed[1])
	}
}

func minor(v string) int {
	var major, m int
	fmt.Sscanf(v, "%d.%d", &major, &m)
	return m
}

// README: "--no-timeout: disable time limits (for debugging with prints or a debugger)",
// "--time-scale F: multiply every time limit by F". --time-scale scales the towers
// compute limits (milliseconds of CPU), so they are time limits, and a bot being
// debugged with --no-timeout must not forfeit on them.
func TestKnownIssueNoTimeoutKeepsComputeLimit(t *testing.T) {
	bots := []string{statementBot(t, "towers", "--burn-turn", "5", "--burn-ms", "300"), "builtin:greedy"}
	res, r := play(t, bots, "--game", "towers", "--seed", "4", "--option", "turns=10", "--no-timeout")
	p := res.Players[0]
	if p.Status == "limit" && strings.Contains(p.Message, "compute") {
		knownIssue(t, "`arena run BOT builtin:greedy --game towers --no-timeout`: a turn using 300 ms of CPU still forfeits: %s", p.Message)
	}
	if p.Status != "ok" {
		t.Errorf("status %q (%s), want ok with --no-timeout\n%s", p.Status, p.Message, r.stdout)
	}
}
