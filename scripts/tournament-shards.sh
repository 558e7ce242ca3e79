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
#   -o DIR     where the shard results and the merged reports go (default: shards-GAME);
#              on the other machines the same path, relative to the home directory
#   -a PATH    arena on the machines that run shards, this one (":") too: one command
#              runs everywhere (default: arena on their PATH)
#   -b FILE    a file the bots need (script, binary), copied to every machine before the
#              first job, at the same path relative to the remote home (repeatable)
#
# Flags after -- go to every shard's arena tournament, except --sprt ELO0,ELO1, which an
# arena shard refuses: it goes to the merged report, which says what the test decided.
#
# Each shard I of N runs `arena tournament --shard I/N --results DIR/shard-I.jsonl` on some
# machine; the file is copied there first and back afterwards, so running the same command
# again resumes every unfinished shard. The merged statistics are DIR/report.txt and
# DIR/report.csv (arena tournament report over DIR/shard-*.jsonl). Bots and -b files are
# named from the directory the script runs in, where the shards of this machine (":") run;
# the other machines run theirs from their home directory. ARENA names the arena executable
# that writes the merged report (default: arena on PATH, else arena built from this
# repository).
#
# Example:
#   scripts/tournament-shards.sh -g queens -n 2000 -S "box1,box2,:" -b new.py -b old.py \
#       "python3 new.py" "python3 old.py"
set -euo pipefail

# usage [STATUS]: the help above; asked for with -h it goes to stdout and exits 0, after a
# mistake to stderr with 2.
usage() {
  if [ "${1:-2}" -eq 0 ]; then
    sed -n '2,36s/^# \{0,1\}//p' "$0"
  else
    sed -n '2,36s/^# \{0,1\}//p' "$0" >&2
  fi
  exit "${1:-2}"
}

game="" logins="" games=100 shards="" seed="" dir="" remote_arena=arena basefiles=()
while getopts "g:S:n:j:s:o:a:b:h" opt; do
  case $opt in
    g) game=$OPTARG ;;
    S) logins=$OPTARG ;;
    n) games=$OPTARG ;;
    j) shards=$OPTARG ;;
    s) seed=$OPTARG ;;
    o) dir=$OPTARG ;;
    a) remote_arena=$OPTARG ;;
    b) basefiles+=(--basefile "$OPTARG") ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$game" ] || { echo "tournament-shards: -g GAME is required" >&2; usage; }
[ -n "$logins" ] || { echo "tournament-shards: -S LOGINS is required" >&2; usage; }
command -v parallel >/dev/null 2>&1 || { echo "tournament-shards: GNU parallel is not installed (apt-get install parallel)" >&2; exit 1; }

bots=() extra=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
  bots+=("$1"); shift
done
[ ${#bots[@]} -ge 2 ] || { echo "tournament-shards: give at least two bots" >&2; usage; }
# An SPRT decides on all the results at once: it cannot run in a shard, so it goes to the
# merged report instead.
report=() flags=()
for ((i = 0; i < ${#extra[@]}; i++)); do
  case ${extra[i]} in
    --sprt) report=(--sprt "${extra[i + 1]:-}"); i=$((i + 1)) ;;
    --sprt=*) report=("${extra[i]}") ;;
    *) flags+=("${extra[i]}") ;;
  esac
done

IFS=, read -r -a login_list <<<"$logins"
shards=${shards:-${#login_list[@]}}
dir=${dir:-shards-$game}
mkdir -p "$dir"
earlier=$(cat "$dir/seed" 2>/dev/null || true)
if [ -z "$seed" ]; then
  # Reuse the seed of an earlier run of this batch, so that resuming plays the same maps.
  seed=${earlier:-$(( (RANDOM << 16 | RANDOM) & 0x7fffffff ))}
elif [ -n "$earlier" ] && [ "$earlier" != "$seed" ]; then
  # Its shard files hold the games of that seed: the merged report would count both.
  echo "tournament-shards: $dir holds the shards of master seed $earlier, not $seed: give -s $earlier to resume them, or another -o" >&2
  exit 2
fi
echo "$seed" >"$dir/seed"
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

# The arena that writes the merged report on this machine.
. "$(dirname "$0")/lib/arena.sh"
find_arena tournament-shards

# Files are copied only to and from other machines: with this machine (":", or "N/:")
# alone, GNU parallel would warn that it ignores the copies.
copies=()
for login in "${login_list[@]}"; do
  if [ "${login#*/}" != ":" ]; then
    copies=("${basefiles[@]}" --transferfile "$dir/shard-{}.jsonl" --return "$dir/shard-{}.jsonl" --cleanup)
    break
  fi
done

status=0
parallel --sshlogin "$logins" -j1 --line-buffer --tagstring 'shard {}' \
  "${copies[@]}" "$remote" ::: $(seq 1 "$shards") || status=$?

# With no game recorded in any shard (every shard failed) the report fails, saying so:
# the shards are still counted below.
if "${arena[@]}" tournament report "${report[@]}" "$dir"/shard-*.jsonl >"$dir/report.txt" &&
  "${arena[@]}" tournament report --format csv "$dir"/shard-*.jsonl >"$dir/report.csv"; then
  cat "$dir/report.txt"
elif [ $status -eq 0 ]; then
  exit 1
fi
if [ $status -ne 0 ]; then
  # GNU parallel's status is the number of failed jobs up to 100; 101 is more, 255 another error.
  case $status in
    1) failed="1 shard" ;;
    101) failed="more than 100 shards" ;;
    255) failed="the shards" ;;
    *) failed="$status shards" ;;
  esac
  echo "tournament-shards: $failed did not finish; run the same command again to resume them" >&2
  exit 1
fi
