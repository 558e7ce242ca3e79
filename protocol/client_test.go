package protocol

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestClient(t *testing.T) {
	answers := strings.Join([]string{
		"OK", "32 0 a", // DESCRIBE_WORLD
		"FAILED 2 unknown command", // FOO
		"FAILED 6 commands limit reached, forced waiting activated", "WAITING 0.300000", "OK",
		"OK", "WAITING 0.900000", "OK", // WAIT
		"OK", // MOVE, then the game ends
	}, "\n") + "\n"
	var sent strings.Builder
	var seen strings.Builder
	c := NewClient(strings.NewReader(answers), &sent, 1024)
	c.Limit, c.Seen = 3, &seen

	if err := c.Command("DESCRIBE_WORLD"); err != nil {
		t.Fatal(err)
	}
	if data, err := c.Lines(1); err != nil || data[0] != "32 0 a" {
		t.Fatalf("data %q, %v", data, err)
	}
	err := c.Command("FOO")
	var f *Refused
	if !errors.As(err, &f) || *f != (Refused{2, "unknown command"}) || RefusedCode(err) != 2 || err.Error() != "FAILED 2 unknown command" {
		t.Fatalf("FOO: %v", err)
	}
	if c.Left() != 1 {
		t.Errorf("left %d after 2 of 3 commands", c.Left())
	}
	if err := c.Command("BAR"); !errors.Is(err, ErrForcedWait) || c.Used != 0 {
		t.Fatalf("forced wait: %v, used %d", err, c.Used)
	}
	if err := c.Wait(); err != nil || c.Used != 0 {
		t.Fatalf("WAIT: %v", err)
	}
	if err := c.Command("MOVE 1 1"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ReadLine(); err != io.EOF {
		t.Errorf("after the last answer: %v, want io.EOF", err)
	}
	if diff := cmp.Diff("DESCRIBE_WORLD\nFOO\nBAR\nWAIT\nMOVE 1 1\n", sent.String()); diff != "" {
		t.Errorf("sent (-want +got):\n%s", diff)
	}
	if !strings.Contains(seen.String(), "32 0 a") {
		t.Errorf("Seen did not receive the lines read: %q", seen.String())
	}
	if (&Client{}).Left() < 1000 {
		t.Errorf("an unknown limit must not stop a bot")
	}
}
