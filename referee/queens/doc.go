// Package queens is the referee of Code Royale (CodinGame, 2018, final league): two queens
// build mines, towers and barracks on circular sites and train knights, archers and giants
// to destroy the enemy queen.
//
// The rules follow the implementation-ready description in specs/queens.md, which
// reproduces the original Kotlin referee turn for turn: the same seed gives the same map
// (java.util.Random, relaxation, rounding) and the same player outputs give the same game.
// Two rule profiles exist: "arena" (the live game, the default) and "repo" (the public
// repository's numbers, for bit-exact comparisons with the Kotlin referee).
//
// Floating-point work mirrors Java: products that feed a sum are wrapped in float64(...)
// so that the compiler never fuses them into an FMA, distances are compared squared, and
// positions are rounded half up at the end of every turn.
package queens
