package players

import (
	"errors"
	"io"
	"net"
	"os"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// A client that stops reading is dropped: its socket is closed then, not left open until
// the garbage collector happens to finalise it (the game goes on allocating, or not).
func TestConnDropsAClientThatDoesNotRead(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer func(d time.Duration) { writeTimeout = d }(writeTimeout)
	writeTimeout = 200 * time.Millisecond
	client, c := connPair(t)
	line := strings.Repeat("x", 1<<16)
	for i := 0; i < 200; i++ { // far more than the socket buffers hold
		if !c.Send(line) {
			break
		}
	}
	select {
	case <-c.Closed():
	case <-time.After(10 * time.Second):
		t.Fatal("a client that reads nothing was not dropped")
	}
	// arena serve says why (it logs it): the team did not leave of itself.
	if why := c.Dropped(); !strings.HasPrefix(why, "did not read its answers") {
		t.Errorf("Dropped() = %q; want why the client was dropped", why)
	}
	// The client now reads what was sent, then must find the connection closed.
	client.SetReadDeadline(time.Now().Add(5 * time.Second))
	_, err := io.Copy(io.Discard, client)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Error("the dropped client's connection is still open")
	}
}

// A client quiet for longer than the write timeout still gets its next large answer (one
// larger than the write buffer, as GET_ALL_PIECES or SHOW_MAP).
func TestConnLargeAnswerAfterQuiet(t *testing.T) {
	defer func(d time.Duration) { writeTimeout = d }(writeTimeout)
	writeTimeout = 200 * time.Millisecond
	client, c := connPair(t)
	c.Send("OK")
	time.Sleep(3 * writeTimeout)
	large := strings.Repeat("1 ", 1<<14)
	c.Send("OK", large)
	want := "OK\nOK\n" + large + "\n"
	client.SetReadDeadline(time.Now().Add(10 * time.Second))
	got := make([]byte, len(want))
	if n, err := io.ReadFull(client, got); err != nil {
		t.Fatalf("read %d of %d bytes: %v", n, len(want), err)
	}
	if string(got) != want {
		t.Fatal("the answers arrived garbled")
	}
}

// connPair returns a client socket and the server's Conn of it.
func connPair(t *testing.T) (net.Conn, *Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	nc, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	c := NewConn(nc)
	// The connection's goroutines are done before the test ends: a test that sets
	// writeTimeout next must not race with them.
	t.Cleanup(func() {
		client.Close()
		c.Close()
		<-c.Done()
	})
	return client, c
}

// Unended shows what a client has sent of a line it has not ended, while the line reader
// waits for the rest: arena serve quotes it for a team that went silent with it.
func TestConnUnended(t *testing.T) {
	client, c := connPair(t)
	lines := make(chan string)
	go func() {
		for {
			line, _, err := c.ReadLine(time.Time{})
			if err != nil {
				close(lines)
				return
			}
			lines <- line
		}
	}()
	// until waits for Unended to be want (the reader takes the bytes in when it can).
	until := func(want string) {
		t.Helper()
		for start := time.Now(); c.Unended() != want; time.Sleep(5 * time.Millisecond) {
			if time.Since(start) > 20*time.Second {
				t.Fatalf("Unended() = %q; want %q", c.Unended(), want)
			}
		}
	}
	steps := []struct {
		send, line, unended string
	}{
		{"WAIT\nADD", "WAIT", "ADD"},
		{" 5", "", "ADD 5"},
		{"\n", "ADD 5", ""},
		{"x\xff\nWA", "x\uFFFD", "WA"},
		{strings.Repeat("y", 70000), "", ""}, // too long to be a command: not quoted
	}
	for _, s := range steps {
		if _, err := io.WriteString(client, s.send); err != nil {
			t.Fatal(err)
		}
		if s.line != "" {
			select {
			case got := <-lines:
				if got != s.line {
					t.Fatalf("after %q: line %q; want %q", s.send, got, s.line)
				}
			case <-time.After(20 * time.Second):
				t.Fatalf("after %q: no line", s.send)
			}
		}
		until(s.unended)
	}
}

// The login's deadline is not an end of input: a line the client has not ended by then is
// neither its login nor its password. The connection is closed without an answer (before,
// "login1\nsecret" without its last newline logged the team in at the deadline).
func TestHandshakeDeadlineCutsNoLine(t *testing.T) {
	for _, sent := range []string{"login1\nsecret", "log"} {
		client, c := connPair(t)
		done := make(chan error, 1)
		go func() {
			_, err := c.Handshake(func(login, password string) (int, bool) {
				return 0, login == "login1" && password == "secret"
			}, 300*time.Millisecond)
			done <- err
		}()
		if _, err := io.WriteString(client, sent); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err == nil {
			t.Errorf("%q: logged in at the deadline", sent)
		}
		client.SetReadDeadline(time.Now().Add(5 * time.Second))
		got, _ := io.ReadAll(client)
		want := "LOGIN\n"
		if strings.Contains(sent, "\n") {
			want = "LOGIN\nPASS\n"
		}
		if string(got) != want {
			t.Errorf("%q: the server said %q, want %q and the connection closed", sent, got, want)
		}
	}
}

// A line cut by a read deadline is kept and read whole once its end arrives.
func TestConnReadLineGoesOnAfterADeadline(t *testing.T) {
	client, c := connPair(t)
	io.WriteString(client, "ADD")
	if _, _, err := c.ReadLine(time.Now().Add(100 * time.Millisecond)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a line not ended by the deadline: %v, want the deadline's error", err)
	}
	io.WriteString(client, " 5\n")
	if line, _, err := c.ReadLine(time.Now().Add(5 * time.Second)); err != nil || line != "ADD 5" {
		t.Errorf("then: %q, %v; want the whole line", line, err)
	}
}

// A closed connection gives up on its queued answers within about a second, however they
// are read: a client that reads just enough to keep every write under the write timeout
// (here a steady trickle far slower than the answers came) held its socket open until it
// had read them all, and arena serve, which waits for its connections as it stops (Ctrl-C,
// the end of the last game), with it.
func TestConnCloseGivesUpOnASlowReader(t *testing.T) {
	client, c := connPair(t)
	line := strings.Repeat("x", 1<<16)
	for i := 0; i < 400; i++ { // 26 MB, far more than the socket buffers hold
		if !c.Send(line) {
			t.Fatalf("answer %d refused: the client was dropped before it stopped keeping up", i)
		}
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		buf := make([]byte, 64<<10)
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			client.SetReadDeadline(time.Now().Add(time.Second))
			if _, err := io.ReadFull(client, buf); err != nil && !errors.Is(err, os.ErrDeadlineExceeded) {
				return
			}
		}
	}()
	time.Sleep(500 * time.Millisecond)
	start := time.Now()
	c.Close()
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("a closed connection went on sending its queue to a slow reader for more than 10 s")
	}
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("a closed connection took %s to give up on a slow reader; want about a second", d.Round(time.Millisecond))
	}
}

// A client that reads slower than its answers come is dropped once they hold more than
// connQueueBytes, not only after connQueue answers: each may be large (an agrid SHOW_MAP of
// a 200-post torus is 80 kB), and a client that asked for one every turn and read just
// enough to keep each write under the timeout made arena serve hold hundreds of MB.
func TestConnDropsAClientFarBehindInBytes(t *testing.T) {
	defer func(n int) { connQueueBytes = n }(connQueueBytes)
	connQueueBytes = 1 << 20
	_, c := connPair(t)
	line := strings.Repeat("x", 1<<16)
	for i := 0; i < 400; i++ { // 26 MB: far more than the socket buffers and the queue hold
		if !c.Send(line) {
			select {
			case <-c.Closed():
			default:
				t.Fatal("Send refused an answer but left the client connected")
			}
			if why := c.Dropped(); !strings.HasPrefix(why, "did not read its answers (") {
				t.Errorf("Dropped() = %q; want why the client was dropped", why)
			}
			return
		}
	}
	t.Fatalf("a client that read nothing was sent 26 MB of answers without being dropped (queue limit %d bytes)", connQueueBytes)
}

// A client that leaves (a reset, or its end closed), or one the server closes, was not
// dropped: Dropped says nothing of it.
func TestConnDroppedNotForAClientThatLeft(t *testing.T) {
	client, c := connPair(t)
	client.(*net.TCPConn).SetLinger(0)
	client.Close()
	for i := 0; i < 100 && c.Send("OK"); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case <-c.Closed():
	case <-time.After(10 * time.Second):
		t.Fatal("writing to a reset connection did not close it")
	}
	if why := c.Dropped(); why != "" {
		t.Errorf("a client that reset its connection: Dropped() = %q; want \"\"", why)
	}
	_, c = connPair(t)
	c.Close()
	if why := c.Dropped(); why != "" {
		t.Errorf("a connection the server closed: Dropped() = %q; want \"\"", why)
	}
}
