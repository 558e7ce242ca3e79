package triangles_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	bots "github.com/arena-games/arena/players/builtin/triangles"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
	"github.com/google/go-cmp/cmp"
)

// statementBot is written from the game's statement alone and prints every command form a
// contest bot may print: all five actions (some in lower case or padded), the four debug
// drawings, MSG, WAIT, empty pieces, a leading and a trailing ';'. Nothing it prints may
// be an invalid command.
func statementBot(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	w := bufio.NewWriter(out)
	next := func() []int {
		if !sc.Scan() {
			return nil
		}
		var nums []int
		for _, f := range strings.Fields(sc.Text()) {
			var v int
			fmt.Sscan(f, &v)
			nums = append(nums, v)
		}
		return nums
	}
	first := next()
	if first == nil {
		return sc.Err()
	}
	n := first[0]
	xy := make([][2]int, n)
	for i := 0; i < n; i++ {
		h := next()
		xy[h[0]] = [2]int{h[1], h[2]}
	}
	for turn := 1; ; turn++ {
		if next() == nil { // scores
			return sc.Err()
		}
		mine := make([]int, n)
		for i := 0; i < n; i++ {
			u := next()
			mine[u[0]] = u[1]
		}
		nbrs := make([][]int, n)
		paths := next()[0]
		for i := 0; i < paths; i++ {
			p := next()
			nbrs[p[0]] = append(nbrs[p[0]], p[1])
			nbrs[p[1]] = append(nbrs[p[1]], p[0])
		}
		var owned [][3]int
		tris := next()[0]
		for i := 0; i < tris; i++ {
			t := next()
			if t[3] == 0 {
				owned = append(owned, [3]int{t[0], t[1], t[2]})
			}
		}
		var linkable [][2]int
		links := next()[0]
		for i := 0; i < links; i++ {
			l := next()
			linkable = append(linkable, [2]int{l[0], l[1]})
		}

		// Units on the corners of my triangles stay: using a triangle costs units that
		// stayed there the whole turn.
		keep := make([]bool, n)
		for _, t := range owned {
			keep[t[0]], keep[t[1]], keep[t[2]] = true, true, true
		}
		cmds := []string{""} // a leading ';'
		for h, u := range mine {
			if u > 0 && len(nbrs[h]) > 0 && !keep[h] {
				to := nbrs[h][turn%len(nbrs[h])]
				if turn%3 == 0 {
					cmds = append(cmds, fmt.Sprintf("  move %d %d %d ", h, to, u), "")
				} else {
					cmds = append(cmds, fmt.Sprintf("MOVE %d %d 1", h, to))
				}
			}
		}
		for i, t := range owned {
			switch (turn + i) % 5 {
			case 0:
				cmds = append(cmds, fmt.Sprintf("SPAWN %d %d %d", t[1], t[0], t[2]))
			case 1:
				cmds = append(cmds, fmt.Sprintf("Attack %d %d %d %d", t[0], t[1], t[2], nbrs[t[0]][0]))
			case 2:
				for _, l := range linkable {
					if l[0] == t[0] || l[1] == t[0] {
						cmds = append(cmds, fmt.Sprintf("ADD_PATH %d %d %d %d", t[0], t[1], t[2], l[0]+l[1]-t[0]))
						break
					}
				}
			case 3:
				for _, nb := range nbrs[t[0]] {
					if nb != t[1] && nb != t[2] {
						cmds = append(cmds, fmt.Sprintf("REMOVE_PATH %d %d %d %d", t[0], t[1], t[2], nb))
						break
					}
				}
			default:
				cmds = append(cmds, "WAIT")
			}
		}
		x, y := xy[0][0], xy[0][1]
		cmds = append(cmds,
			fmt.Sprintf("LINE %d %d %d %d", x, y, xy[n-1][0], xy[n-1][1]),
			fmt.Sprintf("RECT %d %d -40 30", x, y),
			fmt.Sprintf("CIRCLE %d %d -25", x, y),
			fmt.Sprintf("TEXT %d %d turn %d: the quick brown fox", x, y-40, turn),
			fmt.Sprintf("MSG turn %d", turn),
			"") // a trailing ';'
		if _, err := w.WriteString(strings.Join(cmds, ";") + "\n"); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

// recording wraps the game so that a test sees every frame of games played in process.
type recording struct {
	referee.Game
	frames []referee.Frame
}

type recordingReferee struct {
	referee.TurnBased
	rec *recording
}

func (r *recording) New(cfg referee.Config) (referee.Referee, error) {
	ref, err := r.Game.New(cfg)
	if err != nil {
		return nil, err
	}
	r.frames = []referee.Frame{ref.Frame()}
	return recordingReferee{ref.(referee.TurnBased), r}, nil
}

func (r recordingReferee) Play(answers []referee.Answer) {
	r.TurnBased.Play(answers)
	r.rec.frames = append(r.rec.frames, r.Frame())
}

// Every command form of the statement is accepted: the bot plays whole games with status
// ok, and its drawings and messages reach the frames.
func TestStatementBotUsesEveryCommandForm(t *testing.T) {
	applied := map[string]int{}
	for seed := int64(1); seed <= 6; seed++ {
		rec := &recording{Game: triangles(t)}
		bots := []refereetest.BotFunc{statementBot, bots.Random}
		seat := int(seed % 2)
		if seat == 1 {
			bots[0], bots[1] = bots[1], bots[0]
		}
		ref, err := refereetest.PlayInProcess(rec, referee.Config{Seed: seed, Players: 2}, bots)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for p, o := range ref.Result() {
			if o.Status != referee.StatusOK {
				t.Errorf("seed %d: player %d: %s: %s", seed, p, o.Status, o.Message)
			}
		}
		// The frame after turn 1 holds the bot's first drawings and message.
		f := rec.frames[1]
		kinds := map[string]int{}
		for _, s := range f.Shapes {
			if s.Layer == "debug" {
				if s.Player == nil || *s.Player != seat {
					t.Errorf("seed %d: debug shape %+v not owned by seat %d", seed, s, seat)
				}
				kinds[s.Kind]++
			}
		}
		if d := cmp.Diff(map[string]int{"line": 1, "rect": 1, "circle": 1, "text": 1}, kinds); d != "" {
			t.Errorf("seed %d: debug shapes by kind (-want +got):\n%s", seed, d)
		}
		state, err := json.Marshal(f.State)
		if err != nil || !strings.Contains(string(state), `"turn 1"`) {
			t.Errorf("seed %d: the MSG is not in the state %s", seed, state)
		}
		for _, f := range rec.frames {
			for _, e := range f.Events {
				for _, action := range []string{"spawned", "attacked", "added path", "removed path"} {
					if strings.HasPrefix(e, fmt.Sprintf("P%d %s", seat, action)) {
						applied[action]++
					}
				}
			}
		}
	}
	// The actions were not only accepted but carried out.
	for _, action := range []string{"spawned", "attacked", "added path", "removed path"} {
		if applied[action] == 0 {
			t.Errorf("the bot never %s (actions carried out: %v)", action, applied)
		}
	}
	t.Logf("actions carried out: %v", applied)
}
