package e2e

// Problems found with the Deadline24 games bestow and agrid. Each test checks what the
// documents promise and skips with "known issue: …" while arena does otherwise, so that
// it passes by itself once the problem is fixed.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func d24KnownIssue(t *testing.T, format string, args ...any) {
	t.Helper()
	t.Skipf("known issue: "+format, args...)
}

// docs/deadline24-protocol.md: the replay of `arena serve` works with `arena replay
// verify` "like on any replay"; docs/replay-format.md: invalid UTF-8 is replaced by
// U+FFFD before the referee sees it. Over pipes such a replay verifies; over TCP it
// does not.
func TestDeadline24KnownIssueServeInvalidUTF8Replay(t *testing.T) {
	const garbage = "garbage\xff\xfe"
	t.Run("pipes", func(t *testing.T) {
		d24Client(t, "agrid") // python3 present
		dir := t.TempDir()
		replay := filepath.Join(dir, "r.json")
		bot := `python3 -c 'import sys; o = sys.stdout.buffer; o.write(b"garbage\xff\xfe\n"); o.flush()
while sys.stdin.readline():
    o.write(b"WAIT\n"); o.flush(); sys.stdin.readline(); sys.stdin.readline()'`
		res, r := d24Play(t, dir, "--game", "agrid", "--seed", "5", "--option", "turns=3", "--replay", replay, bot, "builtin:random")
		d24AllOK(t, res, r)
		d24Verify(t, replay)
	})
	t.Run("serve", func(t *testing.T) {
		srv := d24Serve(t, "--game", "agrid", "--teams", "1", "--seed", "5", "--time-scale", "0.1", "--option", "turns=3")
		c := d24Dial(t, srv.addr)
		if got := c.login("login1", "secret"); got != "OK" {
			t.Fatalf("login1: %q", got)
		}
		c.send(garbage + "\n")
		c.expect("FAILED 2 unknown command")
		c.waitToTheEnd()
		srv.wait(time.Minute)
		replay := filepath.Join(srv.dir, "agrid-5.json")
		r := d24Arena(t, srv.dir, "replay", "verify", replay)
		if r.code != 0 && strings.Contains(r.stderr, "digest") {
			d24KnownIssue(t, "a TCP client of `arena serve --game agrid` (or bestow) that sends a line with invalid UTF-8 (%q) makes the replay fail `arena replay verify`: %s; the same line over pipes verifies",
				garbage, strings.TrimSpace(r.stderr))
		}
		if r.code != 0 {
			t.Errorf("want exit 0:\n%s", r)
		}
	})
}

// README `arena serve`: "the same client can play locally in lockstep through `arena run
// ... --option handshake=1`". Tried against the built-in bots of bestow and agrid, the
// built-in bot does not take part in the LOGIN/PASS exchange and crashes (the same
// problem as TestKnownIssueHandshakeWithBuiltinBots for rockets).
func TestDeadline24KnownIssueHandshakeWithBuiltinBots(t *testing.T) {
	for _, tc := range []struct {
		game, builtin string
		opts          []string
	}{
		{"bestow", "builtin:greedy", []string{"--option", "Ee=100"}},
		{"agrid", "builtin:greedy", []string{"--option", "turns=20"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"--game", tc.game, "--seed", "3", "--option", "handshake=1"}, tc.opts...)
			res, r := d24Play(t, dir, append(args, d24Client(t, tc.game, "--login", "team"), tc.builtin)...)
			if p := res.Players[0]; p.Status != "ok" {
				t.Fatalf("the client doing the handshake: status %q (%s)\n%s", p.Status, p.Message, r)
			}
			if p := res.Players[1]; p.Status == "crash" {
				d24KnownIssue(t, "`arena run \"<client>\" %s --game %s --option handshake=1`: %s ends with status crash (%q); built-in bots do not answer LOGIN/PASS", tc.builtin, tc.game, tc.builtin, p.Message)
			}
			if p := res.Players[1]; p.Status != "ok" {
				t.Errorf("%s: status %q (%s)", tc.builtin, p.Status, p.Message)
			}
		})
	}
}

// docs/deadline24-protocol.md "Lines": "Lines longer than 65 536 bytes are answered
// `FAILED 3 bad format`" — one line, one answer, or a client that reads one answer per
// command is out of step for the rest of the game. Over TCP it is so; over pipes the line
// gets one FAILED 3 per 64 KiB read.
func TestDeadline24KnownIssueLongLineOverPipes(t *testing.T) {
	const size = 200000
	want := "FAILED 3 bad format,OK"
	t.Run("serve", func(t *testing.T) {
		srv := d24Serve(t, "--game", "agrid", "--teams", "1", "--seed", "5", "--start-now")
		c := d24Dial(t, srv.addr)
		if got := c.login("login1", "secret"); got != "OK" {
			t.Fatalf("login1: %q", got)
		}
		c.send(strings.Repeat("A", size) + "\nTIME_TO_END\n")
		var got []string
		for len(got) == 0 || got[len(got)-1] != "OK" {
			line, err := c.line(20 * time.Second)
			if err != nil {
				t.Fatalf("after %q: %v", got, err)
			}
			got = append(got, line)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("a %d-byte line and TIME_TO_END answered %q; want FAILED 3 bad format, then OK", size, got)
		}
	})
	t.Run("pipes", func(t *testing.T) {
		d24Client(t, "agrid") // python3 present
		dir := t.TempDir()
		out := filepath.Join(dir, "answers.txt")
		bot := fmt.Sprintf(`python3 -c 'import sys
out = open(sys.argv[1], "w")
print("A" * %d, flush=True)
print("TIME_TO_END", flush=True)
while True:
    line = sys.stdin.readline()
    out.write(line); out.flush()
    if line in ("OK\n", ""):
        break
sys.stdin.readline()
while True:
    print("WAIT", flush=True)
    if not sys.stdin.readline(): break
    sys.stdin.readline(); sys.stdin.readline()' %s`, size, out)
		res, r := d24Play(t, dir, "--game", "agrid", "--seed", "5", "--option", "turns=2", bot, "builtin:random")
		d24AllOK(t, res, r)
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		if strings.Count(string(data), "FAILED 3 bad format") > 1 {
			d24KnownIssue(t, "over pipes (`arena run --game agrid`, bestow alike) a %d-byte line followed by TIME_TO_END is answered %q: one FAILED 3 per 64 KiB read instead of one for the line (over TCP: one)", size, got)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("a %d-byte line and TIME_TO_END answered %q; want FAILED 3 bad format, then OK", size, got)
		}
	})
}
