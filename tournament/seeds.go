package tournament

// DeriveSeed gives the seed of a round from the master seed: SplitMix64 of the master seed
// and the round, kept to 31 bits so that it looks like (and can be typed as) a CodinGame
// seed. The algorithm is fixed: the same master seed plays the same maps in every build and
// on every machine, which is what lets shards and reruns line up.
func DeriveSeed(master int64, round int) int64 {
	x := uint64(master) + uint64(round+1)*0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	x ^= x >> 31
	return int64(x >> 33)
}
