package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// d24LongLines are lines near the length limit of docs/deadline24-protocol.md "Lines": a
// line is measured by its text, each byte of invalid UTF-8 replaced by U+FFFD (3 bytes),
// and is too long (FAILED 3 bad format) over 65 536 bytes of text; a line within it is a
// command, here an unknown one (FAILED 2).
var d24LongLines = []struct{ name, line, answer string }{
	{"70000 bad bytes", strings.Repeat("\xff", 70000), "FAILED 3 bad format"},
	{"60000 bytes, half bad", strings.Repeat("\xffa", 30000), "FAILED 3 bad format"},
	{"65536 letters", strings.Repeat("A", 65536), "FAILED 2 unknown command"},
	{"65536 bytes of text, bad bytes in it", strings.Repeat("\xff", 21845) + "A", "FAILED 2 unknown command"},
	{"65537 bytes of text, bad bytes in it", strings.Repeat("\xff", 21845) + "AA", "FAILED 3 bad format"},
}

// The lines of d24LongLines, sent in the first turn over pipes and over TCP, get the answers
// the docs give, and the replay verifies: verification measures the recorded text (a
// too-long line recorded with "…" after it) the way the live game measured the line.
func TestDeadline24InvalidUTF8NearTheLineLimit(t *testing.T) {
	d24Client(t, "agrid") // python3 present
	// The bot sends the lines of a file, writes the answer to each in another, then waits
	// every turn.
	bot := `import sys
i, o = sys.stdin.buffer, sys.stdout.buffer
log = open(sys.argv[2], "w")
for line in open(sys.argv[1], "rb").read().split(b"\n"):
    o.write(line + b"\n")
    o.flush()
    answer = i.readline()
    if not answer:
        sys.exit(0)
    log.write(answer.decode())
    log.flush()
while True:
    o.write(b"WAIT\n")
    o.flush()
    for _ in range(3):  # OK, WAITING x, and the OK of the next turn
        if not i.readline():
            sys.exit(0)
`
	files := t.TempDir()
	botFile, linesFile := filepath.Join(files, "long_lines.py"), filepath.Join(files, "lines")
	var lines []string
	for _, l := range d24LongLines {
		lines = append(lines, l.line)
	}
	if os.WriteFile(botFile, []byte(bot), 0o644) != nil || os.WriteFile(linesFile, []byte(strings.Join(lines, "\n")), 0o644) != nil {
		t.Fatal("cannot write the bot")
	}
	checkAnswers := func(t *testing.T, got []string) {
		t.Helper()
		for i, l := range d24LongLines {
			if i >= len(got) {
				t.Errorf("%s: no answer", l.name)
			} else if got[i] != l.answer {
				t.Errorf("%s: answered %q, want %q", l.name, got[i], l.answer)
			}
		}
	}
	for _, game := range []string{"bestow", "agrid", "rockets"} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			replay := filepath.Join(dir, "r.json")
			answers := filepath.Join(dir, "answers.txt")
			args := append([]string{"--game", game, "--seed", "3", "--replay", replay}, d24Options[game]...)
			res, r := d24Play(t, dir, append(args, "python3 "+botFile+" "+linesFile+" "+answers, "builtin:greedy")...)
			d24AllOK(t, res, r)
			got, err := os.ReadFile(answers)
			if err != nil {
				t.Fatal(err)
			}
			checkAnswers(t, strings.Split(strings.TrimSuffix(string(got), "\n"), "\n"))
			d24Verify(t, replay)
		})
	}
	t.Run("serve", func(t *testing.T) {
		t.Parallel()
		srv := d24Serve(t, "--game", "agrid", "--teams", "1", "--seed", "3", "--option", "turns=3")
		c := d24Dial(t, srv.addr)
		if got := c.login("login1", "secret"); got != "OK" {
			t.Fatalf("login1: %q", got)
		}
		var got []string
		for _, l := range d24LongLines {
			c.send(l.line + "\n")
			answer, err := c.line(time.Minute)
			if err != nil {
				t.Fatalf("%s: %v", l.name, err)
			}
			got = append(got, answer)
		}
		checkAnswers(t, got)
		c.waitToTheEnd()
		srv.wait(time.Minute)
		d24Verify(t, filepath.Join(srv.dir, "agrid-3.json"))
	})
}
