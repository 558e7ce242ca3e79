package flags_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"

	botflags "github.com/arena-games/arena/players/builtin/flags"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/flags"
	"github.com/arena-games/arena/referee/refereetest"
)

// subprocess runs a command as a bot: its stdin and stdout are the bot's streams.
func subprocess(name string, args ...string) refereetest.BotFunc {
	return func(in io.Reader, out io.Writer) error {
		cmd := exec.Command(name, args...)
		var stderr bytes.Buffer
		cmd.Stdin, cmd.Stdout, cmd.Stderr = in, out, &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %v: %s", name, err, stderr.String())
		}
		return nil
	}
}

func playAll(t *testing.T, seed int64, options map[string]string, bots []refereetest.BotFunc) referee.Referee {
	t.Helper()
	ref, err := refereetest.PlayInProcess(flags.Game{}, referee.Config{Seed: seed, Players: 2, Options: options}, bots)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	for p, o := range ref.Result() {
		if o.Status != referee.StatusOK {
			t.Fatalf("seed %d: player %d ended with %s: %s", seed, p, o.Status, o.Message)
		}
	}
	return ref
}

// The Python starter plays full games against the random bot with status ok.
func TestPythonStarter(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	starter := subprocess("python3", "../../players/starters/flags/starter.py")
	for seed := int64(1); seed <= 4; seed++ {
		bots := []refereetest.BotFunc{starter, botflags.Random}
		if seed%2 == 0 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		ref := playAll(t, seed, nil, bots)
		t.Logf("seed %d: %d turns, %+v", seed, ref.Turn(), ref.Result())
	}
}

// contestBot plays the way the contest's public bots do, C++ `cin >>` style: it reads
// exactly the documented input token by token, checks that it is consistent (a shifted or
// missing line would show up as nonsense and make it fail), and prints one line of
// " | "-joined commands, including commands to frozen minions, which the referee ignores.
// It uses every command: MOVE, WAIT, FIRE, FREEZE and MINE. In the original profile a
// frozen minion never carries a flag; in the seed profile it may.
func contestBot(original bool) refereetest.BotFunc {
	return func(in io.Reader, out io.Writer) error { return playContestStyle(in, out, original) }
}

func playContestStyle(in io.Reader, out io.Writer, original bool) error {
	rd := bufio.NewReader(in)
	var h, w int
	if _, err := fmt.Fscan(rd, &h, &w); err != nil {
		return eofOK(err)
	}
	grid := make([]string, h)
	for i := range grid {
		if _, err := fmt.Fscan(rd, &grid[i]); err != nil {
			return err
		}
		if len(grid[i]) != w || strings.Trim(grid[i], "#.") != "" {
			return fmt.Errorf("map row %d: %q", i, grid[i])
		}
	}
	floor := func(r, c int) bool { return r >= 0 && r < h && c >= 0 && c < w && grid[r][c] == '.' }
	var myBaseR, myBaseC, oppBaseR, oppBaseC int
	if _, err := fmt.Fscan(rd, &myBaseR, &myBaseC, &oppBaseR, &oppBaseC); err != nil {
		return err
	}
	if !floor(myBaseR, myBaseC) || !floor(oppBaseR, oppBaseC) || myBaseR != oppBaseR || myBaseC+oppBaseC != w-1 {
		return fmt.Errorf("bases (%d,%d) (%d,%d)", myBaseR, myBaseC, oppBaseR, oppBaseC)
	}
	prices := map[string]int{}
	for _, want := range []string{"FIRE 7 24", "FREEZE 12 4", "MINE 15 30"} {
		var name string
		var price, effect int
		if _, err := fmt.Fscan(rd, &name, &price, &effect); err != nil {
			return err
		}
		if got := fmt.Sprintf("%s %d %d", name, price, effect); got != want {
			return fmt.Errorf("power-up line %q, want %q", got, want)
		}
		prices[name] = price
	}
	type minion struct{ id, r, c, hp, timeout int }
	readMinions := func() ([]minion, error) {
		var n int
		if _, err := fmt.Fscan(rd, &n); err != nil {
			return nil, err
		}
		if n < 0 || n > 5 {
			return nil, fmt.Errorf("%d minions", n)
		}
		ms := make([]minion, n)
		for i := range ms {
			m := &ms[i]
			if _, err := fmt.Fscan(rd, &m.id, &m.r, &m.c, &m.hp, &m.timeout); err != nil {
				return nil, err
			}
			if m.id < 0 || m.id >= 5 || (i > 0 && m.id <= ms[i-1].id) || !floor(m.r, m.c) || m.hp < 1 || m.hp > 100 || m.timeout < 0 || m.timeout > 3 {
				return nil, fmt.Errorf("bad minion line %+v", *m)
			}
		}
		return ms, nil
	}
	sees := func(r1, c1, r2, c2 int) bool {
		if r1 != r2 && c1 != c2 {
			return false
		}
		dr, dc := sign(r2-r1), sign(c2-c1)
		for r, c := r1, c1; ; r, c = r+dr, c+dc {
			if !floor(r, c) {
				return false
			}
			if r == r2 && c == c2 {
				return true
			}
		}
	}
	bw := bufio.NewWriter(out)
	for turn := 0; ; turn++ {
		var myScore, oppScore, myFlagR, myFlagC, myFlagCarrier, oppFlagR, oppFlagC, oppFlagCarrier int
		if _, err := fmt.Fscan(rd, &myScore, &oppScore, &myFlagR, &myFlagC, &myFlagCarrier, &oppFlagR, &oppFlagC, &oppFlagCarrier); err != nil {
			return eofOK(err)
		}
		mine, err := readMinions()
		if err != nil {
			return err
		}
		opp, err := readMinions()
		if err != nil {
			return err
		}
		var coins int
		if _, err := fmt.Fscan(rd, &coins); err != nil {
			return err
		}
		coinCells := make([][2]int, coins)
		for i := range coinCells {
			if _, err := fmt.Fscan(rd, &coinCells[i][0], &coinCells[i][1]); err != nil {
				return err
			}
			if !floor(coinCells[i][0], coinCells[i][1]) {
				return fmt.Errorf("coin on %v", coinCells[i])
			}
		}
		if myScore < 0 || oppScore < 0 || !floor(myFlagR, myFlagC) || !floor(oppFlagR, oppFlagC) {
			return fmt.Errorf("turn %d: bad score or flag line", turn)
		}
		carrierFound := oppFlagCarrier < 0
		for _, m := range mine {
			if m.id == oppFlagCarrier {
				carrierFound = m.r == oppFlagR && m.c == oppFlagC && (m.timeout == 0 || !original)
			}
		}
		if !carrierFound {
			return fmt.Errorf("turn %d: flag carrier %d not on the flag at (%d,%d)", turn, oppFlagCarrier, oppFlagR, oppFlagC)
		}

		var ops []string
		for i, m := range mine {
			enemies, friends := 0, 0
			for _, o := range opp {
				if sees(m.r, m.c, o.r, o.c) {
					enemies++
				}
			}
			for _, f := range mine {
				if f.id != m.id && sees(m.r, m.c, f.r, f.c) {
					friends++
				}
			}
			switch {
			case m.id == oppFlagCarrier && enemies > 0 && myScore >= prices["FREEZE"]:
				ops = append(ops, fmt.Sprintf("FREEZE %d", m.id))
				myScore -= prices["FREEZE"]
			case m.id == oppFlagCarrier:
				ops = append(ops, fmt.Sprintf("MOVE %d %d %d", m.id, myBaseR, myBaseC))
			case enemies > 0 && friends == 0 && myScore >= prices["FIRE"]:
				ops = append(ops, fmt.Sprintf("FIRE %d", m.id))
				myScore -= prices["FIRE"]
			case i == 0:
				ops = append(ops, fmt.Sprintf("MOVE %d %d %d", m.id, oppFlagR, oppFlagC))
			case i == 1 && myScore >= prices["MINE"]+prices["FIRE"] && abs(m.r-myFlagR)+abs(m.c-myFlagC) == 1:
				ops = append(ops, fmt.Sprintf("MINE %d %d %d", m.id, myFlagR, myFlagC))
				myScore -= prices["MINE"]
			case i == 1:
				ops = append(ops, fmt.Sprintf("MOVE %d %d %d", m.id, myFlagR, myFlagC+1-2*btoi(myFlagC > w/2)))
			case coins > 0:
				c := coinCells[(turn+i)%coins]
				ops = append(ops, fmt.Sprintf("MOVE %d %d %d", m.id, c[0], c[1]))
			default:
				ops = append(ops, fmt.Sprintf("WAIT %d", m.id))
			}
		}
		fmt.Fprintln(bw, strings.Join(ops, " | "))
		if err := bw.Flush(); err != nil {
			return err
		}
	}
}

func eofOK(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil
	}
	return err
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// A bot reading exactly the documented input, as the contest's public bots do, plays full
// games against both built-ins and itself, in both seats and both profiles, never invalid.
func TestContestStyleBot(t *testing.T) {
	for _, profile := range []string{"original", "seed"} {
		contest := contestBot(profile == "original")
		opponents := map[string]refereetest.BotFunc{"random": botflags.Random, "greedy": botflags.Greedy, "itself": contest}
		for _, name := range []string{"random", "greedy", "itself"} {
			t.Run(profile+"/"+name, func(t *testing.T) {
				for seed := int64(1); seed <= 6; seed++ {
					bots := []refereetest.BotFunc{contest, opponents[name]}
					if seed%2 == 0 {
						bots[0], bots[1] = bots[1], bots[0]
					}
					playAll(t, seed, map[string]string{"profile": profile}, bots)
				}
			})
		}
	}
}
