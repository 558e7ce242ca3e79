// Package players runs bots: one Process per bot, started in its own process group with
// stdin, stdout and stderr pipes. Every read and write has a deadline; stdout is split into
// a bounded queue of lines, each stamped with the moment it was read so that response
// times are measured from the bot's side of the pipe: while an answer is awaited the
// waiting goroutine reads the pipe itself, and between answers a timer drains it, so a bot
// is never blocked on a full pipe for long and its floods are counted; stderr is drained
// continuously into bounded per-turn and per-game buffers. Stopping a bot stops its whole
// tree (process group, plus any descendant that left the group, found by a marker in its
// environment) with SIGTERM, a short grace, then SIGKILL, and reaps it. Should the runner
// itself be killed outright, its warden (warden.go) kills what is left of the bots' trees.
package players
