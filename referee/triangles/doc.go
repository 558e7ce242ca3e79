// Package triangles is the referee of TryAngle-Catch (CodinGame, Bronze-and-above rules):
// two players move units between houses joined by paths, capture triangles by owning their
// three corners, and use captured triangles to spawn units, attack houses and add or remove
// paths. A triangle owned at the end of a turn scores one point for its owner.
//
// The rules follow /work/shared/specs/triangles.md, which was checked turn for turn against
// the original Java referee; quirks of the original are kept on purpose and named after the
// spec's sections in comments and tests. The referee is pure: maps come from the seed through
// java.util.Random, exactly as the original draws them.
package triangles
