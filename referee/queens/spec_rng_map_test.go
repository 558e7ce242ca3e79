package queens

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
	"github.com/google/go-cmp/cmp"
)

// Spec §17.1: the generator is java.util.Random and setup draws in a fixed order.
func TestSpec17_1RandomGenerator(t *testing.T) {
	r := referee.NewJavaRandom(0)
	if a, b := r.NextInt32(), r.NextInt32(); a != -1155484576 || b != -723955400 {
		t.Errorf("Random(0).nextInt() twice = %d, %d", a, b)
	}
	tests := []struct {
		seed  int64
		hpRaw int
		pairs [][5]int // nextInt(3), nextInt(51), nextInt(31), nextInt(1920), nextInt(1000)
	}{
		{1, 11, [][5]int{{1, 10, 25, 254, 904}, {2, 40, 9, 1588, 569}}},
		{42, 11, [][5]int{{0, 0, 23, 1650, 525}, {2, 29, 23, 1613, 182}}},
		{-1234567, 12, [][5]int{{0, 37, 0, 1391, 698}}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.seed), func(t *testing.T) {
			r := referee.NewJavaRandom(tc.seed)
			if got := r.NextInt(16); got != tc.hpRaw {
				t.Errorf("nextInt(16) = %d, want %d", got, tc.hpRaw)
			}
			for i, want := range tc.pairs {
				got := [5]int{r.NextInt(3), r.NextInt(51), r.NextInt(31), r.NextInt(1920), r.NextInt(1000)}
				if got != want {
					t.Errorf("pair %d draws %v, want %v", i, got, want)
				}
			}
			if g := generateMap(tc.seed); g.queenHP != 5*(5+tc.hpRaw) {
				t.Errorf("queen HP %d, want %d", g.queenHP, 5*(5+tc.hpRaw))
			}
		})
	}
}

// Spec §17.2: five full maps, two of them validated against the original referee.
func TestSpec17_2FullMaps(t *testing.T) {
	tests := []struct {
		seed           int64
		hp             int
		passes         int
		converged      bool
		queen0, queen1 string // as shown to players
		exact0         vec    // queen 0's exact position when given (0 = not checked)
		sites          string // id/x/y/r/gold/maxMineSize (or id/x/y/r)
	}{
		{401, 85, 15, true, "260 260", "1660 740", vec{260.4386, 260.4386},
			"0/274/836/74/241/2 1/1646/164/74/241/2 2/728/646/83/288/2 3/1192/354/83/288/2 4/961/836/74/289/2 " +
				"5/959/164/74/289/2 6/1472/824/86/236/3 7/448/176/86/236/3 8/1603/603/79/204/1 9/317/397/79/204/1 " +
				"10/1212/811/77/280/4 11/708/189/77/280/4 12/1743/823/87/218/3 13/177/177/87/218/3 " +
				"14/870/411/78/318/4 15/1050/589/78/318/4 16/1757/375/73/231/1 17/163/625/73/231/1 " +
				"18/1480/364/76/214/2 19/440/636/76/214/2 20/1342/157/67/243/3 21/578/843/67/243/3 " +
				"22/566/420/79/253/4 23/1354/580/79/253/4"},
		{404, 85, 89, true, "179 205", "1741 795", vec{178.771998, 204.643625},
			"0/1190/174/84 1/730/826/84 2/912/636/89 3/1008/364/89 4/1318/382/69 5/602/618/69 6/1464/591/90 " +
				"7/456/409/90 8/163/412/73 9/1757/588/73 10/845/160/70 11/1075/840/70 12/301/637/85 13/1619/363/85 " +
				"14/729/404/88 15/1191/596/88 16/157/843/67 17/1763/157/67 18/1447/171/81 19/473/829/81 " +
				"20/296/179/89 21/1624/821/89 22/1358/848/62 23/562/152/62"},
		{1, 80, 25, true, "222 183", "1698 817", vec{221.75371, 183.03211},
			"0/268/825/85/210/2 1/1652/175/85/210/2 2/1529/817/69/240/3 3/391/183/69/240/3 4/1177/381/87/296/3 " +
				"5/743/619/87/296/3 6/150/239/60/245/3 7/1770/761/60/245/3 8/602/836/74/287/4 9/1318/164/74/287/4 " +
				"10/1478/367/82/208/2 11/442/633/82/208/2 12/873/835/75/253/3 13/1047/165/75/253/3 " +
				"14/1618/590/72/233/1 15/302/410/72/233/1 16/1050/655/85/331/5 17/870/345/85/331/5 " +
				"18/565/420/68/262/2 19/1355/580/68/262/2 20/647/177/87/291/2 21/1273/823/87/291/2 " +
				"22/151/600/61/210/3 23/1769/400/61/210/3"},
		{42, 80, 30, true, "200 200", "1720 800", vec{200, 200},
			"0/1524/827/83/200/1 1/396/173/83/200/1 2/1259/173/83/279/4 3/661/827/83/279/4 4/1505/278/87/242/3 " +
				"5/415/722/87/242/3 6/1752/690/78/242/1 7/168/310/78/242/1 8/1752/168/78/223/2 9/168/832/78/223/2 " +
				"10/1077/590/80/337/4 11/843/410/80/337/4 12/638/251/77/288/2 13/1282/749/77/288/2 " +
				"14/1745/435/85/243/1 15/175/565/85/243/1 16/1531/572/66/229/2 17/389/428/66/229/2 " +
				"18/1316/463/81/252/3 19/604/537/81/252/3 20/1088/353/61/305/5 21/832/647/61/305/5 " +
				"22/990/835/75/251/3 23/930/165/75/251/3"},
		{-1234567, 85, 100, false, "246 245", "1674 755", vec{},
			"0/1511/841/60/237/1 1/409/159/60/237/1 2/442/394/82/229/3 3/1478/606/82/229/3 4/1738/559/85/226/2 " +
				"5/182/441/85/226/2 6/1305/831/79/203/3 7/615/169/79/203/3 8/1536/178/88/238/2 9/384/822/88/238/2 " +
				"10/1211/622/87/263/3 11/709/378/87/263/3 12/1752/300/78/233/3 13/168/700/78/233/3 " +
				"14/885/602/84/327/3 15/1035/398/84/327/3 16/1752/831/78/220/1 17/168/169/78/220/1 " +
				"18/1031/827/83/273/3 19/889/173/83/273/3 20/584/636/90/282/2 21/1336/364/90/282/2 " +
				"22/744/836/74/298/3 23/1176/164/74/298/3"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.seed), func(t *testing.T) {
			m := generateMap(tc.seed)
			if m.queenHP != tc.hp || m.relaxPasses != tc.passes || m.converged != tc.converged {
				t.Errorf("HP %d, %d relaxation passes, converged %v; want %d, %d, %v",
					m.queenHP, m.relaxPasses, m.converged, tc.hp, tc.passes, tc.converged)
			}
			g := newState(tc.seed, arenaProfile)
			var got []string
			for _, s := range g.sites {
				f := fmt.Sprintf("%d/%d/%d/%d", s.id, shown(s.pos.x), shown(s.pos.y), s.radius)
				if strings.Count(strings.Fields(tc.sites)[0], "/") == 5 {
					f += fmt.Sprintf("/%d/%d", s.gold, s.maxMine)
				}
				got = append(got, f)
			}
			if diff := cmp.Diff(strings.Fields(tc.sites), got); diff != "" {
				t.Errorf("sites (-want +got):\n%s", diff)
			}
			q0, q1 := g.players[0].queen.pos, g.players[1].queen.pos
			if s := fmt.Sprintf("%d %d", shown(q0.x), shown(q0.y)); s != tc.queen0 {
				t.Errorf("queen 0 shown at %s, want %s", s, tc.queen0)
			}
			if s := fmt.Sprintf("%d %d", shown(q1.x), shown(q1.y)); s != tc.queen1 {
				t.Errorf("queen 1 shown at %s, want %s", s, tc.queen1)
			}
			if tc.exact0 != (vec{}) {
				near(t, "queen 0 x", q0.x, tc.exact0.x, 1e-5)
				near(t, "queen 0 y", q0.y, tc.exact0.y, 1e-5)
				// The map is point-symmetric and so is the setup push.
				near(t, "queen 1 x", q1.x, worldWidth-tc.exact0.x, 1e-5)
				near(t, "queen 1 y", q1.y, worldHeight-tc.exact0.y, 1e-5)
			}
			// The initialisation lines carry the same map.
			var b strings.Builder
			g.initInput(&b)
			lines := strings.Split(b.String(), "\n")
			if lines[0] != "24" || lines[1] != strings.ReplaceAll(strings.Join(strings.Split(got[0], "/")[:4], " "), "/", " ") {
				t.Errorf("init input starts %q, %q", lines[0], lines[1])
			}
		})
	}
}

// Spec §17.3: rounding is half up, as Java's Math.round.
func TestSpec17_3Rounding(t *testing.T) {
	tests := []struct {
		x    float64
		want int
	}{{2.5, 3}, {-2.5, -2}, {2.4999999, 2}, {0.49999999999999994, 0}, {260.4386, 260}, {1659.5614, 1660}}
	for _, tc := range tests {
		if got := shown(tc.x); got != tc.want {
			t.Errorf("round(%v) = %d, want %d", tc.x, got, tc.want)
		}
	}
}

// Spec §3 step 6: the gold and max rate bonus near the centre, strict at 500 and 200.
func TestSpec3CentreBonus(t *testing.T) {
	for _, tc := range []struct {
		x, y, gold, size int
	}{
		{960, 500, 100, 2},
		{960 + 199, 500, 100, 2},
		{960 + 200, 500, 50, 1},
		{960, 500 - 499, 50, 1},
		{960 - 300, 500 + 400, 0, 0}, // exactly 500 away
		{1920, 1000, 0, 0},
	} {
		if gold, size := centreBonus(tc.x, tc.y); gold != tc.gold || size != tc.size {
			t.Errorf("(%d, %d): +%d gold, +%d rate; want +%d, +%d", tc.x, tc.y, gold, size, tc.gold, tc.size)
		}
	}
}
