package rockets

import (
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Spec §11: DESCRIBE_WORLD and ROADS_STATUS on tiny6.data.
func TestSpec11_DescribeWorldAndRoads(t *testing.T) {
	g := newTest(t, "maps/tiny6.data", tiny6, 2, nil)
	tests := []struct {
		line string
		want []string
	}{
		{"DESCRIBE_WORLD", []string{"OK", "6 10000 1000 2000 500 200 500 1 5.000000 15 100 500 1 40 1.000000 tiny6.data", "2", "1 4"}},
		{"ROADS_STATUS", []string{"OK", "2", "1 2 0 4", "5 1 0 3"}},
	}
	for _, tc := range tests {
		if diff := cmp.Diff(tc.want, do(g, 0, tc.line)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.line, diff)
		}
	}
}

var lap = []int{2, 3, 6, 5, 1} // seat 1's unique lap on tiny6

// driveLap sends a car of seat 1 around lap, waiting for each road; it returns the fuel
// the lap used.
func driveLap(t *testing.T, g *game, car int) int {
	t.Helper()
	c := &g.teams[0].cars[car-1]
	used := 0
	for _, city := range lap {
		before := c.fuel
		mustOK(t, g, 0, "MOVE "+itoa(car)+" "+itoa(city))
		used += before - c.fuel
		if city != lap[len(lap)-1] {
			wait(g, 2)
		}
	}
	return used
}

func itoa(n int) string { return strconv.Itoa(n) }

// TV-R1: fuel of the first lap, then the cheaper lap for the team and the dearer one for
// the others.
func TestSpecTVR1_FuelAndWear(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, nil)
	if got := driveLap(t, g, 1); got != 19 {
		t.Errorf("first lap used %d fuel, want 19", got)
	}
	for _, r := range []int{0, 1, 2, 3, 4} {
		if rd := g.roads[r]; rd.handicap != 1 || rd.bonus[0] != 2 || rd.bonus[1] != 0 {
			t.Errorf("road %d–%d: handicap %d, bonuses %v; want 1 and [2 0]", rd.a, rd.b, rd.handicap, rd.bonus)
		}
	}
	lapRoads := []int{0, 1, 2, 3, 4}
	sum := func(team int) int {
		s := 0
		for _, r := range lapRoads {
			s += g.fuelNeeded(team, r)
		}
		return s
	}
	if got := sum(0); got != 16 {
		t.Errorf("seat 1's next lap costs %d, want 16", got)
	}
	if got := sum(1); got != 23 {
		t.Errorf("seat 2's lap costs %d, want 23", got)
	}
}

// TV-R2: revenue of a unique 5-road cycle and the timeline to HOME in turn 10.
func TestSpecTVR2_Revenue(t *testing.T) {
	if got := revenue(5, false, 3, 5.0); got != 92 {
		t.Errorf("unique 5-road cycle, M_max 3: %d, want 92", got)
	}
	if got := revenue(2, true, 1, 5.0); got != 10 {
		t.Errorf("repeated 2-road trip: %d, want 10", got)
	}
	// 50 · 1.1 is 55.00000000000001 in floating point: an exact 55 must not round up to 56.
	if got := revenue(50, true, 1, 1.1); got != 55 {
		t.Errorf("repeated 50-road cycle at R = 1.1: %d, want 55", got)
	}

	g := newTest(t, "tiny6.data", tiny6, 2, nil)
	moves := map[int]int{0: 2, 2: 3, 4: 6, 6: 5, 8: 1}
	for g.turn < 10 {
		if city, ok := moves[g.turn]; ok {
			mustOK(t, g, 0, "MOVE 1 "+itoa(city))
		}
		g.EndTurn()
	}
	if diff := cmp.Diff([]string{"1 1073 NONE 0"}, mustOK(t, g, 0, "HOME")); diff != "" {
		t.Errorf("HOME in turn 10 (-want +got):\n%s", diff)
	}
	if !g.teams[0].cycled || g.teams[0].stats.Revenue != 92 {
		t.Errorf("cycled %v, revenue %d; want true, 92", g.teams[0].cycled, g.teams[0].stats.Revenue)
	}

	// The repeated trip 1→2→1 on fresh roads: 4 + max(3, 4+1−2) = 7 fuel, revenue 10.
	g = newTest(t, "tiny6.data", tiny6, 2, nil)
	mustOK(t, g, 0, "MOVE 1 2")
	wait(g, 2)
	mustOK(t, g, 0, "MOVE 1 1")
	if got := 100 - g.teams[0].cars[0].fuel; got != 7 {
		t.Errorf("trip 1→2→1 used %d fuel, want 7", got)
	}
	cash := g.teams[0].cash
	wait(g, 2)
	if got := g.teams[0].cash - cash; got != 10-7 {
		t.Errorf("cash after the repeated trip changed by %d, want +10 revenue −7 fuel", got)
	}
}

// TV-R3: a car short of fuel is pushed (10 turns, no fuel used); the 6th push since home
// takes 180 turns; coming home resets the count.
func TestSpecTVR3_Pushing(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, nil)
	c := &g.teams[0].cars[0]
	c.fuel = 2
	mustOK(t, g, 0, "MOVE 1 2") // road 1–2 needs 4
	if c.busy != 10 || c.fuel != 2 || c.pushes != 1 {
		t.Fatalf("after the push: busy %d, fuel %d, pushes %d; want 10, 2, 1", c.busy, c.fuel, c.pushes)
	}
	if got := do(g, 0, "MOVE 1 3"); got[0] != "FAILED 101 car is busy" {
		t.Errorf("moving a pushed car: %q", got)
	}
	// Pushes 2..5 back and forth on 2–3 (needs 5), then the 6th.
	wait(g, 10)
	for i, city := range []int{3, 2, 3, 2} {
		mustOK(t, g, 0, "MOVE 1 "+itoa(city))
		if c.busy != 10 {
			t.Fatalf("push %d: busy %d, want 10", i+2, c.busy)
		}
		wait(g, 10)
	}
	mustOK(t, g, 0, "MOVE 1 1")
	if c.busy != 180 || c.pushes != 6 {
		t.Fatalf("6th push: busy %d, pushes %d; want 180, 6", c.busy, c.pushes)
	}
	wait(g, 180)
	if c.pushes != 0 || c.busy != 0 || c.city != 1 {
		t.Errorf("home again: pushes %d, busy %d, city %d; want 0, 0, 1", c.pushes, c.busy, c.city)
	}
}

// lawsuitWorld builds the two sites of TV-R4 on a 10-city line with four teams A..D and
// starts A's suit of X (city 5) against Y (city 6). Motivations are set through payments.
func lawsuitWorld(t *testing.T, attMotivation, defMotivation [2]int) (*game, *site, *site) {
	t.Helper()
	g := newTest(t, "line.map", lineMap(10, 4), 4, nil)
	x := &site{city: 5, founder: 0, threshold: 20, deposits: []int64{3000, 1000, 0, 0}}
	y := &site{city: 6, founder: 2, threshold: 15, deposits: []int64{2000, 0, 6000, 2000}}
	g.sites = []*site{x, y}
	g.siteAt[5], g.siteAt[6] = x, y
	g.turn = 100
	hire := func(team, city, motivation int) {
		// motivation m% of 30·500 paid in one turn: 150·m (at most S_lmax per payment, so
		// spread over turns inside the lawyer's memory).
		l := &g.teams[team].lawyer
		l.site, l.end = city, g.turn+30
		total := int64(150 * motivation)
		for turn := g.turn; total > 0; turn-- {
			pay := min(total, 500)
			l.payments = append(l.payments, payment{turn: turn, amount: pay})
			total -= pay
		}
	}
	hire(0, 5, attMotivation[0])
	hire(1, 5, attMotivation[1])
	hire(2, 6, defMotivation[0])
	if defMotivation[1] > 0 {
		hire(3, 6, defMotivation[1])
	}
	return g, x, y
}

// lineMap is a path 1–2–…–n with the first `bases` cities as bases.
func lineMap(n, bases int) string {
	s := itoa(n) + " " + itoa(n-1) + " " + itoa(bases) + "\n"
	for i := 1; i <= bases; i++ {
		s += itoa(i) + " "
	}
	s += "\n"
	for i := 1; i <= n; i++ {
		s += "1 "
	}
	s += "\n"
	for i := 1; i < n; i++ {
		s += itoa(i) + " " + itoa(i+1) + " 3\n"
	}
	return s
}

// TV-R4: protection levels, the win and the loss of a lawsuit, and TRANSFERS.
func TestSpecTVR4_Lawsuit(t *testing.T) {
	g, x, y := lawsuitWorld(t, [2]int{80, 40}, [2]int{90, 0})
	if got := g.protection(x); got != (protection{lawyers: 2, controllers: 2, level: 10, motivation: 80}) {
		t.Errorf("suing site X: %+v, want P 10, H 80", got)
	}
	if got := g.protection(y); got != (protection{lawyers: 1, controllers: 3, level: 4, motivation: 90}) {
		t.Errorf("sued site Y: %+v, want P 4, H 90", got)
	}
	mustOK(t, g, 0, "LAWYER_SUE 6")
	if diff := cmp.Diff([]string{"2", "5 0 3000 4000 N Y 10 5 2 20 2 2 10 80", "6 0 2000 10000 N Y 10 5 3 15 1 3 4 90"}, mustOK(t, g, 0, "ROCKET_INFO")); diff != "" {
		t.Errorf("ROCKET_INFO during the suit (-want +got):\n%s", diff)
	}
	g.p.turns = 1000
	wait(g, 10)
	if diff := cmp.Diff([]int64{0, 0, 3750, 1250}, y.deposits); diff != "" {
		t.Errorf("Y after the win (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int64{6750, 2250, 0, 0}, x.deposits); diff != "" {
		t.Errorf("X after the win (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"1", "6 5 5000"}, mustOK(t, g, 0, "TRANSFERS")); diff != "" {
		t.Errorf("TRANSFERS after the win (-want +got):\n%s", diff)
	}

	// The loss: P_att = 5 (one lawyer for two controllers), H_att = 95.
	g, x, _ = lawsuitWorld(t, [2]int{95, 0}, [2]int{90, 0})
	g.teams[1].lawyer = lawyer{}
	if got := g.protection(x); got.level != 5 || got.motivation != 95 {
		t.Fatalf("suing site X: %+v, want P 5, H 95", got)
	}
	mustOK(t, g, 0, "LAWYER_SUE 6")
	g.p.turns = 1000
	wait(g, 10)
	if diff := cmp.Diff([]int64{2000, 1000, 0, 0}, x.deposits); diff != "" {
		t.Errorf("X after the loss (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"1", "5 COURT 1000"}, mustOK(t, g, 0, "TRANSFERS")); diff != "" {
		t.Errorf("TRANSFERS after the loss (-want +got):\n%s", diff)
	}
}

// TV-R5: launch payout split between shareholders and founder.
func TestSpecTVR5_LaunchPayout(t *testing.T) {
	g := newTest(t, "line.map", lineMap(10, 2), 2, map[string]string{"money": "0"})
	s := &site{city: 5, founder: 0, gain: 70, threshold: 20, deposits: []int64{6000, 4000}}
	g.sites = []*site{s}
	g.siteAt[5] = s
	mustOK(t, g, 0, "LAUNCH_ROCKET 5")
	if g.teams[0].cash != 108000 || g.teams[1].cash != 42000 {
		t.Errorf("cash after the launch: A %d, B %d; want 108000, 42000", g.teams[0].cash, g.teams[1].cash)
	}
	if diff := cmp.Diff([]string{"1", "5 70 0 0 Y N 0 NONE 0 20 NONE NONE 0 NONE"}, mustOK(t, g, 0, "ROCKET_INFO")); diff != "" {
		t.Errorf("ROCKET_INFO after the launch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"1 30"}, mustOK(t, g, 0, "TIME_TO_END")); diff != "" {
		t.Errorf("TIME_TO_END after the first launch (-want +got):\n%s", diff)
	}
}

// TV-R6: lawyer motivation and protection levels.
func TestSpecTVR6_Lawyers(t *testing.T) {
	tests := []struct {
		name     string
		payments []payment
		want     int
	}{
		{"500 in each of the last 30 turns", repeatPay(500, 30), 100},
		{"250 in each of the last 10 turns", repeatPay(250, 10), 16},
		{"a single 100", repeatPay(100, 1), 0},
		{"500 each turn, 40 turns: only 30 remembered", repeatPay(500, 40), 100},
		{"payments older than 30 turns forgotten", []payment{{turn: 100 - 30, amount: 500}}, 0},
		{"payment 29 turns ago remembered", []payment{{turn: 100 - 29, amount: 500}}, 3},
	}
	for _, tc := range tests {
		g := newTest(t, "tiny6.data", tiny6, 2, nil)
		g.turn = 100
		g.teams[0].lawyer.payments = tc.payments
		if got := g.motivation(0); got != tc.want {
			t.Errorf("%s: motivation %d, want %d", tc.name, got, tc.want)
		}
	}
	for _, tc := range []struct{ lawyers, controllers, want int }{{1, 3, 4}, {4, 3, 10}, {2, 0, 0}, {0, 2, 0}, {2, 2, 10}} {
		if got := protectionLevel(tc.lawyers, tc.controllers); got != tc.want {
			t.Errorf("P(L_c %d, T_c %d) = %d, want %d", tc.lawyers, tc.controllers, got, tc.want)
		}
	}
}

func repeatPay(amount int64, turns int) []payment {
	var out []payment
	for i := 0; i < turns; i++ {
		out = append(out, payment{turn: 100 - i, amount: amount})
	}
	return out
}

// sevenTeenMap reproduces the neighbourhood of the seed's §7.13 example: home 1 with roads to
// 2, 7, 17 and 6, and 17 reachable in one 2-turn road.
const seventeenMap = `20 22 2
1 20
1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
1 2 2
1 7 1
1 17 3
6 1 2
2 3 4
3 4 4
4 5 4
5 6 4
7 8 4
8 9 4
9 10 4
10 11 4
11 12 4
12 13 4
13 14 4
14 15 4
15 16 4
16 17 4
17 18 4
18 19 4
19 20 4
20 2 4
`

// TV-R7: the seed's example replayed (car ids 1..5 instead of 4321..4325).
func TestSpecTVR7_SeedExample(t *testing.T) {
	g := newTest(t, "world1", seventeenMap, 2, map[string]string{"money": "3593"})
	if diff := cmp.Diff([]string{"4", "1 2 0 2", "1 7 0 1", "1 17 0 3", "6 1 0 2"}, mustOK(t, g, 0, "ROADS_STATUS")); diff != "" {
		t.Errorf("ROADS_STATUS (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"5", "1 1 100 NORMAL NORMAL U 0 0 0", "2 1 100 NORMAL NORMAL U 0 0 0", "3 1 100 NORMAL NORMAL U 0 0 0", "4 1 100 NORMAL NORMAL U 0 0 0", "5 1 100 NORMAL NORMAL U 0 0 0"}, mustOK(t, g, 0, "CARS")); diff != "" {
		t.Errorf("CARS (-want +got):\n%s", diff)
	}
	mustOK(t, g, 0, "MOVE 1 17")
	wait(g, 2)
	mustOK(t, g, 0, "FOUND_ROCKET 1 70 20")
	mustOK(t, g, 0, "TAKE 5 200")
	mustOK(t, g, 0, "MOVE 5 17")
	wait(g, 2)
	mustOK(t, g, 0, "GIVE 5 200")
	if diff := cmp.Diff([]string{"1", "17 70 200 200 N Y 0 NONE 1 20 0 1 0 0"}, mustOK(t, g, 0, "ROCKET_INFO")); diff != "" {
		t.Errorf("ROCKET_INFO (-want +got):\n%s", diff)
	}
	// Another team sees the site without the controllers' details.
	if diff := cmp.Diff([]string{"1", "17 70 0 200 N N 0 NONE 1 20 NONE NONE 0 NONE"}, mustOK(t, g, 1, "ROCKET_INFO")); diff != "" {
		t.Errorf("ROCKET_INFO for team 2 (-want +got):\n%s", diff)
	}
	// Back home: 3593 − 1000 taxes − 200 taken + 10 revenue (2 repeated roads) − 6 fuel.
	// (The seed's 2402 cannot be derived from its parameters, spec §10.)
	mustOK(t, g, 0, "MOVE 5 1")
	wait(g, 2)
	if diff := cmp.Diff([]string{"1 2397 NONE 0"}, mustOK(t, g, 0, "HOME")); diff != "" {
		t.Errorf("HOME (-want +got):\n%s", diff)
	}
}

// Spec §5.1: a fast engine does not speed up pushing ("a good engine means nothing if it
// is not operational").
func TestSpec5_1_FastEnginePushed(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, opts("money", "5000"))
	mustOK(t, g, 0, "UPGRADE_CAR 1 ENGINE")
	c := &g.teams[0].cars[0]
	c.fuel = 2
	mustOK(t, g, 0, "MOVE 1 2") // road 1–2 needs 4
	if c.busy != 10 || c.fuel != 2 {
		t.Errorf("fast car pushed: busy %d, fuel %d; want 10, 2", c.busy, c.fuel)
	}
}

// Spec §5.2 step 2: stationary cars at home are refuelled in car order as far as the
// team's cash allows (floor(cash / S_fuel) units), all the way when fuel is free; a car
// still on its way home is not refuelled.
func TestSpec5_2_Refuel(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, opts("Sg", "2", "money", "9"))
	cars := g.teams[0].cars
	cars[0].fuel, cars[1].fuel = 95, 90
	g.EndTurn()
	if cars[0].fuel != 99 || cars[1].fuel != 90 || g.teams[0].cash != 1 {
		t.Errorf("short of cash: fuel %d and %d, cash %d; want 99 (4 units for 8), 90, 1", cars[0].fuel, cars[1].fuel, g.teams[0].cash)
	}

	g = newTest(t, "tiny6.data", tiny6, 2, opts("Sg", "0", "money", "0"))
	g.teams[0].cars[0].fuel = 10
	g.EndTurn()
	if g.teams[0].cars[0].fuel != 100 || g.teams[0].cash != 0 {
		t.Errorf("free fuel: fuel %d, cash %d; want 100, 0", g.teams[0].cars[0].fuel, g.teams[0].cash)
	}

	g = newTest(t, "tiny6.data", tiny6, 2, nil)
	c := &g.teams[0].cars[0]
	mustOK(t, g, 0, "MOVE 1 2")
	wait(g, 2)
	mustOK(t, g, 0, "MOVE 1 1") // the car is "in" city 1 at once, but on the road
	fuel := c.fuel
	g.EndTurn()
	if c.fuel != fuel {
		t.Errorf("car on its way home refuelled: fuel %d, want %d", c.fuel, fuel)
	}
	g.EndTurn()
	if c.busy != 0 || c.fuel != 100 {
		t.Errorf("after arriving: busy %d, fuel %d; want 0, 100", c.busy, c.fuel)
	}
}

// Spec §5.5: every payment extends the contract by 30 turns from its current end, and a
// lawyer can be paid again once the turn is over.
func TestSpec5_5_Contract(t *testing.T) {
	g := newTest(t, "line.map", lineMap(10, 2), 2, opts("money", "5000"))
	s := &site{city: 5, threshold: 20, deposits: []int64{100, 0}}
	g.sites = []*site{s}
	g.siteAt[5] = s
	mustOK(t, g, 0, "LAWYER_PAY 100 5") // turn 0: contract to the end of turn 29
	if got := do(g, 0, "LAWYER_PAY 100 5"); got[0] != "FAILED 116 lawyer has been paid already" {
		t.Errorf("second payment in a turn: %q", got)
	}
	g.EndTurn()
	mustOK(t, g, 0, "LAWYER_PAY 100 5") // turn 1: 30 more, to the end of turn 59
	wait(g, 58)
	if diff := cmp.Diff([]string{"1 4800 5 0"}, mustOK(t, g, 0, "HOME")); diff != "" {
		t.Errorf("HOME in turn 59 (-want +got):\n%s", diff)
	}
	g.EndTurn()
	if diff := cmp.Diff([]string{"1 4800 NONE 0"}, mustOK(t, g, 0, "HOME")); diff != "" {
		t.Errorf("HOME in turn 60 (-want +got):\n%s", diff)
	}
}

// Spec §7 TRANSFERS: a lawsuit resolved at the end of turn r is listed in turns r+1..r+10.
func TestSpec7_TransfersWindow(t *testing.T) {
	g, _, _ := lawsuitWorld(t, [2]int{80, 40}, [2]int{90, 0})
	g.p.turns = 1000
	mustOK(t, g, 0, "LAWYER_SUE 6") // turn 100: resolved at the end of turn 109
	wait(g, 10)
	for turn := 110; turn <= 119; turn++ {
		if diff := cmp.Diff([]string{"1", "6 5 5000"}, mustOK(t, g, 1, "TRANSFERS")); diff != "" {
			t.Fatalf("TRANSFERS in turn %d (-want +got):\n%s", turn, diff)
		}
		g.EndTurn()
	}
	if diff := cmp.Diff([]string{"0"}, mustOK(t, g, 1, "TRANSFERS")); diff != "" {
		t.Errorf("TRANSFERS in turn 120 (-want +got):\n%s", diff)
	}
}

// Spec §5.1: the wear steps come from the options hstep and bstep.
func TestSpec5_1_WearSteps(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, opts("hstep", "3", "bstep", "5"))
	mustOK(t, g, 0, "MOVE 1 2")
	if rd := g.roads[0]; rd.handicap != 3 || rd.bonus[0] != 5 || rd.bonus[1] != 0 {
		t.Errorf("road 1–2: handicap %d, bonuses %v; want 3 and [5 0]", rd.handicap, rd.bonus)
	}
	if diff := cmp.Diff([]string{"3", "1 2 5 7", "2 3 0 5", "5 1 0 3"}, mustOK(t, g, 0, "ROADS_STATUS")); diff != "" {
		t.Errorf("ROADS_STATUS (-want +got):\n%s", diff)
	}
}
