package queens

import (
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// commandField is eight sites in a row; player 0 owns idle knight barracks on 3 and 5,
// player 1 a barracks on 7; queen 0 touches site 4.
func commandField() *state {
	var sites []*site
	for i := 0; i < 8; i++ {
		sites = append(sites, newSite(i, 150+230*i, 500, 60, 200, 2))
	}
	sites[3].setBarracks(0, knight)
	sites[5].setBarracks(0, knight)
	sites[7].setBarracks(1, knight)
	return blankState(arenaProfile, vec{1070, 594}, farCorner, sites...)
}

// Spec §17.12: what loses, what only warns, what is accepted.
func TestSpec17_12Commands(t *testing.T) {
	const lose, warn, ok = "lose", "warn", "ok"
	tests := []struct {
		queen, train string
		setup        func(g *state)
		want         string
		check        func(t *testing.T, g *state)
	}{
		// Gold for both batches: only the duplicate stops the line.
		{"WAIT", "TRAIN 3 3", func(g *state) { g.players[0].gold = 200 }, warn, func(t *testing.T, g *state) {
			if g.sites[3].training || g.players[0].gold != 200 {
				t.Errorf("trained (gold %d)", g.players[0].gold)
			}
		}},
		{"WAIT", "TRAIN 3 5", func(g *state) { g.players[0].gold = 150 }, warn, func(t *testing.T, g *state) {
			if g.sites[3].training || g.sites[5].training || g.players[0].gold != 150 {
				t.Errorf("trained (gold %d)", g.players[0].gold)
			}
		}},
		{"WAIT", "TRAIN 3 5", func(g *state) { g.players[0].gold = 160 }, ok, func(t *testing.T, g *state) {
			if !g.sites[3].training || !g.sites[5].training || g.players[0].gold != 0 {
				t.Errorf("not trained (gold %d)", g.players[0].gold)
			}
		}},
		{"WAIT", "TRAIN 3 x", nil, lose, nil},
		{"WAIT", "TRAIN 99", nil, lose, nil},
		{"WAIT", "TRAIN ", nil, lose, nil},
		{"WAIT", "train", nil, lose, nil},
		{"WAIT", "", nil, lose, nil},
		{"WAIT", "TRAIN  3", nil, lose, nil},
		{"WAIT", "TRAIN +3", nil, ok, func(t *testing.T, g *state) {
			if !g.sites[3].training {
				t.Error("TRAIN +3 did not train site 3")
			}
		}},
		// Every id must exist before any barracks is looked at (site 2 would only warn).
		{"WAIT", "TRAIN 2 99", nil, lose, nil},
		{"WAIT", "TRAIN 7", nil, warn, nil},
		{"WAIT", "TRAIN 2", nil, warn, nil},
		{"MOVE 1070 800", "TRAIN x", nil, lose, func(t *testing.T, g *state) {
			if g.players[0].queen.pos != (vec{1070, 594}) {
				t.Error("the queen line ran after a losing TRAIN line")
			}
		}},
		{"BUILD 4 TOWER", "TRAIN", func(g *state) { g.sites[4].setMine(1) }, warn, func(t *testing.T, g *state) {
			if g.players[0].queen.pos != (vec{1070, 594}) {
				t.Errorf("queen moved to %v", g.players[0].queen.pos)
			}
		}},
		{"BUILD 4 TOWER", "TRAIN", func(g *state) { g.sites[4].setBarracks(0, knight); g.sites[4].training = true }, warn, nil},
		{"BUILD 4 tower", "TRAIN", nil, lose, nil},
		{"BUILD 4 BARRACKS", "TRAIN", nil, lose, nil},
		{"BUILD 4 BARRACKS-knight", "TRAIN", nil, lose, nil},
		{"BUILD 0 tower", "TRAIN", nil, ok, func(t *testing.T, g *state) {
			if g.players[0].queen.pos == (vec{1070, 594}) {
				t.Error("a far BUILD with a bad type did not walk")
			}
		}},
		{"BUILD 4 TOWER-ANYTHING", "TRAIN", nil, ok, func(t *testing.T, g *state) {
			if g.sites[4].kind != towerKind || g.sites[4].owner != 0 {
				t.Errorf("site 4: %v of %d, want a tower of 0", g.sites[4].kind, g.sites[4].owner)
			}
		}},
		{"BUILD 4 BARRACKS-GIANT-X", "TRAIN", nil, ok, func(t *testing.T, g *state) {
			if g.sites[4].kind != barracks || g.sites[4].creep != giant {
				t.Errorf("site 4: %v, want a giant barracks", g.sites[4].kind)
			}
		}},
		// A refused build stops the line there: the extra token is never looked at.
		{"BUILD 4 TOWER x", "TRAIN", func(g *state) { g.sites[4].setMine(1) }, warn, nil},
		// The build was scheduled before the extra token lost the game: it still happens.
		{"BUILD 4 MINE x", "TRAIN", nil, lose, func(t *testing.T, g *state) {
			if g.sites[4].kind != mineKind || g.sites[4].owner != 0 {
				t.Errorf("site 4: %v of %d, want player 0's mine", g.sites[4].kind, g.sites[4].owner)
			}
		}},
		{"BUILD 4", "TRAIN", nil, lose, nil},
		{"BUILD x MINE", "TRAIN", nil, lose, nil},
		{"BUILD 24 MINE", "TRAIN", nil, lose, nil},
		{"BUILD 4 MINE x", "TRAIN", nil, lose, nil},
		{"  MOVE 10 20  ", "TRAIN", nil, ok, nil},
		{"MOVE 10  20", "TRAIN", nil, lose, nil},
		{"MOVE 10 20 30", "TRAIN", nil, lose, nil},
		{"MOVE 10", "TRAIN", nil, lose, nil},
		{"MOVE 10 2147483648", "TRAIN", nil, lose, nil},
		{"MOVE -2147483648 +5", "TRAIN", nil, ok, nil},
		{"WAIT x", "TRAIN", nil, lose, nil},
		{"wait", "TRAIN", nil, lose, nil},
		{"WAIT\t", "TRAIN", nil, ok, nil},
		// Kotlin's trim(): Java's white space and space separators, so the information
		// separators U+001C..U+001F go and NEL (U+0085, a control character to Java) stays.
		{"\x1cWAIT\x1f", "TRAIN", nil, ok, nil},
		{"WAIT\u00a0\u3000", "TRAIN", nil, ok, nil},
		{"WAIT\u0085", "TRAIN", nil, lose, nil},
		{"MOVE\t10 20", "TRAIN", nil, lose, nil},
		{"", "TRAIN", nil, lose, nil},
	}
	for _, tc := range tests {
		t.Run(tc.queen+"|"+tc.train, func(t *testing.T) {
			g := commandField()
			if tc.setup != nil {
				tc.setup(g)
			}
			play(g, [2]string{tc.queen, tc.train}, idle)
			p := g.players[0]
			warned := false
			for _, e := range g.events {
				warned = warned || strings.HasPrefix(e, "warning: player 0")
			}
			got := ok
			switch {
			case p.status == referee.StatusInvalid:
				got = lose
				if !strings.HasPrefix(p.message, "invalid command: ") {
					t.Errorf("message %q", p.message)
				}
			case warned:
				got = warn
			}
			if got != tc.want {
				t.Errorf("%s, want %s (status %s %q, events %q)", got, tc.want, p.status, p.message, g.events)
			}
			if tc.check != nil {
				tc.check(t, g)
			}
		})
	}
}

// Spec §17.12 and §6.3: when both queens build on one site, player 1 wins on even turns
// and player 0 on odd turns; a mine built there is then torn down by the other queen.
func TestSpec17_12ConcurrentBuilds(t *testing.T) {
	tests := []struct {
		turn       int
		typ        string
		kind       structureKind
		owner      int
		dropsWrong bool // the dropped build is invalid: it must not make its author lose
	}{
		{0, "TOWER", towerKind, 1, false},
		{1, "TOWER", towerKind, 0, false},
		{2, "TOWER", towerKind, 1, true},
		{0, "MINE", noStructure, -1, false},
		{1, "BARRACKS-KNIGHT", noStructure, -1, false},
	}
	for _, tc := range tests {
		t.Run(tc.typ, func(t *testing.T) {
			s := newSite(0, 960, 500, 60, 200, 2)
			g := blankState(arenaProfile, vec{960 - 94, 500}, vec{960 + 94, 500}, s)
			g.turn = tc.turn
			t0, t1 := tc.typ, tc.typ
			if tc.dropsWrong {
				t0 = "NONSENSE"
			}
			play(g, [2]string{"BUILD 0 " + t0, "TRAIN"}, [2]string{"BUILD 0 " + t1, "TRAIN"})
			if s.kind != tc.kind || s.owner != tc.owner {
				t.Errorf("turn %d: site holds %v of %d, want %v of %d", tc.turn, s.kind, s.owner, tc.kind, tc.owner)
			}
			for p, pl := range g.players {
				if !pl.active {
					t.Errorf("player %d eliminated: %s", p, pl.message)
				}
			}
		})
	}
}

// The example: an unknown command on turn 2 loses with a message quoting it.
func TestInvalidCommandLoses(t *testing.T) {
	ref, err := Game{}.New(referee.Config{Seed: 1, Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := ref.(*Referee)
	for turn := 0; turn < 3; turn++ {
		reqs := r.Requests()
		answers := make([]referee.Answer, len(reqs))
		for i, req := range reqs {
			lines := []string{"WAIT", "TRAIN"}
			if turn == 2 && req.Player == 0 {
				lines[0] = "FLY 1 2 3"
			}
			answers[i] = referee.Answer{Player: req.Player, Lines: lines, Status: referee.StatusOK}
		}
		r.Play(answers)
	}
	if !r.Over() {
		t.Fatal("game goes on after an invalid command")
	}
	res := r.Result()
	if res[0].Status != referee.StatusInvalid || !strings.Contains(res[0].Message, `"FLY 1 2 3"`) || res[0].Score != -1 {
		t.Errorf("player 0: %+v, want invalid, score −1, message quoting FLY 1 2 3", res[0])
	}
	if res[1].Status != referee.StatusOK || res[1].Rank != 1 || res[0].Rank != 2 {
		t.Errorf("result %+v, want player 1 first", res)
	}
	events := strings.Join(r.Frame().Events, "\n")
	if !strings.Contains(events, "FLY") {
		t.Errorf("frame events %q do not mention the command", events)
	}
}

// Runner failures deactivate the player with the runner's status and message.
func TestRunnerFailures(t *testing.T) {
	for _, status := range []referee.Status{referee.StatusTimeout, referee.StatusCrash, referee.StatusLimit} {
		t.Run(string(status), func(t *testing.T) {
			ref, err := Game{}.New(referee.Config{Seed: 7, Players: 2})
			if err != nil {
				t.Fatal(err)
			}
			r := ref.(*Referee)
			r.Play([]referee.Answer{
				{Player: 0, Lines: []string{"WAIT", "TRAIN"}, Status: referee.StatusOK},
				{Player: 1, Status: status, Message: "no answer within 1000 ms"},
			})
			res := r.Result()
			if !r.Over() || res[1].Status != status || res[1].Message != "no answer within 1000 ms" || res[1].Score != -1 || res[0].Rank != 1 {
				t.Errorf("over %v, result %+v", r.Over(), res)
			}
		})
	}
	t.Run("both time out", func(t *testing.T) {
		ref, _ := Game{}.New(referee.Config{Seed: 7, Players: 2})
		r := ref.(*Referee)
		r.Play([]referee.Answer{{Player: 0, Status: referee.StatusTimeout, Message: "slow"}, {Player: 1, Status: referee.StatusTimeout, Message: "slow"}})
		if res := r.Result(); res[0].Rank != 1 || res[1].Rank != 1 {
			t.Errorf("result %+v, want a draw", res)
		}
	})
	t.Run("short answer", func(t *testing.T) {
		ref, _ := Game{}.New(referee.Config{Seed: 7, Players: 2})
		r := ref.(*Referee)
		r.Play([]referee.Answer{{Player: 0, Lines: []string{"WAIT"}, Status: referee.StatusOK}, {Player: 1, Lines: []string{"WAIT", "TRAIN"}, Status: referee.StatusOK}})
		if res := r.Result(); res[0].Status != referee.StatusTimeout || res[0].Message == "" {
			t.Errorf("result %+v, want player 0 timed out", res)
		}
	})
}

// A number outside the 32-bit range is said to be, in MOVE, BUILD and TRAIN alike; version 2,
// still played for its replays, called it not an integer.
func TestNumberOutOfRangeIsSaidToBe(t *testing.T) {
	for _, c := range []struct {
		lines         [2]string
		version, want string
	}{
		{[2]string{"MOVE 2147483648 0", "TRAIN"}, "", `invalid command: "MOVE 2147483648 0": in MOVE, "2147483648" is out of the 32-bit range`},
		{[2]string{"MOVE 0 -2147483649", "TRAIN"}, "", `invalid command: "MOVE 0 -2147483649": in MOVE, "-2147483649" is out of the 32-bit range`},
		{[2]string{"MOVE x 2147483648", "TRAIN"}, "", `invalid command: "MOVE x 2147483648": in MOVE, "2147483648" is out of the 32-bit range`},
		{[2]string{"MOVE x 0", "TRAIN"}, "", `invalid command: "MOVE x 0": in MOVE, x and y must be integers`},
		{[2]string{"BUILD 99999999999 MINE", "TRAIN"}, "", `invalid command: "BUILD 99999999999 MINE": site id "99999999999" is out of the 32-bit range`},
		{[2]string{"WAIT", "TRAIN 99999999999"}, "", `invalid command: "TRAIN 99999999999": site id "99999999999" is out of the 32-bit range`},
		{[2]string{"WAIT", "TRAIN 1x"}, "", `invalid command: "TRAIN 1x": site id "1x" is not an integer`},
		{[2]string{"MOVE 2147483648 0", "TRAIN"}, "2", `invalid command: "MOVE 2147483648 0": in MOVE, x and y must be integers`},
		{[2]string{"BUILD 99999999999 MINE", "TRAIN"}, "2", `invalid command: "BUILD 99999999999 MINE": site id "99999999999" is not an integer`},
		{[2]string{"WAIT", "TRAIN 99999999999"}, "2", `invalid command: "TRAIN 99999999999": site id "99999999999" is not an integer`},
	} {
		r, err := Game{}.New(referee.Config{Seed: 404, Players: 2, Version: c.version})
		if err != nil {
			t.Fatal(err)
		}
		tb := r.(referee.TurnBased)
		tb.Requests()
		tb.Play([]referee.Answer{
			{Player: 0, Status: referee.StatusOK, Lines: c.lines[:]},
			{Player: 1, Status: referee.StatusOK, Lines: []string{"WAIT", "TRAIN"}},
		})
		if res := r.Result(); res[0].Status != referee.StatusInvalid || res[0].Message != c.want {
			t.Errorf("version %q, %q: %s %q, want invalid %q", c.version, c.lines, res[0].Status, res[0].Message, c.want)
		}
	}
	if info := (Game{}).Info(); info.Version != "3" || !info.Plays("2") || info.Plays("1") {
		t.Errorf("version %q, older %v: want 3, playing 2 too", info.Version, info.OlderVersions)
	}
}
