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
