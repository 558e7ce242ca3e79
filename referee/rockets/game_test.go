package rockets

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/arena-games/arena/maps"
	"github.com/arena-games/arena/referee"
	"github.com/google/go-cmp/cmp"
)

// Spec §2: options override the variant's parameters within the seed's ranges.
func TestSpec2_Options(t *testing.T) {
	bad := []struct {
		key, value, reason string
	}{
		{"variant", "rockets3", "want rockets1 or rockets2"},
		{"lawyers", "yes", "want 0 or 1"},
		{"Sr", "500001", "want an integer in 0..500000"},
		{"Sf", "-1", "want an integer in 0..500000"},
		{"Sue", "50001", "want an integer in 0..50000"},
		{"Sg", "1.5", "want an integer in 0..50000"},
		{"Q", "101", "want an integer in 0..100"},
		{"Slmax", "5001", "want an integer in 0..5000"},
		{"Slmax", "50", "Slmin (100) must not exceed Slmax (50): no lawyer payment would be valid"},
		{"R", "50000.5", "want a number in 0.0..50000.0"},
		{"R", "NaN", "want a number in 0.0..50000.0"},
		{"K", "0.5", "want a number in 1.0..8.0"},
		{"T", "4", "want an integer in 1..3"},
		{"L", "0", "want an integer in 1..100"},
		{"cities", "9", "want an integer in 10..10000"},
		{"cars", "21", "want an integer in 1..20"},
		{"turns", "0", "want an integer in 1..1000000"},
		{"money", "x", "want an integer in 0..1000000000"},
		{"hstep", "-1", "want an integer in 0..1000"},
		{"speed", "1", "unknown option"},
	}
	for _, tc := range bad {
		_, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{tc.key: tc.value}})
		var oe *referee.OptionError
		if !errors.As(err, &oe) || oe.Key != tc.key || !strings.HasPrefix(oe.Reason, tc.reason) {
			t.Errorf("%s=%s: got %v, want an OptionError naming %s: %s", tc.key, tc.value, err, tc.key, tc.reason)
		}
	}

	ref, err := Game{}.New(referee.Config{Seed: 3, Players: 2, Options: map[string]string{
		"variant": "rockets2", "Sr": "500", "R": "2.5", "K": "2", "L": "7", "T": "3", "cities": "30",
	}})
	if err != nil {
		t.Fatal(err)
	}
	g := ref.(*game)
	want := "30 500 1000 2000 500 200 500 1 2.500000 15 100 500 3 7 2.000000 gen-3"
	if got := mustOK(t, g, 0, "DESCRIBE_WORLD")[0]; got != want {
		t.Errorf("DESCRIBE_WORLD %q, want %q", got, want)
	}
	if g.p.lawyers {
		t.Error("rockets2 has lawyers")
	}
	if r := g.Rules(); r.CommandLimit != 7 || r.TurnDuration.Seconds() != 3 || !r.Sequential {
		t.Errorf("rules %+v", r)
	}
}

// Spec §3.1: maps come from Config.Files (or the shipped maps); bad ones are option errors
// naming the line.
func TestSpec3_MapOption(t *testing.T) {
	newWith := func(name string, content []byte, players int, extra ...string) (*game, error) {
		o := map[string]string{"map": name}
		for i := 0; i+1 < len(extra); i += 2 {
			o[extra[i]] = extra[i+1]
		}
		cfg := referee.Config{Seed: 1, Players: players, Options: o}
		if content != nil {
			cfg.Files = map[string][]byte{"map": content}
		}
		ref, err := Game{}.New(cfg)
		if err != nil {
			return nil, err
		}
		return ref.(*game), nil
	}
	errTests := []struct {
		name, file, content string
		players             int
		want                string
	}{
		{"bad road", "bad.map", strings.Replace(tiny6, "6 5 4", "6 5 x", 1), 2, `rockets: option map="bad.map": line 7: road 4 BaseCost: "x" is not an integer`},
		{"too few bases", "tiny6.data", tiny6, 3, `rockets: option map="tiny6.data": line 1: BaseCount is 2 but the game has 3 teams`},
		{"disconnected", "two.map", "4 2 2\n1 3\n1 1 1 1\n1 2 3\n3 4 3\n", 2, `rockets: option map="two.map": the road graph is not connected: no road path from city 1 to city 3`},
		{"not shipped, no content", "nowhere.map", "", 2, `rockets: option map="nowhere.map": map content not provided and maps: no shipped map "nowhere.map"`},
	}
	for _, tc := range errTests {
		var content []byte
		if tc.content != "" {
			content = []byte(tc.content)
		}
		_, err := newWith(tc.file, content, tc.players)
		var oe *referee.OptionError
		if !errors.As(err, &oe) || oe.Key != "map" || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.want)
		}
	}
	if g, err := newWith("tiny6.data", []byte(tiny6), 2, "cities", "50"); err != nil || g.cities != 6 {
		t.Errorf("cities is ignored with a map file: %v", err)
	}
	// A shipped map by name, without content from the runner.
	g, err := newWith("rockets/small.map", nil, 4)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"12 10000 1000 2000 500 200 500 1 5.000000 15 100 500 1 40 1.000000 small.map", "4", "1 7 4 10"}, mustOK(t, g, 0, "DESCRIBE_WORLD")); diff != "" {
		t.Errorf("DESCRIBE_WORLD (-want +got):\n%s", diff)
	}
	// A path keeps only its base name, without spaces.
	g, err = newWith("/home/me/my maps/world-A.data", []byte(tiny6), 2)
	if err != nil {
		t.Fatal(err)
	}
	if g.name != "world-A.data" {
		t.Errorf("name %q", g.name)
	}
	g, _ = newWith("/home/me/my world.data", []byte(tiny6), 2)
	if g.name != "my_world.data" {
		t.Errorf("name %q", g.name)
	}
}

// Spec §3.2: the generator is a pure function of the seed; worlds are connected, bases
// spread, costs and bonuses in range, and the same world survives a trip through a file.
func TestSpec3_Generator(t *testing.T) {
	for _, seed := range []int64{1, 2, 3, 42} {
		m, pos := generate(seed, 200, 4)
		m2, pos2 := generate(seed, 200, 4)
		if diff := cmp.Diff(m.Format(), m2.Format()); diff != "" {
			t.Fatalf("seed %d: two generations differ", seed)
		}
		if !cmp.Equal(pos, pos2, cmp.AllowUnexported(point{})) {
			t.Fatalf("seed %d: positions differ", seed)
		}
		parsed, err := maps.ParseRockets(m.Format()) // validates connectivity, duplicates, ranges
		if err != nil {
			t.Fatalf("seed %d: generated map does not load: %v", seed, err)
		}
		if len(parsed.Bases) != 8 || len(parsed.Roads) < 200 {
			t.Errorf("seed %d: %d bases, %d roads", seed, len(parsed.Bases), len(parsed.Roads))
		}
		for _, r := range m.Roads {
			if r.Cost < 2 || r.Cost > 10 {
				t.Errorf("seed %d: cost %d", seed, r.Cost)
			}
		}
		for _, b := range m.Bonus {
			if b != 1 && b != 2 && b != 3 && b != 5 {
				t.Errorf("seed %d: bonus %d", seed, b)
			}
		}
	}
	a, _ := generate(1, 200, 4)
	b, _ := generate(2, 200, 4)
	if string(a.Format()) == string(b.Format()) {
		t.Error("seeds 1 and 2 give the same world")
	}
	if m, _ := generate(1, 30, 8); len(m.Bases) != 8 {
		t.Errorf("8 teams: %d bases", len(m.Bases))
	}
}

// Spec §3.2 step 5: each next base is the city farthest in roads from the chosen ones.
func TestSpec3_SpreadBases(t *testing.T) {
	// path 1–2–3–4–5–6–7
	adj := [][]int{nil, {2}, {1, 3}, {2, 4}, {3, 5}, {4, 6}, {5, 7}, {6}}
	if diff := cmp.Diff([]int{3, 7, 1, 5}, spreadBases(3, 4, adj)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Frames carry roads, cities, bases, sites and cars, and the state summary.
func TestFrame(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, opts("money", "5000"))
	mustOK(t, g, 0, "MOVE 1 2")
	wait(g, 1)
	f := g.Frame()
	count := map[string]int{}
	var car *referee.Shape
	for i, s := range f.Shapes {
		count[s.Kind]++
		if strings.HasPrefix(s.Tip, "team 1 car 1 ") {
			car = &f.Shapes[i]
		}
	}
	if count["line"] != 6 || count["circle"] != 6+10 || count["rect"] != 2 {
		t.Errorf("shapes %v: want 6 roads, 6 cities + 10 cars, 2 bases", count)
	}
	if car == nil || !strings.Contains(car.Tip, "on the road 1→2, 1 turn left") || car.Player == nil || *car.Player != 0 {
		t.Fatalf("car 1 shape %+v", car)
	}
	// Half-way between city 1 and city 2.
	x1, y1 := g.xy(1)
	x2, y2 := g.xy(2)
	if mx, my := (x1+x2)/2, (y1+y2)/2; abs(car.X-mx) > 7 || abs(car.Y-my) > 7 {
		t.Errorf("car at (%.1f, %.1f), want near (%.1f, %.1f)", car.X, car.Y, mx, my)
	}
	if !strings.Contains(f.Shapes[0].Tip, "road 1–2: cost 4, handicap 1; bonus team 1 2") {
		t.Errorf("road tip %q", f.Shapes[0].Tip)
	}
	st := f.State.(frameState)
	if st.Turn != 1 || st.Teams[0].Cash != 5000 || st.Teams[0].Score != 0 {
		t.Errorf("state %+v", st)
	}
	wait(g, 1)
	mustOK(t, g, 0, "FOUND_ROCKET 1 10 10")
	wait(g, 1)
	f = g.Frame()
	found := false
	for _, s := range f.Shapes {
		found = found || strings.HasPrefix(s.Tip, "launch site in city 2, founded by team 1")
	}
	if !found || len(f.Events) != 1 || !strings.Contains(f.Events[0], "founded a launch site in city 2") {
		t.Errorf("site not drawn or event missing: %v", f.Events)
	}
}

// A neutral shape (a road, a city, a deposit count) is never drawn in a colour that could be
// taken for a player's: cities of every visiting bonus, the rare ones included, are at least
// minColourDistance in RGB from each of the 16 player colours and from the background. The
// player colours themselves are at least 52 apart, so this keeps neutral features further
// from every player than two players are from each other.
func TestFrameNeutralColoursAreNoPlayers(t *testing.T) {
	const minColourDistance = 70
	bonuses := strings.Replace(tiny6, "1 1 3 1 2 1", "0 1 2 3 5 7", 1)
	g := newTest(t, "bonuses.data", bonuses, 2, opts("money", "5000"))
	mustOK(t, g, 0, "MOVE 1 2")
	wait(g, 2)
	mustOK(t, g, 0, "FOUND_ROCKET 1 10 10")
	wait(g, 1)
	f := g.Frame()
	cities := 0
	for _, s := range f.Shapes {
		if s.Player != nil {
			continue
		}
		city := strings.HasPrefix(s.Tip, "city ")
		if city {
			cities++
		}
		for _, c := range []string{s.Fill, s.Stroke} {
			if c == "" {
				continue
			}
			for p, pc := range referee.PlayerColors {
				if d := rgbDistance(t, c, pc); d < minColourDistance {
					t.Errorf("%s %q is drawn in %s, %.0f from player %d's %s: want at least %d", s.Kind, s.Tip, c, d, p, pc, minColourDistance)
				}
			}
			if d := rgbDistance(t, c, f.View.Background); city && d < minColourDistance {
				t.Errorf("%q is drawn in %s, %.0f from the background %s: want at least %d", s.Tip, c, d, f.View.Background, minColourDistance)
			}
		}
	}
	if cities != 6 {
		t.Errorf("%d neutral city shapes, want 6", cities)
	}
}

// rgbDistance is the Euclidean distance between two #rrggbb colours.
func rgbDistance(t *testing.T, a, b string) float64 {
	t.Helper()
	var ra, ga, ba, rb, gb, bb int
	if _, err := fmt.Sscanf(a+" "+b, "#%02x%02x%02x #%02x%02x%02x", &ra, &ga, &ba, &rb, &gb, &bb); err != nil {
		t.Fatalf("colours %q and %q: %v", a, b, err)
	}
	return math.Sqrt(float64((ra-rb)*(ra-rb) + (ga-gb)*(ga-gb) + (ba-bb)*(ba-bb)))
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// Spec §5.2 step 5 and §6: the game ends after turn G−1, 30 turns after the first launch, or
// at once after a third launch; teams without a cycle score 0; K multiplies.
func TestSpec5_EndAndScore(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, opts("turns", "12", "K", "2.5"))
	moves := map[int]int{0: 2, 2: 3, 4: 6, 6: 5, 8: 1}
	for !g.Over() {
		if city, ok := moves[g.turn]; ok {
			mustOK(t, g, 0, "MOVE 1 "+itoa(city))
		}
		g.EndTurn()
	}
	if g.turn != 12 {
		t.Errorf("game over after %d turns, want 12", g.turn)
	}
	res := g.Result()
	want := []referee.Outcome{{Score: 1073 * 2.5, Rank: 1, Status: referee.StatusOK}, {Score: 0, Rank: 2, Status: referee.StatusOK}}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}

	g = newTest(t, "line.map", lineMap(10, 2), 2, opts("money", "0"))
	for _, city := range []int{5, 6, 7} {
		s := &site{city: city, deposits: []int64{10000, 0}}
		g.sites = append(g.sites, s)
		g.siteAt[city] = s
	}
	wait(g, 3)
	mustOK(t, g, 0, "LAUNCH_ROCKET 5")
	wait(g, 29)
	if diff := cmp.Diff([]string{"1 1"}, mustOK(t, g, 0, "TIME_TO_END")); diff != "" {
		t.Errorf("TIME_TO_END 29 turns after the launch (-want +got):\n%s", diff)
	}
	mustOK(t, g, 0, "LAUNCH_ROCKET 6")
	wait(g, 1)
	if g.Over() {
		t.Fatal("over 30 turns after the first launch is the end of turn 33, not 32")
	}
	mustOK(t, g, 0, "LAUNCH_ROCKET 7")
	if diff := cmp.Diff([]string{"3 0"}, mustOK(t, g, 0, "TIME_TO_END")); diff != "" {
		t.Errorf("TIME_TO_END after the third launch (-want +got):\n%s", diff)
	}
	wait(g, 1)
	if !g.Over() || g.turn != 34 {
		t.Errorf("over %v at turn %d, want the end after turn 33", g.Over(), g.turn)
	}
	// Team 1 never completed a cycle: 0 despite 450000 in cash.
	if res := g.Result(); res[0].Score != 0 || g.teams[0].cash != 450000 {
		t.Errorf("score %v with cash %d, want 0 (no cycle)", res[0].Score, g.teams[0].cash)
	}
}

// A team that leaves keeps its score and gets the runner's status and message.
func TestLeave(t *testing.T) {
	g := newTest(t, "tiny6.data", tiny6, 2, nil)
	g.teams[1].cycled = true
	g.Leave(1, referee.StatusCrash, "exit status 2")
	res := g.Result()
	want := referee.Outcome{Score: 1000, Rank: 1, Status: referee.StatusCrash, Message: "exit status 2"}
	if diff := cmp.Diff(want, res[1]); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// Lawsuit corner cases the spec leaves open (design choices, docs/games/rockets.md).
func TestLawsuitDismissedAfterLaunch(t *testing.T) {
	g, x, y := lawsuitWorld(t, [2]int{80, 40}, [2]int{90, 0})
	g.p.turns = 1000
	mustOK(t, g, 0, "LAWYER_SUE 6")
	y.deposits = []int64{2000, 0, 8000, 0} // C alone controls Y and launches it
	g.p.Sr = 0
	mustOK(t, g, 2, "LAUNCH_ROCKET 6")
	wait(g, 10)
	if diff := cmp.Diff([]int64{3000, 1000, 0, 0}, x.deposits); diff != "" {
		t.Errorf("X after a dismissed suit (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"0"}, mustOK(t, g, 0, "TRANSFERS")); diff != "" {
		t.Errorf("TRANSFERS (-want +got):\n%s", diff)
	}
	if x.suit != nil || len(g.suits) != 0 {
		t.Error("the suit is still pending")
	}
}

// Spec §5.6: rounding of takings and additions (leftover units by descending deposit).
func TestSpec5_6_Rounding(t *testing.T) {
	s := &site{deposits: []int64{0, 5, 5, 3}}
	if got := takeFrom(s, 7, 0); got != 7 {
		t.Errorf("took %d", got)
	}
	// 7 from 5, 5, 3 (13): floors 2, 2, 1 = 5; leftovers to seats 1 then 2.
	if diff := cmp.Diff([]int64{0, 2, 2, 2}, s.deposits); diff != "" {
		t.Errorf("after takeFrom (-want +got):\n%s", diff)
	}
	s = &site{deposits: []int64{1, 1, 1, 0}}
	addTo(s, 5, 3) // floors 1, 1, 1; the 2 leftover units to seats 0 and 1
	if diff := cmp.Diff([]int64{3, 3, 2, 0}, s.deposits); diff != "" {
		t.Errorf("after addTo (-want +got):\n%s", diff)
	}
	s = &site{deposits: []int64{4, 6}}
	if got := takeFrom(s, 100, 0); got != 10 || s.total() != 0 {
		t.Errorf("capped taking: took %d, left %v", got, s.deposits)
	}
	s = &site{deposits: []int64{0, 0}}
	addTo(s, 5, 1) // a site without deposits (unreachable by the rules) credits the starter
	if diff := cmp.Diff([]int64{0, 5}, s.deposits); diff != "" {
		t.Errorf("addTo an empty site (-want +got):\n%s", diff)
	}
}

// Revenue is capped so that absurd maps cannot overflow money (design choice).
func TestRevenueCap(t *testing.T) {
	if got := revenue(2000, false, 5, 50000); got != maxRevenue {
		t.Errorf("revenue of a 2000-road unique cycle: %d, want the cap %d", got, int64(maxRevenue))
	}
	if got := revenue(3, false, 0, 5); got != 0 {
		t.Errorf("M_max 0: %d", got)
	}
}

// arena games shows each numeric option's range, the one start-up checks enforce (as the
// other games' listings do).
func TestSpec2_OptionHelpNamesRange(t *testing.T) {
	help := map[string]string{}
	for _, o := range (Game{}).Info().Options {
		help[o.Key] = o.Help
	}
	want := map[string]string{}
	for _, o := range intOptions {
		want[o.key] = strconv.FormatInt(o.lo, 10) + ".." + strconv.FormatInt(o.hi, 10)
	}
	for _, o := range smallIntOptions {
		want[o.key] = strconv.Itoa(o.lo) + ".." + strconv.Itoa(o.hi)
	}
	for _, o := range floatOptions {
		want[o.key] = realText(o.lo) + ".." + realText(o.hi) // 0.0..50000.0, as the game page writes reals
	}
	for key, r := range want {
		if !strings.HasSuffix(help[key], "; "+r) {
			t.Errorf("option %s: help %q does not end with its range %s", key, help[key], r)
		}
		_, err := Game{}.New(referee.Config{Seed: 1, Players: 2, Options: map[string]string{key: "-99"}})
		if err == nil || !strings.Contains(err.Error(), r) {
			t.Errorf("option %s=-99: got %v, want a refusal naming %s", key, err, r)
		}
	}
}

// Spec §5.6: the suing side wins iff P_att ≥ P_def + 3, or P_att ≥ P_def and
// H_att ≥ H_def + 10; each bound is inclusive.
func TestSpec5_6_Verdict(t *testing.T) {
	tests := []struct {
		name     string
		att, def protection
		want     bool
	}{
		{"P exactly 3 higher, less motivated", protection{level: 10}, protection{level: 7, motivation: 90}, true},
		{"P 2 higher, equal motivation", protection{level: 9, motivation: 50}, protection{level: 7, motivation: 50}, false},
		{"equal P, H exactly 10 higher", protection{level: 4, motivation: 100}, protection{level: 4, motivation: 90}, true},
		{"equal P, H 9 higher", protection{level: 4, motivation: 99}, protection{level: 4, motivation: 90}, false},
		{"P 1 lower, H far higher", protection{level: 3, motivation: 100}, protection{level: 4}, false},
		{"no lawyers on either side", protection{}, protection{}, false},
		{"TV-R4 win", protection{level: 10, motivation: 80}, protection{level: 4, motivation: 90}, true},
		{"TV-R4 loss", protection{level: 5, motivation: 95}, protection{level: 4, motivation: 90}, false},
	}
	for _, tc := range tests {
		if got := suingSideWins(tc.att, tc.def); got != tc.want {
			t.Errorf("%s: P %d vs %d, H %d vs %d: won %v, want %v", tc.name, tc.att.level, tc.def.level, tc.att.motivation, tc.def.motivation, got, tc.want)
		}
	}
}

// The turn of the third launch is played out (docs: decisions): a fourth rocket may still
// launch in it and pays out as usual; the game ends with that turn's resolution.
func TestFourthLaunchInTheTurnOfTheThird(t *testing.T) {
	g := newTest(t, "line.map", lineMap(10, 2), 2, opts("money", "0"))
	for _, city := range []int{5, 6, 7, 8} {
		s := &site{city: city, founder: 1, deposits: []int64{0, 10000}}
		g.sites = append(g.sites, s)
		g.siteAt[city] = s
	}
	for _, city := range []string{"5", "6", "7", "8"} {
		mustOK(t, g, 1, "LAUNCH_ROCKET "+city)
	}
	if diff := cmp.Diff([]string{"4 0"}, mustOK(t, g, 0, "TIME_TO_END")); diff != "" {
		t.Errorf("TIME_TO_END after four launches (-want +got):\n%s", diff)
	}
	if g.teams[1].cash != 4*150000 {
		t.Errorf("cash %d, want four payouts of 150000", g.teams[1].cash)
	}
	g.EndTurn()
	if !g.Over() {
		t.Error("the game goes on after the turn of the third launch")
	}
}

// Spec §5.2 step 5: t_first is the turn of the first launch; later launches do not move
// the end.
func TestSpec5_EndCountsFromTheFirstLaunch(t *testing.T) {
	g := newTest(t, "line.map", lineMap(10, 2), 2, opts("money", "0"))
	for _, city := range []int{5, 6} {
		s := &site{city: city, deposits: []int64{10000, 0}}
		g.sites = append(g.sites, s)
		g.siteAt[city] = s
	}
	wait(g, 3)
	mustOK(t, g, 0, "LAUNCH_ROCKET 5")
	wait(g, 7)
	mustOK(t, g, 0, "LAUNCH_ROCKET 6")
	if diff := cmp.Diff([]string{"2 23"}, mustOK(t, g, 0, "TIME_TO_END")); diff != "" {
		t.Errorf("TIME_TO_END in turn 10 (-want +got):\n%s", diff)
	}
	wait(g, 23)
	if g.Over() {
		t.Fatal("over before the end of turn 33")
	}
	wait(g, 1)
	if !g.Over() || g.turn != 34 {
		t.Errorf("over %v at turn %d, want the end after turn 33", g.Over(), g.turn)
	}
}

// Spec §5.5: only active lawyers protect a site; a lawyer whose contract ran out still
// sits there (docs: decisions) but no longer counts in L_c, P or H.
func TestSpec5_5_ExpiredLawyerDoesNotProtect(t *testing.T) {
	g := newTest(t, "line.map", lineMap(10, 2), 2, opts("money", "5000"))
	s := &site{city: 5, threshold: 20, deposits: []int64{100, 0}}
	g.sites = []*site{s}
	g.siteAt[5] = s
	mustOK(t, g, 0, "LAWYER_PAY 500 5")
	wait(g, 29)
	if got := g.protection(s); got != (protection{lawyers: 1, controllers: 1, level: 10, motivation: 3}) {
		t.Errorf("turn 29, last turn of the contract: %+v, want L_c 1, P 10, H 3", got)
	}
	g.EndTurn()
	if got := g.protection(s); got != (protection{controllers: 1}) {
		t.Errorf("turn 30, contract over: %+v, want no lawyer", got)
	}
	if diff := cmp.Diff([]string{"1", "5 0 100 100 N Y 0 NONE 1 20 0 1 0 0"}, mustOK(t, g, 0, "ROCKET_INFO")); diff != "" {
		t.Errorf("ROCKET_INFO in turn 30 (-want +got):\n%s", diff)
	}
}
