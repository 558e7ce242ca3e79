#!/bin/sh
# bench.sh — arena's speed against this machine's own floor, measured in the same run.
#
# The floor (bench/floor) is two processes exchanging lines over pipes with nothing else
# done, and a process started until it answers. arena's runner benchmarks talk to the same
# peer with the same line shapes, so their cost reads as a ratio of the floor. The suites
# are interleaved, COUNT rounds each, and medians are compared, so that a machine busy
# with something else weighs on both sides alike.
#
#   scripts/bench.sh                 # 5 rounds
#   COUNT=10 scripts/bench.sh        # more rounds, steadier medians
#   KEEP=/tmp/b scripts/bench.sh     # keep the raw results (go test -bench output) there
#   BINARIES=/tmp/old scripts/bench.sh  # run test binaries built elsewhere (an older
#                                       # version): bench_floor.test, players.test, ...
#
# Raw results are `go test -bench` output: benchstat reads them.
set -eu

COUNT=${COUNT:-5}
cd "$(dirname "$0")/.."
work=${KEEP:-$(mktemp -d)}
mkdir -p "$work"
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

# run NAME BENCH: one run of a package's benchmarks, appended to NAME.txt. Tests run in
# their package directory, as go test runs them (match reads testdata/).
run() {
	(cd "$(echo "$1" | tr _ /)" && "$work/$1.test" -test.run '^$' -test.bench "$2" -test.benchmem -test.benchtime "${3:-1s}") >>"$work/$1.txt"
}

for round in $(seq "$COUNT"); do
	echo "round $round of $COUNT" >&2
	run bench_floor 'RoundTrip|Start|Lifecycle'
	run match 'Exchange'
	run players 'Exchange|Sample|Start|Lifecycle'
	run bench_floor 'RoundTrip'
	run match 'QueensGame'
	run match 'QueensReplay' 60x
	run referee_queens '.'
	run replays '.'
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

us() { awk -v v="$1" 'BEGIN { printf "%.1f", v / 1000 }'; }
ms() { awk -v v="$1" 'BEGIN { printf "%.2f", v / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, $(uname -sr), $(go version | cut -d' ' -f3)"
echo "medians of $COUNT rounds; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "per exchange (µs)                        floor   arena   arena/floor"
for shape in line queens; do
	for peers in 1 2; do
		f=$(median bench_floor "RoundTrip/$shape/peers=$peers")
		a=$(median match "Exchange/$shape/peers=$peers")
		printf "  runner, %-6s %d peer(s)               %6s  %6s   %s\n" "$shape" "$peers" "$(us "$f")" "$(us "$a")" "$(ratio "$a" "$f")"
	done
done
for peers in 1 2; do
	f=$(median bench_floor "RoundTrip/queens/peers=$peers")
	a=$(median match "Exchange/queens/peers=$peers/no-meter")
	printf "  runner, queens %d peer(s), no meter       %6s  %6s   %s\n" "$peers" "$(us "$f")" "$(us "$a")" "$(ratio "$a" "$f")"
done
f=$(median bench_floor "RoundTrip/queens/peers=1")
for variant in queens queens/no-meter; do
	a=$(median players "Exchange/$variant")
	printf "  players.Process only, %-18s %6s  %6s   %s\n" "$variant" "$(us "$f")" "$(us "$a")" "$(ratio "$a" "$f")"
done
printf "  players: Sample (counters, once an exchange)    %6s µs\n" "$(us "$(median players Sample)")"
echo
echo "per bot (ms)                             floor   arena   arena/floor"
for b in Start Lifecycle; do
	f=$(median bench_floor "$b")
	a=$(median players "$b")
	printf "  %-38s %6s  %6s   %s\n" "$b" "$(ms "$f")" "$(ms "$a")" "$(ratio "$a" "$f")"
done
echo
# A queens game between two instant bots: 250 turns, two exchanges each, two bots started
# and stopped. Its floor: two bot lives and 500 queens-sized round trips, peers in turn.
g=$(median match "QueensGame/instant")
turns=$(median match "QueensGame/instant" turns/game)
rt=$(median bench_floor "RoundTrip/queens/peers=2")
life=$(median bench_floor "Lifecycle")
floor_game=$(awk -v t="$turns" -v rt="$rt" -v l="$life" 'BEGIN { print 2 * l + 2 * t * rt }')
echo "per game: queens, two instant bots ($turns turns)"
printf "  floor (2 bot lives + %d round trips)   %8s ms\n" "$(awk -v t="$turns" 'BEGIN { print 2 * t }')" "$(ms "$floor_game")"
printf "  arena                                  %8s ms   arena/floor %s\n" "$(ms "$g")" "$(ratio "$g" "$floor_game")"
printf "  games per second                       %8s\n" "$(median match "QueensGame/instant" games/s)"
gg=$(median match "QueensGame/greedy")
gturns=$(median match "QueensGame/greedy" turns/game)
printf "  two greedy built-ins (%s turns)       %8s ms   %s games/s\n" "$gturns" "$(ms "$gg")" "$(median match "QueensGame/greedy" games/s)"
echo
echo "queens referee (µs)"
printf "  busy mid-game turn (requests + play)   %8s   target < 20\n" "$(us "$(median referee_queens Turn)")"
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
r2=$(ratio "$(median match "Exchange/queens/peers=2")" "$(median bench_floor "RoundTrip/queens/peers=2")")
r1=$(ratio "$(median match "Exchange/queens/peers=1")" "$(median bench_floor "RoundTrip/queens/peers=1")")
printf "  runner exchange, two bots asked in turn (a game's turn)   %5s x the round trip   (<= 1.5: %s)\n" "$r2" "$(verdict "$r2" 1.5)"
printf "  runner exchange, one bot alone (nothing overlaps)         %5s x the round trip   (<= 1.5: %s)\n" "$r1" "$(verdict "$r1" 1.5)"
qt=$(us "$(median referee_queens Game/turn)")
printf "  queens referee, average turn                              %5s µs                (< 20: %s)\n" "$qt" "$(verdict "$qt" 19.99)"
wp=$(awk -v v="$(median match "QueensReplay/json" replay-%)" 'BEGIN { printf "%.1f", v }')
printf "  replay write, share of a greedy game's runner time        %5s %%                 (< 10: %s)\n" "$wp" "$(verdict "$wp" 9.99)"
[ -z "${KEEP:-}" ] || echo "raw results: $work/*.txt (benchstat reads them)"
