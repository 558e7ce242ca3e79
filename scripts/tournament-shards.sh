#!/usr/bin/env bash
# Spread one tournament over several machines with GNU parallel, then merge the results.
#
#   scripts/tournament-shards.sh -g GAME -S LOGINS [-n GAMES] [-j SHARDS] [-s SEED]
#        [-o DIR] [-a REMOTE_ARENA] [-b FILE]... BOT BOT [BOT...] [-- MORE ARENA FLAGS]
#
#   -S LOGINS  GNU parallel --sshlogin list, comma-separated: "host1,user@host2,:"
#              (":" is this machine). One shard runs at a time on each machine, and each
#              shard plays its games in parallel on that machine's cores.
#   -j SHARDS  number of shards (default: one per login; more balances uneven machines)
#   -s SEED    master seed shared by every shard (default: the one kept in DIR/seed by an
#              earlier run, else random, printed); another seed than DIR's is refused
#              while DIR's shard files hold games
#   -o DIR     where the shard results and the merged reports go (default: shards-GAME);
#              on the other machines the same path, relative to the home directory. DIR
#              holds one tournament: another game, other bots, or other --gauntlet or
#              --group than DIR/tournament records are refused while its shards hold games
#   -a PATH    arena on the machines that run shards, this one (":") too: one command
#              runs everywhere (default: arena on their PATH; on this machine, if there
#              is none on its PATH, the arena that writes the merged report)
#   -b FILE    a file the bots need (script, binary), copied to every machine before the
#              first job, at the same path relative to the remote home (repeatable)
#
# Flags after -- go to every shard's arena tournament, except --sprt ELO0,ELO1, which an
# arena shard refuses: it goes to the merged report, which says what the test decided.
# --seed, --games, --shard and --results are the script's own (-s, -n, -j, -o).
#
# Mistakes are refused with exit 2 before anything is written or played: the script's
# options, an empty value (a script's unset variable), and arena's arguments, which the
# arena that writes the merged report checks once for all the shards.
#
# Each shard I of N runs `arena tournament --shard I/N --results DIR/shard-I.jsonl` on some
# machine; the file is copied there first and back afterwards, so running the same command
# again resumes every unfinished shard. The merged statistics are DIR/report.txt and
# DIR/report.csv (arena tournament report over DIR/shard-*.jsonl). A shard that arena
# refused (exit 2) or that could not run arena is named, and only the shards that running
# again can resume are said to be; DIR/joblog is GNU parallel's log of the last run. Bots
# and -b files are named from the directory the script runs in, where the shards of this
# machine (":") run; the other machines run theirs from their home directory. ARENA names
# the arena executable that writes the merged report (default: arena on PATH, else arena
# built from this repository).
#
# Example:
#   scripts/tournament-shards.sh -g queens -n 2000 -S "box1,box2,:" -b new.py -b old.py \
#       "python3 new.py" "python3 old.py"
set -euo pipefail

# usage [STATUS]: the help above; asked for with -h it goes to stdout and exits 0, after a
# mistake to stderr with 2.
usage() {
  if [ "${1:-2}" -eq 0 ]; then
    sed -n '2,45s/^# \{0,1\}//p' "$0"
  else
    sed -n '2,45s/^# \{0,1\}//p' "$0" >&2
  fi
  exit "${1:-2}"
}

# refuse MESSAGE: a mistake in the arguments, said before anything is written or played.
refuse() {
  echo "tournament-shards: $*" >&2
  exit 2
}

# words ARG...: the arguments on one line, quoted where a shell needs it, to show and to
# record a tournament.
words() {
  local out="" w q="'"
  for w in "$@"; do
    case $w in
      "" | *[!A-Za-z0-9_./:=,+@%-]*) w="'${w//$q/$q\\$q$q}'" ;;
    esac
    out+="${out:+ }$w"
  done
  printf '%s\n' "$out"
}

game="" logins="" games=100 shards="" seed="" dir="" remote_arena=arena given_arena=no basefiles=()
while getopts "g:S:n:j:s:o:a:b:h" opt; do
  # An empty value is refused, as arena refuses one (README): it is most often an unset
  # variable (-s "$SEED"), and taking it for "not given" would quietly play another seed,
  # into another directory, than the caller meant.
  if [ "$opt" != h ] && [ "$opt" != "?" ] && [ -z "$OPTARG" ]; then
    refuse "-$opt: empty value (an unset variable?): give one, or leave -$opt out for the default"
  fi
  case $opt in
    g) game=$OPTARG ;;
    S) logins=$OPTARG ;;
    n) games=$OPTARG ;;
    j) shards=$OPTARG ;;
    s) seed=$OPTARG ;;
    o) dir=$OPTARG ;;
    a) remote_arena=$OPTARG given_arena=yes ;;
    b) basefiles+=(--basefile "$OPTARG") ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$game" ] || { echo "tournament-shards: -g GAME is required" >&2; usage; }
[ -n "$logins" ] || { echo "tournament-shards: -S LOGINS is required" >&2; usage; }
# The numbers the script uses itself are checked here, before any shard: every shard would
# otherwise be refused on its own, and -j would go to seq and to the shard count unchecked.
[[ $games =~ ^[1-9][0-9]*$ ]] || refuse "-n $games: want a whole number of games per pairing, at least 1"
[[ ${shards:-1} =~ ^[1-9][0-9]*$ ]] || refuse "-j $shards: want a whole number of shards, at least 1"
# The seed is compared as text with DIR/seed: one spelling for each number.
[[ ${seed:-0} =~ ^(0|-?[1-9][0-9]*)$ ]] || refuse "-s $seed: want a whole number (the master seed)"

bots=() extra=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
  bots+=("$1"); shift
done
[ ${#bots[@]} -ge 2 ] || { echo "tournament-shards: give at least two bots" >&2; usage; }
# An SPRT decides on all the results at once: it cannot run in a shard, so it goes to the
# merged report instead. The flags the script sets for each shard itself are refused:
# after them on the shard's command line they would win, unknown to the script.
report=() flags=()
for ((i = 0; i < ${#extra[@]}; i++)); do
  case ${extra[i]} in
    --sprt)
      [ $((i + 1)) -lt ${#extra[@]} ] || refuse "--sprt needs a value, ELO0,ELO1[,ALPHA,BETA]"
      report=(--sprt "${extra[i + 1]}"); i=$((i + 1)) ;;
    --sprt=*) report=("${extra[i]}") ;;
    --seed | --seed=*) refuse "--seed after --: give -s SEED" ;;
    --games | --games=*) refuse "--games after --: give -n GAMES" ;;
    --shard | --shard=*) refuse "--shard after --: the script gives each shard its own (-j sets their number)" ;;
    --results | --results=*) refuse "--results after --: the script gives each shard its own (DIR/shard-I.jsonl, -o sets DIR)" ;;
    *) flags+=("${extra[i]}") ;;
  esac
done
if [ ${#report[@]} -gt 0 ] && [ ${#bots[@]} -ne 2 ]; then
  refuse "--sprt compares two bots, not ${#bots[@]}"
fi

IFS=, read -r -a login_list <<<"$logins"
shards=${shards:-${#login_list[@]}}
dir=${dir:-shards-$game}
here=no # whether this machine (":", or "N/:") runs shards
for login in "${login_list[@]}"; do
  [ "${login#*/}" = ":" ] && here=yes
done

# What the tournament is, recorded in DIR/tournament beside DIR/seed: the games its shard
# files hold. arena itself refuses to resume games recorded with another setup (time scale,
# options, limits…) or another version of a bot, but it keeps the games of other pairings
# in the same file as another tournament's, and the merged report, over every shard file,
# would count them: so DIR records what chooses the pairings, which arena does not check
# (the game, the bots in their order, --gauntlet and --group). -n is left out: it may grow,
# as arena's --games may, to add seeds to the same tournament.
pairing=()
for ((i = 0; i < ${#flags[@]}; i++)); do
  case ${flags[i]} in
    --gauntlet | --gauntlet=* | --group=*) pairing+=("${flags[i]}") ;;
    --group) pairing+=("${flags[i]}" "${flags[i + 1]:-}"); i=$((i + 1)) ;;
  esac
done
tournament=$(words -g "$game" "${bots[@]}" "${pairing[@]}")

# The seed and the tournament DIR records bind only while a shard file holds a game: a run
# that recorded nothing (refused, or that failed on every machine) leaves nothing to mix.
played=no
for f in "$dir"/shard-*.jsonl; do
  [ -s "$f" ] && played=yes
done
earlier=$(cat "$dir/seed" 2>/dev/null || true)
if [ -z "$seed" ]; then
  # Reuse the seed of an earlier run of this batch, so that resuming plays the same maps.
  seed=${earlier:-$(( (RANDOM << 16 | RANDOM) & 0x7fffffff ))}
elif [ $played = yes ] && [ -n "$earlier" ] && [ "$earlier" != "$seed" ]; then
  # Its shard files hold the games of that seed: the merged report would count both.
  refuse "$dir holds the shards of master seed $earlier, not $seed: give -s $earlier to resume them, or another -o"
fi
recorded=$(cat "$dir/tournament" 2>/dev/null || true)
# (A DIR of an earlier version of this script has no DIR/tournament: it is taken as it is.)
if [ $played = yes ] && [ -n "$recorded" ] && [ "$recorded" != "$tournament" ]; then
  refuse "$dir holds the shards of another tournament ($recorded), not of this one ($tournament): the merged report would count both; give the same game, bots and pairing flags to resume it, or another -o DIR for this one"
fi

# The arena that checks the arguments and writes the merged report on this machine.
. "$(dirname "$0")/lib/arena.sh"
find_arena tournament-shards

if [ $here = yes ]; then
  if [ $given_arena = yes ]; then
    read -r -a first <<<"$remote_arena"
    command -v "${first[0]:-}" >/dev/null 2>&1 ||
      refuse "-a $remote_arena: no such command on this machine, which runs shards too (-S has \":\")"
  elif ! command -v arena >/dev/null 2>&1; then
    # The shards of this machine run `arena` from PATH: without one there, they run the
    # arena found above, as the report does. (The other machines' PATH is their own.)
    arena_on_path
  fi
fi

# arena's arguments are checked once, here, by a run of a shard that holds no game (the
# units of a tournament are far fewer than 2^31 − 1): arena refuses what it would refuse
# in every shard, before any game. Other failures (a bot that exists only on the other
# machines) are left to the shards. The report's --sprt is checked on an empty file, which
# it refuses as a report of nothing (exit 1) unless the test itself is wrong (exit 2).
status=0
said=$("${arena[@]}" tournament --game "$game" --games "$games" --seed "$seed" --shard 2147483647/2147483647 \
  --no-progress "${bots[@]}" "${flags[@]}" 2>&1 >/dev/null) || status=$?
if [ $status -eq 0 ] && [ ${#report[@]} -gt 0 ]; then
  said=$("${arena[@]}" tournament report "${report[@]}" /dev/null 2>&1 >/dev/null) || status=$?
fi
case $status in
  2)
    printf '%s\n' "$said" >&2
    refuse "arena refused these arguments (exit 2): see its message above" ;;
  130) exit 130 ;;
esac

# Checked once the arguments are: a mistake in them is said as such (exit 2) wherever the
# script runs.
command -v parallel >/dev/null 2>&1 || { echo "tournament-shards: GNU parallel is not installed (apt-get install parallel)" >&2; exit 1; }

# Recorded now, when the games are about to be played.
mkdir -p "$dir"
echo "$seed" >"$dir/seed"
printf '%s\n' "$tournament" >"$dir/tournament"
echo "tournament-shards: $game, ${#bots[@]} bots, $games games per pairing, master seed $seed, $shards shards on: $logins" >&2

# The remote command, quoted once for the remote shell; GNU parallel puts the shard number
# in place of {}. Every job runs from here on this machine and from the home directory on
# the others, where -b put the bots' files at the same relative paths, so the bots' paths
# and DIR/shard-I.jsonl mean the same on every machine.
remote="$remote_arena tournament --game $(printf %q "$game") --games $(printf %q "$games") --seed $seed --shard {}/$shards --results $(printf %q "$dir")/shard-{}.jsonl --no-progress"
for b in "${bots[@]}" "${flags[@]}"; do remote+=" $(printf %q "$b")"; done

# Every shard file exists before the run, so that it can always be sent (to resume) and
# brought back (with what was played, even if the shard was stopped).
for i in $(seq 1 "$shards"); do touch "$dir/shard-$i.jsonl"; done

# Files are copied only to and from other machines: with this machine (":", or "N/:")
# alone, GNU parallel would warn that it ignores the copies.
copies=()
for login in "${login_list[@]}"; do
  if [ "${login#*/}" != ":" ]; then
    copies=("${basefiles[@]}" --transferfile "$dir/shard-{}.jsonl" --return "$dir/shard-{}.jsonl" --cleanup)
    break
  fi
done

# DIR/joblog (GNU parallel's) keeps each shard's exit status and machine, said below.
: >"$dir/joblog" # no earlier run's log, should GNU parallel fail before writing one
# A signal to this script alone reaches GNU parallel, which stops its shards.
run_passing_signals parallel --sshlogin "$logins" -j1 --line-buffer --tagstring 'shard {}' --joblog "$dir/joblog" \
  "${copies[@]}" "$remote" ::: $(seq 1 "$shards")

# With no game recorded in any shard (every shard failed) the report fails, saying so:
# the shards are still counted below. The CSV report's notes are the table's, said once
# already: they are shown only if it fails.
if "${arena[@]}" tournament report "${report[@]}" "$dir"/shard-*.jsonl >"$dir/report.txt" &&
  { csv_said=$("${arena[@]}" tournament report --format csv "$dir"/shard-*.jsonl 2>&1 >"$dir/report.csv") ||
    { printf '%s\n' "$csv_said" >&2; false; }; }; then
  cat "$dir/report.txt"
elif [ $status -eq 0 ]; then
  exit 1
fi
[ $status -eq 0 ] && exit 0

# Which shards failed, and whether running the same command again can help: it resumes a
# shard that was stopped (interrupted, killed, a machine out of reach: ssh's 255), but a
# shard that arena refused (exit 2: a bot or setting changed, an arena that differs from
# this machine's) or that could not run arena (126, 127) would fail the same way again.
refused=() missing=() finished=0
while IFS=$'\t' read -r seq host _ _ _ _ exitval signal _; do
  # Seq is the job's place in ::: 1 2 … SHARDS: the shard's number.
  [ "$seq" = Seq ] && continue
  case $signal:$exitval in
    0:0) finished=$((finished + 1)) ;;
    0:2) refused+=("$seq") ;;
    0:126 | 0:127) missing+=("shard $seq on $host (exit $exitval)") ;;
  esac
done <"$dir/joblog"
if [ ${#refused[@]} -gt 0 ]; then
  s=shard; [ ${#refused[@]} -gt 1 ] && s=shards
  echo "tournament-shards: arena refused to play $s ${refused[*]} (exit 2): see its message above" >&2
fi
for m in "${missing[@]}"; do
  echo "tournament-shards: could not run arena ($remote_arena) for $m" >&2
done
unfinished=$((shards - finished - ${#refused[@]} - ${#missing[@]}))
if [ $unfinished -gt 0 ]; then
  failed="$unfinished shards"
  [ $unfinished -eq 1 ] && failed="1 shard"
  if [ ${#refused[@]} -eq 0 ] && [ ${#missing[@]} -eq 0 ]; then
    echo "tournament-shards: $failed did not finish; run the same command again to resume them" >&2
  else
    echo "tournament-shards: $failed more did not finish" >&2
  fi
elif [ ${#refused[@]} -eq 0 ] && [ ${#missing[@]} -eq 0 ]; then
  # Every shard that ran finished: GNU parallel itself failed.
  echo "tournament-shards: GNU parallel failed (exit $status): see its message above" >&2
fi
[ ${#refused[@]} -gt 0 ] && exit 2
exit 1
