#!/usr/bin/env bash
# Play a tournament on this machine as a resumable batch, then write its reports.
#
#   scripts/tournament-local.sh -g GAME [-n GAMES] [-p PARALLEL] [-s SEED] [-o RESULTS]
#                               BOT BOT [BOT...] [-- MORE ARENA FLAGS]
#
# Results go to RESULTS (default: tournament-GAME.jsonl), one line per finished game, so
# running the same command again after Ctrl-C, a reboot or kill -9 plays only the missing
# games. When every game is played, the reports are written next to it: RESULTS with .txt
# (table) and .csv in place of .jsonl. ARENA names the arena executable (default: arena on
# PATH, else arena built from this repository).
#
# Example:
#   scripts/tournament-local.sh -g queens -n 200 "python3 new.py" "python3 old.py" -- --sprt 0,10
set -euo pipefail

# usage [STATUS]: the help above; asked for with -h it goes to stdout and exits 0, after a
# mistake to stderr with 2.
usage() {
  if [ "${1:-2}" -eq 0 ]; then
    sed -n '2,16s/^# \{0,1\}//p' "$0"
  else
    sed -n '2,16s/^# \{0,1\}//p' "$0" >&2
  fi
  exit "${1:-2}"
}

game="" games=100 parallel="" seed="" results=""
while getopts "g:n:p:s:o:h" opt; do
  # An empty value is refused, as arena refuses one (README): it is most often an unset
  # variable (-s "$SEED"), and taking it for "not given" would quietly play with a seed, a
  # results file or a parallelism the caller did not choose.
  if [ "$opt" != h ] && [ "$opt" != "?" ] && [ -z "$OPTARG" ]; then
    echo "tournament-local: -$opt: empty value (an unset variable?): give one, or leave -$opt out for the default" >&2
    exit 2
  fi
  case $opt in
    g) game=$OPTARG ;;
    n) games=$OPTARG ;;
    p) parallel=$OPTARG ;;
    s) seed=$OPTARG ;;
    o) results=$OPTARG ;;
    h) usage 0 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ -n "$game" ] || { echo "tournament-local: -g GAME is required" >&2; usage; }

bots=() extra=()
while [ $# -gt 0 ]; do
  if [ "$1" = "--" ]; then shift; extra=("$@"); break; fi
  case $1 in
    -[gnpsoh])
      # No bot's command starts with a dash: one of the script's options after the bots,
      # which arena would be handed and refuse as a flag of its own.
      echo "tournament-local: $1 after the bots: the script's options go before them (arena's after --)" >&2
      usage ;;
  esac
  bots+=("$1"); shift
done
[ ${#bots[@]} -ge 2 ] || { echo "tournament-local: give at least two bots" >&2; usage; }
results=${results:-tournament-$game.jsonl}
. "$(dirname "$0")/lib/arena.sh"
find_arena tournament-local

args=(tournament --game "$game" --games "$games" --results "$results")
[ -n "$parallel" ] && args+=(--parallel "$parallel")
# Without --seed a resumed run takes the master seed recorded in the results file.
[ -n "$seed" ] && args+=(--seed "$seed")

# size FILE: its size in bytes, 0 when it does not exist. It tells a run that failed while
# playing (the results file grew) from one that failed before its first game.
size() {
  if [ -f "$1" ]; then wc -c <"$1"; else echo 0; fi
}

before=$(size "$results")
run_passing_signals "${arena[@]}" "${args[@]}" "${bots[@]}" "${extra[@]}"
# Running the same command again resumes a run that was stopped: it helps after Ctrl-C, a
# kill, or a failure during play, but not when arena refused or could not start the run,
# which would fail the same way again.
case $status in
  0) ;;
  2)
    # A usage error or a refused resume.
    echo "tournament-local: arena refused to play (exit 2): see its message above" >&2
    exit 2 ;;
  126 | 127)
    # The shell's "not executable" and "not found": ARENA does not name a command.
    echo "tournament-local: could not run arena (${arena[*]}): exit $status" >&2
    exit $status ;;
  130)
    echo "tournament-local: interrupted; run the same command again to finish" >&2
    exit 130 ;;
  *)
    if [ "$status" -gt 128 ]; then
      # Killed by a signal (kill -9, the OOM killer): the recorded games are kept.
      echo "tournament-local: arena was killed (exit $status); run the same command again to finish" >&2
    elif [ "$(size "$results")" -gt "$before" ]; then
      echo "tournament-local: arena stopped while playing (exit $status): see its message above; the games played are kept in $results, and running the same command again plays the others" >&2
    else
      # A results file that cannot be written or read, or is held by another run; a bot
      # that cannot be started: arena's message says which.
      echo "tournament-local: arena failed (exit $status) before recording any game: see its message above" >&2
    fi
    exit $status ;;
esac
base=${results%.jsonl}
# The reports are this tournament's own summary: run again with every game recorded, it
# plays nothing and prints it. (arena tournament report would count every line of the
# file, the games of an earlier run with another seed or --games included.)
for format in table csv; do
  out=$base.txt
  [ "$format" = csv ] && out=$base.csv
  if ! "${arena[@]}" "${args[@]}" "${bots[@]}" "${extra[@]}" --no-progress --format "$format" >"$out" 2>"$out.err"; then
    cat "$out.err" >&2
    rm -f "$out.err"
    echo "tournament-local: could not write $out" >&2
    exit 1
  fi
  rm -f "$out.err"
done
echo "tournament-local: reports in $base.txt and $base.csv" >&2
