package rockets

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Fixtures for the error tables: team 1 (seat 0) lives in city 1, team 2 in city 4.
func carAt(city int) func(*game) {
	return func(g *game) { g.teams[0].cars[0].city = city }
}

func busy(g *game) { g.teams[0].cars[0].busy = 2 }

func addSite(city, founder int, deposits ...int64) func(*game) {
	return func(g *game) {
		d := make([]int64, len(g.teams))
		copy(d, deposits)
		s := &site{city: city, founder: founder, gain: 50, threshold: 20, deposits: d}
		g.sites = append(g.sites, s)
		g.siteAt[city] = s
	}
}

func launched(city int) func(*game) { return func(g *game) { g.siteAt[city].launched = true } }

func suing(a, b int) func(*game) {
	return func(g *game) {
		s := &lawsuit{suing: g.siteAt[a], sued: g.siteAt[b], left: 5}
		g.siteAt[a].suit, g.siteAt[b].suit = s, s
		g.suits = append(g.suits, s)
	}
}

func lawyerAt(city int) func(*game) {
	return func(g *game) {
		g.teams[0].lawyer = lawyer{site: city, end: g.turn + 30, payments: []payment{{g.turn, 500}}}
	}
}

func cash(n int64) func(*game) { return func(g *game) { g.teams[0].cash = n } }

func carCash(n int64) func(*game) { return func(g *game) { g.teams[0].cars[0].cash = n } }

func opts(kv ...string) map[string]string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

// Spec §7–§8: every command's errors, in the order of its checks.
func TestSpec7_CommandErrors(t *testing.T) {
	tests := []struct {
		name  string
		opts  map[string]string
		setup []func(*game)
		line  string
		want  string
	}{
		// protocol errors (deadline24-protocol §3.2)
		{name: "unknown command", line: "FLY 1 2", want: "FAILED 2 unknown command"},
		{name: "lower case is unknown", line: "home", want: "FAILED 2 unknown command"},
		{name: "too many arguments", line: "HOME 1", want: "FAILED 4 too many arguments"},
		{name: "too many before bad format", line: "MOVE x y z", want: "FAILED 4 too many arguments"},
		{name: "missing argument", line: "MOVE 1", want: "FAILED 3 bad format"},
		{name: "not an integer", line: "MOVE 1 two", want: "FAILED 3 bad format"},
		{name: "outside int64", line: "TAKE 1 99999999999999999999", want: "FAILED 3 bad format"},
		{name: "plus sign", line: "MOVE +1 2", want: "FAILED 3 bad format"},

		{name: "MOVE 100", line: "MOVE 6 2", want: "FAILED 100 car not found"},
		{name: "MOVE 100 car 0", line: "MOVE 0 2", want: "FAILED 100 car not found"},
		{name: "MOVE 100 before 102", line: "MOVE 9 99", want: "FAILED 100 car not found"},
		{name: "MOVE 101", setup: []func(*game){busy}, line: "MOVE 1 2", want: "FAILED 101 car is busy"},
		{name: "MOVE 101 before 102", setup: []func(*game){busy}, line: "MOVE 1 3", want: "FAILED 101 car is busy"},
		{name: "MOVE 102 no road", line: "MOVE 1 3", want: "FAILED 102 road does not exist"},
		{name: "MOVE 102 same city", line: "MOVE 1 1", want: "FAILED 102 road does not exist"},
		{name: "MOVE 102 city out of range", line: "MOVE 1 7", want: "FAILED 102 road does not exist"},
		{name: "MOVE 102 negative city", line: "MOVE 1 -2", want: "FAILED 102 road does not exist"},
		{name: "MOVE ok", line: "MOVE 1 5", want: "OK"},

		{name: "UPGRADE 100", line: "UPGRADE_CAR 6 WHEELS", want: "FAILED 100 car not found"},
		{name: "UPGRADE 105", setup: []func(*game){busy}, line: "UPGRADE_CAR 1 WHEELS", want: "FAILED 105 invalid upgrade type"},
		{name: "UPGRADE 105 lower case", line: "UPGRADE_CAR 1 engine", want: "FAILED 105 invalid upgrade type"},
		{name: "UPGRADE 101", setup: []func(*game){busy, carAt(2)}, line: "UPGRADE_CAR 1 ENGINE", want: "FAILED 101 car is busy"},
		{name: "UPGRADE 103", setup: []func(*game){carAt(2)}, line: "UPGRADE_CAR 1 TRUNK", want: "FAILED 103 car is not in base"},
		{name: "UPGRADE 104", setup: []func(*game){func(g *game) { g.teams[0].cars[0].big = true }, cash(0)}, line: "UPGRADE_CAR 1 TRUNK", want: "FAILED 104 upgrade already completed"},
		{name: "UPGRADE 106", line: "UPGRADE_CAR 1 ENGINE", want: "FAILED 106 not enough money"},
		{name: "UPGRADE ok", line: "UPGRADE_CAR 1 TRUNK", want: "OK"},

		{name: "FOUND 100", line: "FOUND_ROCKET 9 101 21", want: "FAILED 100 car not found"},
		{name: "FOUND 108", line: "FOUND_ROCKET 1 101 21", want: "FAILED 108 invalid shareholder profit"},
		{name: "FOUND 108 negative", line: "FOUND_ROCKET 1 -1 5", want: "FAILED 108 invalid shareholder profit"},
		{name: "FOUND 109", setup: []func(*game){busy}, line: "FOUND_ROCKET 1 100 21", want: "FAILED 109 invalid shareholder threshold"},
		{name: "FOUND 101", setup: []func(*game){busy}, line: "FOUND_ROCKET 1 0 0", want: "FAILED 101 car is busy"},
		{name: "FOUND 107 own home", line: "FOUND_ROCKET 1 50 10", want: "FAILED 107 requested city is already occupied"},
		{name: "FOUND 107 other home", setup: []func(*game){carAt(4)}, line: "FOUND_ROCKET 1 50 10", want: "FAILED 107 requested city is already occupied"},
		{name: "FOUND 107 site", setup: []func(*game){carAt(2), addSite(2, 1), cash(0)}, line: "FOUND_ROCKET 1 50 10", want: "FAILED 107 requested city is already occupied"},
		{name: "FOUND 107 launched site", setup: []func(*game){carAt(2), addSite(2, 1), launched(2)}, line: "FOUND_ROCKET 1 50 10", want: "FAILED 107 requested city is already occupied"},
		{name: "FOUND 106", setup: []func(*game){carAt(2), cash(999)}, line: "FOUND_ROCKET 1 50 10", want: "FAILED 106 not enough money"},
		{name: "FOUND ok", setup: []func(*game){carAt(2)}, line: "FOUND_ROCKET 1 50 10", want: "OK"},

		{name: "TAKE 100", line: "TAKE 9 0", want: "FAILED 100 car not found"},
		{name: "TAKE 101", setup: []func(*game){busy, carAt(2)}, line: "TAKE 1 0", want: "FAILED 101 car is busy"},
		{name: "TAKE 103", setup: []func(*game){carAt(2)}, line: "TAKE 1 0", want: "FAILED 103 car is not in base"},
		{name: "TAKE 115", line: "TAKE 1 0", want: "FAILED 115 invalid amount"},
		{name: "TAKE 106", setup: []func(*game){cash(50)}, line: "TAKE 1 300", want: "FAILED 106 not enough money"},
		{name: "TAKE 121", line: "TAKE 1 201", want: "FAILED 121 cannot take more money"},
		{name: "TAKE 121 with cash aboard", setup: []func(*game){carCash(150)}, line: "TAKE 1 51", want: "FAILED 121 cannot take more money"},
		{name: "TAKE ok", setup: []func(*game){carCash(150)}, line: "TAKE 1 50", want: "OK"},

		{name: "GIVE 100", line: "GIVE 9 0", want: "FAILED 100 car not found"},
		{name: "GIVE 101", setup: []func(*game){busy}, line: "GIVE 1 0", want: "FAILED 101 car is busy"},
		{name: "GIVE 113", line: "GIVE 1 0", want: "FAILED 113 there is no one to get the money"},
		{name: "GIVE 114", setup: []func(*game){carAt(2), addSite(2, 1), launched(2)}, line: "GIVE 1 0", want: "FAILED 114 rocket was already launched"},
		{name: "GIVE 119", setup: []func(*game){carAt(2), addSite(2, 1, 0, 10), addSite(3, 1, 0, 10), suing(3, 2)}, line: "GIVE 1 0", want: "FAILED 119 investment during a lawsuit"},
		{name: "GIVE 115 zero", setup: []func(*game){carAt(2), addSite(2, 1), carCash(10)}, line: "GIVE 1 0", want: "FAILED 115 invalid amount"},
		{name: "GIVE 115 more than carried", setup: []func(*game){carAt(2), addSite(2, 1), carCash(10)}, line: "GIVE 1 11", want: "FAILED 115 invalid amount"},
		{name: "GIVE ok", setup: []func(*game){carAt(2), addSite(2, 1), carCash(10)}, line: "GIVE 1 10", want: "OK"},

		{name: "LAUNCH 110", line: "LAUNCH_ROCKET 2", want: "FAILED 110 launch site not found"},
		{name: "LAUNCH 110 out of range", line: "LAUNCH_ROCKET 0", want: "FAILED 110 launch site not found"},
		{name: "LAUNCH 114", setup: []func(*game){addSite(2, 1), launched(2)}, line: "LAUNCH_ROCKET 2", want: "FAILED 114 rocket was already launched"},
		{name: "LAUNCH 111 no share", setup: []func(*game){addSite(2, 1, 0, 20000)}, line: "LAUNCH_ROCKET 2", want: "FAILED 111 you do not control the rocket"},
		{name: "LAUNCH 111 below threshold", setup: []func(*game){addSite(2, 1, 1000, 9000)}, line: "LAUNCH_ROCKET 2", want: "FAILED 111 you do not control the rocket"},
		{name: "LAUNCH 112", setup: []func(*game){addSite(2, 1, 2000, 7999)}, line: "LAUNCH_ROCKET 2", want: "FAILED 112 rocket is not ready"},
		{name: "LAUNCH ok", setup: []func(*game){addSite(2, 1, 2000, 8000)}, line: "LAUNCH_ROCKET 2", want: "OK"},
		{name: "LAUNCH ok during a lawsuit", setup: []func(*game){addSite(2, 1, 2000, 8000), addSite(3, 1, 0, 10), suing(3, 2)}, line: "LAUNCH_ROCKET 2", want: "OK"},

		{name: "PAY 122", opts: opts("variant", "rockets2"), line: "LAWYER_PAY 0 0", want: "FAILED 122 lawyer is not available"},
		{name: "PAY 122 option", opts: opts("lawyers", "0"), line: "LAWYER_PAY 100 2", want: "FAILED 122 lawyer is not available"},
		{name: "PAY format before 122", opts: opts("variant", "rockets2"), line: "LAWYER_PAY 100", want: "FAILED 3 bad format"},
		{name: "PAY 115 low", line: "LAWYER_PAY 99 0", want: "FAILED 115 invalid amount"},
		{name: "PAY 115 high", line: "LAWYER_PAY 501 2", want: "FAILED 115 invalid amount"},
		{name: "PAY 110", line: "LAWYER_PAY 100 2", want: "FAILED 110 launch site not found"},
		{name: "PAY 114", setup: []func(*game){addSite(2, 1), launched(2)}, line: "LAWYER_PAY 100 2", want: "FAILED 114 rocket was already launched"},
		{name: "PAY 116", setup: []func(*game){addSite(2, 1), func(g *game) { g.teams[0].paid = true }}, line: "LAWYER_PAY 100 2", want: "FAILED 116 lawyer has been paid already"},
		{name: "PAY 117", setup: []func(*game){addSite(2, 1, 10), addSite(3, 1, 0, 10), addSite(5, 1), suing(3, 2), lawyerAt(2), cash(0)}, line: "LAWYER_PAY 100 5", want: "FAILED 117 prosecuting lawyer is not allowed to change assignment"},
		{name: "PAY same site during a suit", setup: []func(*game){addSite(2, 1, 10), addSite(3, 1, 0, 10), suing(3, 2), lawyerAt(2)}, line: "LAWYER_PAY 100 2", want: "OK"},
		{name: "PAY 106", setup: []func(*game){addSite(2, 1), cash(99)}, line: "LAWYER_PAY 100 2", want: "FAILED 106 not enough money"},
		{name: "PAY ok", setup: []func(*game){addSite(2, 1)}, line: "LAWYER_PAY 100 2", want: "OK"},

		{name: "SUE 122", opts: opts("variant", "rockets2"), line: "LAWYER_SUE 2", want: "FAILED 122 lawyer is not available"},
		{name: "SUE 110", line: "LAWYER_SUE 2", want: "FAILED 110 launch site not found"},
		{name: "SUE 118", setup: []func(*game){addSite(2, 1)}, line: "LAWYER_SUE 2", want: "FAILED 118 you have no active lawyer"},
		{name: "SUE 118 contract over", setup: []func(*game){addSite(2, 1), addSite(3, 0, 10), lawyerAt(3), func(g *game) { g.turn = 30 }}, line: "LAWYER_SUE 2", want: "FAILED 118 you have no active lawyer"},
		{name: "SUE 111", setup: []func(*game){addSite(2, 1), addSite(3, 1, 1, 99), lawyerAt(3)}, line: "LAWYER_SUE 2", want: "FAILED 111 you do not control the rocket"},
		{name: "SUE 120", setup: []func(*game){addSite(3, 0, 10), lawyerAt(3)}, line: "LAWYER_SUE 3", want: "FAILED 120 unable to sue yourself"},
		{name: "SUE 114", setup: []func(*game){addSite(2, 1), launched(2), addSite(3, 0, 10), lawyerAt(3)}, line: "LAWYER_SUE 2", want: "FAILED 114 rocket was already launched"},
		{name: "SUE 119 target", setup: []func(*game){addSite(2, 1, 0, 5), addSite(5, 1, 0, 5), suing(5, 2), addSite(3, 0, 10), lawyerAt(3)}, line: "LAWYER_SUE 2", want: "FAILED 119 investment during a lawsuit"},
		{name: "SUE 119 own site", setup: []func(*game){addSite(2, 1, 0, 5), addSite(5, 1, 0, 5), addSite(3, 0, 10), suing(5, 3), lawyerAt(3)}, line: "LAWYER_SUE 2", want: "FAILED 119 investment during a lawsuit"},
		{name: "SUE 106", setup: []func(*game){addSite(2, 1, 0, 101), addSite(3, 0, 10), lawyerAt(3)}, line: "LAWYER_SUE 2", want: "FAILED 106 not enough money"},
		{name: "SUE ok at 10 times", setup: []func(*game){addSite(2, 1, 0, 100), addSite(3, 0, 10), lawyerAt(3)}, line: "LAWYER_SUE 2", want: "OK"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := newTest(t, "tiny6.data", tiny6, 2, tc.opts)
			for _, f := range tc.setup {
				f(g)
			}
			got := do(g, 0, tc.line)
			if got[0] != tc.want {
				t.Errorf("%q → %q, want %q", tc.line, got, tc.want)
			}
			if got[0] != "OK" && len(got) != 1 {
				t.Errorf("%q: FAILED followed by data %q", tc.line, got)
			}
		})
	}
}

// Commands act at once: the effects of successful commands.
func TestSpec5_CommandEffects(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, opts("money", "5000"))
	mustOK(t, g, 0, "UPGRADE_CAR 1 ENGINE")
	mustOK(t, g, 0, "UPGRADE_CAR 1 TRUNK")
	mustOK(t, g, 0, "TAKE 1 500")
	if got := do(g, 0, "TAKE 1 1"); got[0] != "FAILED 121 cannot take more money" {
		t.Errorf("a big trunk holds 500: %q", got)
	}
	if g.teams[0].cash != 2000 { // 5000 − 2000 − 500 − 500
		t.Errorf("cash %d after the upgrades and TAKE, want 2000", g.teams[0].cash)
	}
	mustOK(t, g, 0, "MOVE 1 2")
	if diff := cmp.Diff("1 2 96 FAST BIG U 1 1 500", mustOK(t, g, 0, "CARS")[1]); diff != "" {
		t.Errorf("car 1 after MOVE with a fast engine (-want +got):\n%s", diff)
	}
	wait(g, 1)
	mustOK(t, g, 0, "FOUND_ROCKET 1 30 10")
	if g.teams[0].cash != 1000 {
		t.Errorf("cash %d after founding, want 1000", g.teams[0].cash)
	}
	mustOK(t, g, 0, "GIVE 1 300")
	if diff := cmp.Diff([]string{"1", "2 30 300 300 N Y 0 NONE 1 10 0 1 0 0"}, mustOK(t, g, 0, "ROCKET_INFO")); diff != "" {
		t.Errorf("ROCKET_INFO (-want +got):\n%s", diff)
	}
	mustOK(t, g, 0, "LAWYER_PAY 500 2")
	if diff := cmp.Diff([]string{"1 500 2 3"}, mustOK(t, g, 0, "HOME")); diff != "" {
		t.Errorf("HOME after paying the lawyer (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"1", "2 30 300 300 N Y 0 NONE 1 10 1 1 10 3"}, mustOK(t, g, 0, "ROCKET_INFO")); diff != "" {
		t.Errorf("ROCKET_INFO with a lawyer (-want +got):\n%s", diff)
	}
	// ROADS_STATUS follows the cars: car 1 is in city 2 now.
	if diff := cmp.Diff([]string{"3", "1 2 2 5", "2 3 0 5", "5 1 0 3"}, mustOK(t, g, 0, "ROADS_STATUS")); diff != "" {
		t.Errorf("ROADS_STATUS (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"0 1498"}, mustOK(t, g, 0, "TIME_TO_END")); diff != "" {
		t.Errorf("TIME_TO_END (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"0"}, mustOK(t, g, 0, "TRANSFERS")); diff != "" {
		t.Errorf("TRANSFERS (-want +got):\n%s", diff)
	}
}

// The example session of docs/games/rockets.md.
func TestDocsExample(t *testing.T) {
	g := newTest(t, "maps/rockets/tiny6.data", tiny6, 2, nil)
	session := []struct {
		line string
		want []string
	}{
		{"DESCRIBE_WORLD", []string{"OK", "6 10000 1000 2000 500 200 500 1 5.000000 15 100 500 1 40 1.000000 tiny6.data", "2", "1 4"}},
		{"ROADS_STATUS", []string{"OK", "2", "1 2 0 4", "5 1 0 3"}},
		{"MOVE 1 2", []string{"OK"}},
		{"MOVE 1 5", []string{"FAILED 101 car is busy"}},
		{"CARS", []string{"OK", "5", "1 2 96 NORMAL NORMAL U 1 2 0", "2 1 100 NORMAL NORMAL U 0 0 0", "3 1 100 NORMAL NORMAL U 0 0 0", "4 1 100 NORMAL NORMAL U 0 0 0", "5 1 100 NORMAL NORMAL U 0 0 0"}},
	}
	for _, step := range session {
		if diff := cmp.Diff(step.want, do(g, 0, step.line)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", step.line, diff)
		}
	}
}
