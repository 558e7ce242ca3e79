// Package players runs bots: one Process per bot, started in its own process group with
// stdin, stdout and stderr pipes. Every read and write has a deadline; stdout is read
// continuously into a bounded queue of lines, each stamped with its arrival time so that
// response times are measured from the bot's side of the pipe; stderr is drained
// continuously into bounded per-turn and per-game buffers. Stopping a bot stops its whole
// tree (process group, plus any descendant that left the group, found by a marker in its
// environment) with SIGTERM, a short grace, then SIGKILL, and reaps it.
package players
