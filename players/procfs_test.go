package players

import (
	"bytes"
	"os"
	"testing"
)

func TestReadProcGrowsItsBuffer(t *testing.T) {
	want, err := os.ReadFile("/proc/self/cmdline")
	if err != nil {
		t.Fatal(err)
	}
	got, buf := readProc("/proc/self/cmdline", make([]byte, 4))
	if !bytes.Equal(got, want) {
		t.Errorf("readProc = %q, want %q", got, want)
	}
	if len(want) > 4 && len(buf) <= 4 {
		t.Errorf("the buffer was not grown: %d bytes for a %d-byte file", len(buf), len(want))
	}
	if got, _ := readProc("/proc/no-such-process/stat", buf); got != nil {
		t.Errorf("readProc of a missing file = %q, want nil", got)
	}
}

func TestStatFields(t *testing.T) {
	// The command name may hold spaces, parentheses and digits.
	stat := []byte("4242 (x) (y 7 z) S 1 4240 4240 0 -1 4194560 97 0\n")
	for k, want := range []string{"S", "1", "4240", "4240", "0", "-1", "4194560", "97", "0"} {
		if got := string(statField(stat, k)); got != want {
			t.Errorf("statField(%d) = %q, want %q", k, got, want)
		}
	}
	if got := statField(stat, 9); got != nil {
		t.Errorf("statField past the last field = %q, want nil", got)
	}
	if got := statField([]byte("no parenthesis"), 0); got != nil {
		t.Errorf("statField of a line without a command = %q, want nil", got)
	}
	if got := string(field([]byte("  12  34\n"), 1)); got != "34" {
		t.Errorf("field 1 of %q = %q, want 34", "  12  34\n", got)
	}
	for in, want := range map[string]int64{"0": 0, "4240": 4240, "123456789012": 123456789012} {
		if got, ok := atoi([]byte(in)); !ok || got != want {
			t.Errorf("atoi(%q) = %d, %v, want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "-1", "12a", "1234567890123456789"} {
		if got, ok := atoi([]byte(in)); ok {
			t.Errorf("atoi(%q) = %d, want not ok", in, got)
		}
	}
}

func TestResidentPagesAndTreeOfSelf(t *testing.T) {
	if pages := residentPages(os.Getpid()); pages <= 0 {
		t.Errorf("residentPages(self) = %d, want some", pages)
	}
	if residentPages(1<<30) != 0 {
		t.Error("residentPages of a pid that does not exist is not 0")
	}
	tree := processTree(os.Getpid())
	if len(tree) == 0 || tree[0] != os.Getpid() {
		t.Errorf("processTree(self) = %v, want it to start with %d", tree, os.Getpid())
	}
}

func TestMemoryMessageSaysTheLimitWasPassed(t *testing.T) {
	for _, tc := range []struct {
		rss  int64
		want string
	}{
		{100<<20 + 1, "used too much memory: 101 MiB, limit 100 MiB"},
		{101 << 20, "used too much memory: 101 MiB, limit 100 MiB"},
		{101<<20 + 4096, "used too much memory: 102 MiB, limit 100 MiB"},
	} {
		if got := memoryMessage(tc.rss, 100<<20); got != tc.want {
			t.Errorf("memoryMessage(%d) = %q, want %q", tc.rss, got, tc.want)
		}
	}
}
