// Package flags is the referee of "Save the Flag", the capture-the-flag game of the BUET
// CSE Fest 2022 AI contest (a CodinGame community contribution): two teams of 3–5 minions
// on a left–right symmetric maze collect coins, buy FIRE / FREEZE / MINE power-ups and try
// to bring the opponent's flag home.
//
// The rules are those of /work/shared/specs/flags.md. The protocol is byte-compatible with
// the original game so that the contest's public bots run unchanged. Two rule profiles
// exist: "original" (the final contest referee, the default) and "seed" (the early
// statement's wording where it differs: frozen carriers keep the flag, mines hit only
// opponents on their cell, score decides at turn 200).
//
// The referee is pure: randomness is drawn only while building the game, from PCG
// generators seeded by the game seed.
package flags
