# Sourced by the tournament scripts. find_arena NAME sets the array `arena` to the arena
# command: ARENA when it is set (a command line, split at spaces; refused with exit 127
# when it names no command), else arena on PATH, else arena built from this repository
# into a scratch directory removed on exit. NAME starts the messages.
find_arena() {
  if [ -n "${ARENA:-}" ]; then
    read -r -a arena <<<"$ARENA"
    # Checked now: a mistyped ARENA would otherwise fail where a run can fail, and read
    # like a run to resume.
    if ! command -v "${arena[0]:-}" >/dev/null 2>&1; then
      echo "$1: ARENA=$ARENA: no such command" >&2
      exit 127
    fi
  elif command -v arena >/dev/null 2>&1; then
    arena=(arena)
  else
    # Built into a scratch directory: `go run` of the repository would only work from
    # inside it, and the bots and results files are named relative to where the script runs.
    local repo
    repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    arena_tmp=$(mktemp -d)
    trap 'rm -rf "$arena_tmp"' EXIT
    echo "$1: arena is not on PATH; building it from $repo" >&2
    (cd "$repo" && go build -o "$arena_tmp/arena" .)
    arena=("$arena_tmp/arena")
  fi
}

# arena_on_path puts an `arena` that runs the command find_arena found first on PATH, for
# the commands the script runs on this machine (the shards of ":"), which call arena by name.
arena_on_path() {
  if [ -z "${arena_tmp:-}" ]; then
    arena_tmp=$(mktemp -d)
    trap 'rm -rf "$arena_tmp"' EXIT
  fi
  if [ "${arena[*]}" != "$arena_tmp/arena" ]; then
    # ARENA: a command line, run as find_arena split it.
    { echo '#!/usr/bin/env bash'; printf 'exec'; printf ' %q' "${arena[@]}"; echo ' "$@"'; } >"$arena_tmp/arena"
    chmod +x "$arena_tmp/arena"
  fi
  export PATH="$arena_tmp:$PATH"
}

# run_passing_signals COMMAND...: runs COMMAND, its exit status in `status`. The command
# runs in the background and is waited for, so that a TERM, HUP or INT sent to the script
# alone (kill PID, a job scheduler stopping it) is passed on to it: run in the foreground,
# it went on running on its own once the script was gone. Sent to the whole process group
# (Ctrl-C, a closed terminal), the signal reaches the command twice within microseconds:
# arena takes that as one, GNU parallel stops its jobs either way.
run_passing_signals() {
  "$@" &
  local child=$!
  trap 'kill -TERM "$child" 2>/dev/null || true' TERM
  trap 'kill -HUP "$child" 2>/dev/null || true' HUP
  trap 'kill -INT "$child" 2>/dev/null || true' INT
  # A signal ends a wait early, the command still running: wait again until it is gone.
  # The shell keeps its status for a last wait.
  while kill -0 "$child" 2>/dev/null; do
    wait "$child" || true
  done
  status=0
  wait "$child" || status=$?
  trap - TERM HUP INT
}
