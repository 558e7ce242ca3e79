package towers

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena-games/arena/referee"
)

func TestParseAnswerWellFormed(t *testing.T) {
	tests := []struct {
		line string
		want []command
	}{
		{"", nil},
		{"WAIT", nil},
		{"   ", nil},
		{"MOVE 1 2 3", []command{{kind: cmdMove, args: [3]int{1, 2, 3}, text: "MOVE 1 2 3"}}},
		{" MOVE 1 2 3 ; ATTACK 4 25 ;WAIT", []command{
			{kind: cmdMove, args: [3]int{1, 2, 3}, text: "MOVE 1 2 3"},
			{kind: cmdAttack, args: [3]int{4, 25}, text: "ATTACK 4 25"},
		}},
		{"BUILD 6 6;;UPGRADE 40;SUICIDE 42;", []command{
			{kind: cmdBuild, args: [3]int{6, 6}, text: "BUILD 6 6"},
			{kind: cmdUpgrade, args: [3]int{40}, text: "UPGRADE 40"},
			{kind: cmdSuicide, args: [3]int{42}, text: "SUICIDE 42"},
		}},
		{"BUILD -1 +2", []command{{kind: cmdBuild, args: [3]int{-1, 2}, text: "BUILD -1 +2"}}}, // legal grammar, illegal tile
	}
	for _, tc := range tests {
		got, err := parseAnswer(tc.line)
		if err != nil {
			t.Errorf("parseAnswer(%q): %v", tc.line, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(command{})); diff != "" {
			t.Errorf("parseAnswer(%q) (-want +got):\n%s", tc.line, diff)
		}
	}
}

func TestParseAnswerMalformed(t *testing.T) {
	tests := []struct{ line, reason string }{
		{"move 1 2 3", `unknown command "move"`},
		{"MOVE 1 2", "MOVE takes 3 arguments, got 2"},
		{"MOVE 1 2 3 4", "MOVE takes 3 arguments, got 4"},
		{"ATTACK 1 x", `"x" is not a number`},
		{"BUILD 2.5 3", `"2.5" is not a number`},
		{"UPGRADE 99999999999", "out of the 32-bit range"},
		{"WAIT 3", "WAIT takes no arguments"},
		{"MOVE 1 2 3;FIRE", `unknown command "FIRE"`},
		{"MOVE 1 2 3 MOVE 2 3 4", "MOVE takes 3 arguments, got 7"},
		{"UPGRADE 1 2", "UPGRADE takes 1 argument, got 2"},
		{strings.Repeat("WAIT;", 14000), "answer longer than 65536 bytes"},
	}
	for _, tc := range tests {
		_, err := parseAnswer(tc.line)
		if err == nil || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("parseAnswer(%.40q) = %v, want an error saying %q", tc.line, err, tc.reason)
		}
	}
}

func TestMalformedAnswerLoses(t *testing.T) {
	g := newTestGame(t)
	playLines(g, "MOVE 0 300 300;JUMP 3", "WAIT")
	if !g.Over() || g.turn != 0 {
		t.Fatalf("over %v after turn %d: want the game ended before turn 1", g.Over(), g.turn)
	}
	res := g.Result()
	if res[0].Status != referee.StatusInvalid || res[0].Rank != 2 || res[1].Rank != 1 {
		t.Fatalf("result %+v: want player 0 invalid and last", res)
	}
	for _, want := range []string{"invalid command", `"JUMP 3"`, `unknown command "JUMP"`, `"MOVE 0 300 300;JUMP 3"`} {
		if !strings.Contains(res[0].Message, want) {
			t.Errorf("message %q lacks %q", res[0].Message, want)
		}
	}
	if g.soldiers[0].hasDest {
		t.Errorf("a command of a malformed answer was applied")
	}
}

func TestRunnerFailures(t *testing.T) {
	tests := []struct {
		name    string
		answers []referee.Answer
		want    []referee.Outcome
	}{
		{"timeout keeps the runner's message", []referee.Answer{
			{Player: 0, Status: referee.StatusTimeout, Message: "no answer within 1000 ms"},
			{Player: 1, Lines: []string{"WAIT"}, Status: referee.StatusOK},
		}, []referee.Outcome{
			{Score: 25, Rank: 2, Status: referee.StatusTimeout, Message: "no answer within 1000 ms"},
			{Score: 25, Rank: 1, Status: referee.StatusOK},
		}},
		{"crash", []referee.Answer{
			{Player: 0, Lines: []string{""}, Status: referee.StatusOK},
			{Player: 1, Status: referee.StatusCrash, Message: "exit status 1"},
		}, []referee.Outcome{
			{Score: 25, Rank: 1, Status: referee.StatusOK},
			{Score: 25, Rank: 2, Status: referee.StatusCrash, Message: "exit status 1"},
		}},
		{"runner limit", []referee.Answer{
			{Player: 0, Lines: []string{""}, Status: referee.StatusOK},
			{Player: 1, Status: referee.StatusLimit, Message: "memory limit 512 MiB"},
		}, []referee.Outcome{
			{Score: 25, Rank: 1, Status: referee.StatusOK},
			{Score: 25, Rank: 2, Status: referee.StatusLimit, Message: "memory limit 512 MiB"},
		}},
		{"both time out: draw", []referee.Answer{
			{Player: 0, Status: referee.StatusTimeout, Message: "slow"},
			{Player: 1, Status: referee.StatusTimeout, Message: "slower"},
		}, []referee.Outcome{
			{Score: 25, Rank: 1, Status: referee.StatusTimeout, Message: "slow"},
			{Score: 25, Rank: 1, Status: referee.StatusTimeout, Message: "slower"},
		}},
		{"missing answer", []referee.Answer{
			{Player: 0, Lines: []string{""}, Status: referee.StatusOK},
		}, []referee.Outcome{
			{Score: 25, Rank: 1, Status: referee.StatusOK},
			{Score: 25, Rank: 2, Status: referee.StatusCrash, Message: "no answer"},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t)
			g.Play(tc.answers)
			if !g.Over() {
				t.Fatalf("game goes on")
			}
			if diff := cmp.Diff(tc.want, g.Result()); diff != "" {
				t.Errorf("result (-want +got):\n%s", diff)
			}
		})
	}
}

// An ok answer that carries no line at all (the runner never sends one, but a referee must
// not trip on it) is read as an empty line: no new orders, and standing orders go on.
func TestAnswerWithoutLineIsEmpty(t *testing.T) {
	g := newTestGame(t)
	g.soldiers[0].hasDest, g.soldiers[0].dest = true, point{600, 225}
	g.Play([]referee.Answer{
		{Player: 0, Status: referee.StatusOK},
		{Player: 1, Lines: []string{"WAIT"}, Status: referee.StatusOK},
	})
	if g.Over() || g.turn != 1 {
		t.Fatalf("over %v after turn %d: want the game going on", g.Over(), g.turn)
	}
	if got := g.soldiers[0].pos; got != (point{275, 225}) {
		t.Errorf("soldier 0 at %v, want one step of its standing order: (275,225)", got)
	}
}

func TestFirstAnswerOverInitLimitForfeits(t *testing.T) {
	g := newTestGame(t)
	g.Play([]referee.Answer{
		{Player: 0, Lines: []string{""}, Status: referee.StatusOK, Compute: referee.VerdictHard, ComputeUsage: "2.5 s CPU"},
		{Player: 1, Lines: []string{""}, Status: referee.StatusOK},
	})
	res := g.Result()
	if res[0].Status != referee.StatusLimit || !strings.Contains(res[0].Message, "2s CPU") || !strings.Contains(res[0].Message, "2.5 s CPU") {
		t.Errorf("result %+v: want a limit loss naming the 2 s init budget and the usage", res[0])
	}
}

func TestInitialInput(t *testing.T) {
	tests := []struct {
		opts []string
		p    int
		want string
	}{
		{nil, 0, "0\n30 50 20 15 1000\n100 50 60 50 10 2\n7000 10000 15000\n800 800 800\n2 3 4\n200 300 500 700\n266 533 800\ncpu_us 20000 60000 2000000\n"},
		{[]string{"refund=original", "meter=instructions", "turns=200"}, 1,
			"1\n30 50 20 15 200\n100 50 60 50 10 2\n7000 10000 15000\n800 800 800\n2 3 4\n200 300 500 700\n150 250 400\ninstructions 50000000 150000000 2000000000\n"},
		{[]string{"soft_cpu_ms=5", "init_cpu_ms=900"}, 0,
			"0\n30 50 20 15 1000\n100 50 60 50 10 2\n7000 10000 15000\n800 800 800\n2 3 4\n200 300 500 700\n266 533 800\ncpu_us 5000 15000 900000\n"},
	}
	for _, tc := range tests {
		g := newTestGame(t, tc.opts...)
		if diff := cmp.Diff(tc.want, g.initialInput(tc.p)); diff != "" {
			t.Errorf("options %v, player %d (-want +got):\n%s", tc.opts, tc.p, diff)
		}
	}
}

// TestSpec13_4Example is the example of §13.4: player 1's first input and its answer.
func TestSpec13_4Example(t *testing.T) {
	g := newTestGame(t)
	lines := strings.Split(g.turnInput(1), "\n")
	if lines[0] != "1 300 25 25" {
		t.Errorf("line 1: %q", lines[0])
	}
	for y := range mapSize {
		row := lines[1+y]
		want := strings.Repeat("0", 30)
		switch {
		case y >= 2 && y <= 6:
			want = "00111110000000000000000000000"[:2] + "11111" + strings.Repeat("0", 23)
		case y >= 23 && y <= 27:
			want = strings.Repeat("0", 23) + "22222" + "00"
		}
		if row != want {
			t.Errorf("grid row %d: %q, want %q", y, row, want)
		}
	}
	rest := lines[31:]
	want := []string{"20"}
	for id := 20; id < 40; id++ {
		want = append(want, itoa(id)+" 225 225 100 IDLE 0 0")
	}
	want = append(want, "20")
	for id := range 20 {
		want = append(want, itoa(id)+" 1275 1275 100 IDLE 0 0")
	}
	want = append(want, "1", "41 4 4 7000 1 1", "1", "40 25 25 7000 1 1", "")
	if diff := cmp.Diff(want, rest); diff != "" {
		t.Errorf("soldiers and towers (-want +got):\n%s", diff)
	}

	playLines(g, "", "MOVE 20 300 225;MOVE 21 300 225;ATTACK 22 0")
	if len(g.events) != 0 {
		t.Errorf("events %q, want none", g.events)
	}
	if s := g.soldiers[20]; s.dest != (point{1200, 1275}) || s.state != stateMove {
		t.Errorf("soldier 20: %v toward %v, want MOVE toward (1200,1275)", s.state, s.dest)
	}
	if s := g.soldiers[22]; s.target != 0 || s.state != statePursuit {
		t.Errorf("soldier 22: %v on %d, want PURSUIT of 0", s.state, s.target)
	}
}

func TestRequests(t *testing.T) {
	g := newTestGame(t, "timeout_ms=300", "first_timeout_ms=4000", "soft_cpu_ms=30", "soft_instructions=1000", "init_instructions=5000")
	check := func(turn string, wantTimeout time.Duration, wantLimit referee.ComputeLimit, initial bool) {
		t.Helper()
		reqs := g.Requests()
		if len(reqs) != 2 {
			t.Fatalf("%s: %d requests", turn, len(reqs))
		}
		for p, r := range reqs {
			if r.Player != p || r.Lines != 1 || r.Timeout != wantTimeout || r.Compute == nil {
				t.Fatalf("%s: request %+v", turn, r)
			}
			if diff := cmp.Diff(wantLimit, *r.Compute); diff != "" {
				t.Errorf("%s: compute limit (-want +got):\n%s", turn, diff)
			}
			if got := strings.HasPrefix(r.Input, itoa(p)+"\n30 50 20 15 1000\n"); got != initial {
				t.Errorf("%s: input starts with the initial block: %v, want %v", turn, got, initial)
			}
		}
	}
	check("turn 1", 4*time.Second, referee.ComputeLimit{SoftCPU: 2 * time.Second, HardCPU: 2 * time.Second, SoftInstructions: 5000, HardInstructions: 5000}, true)
	playLines(g, "", "")
	check("turn 2", 300*time.Millisecond, referee.ComputeLimit{SoftCPU: 30 * time.Millisecond, HardCPU: 90 * time.Millisecond, SoftInstructions: 1000, HardInstructions: 3000}, false)
}

func TestOptions(t *testing.T) {
	bad := []struct{ key, value string }{
		{"turns", "0"}, {"turns", "1001"}, {"turns", "ten"},
		{"refund", "half"}, {"meter", "wall"},
		{"soft_cpu_ms", "-1"}, {"soft_cpu_ms", "1.5"}, {"hard_cpu_ms", "10"},
		{"init_cpu_ms", "0"}, {"soft_instructions", "x"}, {"hard_instructions", "5"},
		{"init_instructions", ""}, {"timeout_ms", "0"}, {"first_timeout_ms", "9999999999"},
	}
	for _, tc := range bad {
		_, err := Game{}.New(referee.Config{Players: 2, Options: map[string]string{tc.key: tc.value}})
		oe, ok := err.(*referee.OptionError)
		if !ok || oe.Key != tc.key || oe.Value != tc.value || oe.Reason == "" {
			t.Errorf("%s=%q: got %v, want an *OptionError naming the key, value and reason", tc.key, tc.value, err)
		}
	}
	if _, err := (Game{}).New(referee.Config{Players: 3}); err == nil {
		t.Errorf("3 players accepted")
	}
	g := newTestGame(t, "soft_cpu_ms=100", "hard_cpu_ms=100")
	if g.set.hardCPU != 100*time.Millisecond {
		t.Errorf("hard_cpu_ms equal to soft: %v", g.set.hardCPU)
	}
}

func TestSoftVerdictDiscardsEvenMalformedAnswers(t *testing.T) {
	// An answer over the soft limit is discarded unread: its grammar is not judged.
	g := newTestGame(t)
	g.Play([]referee.Answer{
		{Player: 0, Lines: []string{"JUMP"}, Status: referee.StatusOK, Compute: referee.VerdictSoft, ComputeUsage: "21 ms CPU"},
		{Player: 1, Lines: []string{""}, Status: referee.StatusOK},
	})
	if g.Over() || g.turn != 1 {
		t.Fatalf("over %v after turn %d: want the game going on", g.Over(), g.turn)
	}
}
