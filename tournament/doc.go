// Package tournament plays many games between bots and says whether the difference between
// them is real or noise.
//
// A tournament is planned (Plan): the bots are grouped into pairings (round-robin or
// gauntlet; groups of up to the game's player count for N-player games), every pairing
// plays the same seeds, derived from one master seed, and every seed is played in every
// seat order (all orders up to three players, rotations beyond), so that a seat advantage
// cancels out. All the orders of one seed form a unit, which the statistics treat as one
// observation (pentanomial-style for two bots).
//
// Games are played by a pool of workers through match.Run; each finished game is appended
// to a results file of JSON lines and synced before the next one is counted, so that a
// killed run loses at most the games in flight and a second run with the same file plays
// only what is missing. Sharding (Shard) splits the units deterministically between
// machines; Report merges results files into the same statistics.
//
// The statistics are pure functions tested against known values: Wilson and normal
// intervals, Elo from score, likelihood of superiority, the generalised sequential
// probability ratio test on pentanomial counts, and maximum-likelihood Bradley–Terry /
// Plackett–Luce ratings with intervals from the Fisher information.
package tournament
