package queens

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/referee/refereetest"
)

// plausibleAnswer reads a request's input and answers mostly legal commands: moves,
// builds on the touched site, training what it can afford; now and then a mistake.
func plausibleAnswer(r *rand.Rand, req referee.Request) []string {
	lines := strings.Split(strings.TrimSuffix(req.Input, "\n"), "\n")
	if len(lines) > 25 && lines[0] == "24" {
		lines = lines[25:] // the initialisation block of turn 0
	}
	var gold, touched int
	fmt.Sscan(lines[0], &gold, &touched)
	var train []string
	for _, l := range lines[1:25] {
		var id, g, m, kind, owner, p1, p2 int
		fmt.Sscan(l, &id, &g, &m, &kind, &owner, &p1, &p2)
		if kind == 2 && owner == 0 && p1 == 0 && gold >= 140 && r.IntN(2) == 0 {
			train = append(train, fmt.Sprint(id))
			gold -= 140
		}
	}
	trainLine := strings.TrimSpace("TRAIN " + strings.Join(train, " "))
	types := []string{"MINE", "TOWER", "BARRACKS-KNIGHT", "BARRACKS-ARCHER", "BARRACKS-GIANT"}
	if r.IntN(1000) == 0 {
		return []string{"FLY 1 2 3", trainLine} // a rare mistake ends the game early
	}
	var first string
	switch n := r.IntN(100); {
	case touched >= 0 && n < 50:
		first = fmt.Sprintf("BUILD %d %s", touched, types[r.IntN(len(types))])
	case n < 70:
		first = fmt.Sprintf("BUILD %d %s", r.IntN(24), types[r.IntN(len(types))])
	case n < 95:
		first = fmt.Sprintf("MOVE %d %d", r.IntN(1920), r.IntN(1000))
	default:
		first = "WAIT"
	}
	return []string{first, trainLine}
}

func TestConformance(t *testing.T) {
	refereetest.Run(t, Game{}, refereetest.Options{Answer: plausibleAnswer, Seeds: []int64{1, 2, 3, 404}})
}

func TestConformanceRepoProfile(t *testing.T) {
	refereetest.Run(t, Game{}, refereetest.Options{Answer: plausibleAnswer, Seeds: []int64{5, -1234567}, GameOptions: map[string]string{"profile": "repo"}})
}

func TestOptions(t *testing.T) {
	if _, err := (Game{}).New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{"profile": "live"}}); err == nil ||
		!strings.Contains(err.Error(), "profile") || !strings.Contains(err.Error(), "live") {
		t.Errorf("profile=live: %v, want an error naming the key and value", err)
	}
	for _, p := range []string{"arena", "repo"} {
		ref, err := (Game{}).New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{"profile": p}})
		if err != nil || ref.(*Referee).g.prof.name != p {
			t.Errorf("profile=%s: %v", p, err)
		}
	}
}

func TestRequests(t *testing.T) {
	ref, _ := (Game{}).New(referee.Config{Seed: 404, Players: 2})
	r := ref.(*Referee)
	reqs := r.Requests()
	if len(reqs) != 2 || reqs[0].Player != 0 || reqs[1].Player != 1 {
		t.Fatalf("requests %+v", reqs)
	}
	for _, req := range reqs {
		lines := strings.Split(req.Input, "\n")
		// 1 + 24 init lines, 1 + 24 + 1 + 2 turn lines, and the final empty piece.
		if req.Lines != 2 || req.Timeout.Milliseconds() != 1000 || len(lines) != 25+28+1 || lines[0] != "24" || lines[1] != "0 1190 174 84" {
			t.Errorf("turn 0 request: lines %d, timeout %v, %d input lines starting %q", req.Lines, req.Timeout, len(lines), lines[:2])
		}
	}
	r.Play([]referee.Answer{{Player: 0, Lines: []string{"WAIT", "TRAIN"}, Status: referee.StatusOK}, {Player: 1, Lines: []string{"WAIT", "TRAIN"}, Status: referee.StatusOK}})
	reqs = r.Requests()
	if reqs[0].Timeout.Milliseconds() != 50 || strings.Count(reqs[0].Input, "\n") != 28 {
		t.Errorf("turn 1 request: timeout %v, %d lines", reqs[0].Timeout, strings.Count(reqs[0].Input, "\n"))
	}
}
