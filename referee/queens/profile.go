package queens

import "fmt"

// profile is a rule set: the live CodinGame arena or the public repository's snapshot
// (spec §0). Everything not listed here is identical in both.
type profile struct {
	name     string
	maxTurns int
	knightHP int
	// towerDamageFromCentre counts the tower's damage bonus from the site centre (arena)
	// instead of from the site edge (repository).
	towerDamageFromCentre bool
	// cornerSpawnOffsets places the creeps of a batch at fixed corner offsets after the
	// 30-unit step (arena) instead of offsets (i, i) before it (repository).
	cornerSpawnOffsets bool
}

var (
	arenaProfile = profile{name: "arena", maxTurns: 250, knightHP: 25, towerDamageFromCentre: true, cornerSpawnOffsets: true}
	repoProfile  = profile{name: "repo", maxTurns: 200, knightHP: 30}
)

func profileByName(name string) (profile, error) {
	switch name {
	case arenaProfile.name:
		return arenaProfile, nil
	case repoProfile.name:
		return repoProfile, nil
	}
	return profile{}, fmt.Errorf("want %q or %q", arenaProfile.name, repoProfile.name)
}

// creepHP is the HP a new creep of kind k starts with.
func (p *profile) creepHP(k creepKind) int {
	if k == knight {
		return p.knightHP
	}
	return k.stats().hp
}
