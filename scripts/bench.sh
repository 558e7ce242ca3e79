#!/bin/sh
# bench.sh — arena's speed against this machine's own floor, measured in the same run.
#
# The floor (bench/floor) is two processes exchanging lines over pipes with nothing else
# done, and a process started until it answers. arena's runner benchmarks talk to the same
# peer with the same line shapes, and the floor starts the same binaries as they do, so
# their cost reads as a ratio of the floor. The suites
# are interleaved, COUNT rounds each, and medians are compared, so that a machine busy
# with something else weighs on both sides alike.
#
#   scripts/bench.sh                 # 5 rounds
#   COUNT=10 scripts/bench.sh        # more rounds, steadier medians
#   PAIRS=40 scripts/bench.sh        # more short runs for the exchange targets (default 20)
#   KEEP=/tmp/b scripts/bench.sh     # keep the raw results (go test -bench output) there
#   BINARIES=/tmp/old scripts/bench.sh  # run test binaries built elsewhere (an older
#                                       # version): bench_floor.test, players.test, ...
#
# Raw results are `go test -bench` output: benchstat reads them.
set -eu

COUNT=${COUNT:-5}
PAIRS=${PAIRS:-20}
cd "$(dirname "$0")/.."
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
# A kept directory may hold an earlier run's results: start this run's afresh.
rm -f "$work/bench_floor.txt" "$work/players.txt" "$work/match.txt" "$work/referee_queens.txt" "$work/replays.txt" \
	"$work/pairs_floor.txt" "$work/pairs_match.txt" "$work/bench_floor_players.txt" "$work/bench_floor_match.txt" "$work/warm.txt"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

if [ -n "${BINARIES:-}" ]; then
	for name in bench_floor players match referee_queens replays; do
		cp "$BINARIES/$name.test" "$work/$name.test"
	done
else
	echo "building test binaries in $work" >&2
	for pkg in bench/floor players match referee/queens replays; do
		name=$(echo "$pkg" | tr / _)
		go test -c -o "$work/$name.test" "./$pkg"
	done
fi

# run NAME BENCH [TIME [OUT]]: one run of a package's benchmarks, appended to NAME.txt (or
# OUT.txt). Tests run in their package directory, as go test runs them (match reads
# testdata/).
run() {
	(cd "$(echo "$1" | tr _ /)" && "$work/$1.test" -test.run '^$' -test.bench "$2" -test.benchmem -test.benchtime "${3:-1s}") >>"$work/${4:-$1}.txt"
}

# warm NAME BENCH TIME OUT: like run, but each benchmark runs twice in its process and only
# the second run is kept: a process's first benchmark reads the floor's round trip about a
# tenth slower (docs/PERFORMANCE.md), as if the machine were still placing the process.
warm() {
	(cd "$(echo "$1" | tr _ /)" && "$work/$1.test" -test.run '^$' -test.bench "$2" -test.benchmem -test.benchtime "$3" -test.count 2) >"$work/warm.txt"
	awk '/^Benchmark/ { if (seen[$1]++) print; next } { print }' "$work/warm.txt" >>"$work/$4.txt"
}

for round in $(seq "$COUNT"); do
	echo "round $round of $COUNT" >&2
	run bench_floor 'RoundTrip|MoveCalls'
	# A bot's start and life on the floor, for the binaries arena starts below: how long a
	# process takes to start depends on its binary, whoever starts it.
	(export ARENA_FLOOR_PEER_BINARY="$work/players.test"; run bench_floor 'Start|Lifecycle' 1s bench_floor_players)
	(export ARENA_FLOOR_PEER_BINARY="$work/match.test"; run bench_floor 'Lifecycle' 1s bench_floor_match)
	run match 'Exchange'
	run bench_floor 'RoundTrip|MoveCalls'
	run players 'Exchange|Sample|Start|Lifecycle'
	run match 'QueensGame'
	run referee_queens '.'
	run replays '.'
	# Last in the round, and its files on disk before the next round's exchanges: a round
	# writes about 100 MB of replays, whose writeback would otherwise weigh on them.
	run match 'QueensReplay' 60x
	sync
done

# The exchange targets: PAIRS short runs of the runner's queens exchanges, each between two
# short runs of the floor, so that each ratio is taken against the floor of the same
# seconds (see paired); each the second run of its benchmark in its process (see warm).
echo "exchanges: $PAIRS short runs, each between two runs of the floor" >&2
for pair in $(seq "$PAIRS"); do
	warm bench_floor 'RoundTrip/queens|MoveCalls' 0.3s pairs_floor
	warm match 'Exchange/queens' 0.3s pairs_match
	warm bench_floor 'RoundTrip/queens|MoveCalls' 0.3s pairs_floor
done

# median FILE NAME [FIELD]: the median of a benchmark's value (ns/op by default, or the
# value just before the unit FIELD, e.g. games/s) over the rounds.
median() {
	awk -v name="$2" -v unit="${3:-ns/op}" '
		$1 ~ "^Benchmark" name "(-[0-9]+)?$" {
			for (i = 2; i < NF; i++) if ($(i+1) == unit) v[n++] = $i
		}
		END {
			if (n == 0) { print "nan"; exit }
			for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
			print (n % 2) ? v[int(n/2)] : (v[n/2-1] + v[n/2]) / 2
		}' "$work/$1.txt"
}

# paired NAME FLOOR: the ratio of each short run of match's benchmark NAME to the mean of
# the floor's FLOOR measured right before and right after it; prints the median, the
# quartiles and the extremes of those ratios. This VM's speed drifts by tens of percent
# within minutes, and a busy second can triple one run: a ratio taken within a few seconds
# is not moved by the drift, and the median not by the busy seconds.
paired() {
	awk -v a="$1" -v f="$2" '
		FILENAME ~ /pairs_floor.txt$/ && $1 ~ "^Benchmark" f "(-[0-9]+)?$" { fl[nf++] = $3 }
		FILENAME ~ /pairs_match.txt$/ && $1 ~ "^Benchmark" a "(-[0-9]+)?$" { ar[na++] = $3 }
		END {
			n = 0
			for (i = 0; i < na && 2 * i + 1 < nf; i++) r[n++] = ar[i] / ((fl[2 * i] + fl[2 * i + 1]) / 2)
			if (n == 0) { print "nan nan nan nan nan"; exit }
			for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
			printf "%.2f %.2f %.2f %.2f %.2f\n", (n % 2) ? r[int(n / 2)] : (r[n / 2 - 1] + r[n / 2]) / 2, r[int((n - 1) / 4)], r[int(3 * (n - 1) / 4)], r[0], r[n - 1]
		}' "$work/pairs_floor.txt" "$work/pairs_match.txt"
}

# alongside NAME FLOOR: the median of the ratios of the floor's benchmark NAME to its
# FLOOR, each taken within one run of the floor's pairs (the two run seconds apart).
alongside() {
	awk -v a="$1" -v f="$2" '
		$1 ~ "^Benchmark" a "(-[0-9]+)?$" { ar[na++] = $3 }
		$1 ~ "^Benchmark" f "(-[0-9]+)?$" { fl[nf++] = $3 }
		END {
			n = 0
			for (i = 0; i < na && i < nf; i++) r[n++] = ar[i] / fl[i]
			if (n == 0) { print "nan"; exit }
			for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (r[j] < r[i]) { t = r[i]; r[i] = r[j]; r[j] = t }
			printf "%.2f\n", (n % 2) ? r[int(n / 2)] : (r[n / 2 - 1] + r[n / 2]) / 2
		}' "$work/pairs_floor.txt"
}

us() { awk -v v="$1" 'BEGIN { printf "%.1f", v / 1000 }'; }
ms() { awk -v v="$1" 'BEGIN { printf "%.2f", v / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, $(uname -sr), $(go version | cut -d' ' -f3)"
echo "medians of $COUNT rounds; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
# Each exchange line also gives the CPU time the runner's process spent per exchange
# (cpu-ns/op: every thread, not the peers) and the peers' (peer-cpu-ns/op: their process
# CPU clocks), the floor's and arena's. Where runner and peer take turns on one CPU, an
# exchange takes about the two added.
echo "per exchange (µs)                        floor   arena   arena/floor   runner CPU: floor  arena   peer CPU: floor  arena"
exchange_line() { # LABEL FLOOR_FILE FLOOR_NAME FILE NAME
	f=$(median "$2" "$3") a=$(median "$4" "$5")
	printf "  %-38s %6s  %6s   %-11s   %17s  %5s   %15s  %5s\n" "$1" "$(us "$f")" "$(us "$a")" "$(ratio "$a" "$f")" \
		"$(us "$(median "$2" "$3" cpu-ns/op)")" "$(us "$(median "$4" "$5" cpu-ns/op)")" \
		"$(us "$(median "$2" "$3" peer-cpu-ns/op)")" "$(us "$(median "$4" "$5" peer-cpu-ns/op)")"
}
for shape in line queens; do
	for peers in 1 2; do
		exchange_line "runner, $shape $peers peer(s)" bench_floor "RoundTrip/$shape/peers=$peers" match "Exchange/$shape/peers=$peers"
	done
done
exchange_line "a move's system calls alone (no runner)" bench_floor "RoundTrip/queens/peers=1" bench_floor MoveCalls
for peers in 1 2; do
	exchange_line "runner, queens $peers peer(s), no meter" bench_floor "RoundTrip/queens/peers=$peers" match "Exchange/queens/peers=$peers/no-meter"
done
for variant in queens queens/no-meter; do
	exchange_line "players.Process only, $variant" bench_floor "RoundTrip/queens/peers=1" players "Exchange/$variant"
done
printf "  players: Sample, once an exchange: default meter %s µs, counters %s µs\n" \
	"$(us "$(median players Sample/process-cpu)")" "$(us "$(median players Sample/counters)")"
echo
echo "per bot (ms), the same binary started   floor   arena   arena/floor"
for b in Start Lifecycle; do
	f=$(median bench_floor_players "$b")
	for m in process-cpu counters; do
		a=$(median players "$b/$m")
		printf "  %-38s %6s  %6s   %s\n" "$b, meter $m" "$(ms "$f")" "$(ms "$a")" "$(ratio "$a" "$f")"
	done
done
echo
# A queens game between two instant bots: 250 turns, two exchanges each, two bots started
# and stopped. Its floor: two lives of the same binary (match.test) and 500 queens-sized
# round trips, peers in turn.
g=$(median match "QueensGame/instant")
turns=$(median match "QueensGame/instant" turns/game)
rt=$(median bench_floor "RoundTrip/queens/peers=2")
life=$(median bench_floor_match "Lifecycle")
floor_game=$(awk -v t="$turns" -v rt="$rt" -v l="$life" 'BEGIN { print 2 * l + 2 * t * rt }')
echo "per game: queens, two instant bots ($turns turns)"
printf "  floor (2 bot lives + %d round trips)   %8s ms\n" "$(awk -v t="$turns" 'BEGIN { print 2 * t }')" "$(ms "$floor_game")"
printf "  arena                                  %8s ms   arena/floor %s\n" "$(ms "$g")" "$(ratio "$g" "$floor_game")"
printf "  games per second                       %8s\n" "$(median match "QueensGame/instant" games/s)"
gg=$(median match "QueensGame/greedy")
gturns=$(median match "QueensGame/greedy" turns/game)
printf "  two greedy built-ins (%s turns)       %8s ms   %s games/s\n" "$gturns" "$(ms "$gg")" "$(median match "QueensGame/greedy" games/s)"
printf "  the same without frames (no replay)    %8s ms   %s games/s\n" "$(ms "$(median match "QueensGame/greedy/no-frames")")" \
	"$(median match "QueensGame/greedy/no-frames" games/s)"
echo
echo "queens referee (µs)"
printf "  busy mid-game turn (requests + play)   %8s   (26 creeps fighting: not the average)\n" "$(us "$(median referee_queens Turn)")"
printf "  frame of that turn                     %8s\n" "$(us "$(median referee_queens Frame)")"
printf "  average turn of a greedy game          %8s   target < 20\n" "$(us "$(median referee_queens Game/turn)")"
printf "  the same with its frame                %8s\n" "$(us "$(median referee_queens Game/framed)")"
echo
w=$(median replays "Write/json")
wturns=$(median replays Encode turns)
echo "replay of a greedy game ($wturns turns), written at once after the game (replays.Write)"
printf "  encode                                 %8s ms\n" "$(ms "$(median replays Encode)")"
printf "  write .json (atomic, fsync)            %8s ms   %s%% of the game's runner time\n" "$(ms "$w")" \
	"$(awk -v w="$w" -v wt="$wturns" -v g="$gg" -v gt="$gturns" 'BEGIN { printf "%.1f", 100 * (w / wt) / (g / gt) }')"
printf "  write .json.gz                         %8s ms\n" "$(ms "$(median replays Write/json.gz)")"
printf "  read .json                             %8s ms\n" "$(ms "$(median replays Read/json)")"
echo "replay written during the game, as arena run --replay writes it (60 games with and without, in pairs)"
for f in json json.gz; do
	printf "  .%-8s game %6s ms, with its replay +%5s ms = %5s%%: %s ms to create, %s ms after the last turn;\n" "$f" \
		"$(median match "QueensReplay/$f" game-ms)" "$(median match "QueensReplay/$f" replay-ms)" \
		"$(median match "QueensReplay/$f" replay-%)" "$(median match "QueensReplay/$f" create-ms)" "$(median match "QueensReplay/$f" finish-ms)"
	printf "            the writer: %s ms spent on the turns, %s%% of the turns written during the game\n" \
		"$(median match "QueensReplay/$f" writer-ms)" "$(median match "QueensReplay/$f" streamed-%)"
done

# The targets of docs/PERFORMANCE.md, each with its verdict on this run.
verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v + 0 <= t + 0) ? "met" : "NOT met" }'; }
echo
echo "targets"
set -- $(paired "Exchange/queens/peers=2" "RoundTrip/queens/peers=2")
r2=$1 spread2="quartiles $2-$3, extremes $4-$5"
set -- $(paired "Exchange/queens/peers=1" "RoundTrip/queens/peers=1")
r1=$1 spread1="quartiles $2-$3, extremes $4-$5"
printf "  runner exchange, two bots asked in turn (a game's turn)   %5s x the round trip   (<= 1.5: %s)\n" "$r2" "$(verdict "$r2" 1.5)"
printf "  runner exchange, one bot alone (nothing overlaps)         %5s x the round trip   (<= 1.5: %s)\n" "$r1" "$(verdict "$r1" 1.5)"
echo "    (medians of $PAIRS short runs, each against the floor measured around it; two bots: $spread2; one bot: $spread1)"
printf "    of which a move's own system calls, with no runner code (MoveCalls)   %5s x the round trip\n" "$(alongside MoveCalls "RoundTrip/queens/peers=1")"
qt=$(us "$(median referee_queens Game/turn)")
printf "  queens referee, average turn                              %5s µs                (< 20: %s)\n" "$qt" "$(verdict "$qt" 19.99)"
wp=$(awk -v v="$(median match "QueensReplay/json" replay-%)" 'BEGIN { printf "%.1f", v }')
printf "  replay write, share of a greedy game's runner time        %5s %%                 (< 10: %s)\n" "$wp" "$(verdict "$wp" 9.99)"
[ -z "${KEEP:-}" ] || echo "raw results: $work/*.txt (benchstat reads them)"
