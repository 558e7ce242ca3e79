package players

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sys/unix"

	"github.com/arena-games/arena/internal/proctest"
	"github.com/arena-games/arena/protocol"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"./bot", []string{"./bot"}},
		{"  python3   bot.py  ", []string{"python3", "bot.py"}},
		{`java -jar "my bot.jar"`, []string{"java", "-jar", "my bot.jar"}},
		{`sh -c 'echo $HOME; exit 1'`, []string{"sh", "-c", "echo $HOME; exit 1"}},
		{`a\ b "x\"y" ''`, []string{"a b", `x"y`, ""}},
	}
	for _, tc := range tests {
		got, err := SplitCommand(tc.in)
		if err != nil || !cmp.Equal(got, tc.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "   ", `"open`, `'open`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q) accepted", bad)
		}
	}
}

func start(t *testing.T, script string, tune func(*Spec)) *Process {
	t.Helper()
	spec := Spec{Name: "bot", Argv: []string{"sh", "-c", script}}
	if tune != nil {
		tune(&spec)
	}
	p, err := Start(spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Stop(50 * time.Millisecond) })
	return p
}

func kindOf(err error) Kind {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Kind
	}
	return 0
}

func TestReadLinesFailures(t *testing.T) {
	soon := func() time.Time { return time.Now().Add(2 * time.Second) }
	tests := []struct {
		name   string
		script string
		tune   func(*Spec)
		kind   Kind
		msg    string
	}{
		{"answers", "read x; echo one; echo two", nil, 0, ""},
		{"last line without newline", "read x; echo one; printf two", nil, 0, ""},
		// A line cut by a failure is what the bot was printing when it failed, not an answer.
		{"last line without newline, then a failure", "read x; echo one; printf two; exit 3", nil, KindCrash, `exited with code 3 after printing "two" without a newline`},
		{"last line without newline, then killed", "read x; echo one; printf two; kill -SEGV $$", nil, KindCrash, `killed by signal 11 (segmentation fault) after printing "two" without a newline`},
		// An answer cut short by the end of the bot's output says how far it got: the line it
		// was printing, or how many of its lines came.
		{"first line without newline, then a failure", "read x; printf one; exit 3", nil, KindCrash, `exited with code 3 after printing "one" without a newline`},
		{"first line without newline, then exit 0", "read x; printf one", nil, KindCrash, `exited with code 0 after printing "one" without a newline`},
		{"one line of two, then a failure", "read x; echo one; exit 3", nil, KindCrash, "exited with code 3 after 1 of the 2 lines of its answer"},
		{"exits", "read x; exit 3", nil, KindCrash, "exited with code 3"},
		{"killed", "read x; kill -SEGV $$", nil, KindCrash, "killed by signal 11 (segmentation fault)"},
		{"closes stdout, keeps running", "read x; exec 1>&-; sleep 5", nil, KindCrash, "closed its output but kept running"},
		{"line too long", "read x; head -c 5000 /dev/zero | tr '\\0' x; echo", func(s *Spec) { s.MaxLine = 100 }, KindLimit, `printed a line longer than 100 bytes: "` + strings.Repeat("x", 60) + `"…`},
		{"huge line without newline", "read x; head -c 50000000 /dev/zero; sleep 5", func(s *Spec) { s.MaxLine = 1 << 20 }, KindLimit, `printed a line longer than 1 MiB: "` + strings.Repeat(`\x00`, 60) + `"…`},
		{"flood", "read x; yes | head -c 1000000; sleep 5", func(s *Spec) { s.MaxTurnOutput = 1 << 16 }, KindLimit, `flooded its output: more than 64 KiB not read as answers, starting "y"`},
		{"silent", "read x; sleep 5", nil, KindTimeout, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := start(t, tc.script, tc.tune)
			if _, err := p.Write("go\n", soon()); err != nil {
				t.Fatal(err)
			}
			deadline := soon()
			if tc.name == "flood" {
				// Surplus lines are the next turn's answer, until they pass the limit.
				for end := time.Now().Add(5 * time.Second); time.Now().Before(end); {
					if _, _, err := p.ReadLines(2, soon()); err != nil {
						break
					}
				}
			}
			if tc.kind == KindTimeout {
				deadline = time.Now().Add(100 * time.Millisecond)
			}
			lines, _, err := p.ReadLines(2, deadline)
			if kindOf(err) != tc.kind || (err != nil && err.Error() != tc.msg) {
				t.Fatalf("got %v (kind %d), want kind %d %q", err, kindOf(err), tc.kind, tc.msg)
			}
			if tc.kind == 0 && (len(lines) != 2 || lines[0] != "one" || lines[1] != "two") {
				t.Fatalf("lines %+v", lines)
			}
		})
	}
}

// A bot that times out in the middle of a line: what it printed of it is told, so that
// the message can quote it.
func TestTimeoutTellsThePartialLine(t *testing.T) {
	// The bot says when its output is in the pipe: the read must time out on what it
	// printed, not on a bot that a busy machine had not run yet.
	printed := filepath.Join(t.TempDir(), "printed")
	p := start(t, "read x; echo one; printf tw; echo $$ > "+printed+"; sleep 5", nil)
	if _, err := p.Write("go\n", time.Now().Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	proctest.WaitPidFile(t, printed)
	lines, _, err := p.ReadLines(2, time.Now().Add(300*time.Millisecond))
	var pe *Error
	if len(lines) != 1 || !errors.As(err, &pe) || pe.Kind != KindTimeout || pe.Partial != "tw" {
		t.Fatalf("got %v, %#v; want the line \"one\" and a timeout with the partial \"tw\"", lines, err)
	}
}

func TestWriteToBotThatNeverReads(t *testing.T) {
	p := start(t, "sleep 10", nil)
	big := strings.Repeat("x", 1<<20)
	_, err := p.Write(big, time.Now().Add(200*time.Millisecond))
	if kindOf(err) != KindTimeout || err.Error() != "did not read its input" {
		t.Fatalf("got %v", err)
	}
}

func TestWriteLargerThanThePipe(t *testing.T) {
	// 1 MiB is many times the pipe's capacity: the write waits for the bot to read, and
	// every byte arrives in order.
	p := start(t, "wc -c | tr -d ' '", nil)
	big := strings.Repeat("0123456789abcdef", 1<<16)
	if _, err := p.Write(big, time.Now().Add(5*time.Second)); err != nil {
		t.Fatal(err)
	}
	p.CloseInput()
	lines, _, err := p.ReadLines(1, time.Now().Add(5*time.Second))
	if err != nil || lines[0] != "1048576" {
		t.Fatalf("%v %v", lines, err)
	}
}

func TestStopWhileAWriteWaits(t *testing.T) {
	// A write blocked on a bot that never reads gives up when the bot is stopped, long
	// before its own deadline.
	p := start(t, "sleep 10", nil)
	done := make(chan error, 1)
	go func() {
		_, err := p.Write(strings.Repeat("x", 1<<20), time.Now().Add(time.Minute))
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	stopped := time.Now()
	go p.Stop(50 * time.Millisecond)
	select {
	case err := <-done:
		if kindOf(err) != KindCrash {
			t.Fatalf("got %v, want a crash", err)
		}
		if waited := time.Since(stopped); waited > 5*time.Second {
			t.Fatalf("the write gave up %s after the stop", waited)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the write is still waiting")
	}
	if _, err := p.Write("late\n", time.Now().Add(time.Second)); kindOf(err) != KindCrash || err.Error() != "its input is closed" {
		t.Fatalf("a write after the stop: %v", err)
	}
}

func TestStderrBoundedAndDrained(t *testing.T) {
	// 10 MB of stderr must neither block the bot nor be kept whole.
	p := start(t, "head -c 10000000 /dev/zero | tr '\\0' e >&2; read x; echo done", func(s *Spec) { s.MaxStderrTurn = 1000 })
	p.Write("go\n", time.Now().Add(5*time.Second))
	lines, _, err := p.ReadLines(1, time.Now().Add(10*time.Second))
	if err != nil || lines[0] != "done" {
		t.Fatalf("%v %v", lines, err)
	}
	time.Sleep(50 * time.Millisecond)
	got := p.TakeStderr()
	if !strings.HasPrefix(got, strings.Repeat("e", 1000)+"\n[arena: ") || len(got) > 1100 {
		t.Fatalf("stderr kept: %d bytes: %.80q…", len(got), got)
	}
}

// Invalid UTF-8 in what a bot prints, on stdout as on stderr, is replaced byte by byte
// (protocol.ValidText): a run of 4 bad bytes is 4 U+FFFD, not one.
func TestInvalidUTF8ReplacedByteByByte(t *testing.T) {
	p := start(t, `read x; printf 'x\377\376\342\202y\n' >&2; printf 'x\377\376\342\202y\n'; sleep 2`, nil)
	p.Write("go\n", time.Now().Add(5*time.Second))
	lines, _, err := p.ReadLines(1, time.Now().Add(5*time.Second))
	want := "x" + strings.Repeat("\uFFFD", 4) + "y"
	if err != nil || lines[0] != want {
		t.Fatalf("read %+v, %v; want %q", lines, err, want)
	}
	if got := p.TakeStderr(); got != want+"\n" {
		t.Errorf("stderr %q, want %q", got, want+"\n")
	}
}

// A crash's last words are cut between characters, at the readable length and where the
// kept tail of stderr starts: a line of "€" (3 bytes each) is not quoted with a broken
// one.
func TestLastStderrLineCutBetweenCharacters(t *testing.T) {
	for _, n := range []int{150, 1500} { // 1500: longer than the tail kept
		p := start(t, fmt.Sprintf(`i=0; while [ $i -lt %d ]; do printf '€'; i=$((i+1)); done >&2; printf 'x\n' >&2; exit 1`, n), nil)
		p.Write("go\n", time.Now().Add(5*time.Second))
		p.ReadLines(1, time.Now().Add(5*time.Second)) // the bot exits
		// 66 € are 198 bytes: a 67th would pass 200.
		want := strings.Repeat("€", 66) + "…"
		if got := p.LastStderrLine(); got != want {
			t.Errorf("%d €: last line %q, want %q", n, got, want)
		}
	}
}

// A zombie orphan left in a bot's group (its parent gone, and the process that inherited it
// not reaping it, as a container's PID 1 that is no init may never do) keeps the group
// alive to signals; it must not count as a process left to kill, or every Stop would keep
// killing until it gives up.
func TestStopIgnoresAZombieInTheGroup(t *testing.T) {
	// This test process inherits the bot's orphans and reaps none until the end.
	const prSetChildSubreaper = 36
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		t.Skipf("cannot become a subreaper: %v", e)
	}
	defer syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 0, 0)
	pidFile := filepath.Join(t.TempDir(), "orphan")
	// The orphan outlives the subshell that started it: one that ended first would be
	// reaped by that shell, and no zombie would be left.
	p := start(t, "(sleep 0.3 & echo $! > "+pidFile+"); read x", nil)
	orphan := proctest.WaitPidFile(t, pidFile)
	defer syscall.Wait4(orphan, nil, 0, nil)
	for deadline := time.Now().Add(20 * time.Second); proctest.Alive(orphan); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the orphan %d never exited", orphan)
		}
	}
	p.Stop(50 * time.Millisecond)
	if err := syscall.Kill(-p.Pid(), 0); err != nil {
		t.Fatalf("the group is gone (%v): the zombie this test is about was reaped", err)
	}
	if n := p.signalTree(0); n != 0 {
		t.Errorf("signalTree counts %d processes in a group of one zombie, want 0", n)
	}
}

func TestStopKillsTheWholeTree(t *testing.T) {
	// Ignores SIGTERM, starts a daemon that leaves the process group and a child without
	// the marker (its environment cleared) that stays in it.
	unmarkedFile := filepath.Join(t.TempDir(), "unmarked")
	p := start(t, "trap '' TERM; setsid sleep 60 & sleep 60 & env -i sleep 60 & echo $! > "+unmarkedFile+"; while :; do sleep 1; done", nil)
	unmarked := proctest.WaitPidFile(t, unmarkedFile)
	// Wait until the shell has started its children, the daemon out of the group among them
	// (on a busy machine that may take a while), so that Stop has the whole tree to kill.
	var marked []int
	outside := false
	for wait := time.Now().Add(20 * time.Second); time.Now().Before(wait); time.Sleep(10 * time.Millisecond) {
		marked, outside = FindMarked(p.Marker()), false
		for _, pid := range marked {
			if g := groupOf(pid); g != 0 && g != p.Pid() {
				outside = true
			}
		}
		if len(marked) >= 3 && outside {
			break
		}
	}
	if len(marked) < 3 || !outside {
		t.Fatalf("found %d marked processes before stopping (one out of the group: %v), want at least 3 with one out of the group", len(marked), outside)
	}
	start := time.Now()
	p.Stop(100 * time.Millisecond)
	if left := FindMarked(p.Marker()); len(left) > 0 {
		t.Fatalf("still alive after Stop: %v", left)
	}
	if err := syscall.Kill(p.Pid(), 0); err == nil {
		t.Fatalf("main process %d still exists", p.Pid())
	}
	// Killed by the group's SIGKILL; it may take the kernel a moment to finish it.
	for deadline := time.Now().Add(20 * time.Second); proctest.Alive(unmarked); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the unmarked child %d in the bot's group outlived Stop", unmarked)
		}
	}
	t.Logf("stopped in %v", time.Since(start))
}

func TestStartErrors(t *testing.T) {
	_, err := Start(Spec{Name: "player 1", Argv: []string{"./definitely-missing"}})
	if err == nil || !strings.Contains(err.Error(), `player 1: cannot start "./definitely-missing": no such file or directory`) {
		t.Errorf("missing: %v", err)
	}
	f, _ := os.CreateTemp(t.TempDir(), "notexec")
	f.Close()
	_, err = Start(Spec{Name: "player 0", Argv: []string{f.Name()}})
	if err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("not executable: %v", err)
	}
}

// A file that is there but cannot run is not said to be missing: the error says what is.
func TestStartSaysWhyAFileThatIsThereDoesNotRun(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ content, want string }{
		{"#!/nonexistent/interp\necho hi\n", `no such file or directory: the program its #! line names, /nonexistent/interp, is not there`},
		{"#!/bin/sh\r\necho hi\r\n", `its #! line ends with a carriage return (Windows line endings), so the system looks for "/bin/sh\r"`},
		{"#!\necho hi\n", "exec format error: its #! line names no program"},
		{"echo hi\n", "exec format error: not a program this machine runs, and no #! line to say what runs it"},
		{"\x7fELF\x02\x01\x01", "exec format error"}, // a truncated program: the system's word is enough
	} {
		path := filepath.Join(dir, "bot")
		os.Remove(path)
		if err := os.WriteFile(path, []byte(c.content), 0o755); err != nil {
			t.Fatal(err)
		}
		p, err := Start(Spec{Name: "player 1", Argv: []string{path}})
		if err == nil {
			p.Stop(time.Second)
			t.Errorf("%q started", c.content)
			continue
		}
		if want := `player 1: cannot start "` + path + `": `; !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s…%s", c.content, err, want, c.want)
		}
	}
}

// A line over the limit is reported once, however it arrives: in one piece, in chunks
// without a newline, then with its newline.
func TestTooLongLineReportedOnce(t *testing.T) {
	p := start(t, "read x; head -c 200000 /dev/zero | tr '\\0' x; sleep 0.2; echo; echo NEXT", func(s *Spec) { s.MaxLine = 65536 })
	p.Write("go\n", time.Now().Add(time.Second))
	var got []string
	for len(got) < 2 {
		l, err := p.ReadLine(time.Now().Add(3 * time.Second))
		if err != nil {
			t.Fatalf("after %q: %v", got, err)
		}
		if l.TooLong {
			got = append(got, "too long")
		} else {
			got = append(got, l.Text)
		}
	}
	if diff := cmp.Diff([]string{"too long", "NEXT"}, got); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// A line that never ends, read the session way (a too-long line is handed over and the
// rest of it dropped): what is dropped counts toward the output limit, so that the bot is
// stopped for flooding instead of being read from for ever.
func TestEndlessLineFloodsInSessionReads(t *testing.T) {
	p := start(t, "read x; head -c 50000000 /dev/zero | tr '\\0' z; sleep 5", func(s *Spec) { s.MaxLine = 65536; s.MaxTurnOutput = 1 << 20 })
	p.Write("go\n", time.Now().Add(time.Second))
	l, err := p.ReadLine(time.Now().Add(3 * time.Second))
	if err != nil || !l.TooLong {
		t.Fatalf("first read: %+v, %v; want the too-long line", l, err)
	}
	_, err = p.ReadLine(time.Now().Add(3 * time.Second))
	want := `flooded its output: more than 1 MiB not read as answers, in a line longer than 64 KiB starting "` + strings.Repeat("z", 60) + `"…`
	if kindOf(err) != KindLimit || err.Error() != want {
		t.Fatalf("second read: %v (kind %d), want kind %d %q", err, kindOf(err), KindLimit, want)
	}
}

// groupOf reads the process group from /proc/PID/stat, whatever the command's name holds.
func TestGroupOf(t *testing.T) {
	if got, want := groupOf(os.Getpid()), syscall.Getpgrp(); got != want {
		t.Errorf("groupOf(self) = %d, want %d", got, want)
	}
	// A name with spaces and parentheses, which sit before the group in the stat line.
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command")
	}
	named := filepath.Join(t.TempDir(), "x) (y z")
	if err := os.Symlink(sleep, named); err != nil {
		t.Fatal(err)
	}
	p := start(t, `exec "`+named+`" 5`, nil)
	if comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", p.Pid())); !strings.Contains(string(comm), ")") {
		time.Sleep(50 * time.Millisecond) // the exec may not have happened yet
	}
	if got := groupOf(p.Pid()); got != p.Pid() {
		t.Errorf("groupOf of a bot named %q = %d, want its own group %d", "x) (y z", got, p.Pid())
	}
	if got := groupOf(1 << 30); got != 0 {
		t.Errorf("groupOf(a pid that does not exist) = %d, want 0", got)
	}
}

// Protocol spec §2: lines over 65 536 bytes are too long and "CRLF line ends are
// harmless": the "\r" of a "\r\n" is not part of the line, so a line is judged the same over
// pipes (arena run) as over TCP (Conn, arena serve), at every boundary. A line is measured
// by its text, invalid UTF-8 replaced (each bad byte is a 3-byte U+FFFD), since that is
// what the replay records and verification measures: a line too long live is recorded over
// the limit (its text and "…"), and one that is not is recorded within it.
func TestLineLimitSameOnPipesAndTCP(t *testing.T) {
	const limit = protocol.MaxSessionLine
	for _, tc := range []struct {
		bad, n  int    // bytes of 0xff, then of 'A'
		end     string // line end; "" for a last line the bot ends by closing its output
		tooLong bool
	}{
		{0, limit, "\n", false},
		{0, limit + 1, "\n", true},
		{0, limit - 1, "\r\n", false},
		{0, limit, "\r\n", false},
		{0, limit + 1, "\r\n", true},
		{0, limit, "", false},
		{0, limit + 1, "", true},
		{0, limit + 2, "", true},
		// 10 bad bytes are 30 bytes of text.
		{10, limit - 30, "\n", false},
		{10, limit - 29, "\n", true},
		{10, limit - 30, "\r\n", false},
		{10, limit - 29, "", true},
		{limit / 3, limit - limit/3*3, "\n", false},
		{limit / 3, limit - limit/3*3 + 1, "\n", true},
		{limit, 0, "\n", true},
		{70000, 0, "\n", true},
		{limit - 1, 5, "\n", true}, // cut by the reader in the middle of the bad bytes
	} {
		t.Run(fmt.Sprintf("%dbad+%d+%q", tc.bad, tc.n, tc.end), func(t *testing.T) {
			raw := strings.Repeat("\xff", tc.bad) + strings.Repeat("A", tc.n)
			client, c := connPair(t)
			go func() {
				client.Write([]byte(raw + tc.end))
				if tc.end == "" {
					client.(*net.TCPConn).CloseWrite()
				}
			}()
			tcpText, tcpTooLong, err := c.ReadLine(time.Now().Add(10 * time.Second))
			if err != nil {
				t.Fatalf("over TCP: %v", err)
			}
			end := strings.NewReplacer("\r", `\r`, "\n", `\n`).Replace(tc.end)
			closeOut := ""
			if tc.end == "" {
				closeOut = "exec >&-; "
			}
			p := start(t, fmt.Sprintf(`read x; head -c %d /dev/zero | tr '\0' '\377'; head -c %d /dev/zero | tr '\0' A; printf '%s'; %ssleep 2`, tc.bad, tc.n, end, closeOut), func(s *Spec) { s.MaxLine = limit })
			if _, err := p.Write("go\n", time.Now().Add(time.Second)); err != nil {
				t.Fatal(err)
			}
			l, err := p.ReadLine(time.Now().Add(5 * time.Second))
			if err != nil {
				t.Fatal(err)
			}
			if l.TooLong != tc.tooLong || tcpTooLong != tc.tooLong {
				t.Errorf("too long over pipes: %v, over TCP: %v; want %v", l.TooLong, tcpTooLong, tc.tooLong)
			}
			if l.Text != tcpText {
				t.Errorf("the line read over pipes (%d bytes) differs from the line read over TCP (%d bytes)", len(l.Text), len(tcpText))
			}
			switch text := protocol.ValidText(raw); {
			case !tc.tooLong && l.Text != text:
				t.Errorf("the line read is %d bytes, want its whole text, %d bytes", len(l.Text), len(text))
			case tc.tooLong && (len(l.Text)+len("…") <= limit || len(l.Text) > limit+3):
				t.Errorf("the too-long line read is %d bytes: recorded with … it must be over the limit, and cut near it", len(l.Text))
			case strings.Contains(l.Text, "\r") || !utf8.ValidString(l.Text):
				t.Errorf("the line read has a CR or invalid UTF-8")
			}
		})
	}
}

// A process on its way out (here a zombie, not reaped yet) is exiting; a running one is not:
// a bot whose pipe closes while the kernel takes it down is waited for, not said to have
// kept running.
func TestExitingTellsADyingProcess(t *testing.T) {
	running := exec.Command("sleep", "30")
	if err := running.Start(); err != nil {
		t.Skip("no sleep:", err)
	}
	defer func() { running.Process.Kill(); running.Wait() }()
	dead := exec.Command("true")
	if err := dead.Start(); err != nil {
		t.Fatal(err)
	}
	defer dead.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for !exiting(dead.Process.Pid) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !exiting(dead.Process.Pid) {
		t.Errorf("a zombie is not seen as exiting")
	}
	if exiting(running.Process.Pid) {
		t.Errorf("a running process is seen as exiting")
	}
	if !exiting(1 << 30) {
		t.Errorf("a process that does not exist is not seen as gone")
	}
}

// What a bot wrote to stderr before its first answer is its first move's, even when the
// drain goroutine has not run yet (a busy machine can hold it that long): take reads the
// pipe itself from the start.
func TestStderrTakenBeforeTheDrainRuns(t *testing.T) {
	for i := 0; i < 20; i++ {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.WriteString("first move\n"); err != nil {
			t.Fatal(err)
		}
		s := newStderrBuffer(1000, 10000, nil, "")
		s.start(r) // take follows at once, before the new goroutine is likely to run
		if got := s.take(); got != "first move\n" {
			t.Fatalf("round %d: took %q, want what was in the pipe", i, got)
		}
		w.Close()
		<-s.done
	}
}

// A crash's last words are the line that says why, where runtimes print it before a stack
// trace or a hint, and the last line otherwise.
func TestLastWords(t *testing.T) {
	for _, tc := range []struct{ name, stderr, want string }{
		{"python traceback", "Traceback (most recent call last):\n  File \"bot.py\", line 3, in <module>\n    x = int(s)\nValueError: invalid literal for int() with base 10: 'a'\n",
			"ValueError: invalid literal for int() with base 10: 'a'"},
		{"python fatal error", "Fatal Python error: Aborted\n\nCurrent thread 0x00007f (most recent call first):\n  <no Python frame>\n", "Fatal Python error: Aborted"},
		{"go panic", "panic: runtime error: index out of range [5] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/bot/main.go:9 +0x1d\n",
			"panic: runtime error: index out of range [5] with length 3"},
		{"java exception", "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 3\n\tat Player.main(Player.java:12)\n",
			"Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 3"},
		{"java cause", "Exception in thread \"main\" java.lang.RuntimeException: turn failed\n\tat Player.main(Player.java:5)\nCaused by: java.io.IOException: closed\n\tat Player.read(Player.java:20)\n\t... 1 more\n",
			"Caused by: java.io.IOException: closed"},
		{"rust panic", "thread 'main' panicked at src/main.rs:5:5:\nindex out of bounds: the len is 3 but the index is 5\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
			"thread 'main' panicked at src/main.rs:5:5: index out of bounds: the len is 3 but the index is 5"},
		{"c++ terminate", "terminate called after throwing an instance of 'std::out_of_range'\n  what():  vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)\n",
			"what():  vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)"},
		{"c assertion", "bot: bot.c:12: main: Assertion `n < 3' failed.\n", "bot: bot.c:12: main: Assertion `n < 3' failed."},
		{"node error", "/bot/bot.js:3\nTypeError: x.split is not a function\n    at Object.<anonymous> (/bot/bot.js:3:3)\n\nNode.js v20.11.0\n", "TypeError: x.split is not a function"},
		{"no headline", "reading turn 4\ngave up\n\n", "gave up"},
		{"a debug line too far back", "DebugError: 1\n" + strings.Repeat("turn\n", lastWordsLines) + "bye\n", "bye"},
		{"nothing", "\n\n", ""},
	} {
		if got := lastWords(strings.Split(tc.stderr, "\n")); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// Memory written into a memory file (memfd_create) that is not mapped is resident memory
// of no process, yet it is the bot's for as long as it holds the file open: the memory
// limit counts it.
func TestMemoryLimitCountsMemoryFiles(t *testing.T) {
	fd, err := unix.MemfdCreate("hoard", unix.MFD_CLOEXEC)
	if err != nil {
		t.Skipf("no memory files: %v", err)
	}
	f := os.NewFile(uintptr(fd), "hoard")
	defer f.Close()
	chunk := bytes.Repeat([]byte("m"), 1<<20)
	for range 64 {
		if _, err := f.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	// The bot opens the same file through this process's descriptor; its resident memory
	// stays that of a shell.
	self := fmt.Sprintf("/proc/%d/fd/%d", os.Getpid(), fd)
	p := start(t, "exec 3<"+self+"; echo held; read x", func(s *Spec) { s.MaxMemory = 32 << 20 })
	if l, err := p.ReadLine(time.Now().Add(20 * time.Second)); err != nil || l.Text != "held" {
		t.Fatalf("first line %q, %v; want held", l.Text, err)
	}
	f.Close()
	_, err = p.ReadLine(time.Now().Add(20 * time.Second))
	if kindOf(err) != KindLimit || !strings.HasPrefix(err.Error(), "used too much memory: ") {
		t.Fatalf("got %v, want the memory limit", err)
	}
	t.Log(err)
}
