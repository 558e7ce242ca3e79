package queens

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestGame404Opening replays the first 39 turns of a game that the original Kotlin
// referee played on seed 404 (repo profile) and compares what both players read: the
// "gold touchedSite" line and every unit line. It covers setup pushes, walking BUILDs,
// collision pushes off sites, mining, training, the spawn of a knight batch (spec §17.8),
// the knights' chase and hits on the queen, and a tower (repo damage) shooting them down.
func TestGame404Opening(t *testing.T) {
	turns := []struct {
		p0, p1       [2]string
		head0, head1 string   // "gold touchedSite" read at the start of the turn
		units        []string // unit lines as player 0 reads them (x y owner type hp)
		tower13      string   // player 0's line for site 13 once player 1's tower stands there
	}{
		{[2]string{"BUILD 20 BARRACKS-KNIGHT", "TRAIN"}, [2]string{"BUILD 15 BARRACKS-KNIGHT", "TRAIN"}, "100 20", "100 21",
			[]string{"179 205 0 -1 85", "1741 795 1 -1 85"}, ""},
		{[2]string{"BUILD 8 MINE", "TRAIN 20"}, [2]string{"BUILD 21 MINE", "TRAIN"}, "100 20", "100 21",
			[]string{"179 205 0 -1 85", "1720 749 1 -1 85"}, ""},
		{[2]string{"BUILD 8 MINE", "TRAIN"}, [2]string{"BUILD 10 MINE", "TRAIN"}, "20 -1", "101 21",
			[]string{"174 265 0 -1 85", "1720 749 1 -1 85"}, ""},
		{[2]string{"BUILD 8 MINE", "TRAIN"}, [2]string{"BUILD 13 BARRACKS-GIANT", "TRAIN"}, "20 8", "102 21",
			[]string{"171 308 0 -1 85", "1672 711 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 22 BARRACKS-KNIGHT", "TRAIN"}, "21 8", "103 -1",
			[]string{"171 308 0 -1 85", "1663 652 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 21 TOWER", "TRAIN"}, "22 8", "104 -1",
			[]string{"171 308 0 -1 85", "1613 684 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 13 BARRACKS-KNIGHT", "TRAIN"}, "23 8", "105 21",
			[]string{"328 74 0 0 30", "377 257 0 0 30", "400 142 0 0 30", "400 221 0 0 30", "171 308 0 -1 85", "1614 701 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 18 BARRACKS-GIANT", "TRAIN"}, "24 8", "106 -1",
			[]string{"420 114 0 0 29", "472 288 0 0 29", "485 183 0 0 29", "495 253 0 0 29", "171 308 0 -1 85", "1615 641 1 -1 85"}, ""},
		{idle, [2]string{"MOVE 315 87", "TRAIN"}, "25 8", "107 -1",
			[]string{"479 149 0 0 28", "568 314 0 0 28", "557 238 0 0 28", "591 281 0 0 28", "171 308 0 -1 85", "1595 585 1 -1 85"}, ""},
		{idle, idle, "26 8", "108 6",
			[]string{"500 207 0 0 27", "652 327 0 0 27", "653 268 0 0 27", "688 303 0 0 27", "171 308 0 -1 85", "1577 549 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 13 MINE", "TRAIN"}, "27 8", "109 6",
			[]string{"589 247 0 0 26", "711 297 0 0 26", "752 288 0 0 26", "787 308 0 0 26", "171 308 0 -1 85", "1577 549 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 13 BARRACKS-KNIGHT", "TRAIN"}, "28 8", "110 -1",
			[]string{"686 271 0 0 25", "809 311 0 0 25", "848 311 0 0 25", "885 331 0 0 25", "171 308 0 -1 85", "1590 490 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 17 TOWER", "TRAIN"}, "29 8", "111 13",
			[]string{"784 292 0 0 24", "895 326 0 0 24", "921 297 0 0 24", "899 353 0 0 24", "171 308 0 -1 85", "1593 476 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 9 MINE", "TRAIN"}, "30 8", "112 13",
			[]string{"882 313 0 0 23", "918 301 0 0 23", "980 258 0 0 23", "899 381 0 0 23", "171 308 0 -1 85", "1623 479 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 14 MINE", "TRAIN"}, "31 8", "113 -1",
			[]string{"912 311 0 0 22", "968 262 0 0 22", "1074 273 0 0 22", "920 430 0 0 22", "171 308 0 -1 85", "1670 517 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 21 BARRACKS-GIANT", "TRAIN"}, "32 8", "114 -1",
			[]string{"936 281 0 0 21", "1059 267 0 0 21", "1165 313 0 0 21", "998 474 0 0 21", "171 308 0 -1 85", "1610 510 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 13 BARRACKS-KNIGHT", "TRAIN"}, "33 8", "115 -1",
			[]string{"998 254 0 0 20", "1147 315 0 0 20", "1232 357 0 0 20", "1097 489 0 0 20", "171 308 0 -1 85", "1613 570 1 -1 85"}, ""},
		{idle, idle, "34 8", "116 -1",
			[]string{"1092 281 0 0 19", "1236 346 0 0 19", "1228 386 0 0 19", "1196 487 0 0 19", "171 308 0 -1 85", "1615 510 1 -1 85"}, ""},
		{idle, [2]string{"MOVE 1575 281", "TRAIN"}, "35 8", "117 -1",
			[]string{"1184 321 0 0 18", "1238 341 0 0 18", "1254 445 0 0 18", "1296 492 0 0 18", "171 308 0 -1 85", "1615 510 1 -1 85"}, ""},
		{idle, idle, "36 8", "118 13",
			[]string{"1235 348 0 0 17", "1272 305 0 0 17", "1342 472 0 0 17", "1396 486 0 0 17", "171 308 0 -1 85", "1600 477 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 4 MINE", "TRAIN"}, "37 8", "119 13",
			[]string{"1239 339 0 0 16", "1351 298 0 0 16", "1442 474 0 0 16", "1496 479 0 0 16", "171 308 0 -1 85", "1600 477 1 -1 85"}, ""},
		{idle, [2]string{"BUILD 13 TOWER", "TRAIN"}, "38 8", "120 13",
			[]string{"1254 319 0 0 15", "1430 359 0 0 15", "1498 452 0 0 15", "1522 496 0 0 15", "171 308 0 -1 85", "1550 456 1 -1 83"}, ""},
		{idle, [2]string{"MOVE 1691 427", "TRAIN"}, "39 8", "121 13",
			[]string{"1306 293 0 0 14", "1506 418 0 0 14", "1505 451 0 0 14", "1528 500 0 0 14", "171 308 0 -1 85", "1556 461 1 -1 81"}, "13 -1 -1 1 1 196 263"},
		{idle, [2]string{"MOVE 740 194", "TRAIN"}, "40 8", "122 13",
			[]string{"1395 326 0 0 13", "1561 452 0 0 9", "1569 464 0 0 13", "1592 522 0 0 13", "171 308 0 -1 85", "1620 478 1 -1 79"}, "13 -1 -1 1 1 192 261"},
		{idle, [2]string{"MOVE 951 898", "TRAIN"}, "41 8", "123 13",
			[]string{"1472 390 0 0 12", "1531 422 0 0 4", "1611 469 0 0 12", "1565 516 0 0 12", "171 308 0 -1 85", "1560 465 1 -1 76"}, "13 -1 -1 1 1 188 258"},
		{idle, [2]string{"BUILD 4 BARRACKS-ARCHER", "TRAIN"}, "42 8", "124 6",
			[]string{"1487 438 0 0 11", "1563 469 0 0 11", "1549 519 0 0 11", "171 308 0 -1 85", "1513 480 1 -1 72"}, "13 -1 -1 1 1 184 256"},
		{idle, [2]string{"BUILD 13 BARRACKS-ARCHER", "TRAIN"}, "43 8", "125 -1",
			[]string{"1474 410 0 0 10", "1502 450 0 0 7", "1491 483 0 0 10", "171 308 0 -1 85", "1448 455 1 -1 69"}, "13 -1 -1 1 1 180 254"},
		{idle, [2]string{"MOVE 1654 187", "TRAIN"}, "44 8", "126 -1",
			[]string{"1460 399 0 0 9", "1540 459 0 0 2", "1477 461 0 0 9", "171 308 0 -1 85", "1507 419 1 -1 66"}, "13 -1 -1 1 1 176 251"},
		{idle, [2]string{"BUILD 10 BARRACKS-KNIGHT", "TRAIN"}, "45 8", "127 13",
			[]string{"1453 369 0 0 8", "1481 410 0 0 8", "171 308 0 -1 85", "1503 363 1 -1 63"}, "13 -1 -1 1 1 172 248"},
		{idle, [2]string{"BUILD 4 TOWER", "TRAIN"}, "46 8", "128 -1",
			[]string{"1422 380 0 0 7", "1483 368 0 0 4", "171 308 0 -1 85", "1444 333 1 -1 61"}, "13 -1 -1 1 1 168 246"},
		{idle, [2]string{"BUILD 6 MINE", "TRAIN"}, "47 8", "129 4",
			[]string{"1412 388 0 0 6", "171 308 0 -1 85", "1406 336 1 -1 59"}, "13 -1 -1 1 1 164 243"},
		{idle, [2]string{"BUILD 13 BARRACKS-GIANT", "TRAIN"}, "48 8", "130 -1",
			[]string{"1404 356 0 0 2", "171 308 0 -1 85", "1424 404 1 -1 58"}, "13 -1 -1 1 1 160 241"},
		{idle, [2]string{"MOVE 53 338", "TRAIN"}, "49 8", "131 -1",
			[]string{"171 308 0 -1 85", "1488 394 1 -1 57"}, "13 -1 -1 1 1 156 238"},
		{idle, [2]string{"BUILD 18 BARRACKS-ARCHER", "TRAIN"}, "50 8", "132 -1",
			[]string{"171 308 0 -1 85", "1428 392 1 -1 57"}, "13 -1 -1 1 1 152 235"},
		{idle, [2]string{"BUILD 6 MINE", "TRAIN"}, "51 8", "133 -1",
			[]string{"171 308 0 -1 85", "1433 332 1 -1 57"}, "13 -1 -1 1 1 148 233"},
		{idle, [2]string{"BUILD 4 TOWER", "TRAIN"}, "52 8", "134 -1",
			[]string{"171 308 0 -1 85", "1440 392 1 -1 57"}, "13 -1 -1 1 1 144 230"},
		{idle, [2]string{"BUILD 15 TOWER", "TRAIN"}, "53 8", "135 4",
			[]string{"171 308 0 -1 85", "1418 390 1 -1 57"}, "13 -1 -1 1 1 140 227"},
		{idle, [2]string{"MOVE 834 288", "TRAIN"}, "54 8", "136 4",
			[]string{"171 308 0 -1 85", "1393 448 1 -1 57"}, "13 -1 -1 1 1 136 224"},
		{idle, [2]string{"BUILD 4 MINE", "TRAIN"}, "55 8", "137 4",
			[]string{"171 308 0 -1 85", "1351 476 1 -1 57"}, "13 -1 -1 1 1 132 221"},
	}
	g := newState(404, repoProfile)
	for turn, tc := range turns {
		in0, in1 := input(g, 0), input(g, 1)
		if in0[0] != tc.head0 || in1[0] != tc.head1 {
			t.Fatalf("turn %d: heads %q / %q, want %q / %q", turn, in0[0], in1[0], tc.head0, tc.head1)
		}
		if diff := cmp.Diff(tc.units, unitLines(g, 0)); diff != "" {
			t.Fatalf("turn %d: player 0's unit lines (-want +got):\n%s", turn, diff)
		}
		if tc.tower13 != "" && in0[1+13] != tc.tower13 {
			t.Fatalf("turn %d: site 13 reads %q, want %q", turn, in0[1+13], tc.tower13)
		}
		play(g, tc.p0, tc.p1)
	}
}

// TestGame404SiteLines checks site lines the original printed during the same opening:
// visibility within 300, own structures always visible, enemy mine rates hidden, barracks
// countdown (spec §12.2).
func TestGame404SiteLines(t *testing.T) {
	g := newState(404, repoProfile)
	want := map[int][][3]any{ // turn → {player, site, line}
		0: {{0, 8, "8 237 1 -1 -1 -1 -1"}, {0, 20, "20 237 1 -1 -1 -1 -1"}, {0, 0, "0 -1 -1 -1 -1 -1 -1"}, {1, 21, "21 237 1 -1 -1 -1 -1"}},
		1: {{0, 20, "20 237 1 2 0 0 0"}, {1, 20, "20 -1 -1 2 1 0 0"}},
		2: {{0, 20, "20 237 1 2 0 4 0"}, {0, 21, "21 -1 -1 0 1 -1 -1"}, {1, 21, "21 236 1 0 0 1 -1"}, {1, 20, "20 -1 -1 2 1 4 0"}},
		3: {{0, 20, "20 237 1 2 0 3 0"}, {1, 6, "6 222 1 -1 -1 -1 -1"}},
		4: {{0, 8, "8 236 1 0 0 1 -1"}, {1, 8, "8 -1 -1 0 1 -1 -1"}, {1, 13, "13 248 2 -1 -1 -1 -1"}},
		6: {{0, 20, "20 237 1 2 0 0 0"}, {1, 22, "22 216 2 -1 -1 -1 -1"}, {1, 21, "21 232 1 0 0 1 -1"}},
	}
	for turn, cmds := range game404Commands {
		for _, w := range want[turn] {
			p, id, line := w[0].(int), w[1].(int), w[2].(string)
			if got := siteLine(g, p, id); got != line {
				t.Errorf("turn %d, player %d, site %d: %q, want %q", turn, p, id, got, line)
			}
		}
		play(g, cmds[0], cmds[1])
	}
}

// game404Commands are the first seven turns' commands of the seed-404 game the spec's
// vectors follow (§17.8): each turn, player 0's and player 1's two lines.
var game404Commands = [][2][2]string{
	{{"BUILD 20 BARRACKS-KNIGHT", "TRAIN"}, {"BUILD 15 BARRACKS-KNIGHT", "TRAIN"}},
	{{"BUILD 8 MINE", "TRAIN 20"}, {"BUILD 21 MINE", "TRAIN"}},
	{{"BUILD 8 MINE", "TRAIN"}, {"BUILD 10 MINE", "TRAIN"}},
	{{"BUILD 8 MINE", "TRAIN"}, {"BUILD 13 BARRACKS-GIANT", "TRAIN"}},
	{idle, {"BUILD 22 BARRACKS-KNIGHT", "TRAIN"}},
	{idle, {"BUILD 21 TOWER", "TRAIN"}},
	{idle, {"BUILD 13 BARRACKS-KNIGHT", "TRAIN"}},
}
